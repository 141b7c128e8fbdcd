"""The commands as a secretary runs them: exit codes and what they print."""

from __future__ import annotations

import io
import os
import re
import shutil
import sys
from pathlib import Path

import pytest

from generator import catalogues
from generator.catalogues import LOCALES
from generator.cli import main, parser
from generator.commands.console import environment_locale

ROOT = Path(__file__).resolve().parents[1]


def site(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    return content


def test_new_then_import_then_build(tmp_path: Path, capsys) -> None:
    content = site(tmp_path)
    assert main(["new", "club-2025", "--game", "bridge", "--content", str(content)]) == 0
    assert "已创建" in capsys.readouterr().out
    assert main(["new", "club-2025", "--game", "bridge", "--content", str(content)]) == 2  # usage
    assert "已存在，不会覆盖" in capsys.readouterr().err
    sheet = tmp_path / "报名.csv"
    sheet.write_text("组号,姓名,班级,电话\nA01,王一,1班,13800000001\nA01,李二,1班,\nA02,张三,2班,\nA02,赵四,2班,\n",
                     encoding="utf-8")
    assert main(["import", "club-2025", str(sheet), "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert "新增 2，更新 0，未变 0）" in out  # ids are paibang's: the sheet's A01/A02 never replace the examples
    assert "第 4 列「电话」→ phone：私有，不公开" in out
    event = (content / "events/club-2025/event.yaml").read_text(encoding="utf-8")
    assert "\nentries: entries.yaml\n# " in event and "王小明" not in event  # the block replaces the examples
    assert main(["build", "-q", "--content", str(content), "--output", str(tmp_path / "out")]) == 0
    summary = capsys.readouterr().out
    assert "1 个赛事" in summary and "份 PDF（新印" in summary
    assert "13800000001" not in "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "out").rglob("*.html"))


def test_build_no_pdf_prints_nothing_and_links_no_bulletin(tmp_path: Path, capsys) -> None:
    """`--no-pdf`: the pages without the bulletins, said so in the summary. No page links a PDF
    that is not there, and the PDFs a full build left are not kept either (they would be stale
    beside pages built since): the site has no broken link and no old bulletin. The next full
    build takes them from the PDF cache."""
    content = site(tmp_path)
    shutil.copytree(ROOT / "content/events/tumu-guandan-2020", content / "events/tumu-guandan-2020")
    output = tmp_path / "out"
    build = ["build", "-q", "--content", str(content), "--output", str(output)]

    def linked() -> list[str]:
        return [str(path) for path in output.rglob("*") if path.is_file() and b".pdf" in path.read_bytes()]

    assert main(build) == 0
    assert "份 PDF（新印" in capsys.readouterr().out
    pdfs = sorted(path.relative_to(output) for path in output.rglob("*.pdf"))
    assert pdfs and linked() == [str(output / "events/tumu-guandan-2020/index.html")]
    assert main([*build, "--no-pdf"]) == 0
    summary = capsys.readouterr().out
    assert "未印 PDF 公告（--no-pdf）" in summary and "165 个页面" in summary
    assert not list(output.rglob("*.pdf")) and linked() == []
    assert main([*build, "--no-pdf"]) == 0  # nothing changed: still no "0 份 PDF"
    summary = capsys.readouterr().out
    assert "已是最新" in summary and "未印 PDF 公告（--no-pdf）" in summary and "0 份 PDF" not in summary
    assert main([*build, "--lang", "en"]) == 0
    assert "(0 printed, 5 cached)" in capsys.readouterr().out
    assert sorted(path.relative_to(output) for path in output.rglob("*.pdf")) == pdfs


def test_new_says_everything_in_lang_and_writes_the_file_in_the_sites_language(tmp_path: Path, capsys) -> None:
    """`--lang` is the language of what the command says; the event file it writes belongs to the
    site, its comments in the site's language (zh-Hans here)."""
    content = site(tmp_path)
    new = ["new", "--content", str(content), "--lang", "en"]
    assert main([*new, "club-2025", "--game", "bridge"]) == 0
    assert capsys.readouterr().out.startswith("paibang: created ")
    assert "# 赛事定义：按说明填写" in (content / "events/club-2025/event.yaml").read_text(encoding="utf-8")
    refusals = {"exists": [*new, "club-2025", "--game", "bridge"], "slug": [*new, "Club 2025", "--game", "bridge"],
                "game": [*new, "club-2026", "--game", "chess"]}
    said = {}
    for what, argv in refusals.items():
        assert main(argv) == 2  # usage, as pair's and print's refusals: 1 is for content errors
        said[what] = capsys.readouterr().err
    assert "exists; nothing was overwritten" in said["exists"]
    assert "lower-case letters" in said["slug"]
    assert said["game"].startswith("paibang: no game chess (one of ") and "bridge" in said["game"]
    assert main([*new, "club-2026", "--game", "guandna"]) == 2  # a misspelling: the game it most likely meant
    assert capsys.readouterr().err.strip().endswith("; did you mean guandan?")
    assert not any(re.search(r"[\u4e00-\u9fff]", text) for text in said.values()), said
    assert main(["new", "--content", str(content), "club-2026", "--game", "chess"]) == 2
    assert "没有 chess 这个项目" in capsys.readouterr().err  # without --lang: the site's language


def test_import_with_bad_rows_exits_1_with_row_numbers(tmp_path: Path, capsys) -> None:
    content = site(tmp_path)
    main(["new", "club-2025", "--game", "bridge", "--content", str(content)])
    sheet = tmp_path / "bad.csv"
    sheet.write_text("组号,姓名\nA01,\n", encoding="utf-8")
    assert main(["import", "club-2025", str(sheet), "--content", str(content)]) == 1
    err = capsys.readouterr().err
    # the sheet's row, and the column of its empty name cell: the caret stands under it
    assert "bad.csv:2:5: 错误 [registration-no-name] 第 2 行没有姓名" in err


@pytest.mark.parametrize(("env", "locale"), [
    ({"LANG": "en_US.UTF-8"}, "en"), ({"LANG": "zh_TW.UTF-8"}, "zh-Hant"), ({"LANG": "zh_HK.Big5HKSCS"}, "zh-Hant"),
    ({"LANG": "zh_CN.UTF-8"}, "zh-Hans"), ({"LANG": "zh_SG"}, "zh-Hans"), ({"LANG": "C.UTF-8"}, "zh-Hans"), ({}, "zh-Hans"),
    ({"LANG": "fr_FR.UTF-8"}, "en"), ({"LC_ALL": "en_GB.UTF-8", "LANG": "zh_CN.UTF-8"}, "en"),
    ({"LC_MESSAGES": "zh_Hant_TW", "LANG": "en_US"}, "zh-Hant"), ({"LC_ALL": "", "LANG": "en_US"}, "en")])
def test_the_environments_language_is_read_from_lc_all_lc_messages_and_lang(env: dict[str, str], locale: str) -> None:
    assert environment_locale(env) == locale


@pytest.mark.parametrize("locale", ["zh-Hans", "zh-Hant", "en"])
def test_help_is_in_the_environments_language_with_no_site(tmp_path: Path, monkeypatch, capsys, locale: str) -> None:
    """`paibang --help` and each command's help need no site: their words are the catalogues',
    in the language LANG asks for; `--lang` on the command line wins."""
    monkeypatch.chdir(tmp_path)  # no content/ here
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", {"zh-Hans": "zh_CN.UTF-8", "zh-Hant": "zh_TW.UTF-8", "en": "en_US.UTF-8"}[locale])
    words = {key: catalogues.text(key, locale) for key in ("cli_description", "cli_usage", "cli_build", "cli_help")}
    assert main(["--help"]) == 0
    top = capsys.readouterr().out
    assert top.startswith(words["cli_usage"] + "paibang") and words["cli_description"] in top and words["cli_build"] in top
    others = [catalogues.text("cli_strict", other) for other in LOCALES if other != locale]
    for command in ("build", "check", "serve", "pair", "new", "import", "export", "clean", "schema", "doctor", "init",
                    "print", "desk"):
        assert main([command, "--help"]) == 0
        shown = capsys.readouterr().out
        assert words["cli_help"] in shown and catalogues.text(f"cli_{command}", locale) in " ".join(shown.split())
        assert not any(other in shown for other in others), (command, shown)
    english = "en" if locale != "en" else "zh-Hans"
    assert main(["build", "--lang", english, "--help"]) == 0
    assert catalogues.text("cli_strict", english) in capsys.readouterr().out


@pytest.mark.parametrize("locale", ["zh-Hans", "zh-Hant", "en"])
def test_a_mistyped_command_line_is_refused_in_the_environments_language(tmp_path: Path, monkeypatch, capsys,
                                                                         locale: str) -> None:
    """argparse's own messages (an unknown command or option, a missing argument, a value where
    none is taken) are said in the language LANG or --lang asks for, exit 2; English ones are
    argparse's very words. Nothing is left changed in argparse afterwards."""
    import argparse

    monkeypatch.chdir(tmp_path)
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", {"zh-Hans": "zh_CN.UTF-8", "zh-Hant": "zh_TW.UTF-8", "en": "en_US.UTF-8"}[locale])
    words, plural = argparse._, argparse.ngettext
    error = catalogues.text("cli_error", locale).split("%")[1]  # "(prog)s：错误：" in zh-Hans
    # each case with argparse's own English words: said in English only, where they are the catalogue's
    cases = [(["buidl"], "cli_error_invalid_choice", "'buidl'", "invalid choice: 'buidl' (choose from "),
             (["build", "--bogus"], "cli_error_unrecognized", "--bogus", "unrecognized arguments: --bogus"),
             (["pair"], "cli_error_required", "event, stage", "the following arguments are required: event, stage"),
             (["build", "--strict=3"], "cli_error_ignored", "'3'", "ignored explicit argument '3'")]
    for arguments, key, value, english_words in cases:
        assert main(arguments) == 2
        said = capsys.readouterr().err.splitlines()[-1]
        assert error.split("s", 1)[1] in said and value in said, said
        assert catalogues.text(key, locale).split("%")[0] in said, said
        assert (english_words in said and ": error: " in said) == (locale == "en"), said
    assert argparse._ is words and argparse.ngettext is plural  # not ours, whose English is argparse's too
    english = "en" if locale != "en" else "zh-Hans"
    assert main(["build", "--lang", english, "--bogus"]) == 2
    assert catalogues.text("cli_error_unrecognized", english).split("%")[0] in capsys.readouterr().err


@pytest.mark.parametrize("locale", ["zh-Hans", "zh-Hant", "en"])
def test_an_option_given_no_value_is_told_how_many_it_takes(capsys, locale: str) -> None:
    """argparse's "expected one argument" (`--content` with nothing after it) and its singular
    and plural "expected %s argument(s)" (options of nargs=1 and nargs=2): each in the locale's
    words, the English ones argparse's very words, "1 argument" in the singular."""
    assert main(["build", "--lang", locale, "--content"]) == 2
    said = [capsys.readouterr().err.splitlines()[-1]]
    top = parser(locale)
    top.add_argument("--seat", nargs=1)
    top.add_argument("--pair", nargs=2)
    for arguments in (["--seat"], ["--pair", "A01"]):
        with pytest.raises(SystemExit):
            top.parse_args(arguments)
        said.append(capsys.readouterr().err.splitlines()[-1])
    if locale == "en":
        assert said == ["paibang build: error: argument --content: expected one argument",
                        "paibang: error: argument --seat: expected 1 argument",
                        "paibang: error: argument --pair: expected 2 arguments"]
        return

    def line(prog: str, name: str, key: str, count: int | None = None) -> str:
        message = catalogues.text(key, locale) if count is None else catalogues.text(key, locale) % count
        argument = catalogues.text("cli_error_argument", locale) % {"argument_name": name, "message": message}
        return (catalogues.text("cli_error", locale) % {"prog": prog, "message": argument}).rstrip("\n")

    assert said == [line("paibang build", "--content", "cli_error_one"),
                    line("paibang", "--seat", "cli_error_expected_n_one", 1),
                    line("paibang", "--pair", "cli_error_expected_n", 2)]
    assert not any("expected" in text for text in said), said


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert main(["frobnicate"]) == 2
    assert main(["build", "--content", str(tmp_path / "missing")]) == 2
    assert main(["new", "x", "--game"]) == 2


def test_a_missing_site_is_checked_and_said_in_one_place(tmp_path: Path, capsys) -> None:
    """No content folder, or one without site.yaml, was checked and said three times over in
    cli.py (_run, _new, _schema), each a copy to keep in step: one function (not_a_site) now,
    said the same by every command."""
    import inspect

    from generator import cli

    missing, bare = tmp_path / "missing", tmp_path / "bare"
    bare.mkdir()
    for argv in (["build"], ["new", "spring", "--game", "guandan"], ["schema"]):
        assert main([*argv, "--content", str(missing), "--lang", "en"]) == 2
        assert capsys.readouterr().err == f"paibang: no content folder at {missing}\n"
    for argv in (["new", "spring", "--game", "guandan"], ["schema"]):
        assert main([*argv, "--content", str(bare), "--lang", "en"]) == 2
        assert capsys.readouterr().err.startswith(f"paibang: {bare} is not a site folder (it has no site.yaml)")
    assert list(bare.iterdir()) == []
    source = inspect.getsource(cli)
    assert source.count('"no_content"') == 1 and source.count('"new_no_site"') == 1

def test_doctor_lists_fonts_and_tools(capsys) -> None:
    main(["doctor", "--lang", "en"])
    out = capsys.readouterr().out
    assert "Noto Sans CJK SC font" in out and "libharfbuzz-subset" in out and "WeasyPrint" in out


def test_doctor_speaks_the_site_language(capsys, monkeypatch) -> None:
    """On a Chinese site doctor's lines are Chinese, the missing pieces' fixes too (the command
    to type stays as typed): they were English whatever the site's language."""
    from generator.commands import doctor
    from generator.render import pdf

    monkeypatch.setattr(pdf, "font_file", lambda face: None)
    monkeypatch.setattr(pdf, "subsetting_is_slow", lambda: True)
    assert doctor.run("zh-Hans") == 1
    out = capsys.readouterr().out
    assert "✓ Noto Sans CJK SC font" not in out and "✗ Noto Sans CJK SC 字体：apt-get install fonts-noto-cjk（PDF 公告要用它" in out
    assert "✗ libharfbuzz-subset：apt-get install libharfbuzz-subset0（没有它" in out
    assert "need it" not in out and "without it" not in out
    assert doctor.run("zh-Hant") == 1
    assert "✗ Noto Sans CJK TC 字型：" in capsys.readouterr().out


def test_doctor_says_weasyprints_libraries_missing_with_the_fix(capsys, monkeypatch) -> None:
    """WeasyPrint's C libraries not found raise OSError from its import, not ImportError: doctor,
    the command for such a machine, ended in a traceback (rev95); now a failed row with the fix."""
    import sys

    from generator.commands import doctor
    from generator.render import libraries

    def missing() -> None:
        raise OSError("cannot load library 'libpango-1.0-0'")

    monkeypatch.setattr(libraries, "import_weasyprint", missing)
    monkeypatch.delitem(sys.modules, "weasyprint", raising=False)
    assert doctor.run("en") == 1
    out = capsys.readouterr().out
    assert "\u2717 WeasyPrint: make system, or apt-get install libpango-1.0-0" in out
    assert "cannot load library 'libpango-1.0-0'" in out
    assert doctor.run("zh-Hans") == 1
    assert "\u2717 WeasyPrint\uff1amake system\uff0c\u6216 apt-get install" in capsys.readouterr().out


def test_check_and_pair_from_the_command_line_end_without_collecting(tmp_path: Path) -> None:
    """`paibang check` / `pair` as a process (main() without arguments) run with the cycle
    collector off and freeze the heap at exit; main() called with arguments, as here, keeps the
    collector as it was."""
    import gc
    import subprocess
    import sys

    assert main(["check", "--content", str(Path(__file__).resolve().parents[1] / "content")]) == 0
    assert gc.isenabled()
    probe = ("import gc, sys; from generator import cli; sys.argv = ['paibang', 'check', '--content', sys.argv[1]]; "
             "code = cli.main(); print(code, gc.isenabled(), cli._EXIT_FROZEN)")
    done = subprocess.run([sys.executable, "-c", probe, str(Path(__file__).resolve().parents[1] / "content")],
                          capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[-2] == "0 False [True]"


def test_a_command_interrupted_says_nothing_after_its_line(tmp_path: Path) -> None:
    """Ctrl-C while a library is making something (ctypes.util.find_library's temporary file,
    when WeasyPrint is imported, removed by its gcc, interrupted too): the object, freed as the
    process ended, printed "Exception ignored in ... FileNotFoundError" with a traceback under
    "paibang: interrupted" (the project's CI). Made here so: a temporary file whose file is gone,
    left for the end, then Ctrl-C."""
    import subprocess

    probe = ("import os, sys, tempfile; from generator import cli\n"
             "where = sys.argv[2]\n"
             "sys.argv = ['paibang', 'check', '--content', sys.argv[1]]\n"
             "def run(args, locale, from_command_line):\n"
             "    left = tempfile.NamedTemporaryFile(dir=where)\n"
             "    os.unlink(left.name)\n"
             "    raise KeyboardInterrupt\n"
             "cli._run = run\n"
             "sys.exit(cli.main())\n")
    done = subprocess.run([sys.executable, "-c", probe, str(ROOT / "content"), str(tmp_path)],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 130
    assert done.stderr.strip().splitlines() == [catalogues.text("interrupted", "zh-Hans")], done.stderr


def test_a_build_interrupted_says_so_in_one_line_and_exits_130(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT to the terminal's whole group) during a first build, once it has begun
    making the site (its bulletins printed by a pool of workers): one line in the site's
    language, exit 130, no traceback from the build or its workers, and nothing left in the
    output's place."""
    import signal
    import subprocess
    import sys
    import time

    shutil.copytree(ROOT / "content", tmp_path / "content")
    process = subprocess.Popen(
        [sys.executable, "-m", "generator.cli", "build", "--content", "content", "--output", "output"],
        cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "PAIBANG_CACHE": str(tmp_path / "cache" / "pdf"), "PYTHONPATH": str(ROOT)},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # a shell's background job ignores it
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob("output.tmp-*")) and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)  # until the events are read and the site is being made (printed, rendered)
    time.sleep(0.5)  # the printing workers forked, here
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=120)
    if process.returncode == 0:
        pytest.skip("the build ended before it was interrupted")
    assert process.returncode == 130, err
    assert err.strip().splitlines()[-1] == catalogues.text("interrupted", "zh-Hans"), err
    assert "Traceback" not in err and "Process " not in err, err
    assert sorted(path.name for path in tmp_path.iterdir()) in (["cache", "content"], ["content"])


@pytest.mark.parametrize(("number", "whole_group"), [("SIGTERM", True), ("SIGTERM", False), ("SIGHUP", True)])
def test_a_first_build_stopped_by_sigterm_leaves_nothing_it_made(tmp_path: Path, number: str,
                                                                 whole_group: bool) -> None:
    """`kill` (SIGTERM, to the build alone or to its whole group, printers too) or the terminal
    closed (SIGHUP) during a first build into new/site/output: before, the process ended at
    once and left new/site/output.tmp-<pid>/ behind. Now it ends as Ctrl-C ends it: one line,
    exit 128 + the signal's number, no traceback (from the build or a process it forked), and
    nothing it made left."""
    import signal
    import subprocess
    import time

    signum = getattr(signal, number)
    process = subprocess.Popen(
        [sys.executable, "-m", "generator.cli", "build", "--content", str(ROOT / "content"), "--output",
         "new/site/output", "--lang", "en"],
        cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "PAIBANG_CACHE": str(tmp_path / "cache" / "pdf"), "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 60
        while not list(tmp_path.glob("new/site/output.tmp-*")) and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1)  # printing, here: its printing processes forked
        (os.killpg if whole_group else os.kill)(process.pid, signum)
        _, err = process.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"still running 120 s after {number}", pytrace=False)
    if process.returncode == 0:
        pytest.skip("the build ended before it was stopped")
    assert process.returncode == 128 + signum, err
    assert err.strip().splitlines()[-1] == f"paibang: stopped ({number}).", err
    assert "Traceback" not in err, err
    assert sorted(path.name for path in tmp_path.iterdir()) in (["cache"], [])


# Run as the `paibang` script runs: the SIGINT of a Ctrl-C arrives as the module named first on
# the command line is about to be imported (during start-up, before main() can say anything).
INTERRUPTED_IMPORTING = """
import importlib.abc, os, signal, sys

AT = sys.argv.pop(1)


class Interrupting(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == AT:
            os.kill(os.getpid(), signal.SIGINT)
        return None


sys.meta_path.insert(0, Interrupting())
from generator.cli import main
sys.exit(main())
"""


@pytest.mark.parametrize("module", ["generator.catalogues", "generator.render.output", "generator.games"])
def test_ctrl_c_while_paibang_starts_ends_quietly_with_130(tmp_path: Path, module: str) -> None:
    """Ctrl-C while paibang's modules are still being imported (the script's import of
    generator.cli; the games, imported as the command reads content, no longer as the command
    line is read: it says its line, as any Ctrl-C after start-up): before, Python's traceback
    of the import. Now a quiet exit, 130, as a Ctrl-C later says it (with its line)."""
    import signal
    import subprocess

    process = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED_IMPORTING, module, "check", "--content", str(ROOT / "content")],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # a shell's background job ignores it
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("still running 60 s after Ctrl-C", pytrace=False)
    said = "paibang: \u5df2\u4e2d\u65ad\uff08Ctrl-C\uff09\u3002\n" if module == "generator.games" else ""
    assert (process.returncode, out, err) == (130, "", said)


# --- a failure after the progress line ---------------------------------------------------------


class Terminal(io.StringIO):
    """stderr as a terminal: `paibang build` draws its progress line on it."""

    def isatty(self) -> bool:
        return True


def screen(written: str) -> list[str]:
    """The lines a terminal shows of what was written to it: a carriage return goes back to the
    start of the line, ESC [ K erases from there to its end, the rest is written over it."""
    lines, column = [""], 0
    for part in re.split(r"(\r|\n|\x1b\[K)", written):
        if part == "\r":
            column = 0
        elif part == "\n":
            lines.append("")
            column = 0
        elif part == "\x1b[K":
            lines[-1] = lines[-1][:column]
        elif part:
            lines[-1] = lines[-1][:column] + part + lines[-1][column + len(part):]
            column += len(part)
    return lines


def late_failures(output: Path) -> dict[str, tuple[BaseException, str]]:
    """Failures that end a build once its progress line is drawn, each with what a run that is
    not on a terminal prints of it (as it printed before the progress line was erased)."""
    from generator.commands.console import os_error_text
    from generator.errors import ContentError, ContentErrors, CouldNotFinish, Mark

    problem = ContentError("bulletin-missing-glyph", Mark(ROOT / "content/site.yaml"),
                           {"bulletin": "Round 1", "chars": "龘 (U+9F98)"})
    full = OSError(28, "No space left on device", str(output) + ".tmp-1/x.pdf")
    killed = CouldNotFinish("printer_killed", signal=9, name="SIGKILL", what=catalogues.word("printing_bulletins"))
    return {
        "content errors": (ContentErrors([problem]), problem.format("zh-Hans", ROOT / "content") + "\n"
                           + catalogues.text("build_failed", "zh-Hans", errors=1, output=output) + "\n"),
        "Ctrl-C": (KeyboardInterrupt(), catalogues.text("interrupted", "zh-Hans") + "\n"),
        "disk full": (full, os_error_text(full, "zh-Hans") + "\n"),
        "printing process killed": (killed, killed.text("zh-Hans", output=output) + "\n"),
    }


@pytest.mark.parametrize("name", ["content errors", "Ctrl-C", "disk full", "printing process killed"])
def test_a_build_that_fails_after_drawing_its_progress_says_so_on_a_line_of_its_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """The demo site's build fails as it prints its bulletins, its progress line drawn: on a
    terminal the line is erased first, and the screen shows exactly what a run that is not on a
    terminal prints (not the message glued to "printing bulletins 1/…"); that run prints what it
    always did, byte for byte."""
    from generator.render import pdf

    output = tmp_path / "output"
    failure, said = late_failures(output)[name]

    def printing(jobs: list, cache_dir: Path | None, workers: int | None = None, done=None,  # noqa: ANN001
                 **said: object) -> tuple[list, int]:
        done(1, len(jobs))
        raise failure

    monkeypatch.setattr(pdf, "print_pdfs", printing)
    shown = {}
    for stream in (Terminal(), io.StringIO()):
        with monkeypatch.context() as patch:
            patch.setattr(sys, "stderr", stream)
            code = main(["build", "--content", str(ROOT / "content"), "--output", str(output)])
        shown[stream.isatty()] = stream.getvalue()
        assert code == (130 if name == "Ctrl-C" else 1)
    drawn = re.escape(catalogues.text("progress_pdfs", "zh-Hans", done=1, total=999)).replace("999", r"\d+")
    assert re.search(drawn, shown[True]), shown[True]
    assert screen(shown[True]) == said.split("\n")
    assert shown[False] == said
    assert not output.exists()


def test_a_build_that_fails_before_drawing_anything_prints_the_same_on_a_terminal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Refused before it began (--output names a file): no progress line was drawn, none is
    erased, no blank line is added: a terminal is written what any stream is."""
    (tmp_path / "output").write_text("a file", encoding="utf-8")
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["build", "--content", str(ROOT / "content"), "--output", str(tmp_path / "output")]) == 2
    assert terminal.getvalue() == catalogues.text("output_not_folder", "zh-Hans", path=tmp_path / "output") + "\n"


# --- the folder the user named, named ----------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_a_build_with_errors_names_the_folder_it_left_unchanged(tmp_path: Path, capsys, locale: str) -> None:
    """`--output somewhere-else`: the last line says that folder is unchanged, not "output/"."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    prelim = content / "events/dongke-bridge-2015/results/prelim.yaml"
    prelim.write_text(prelim.read_text(encoding="utf-8").replace("1: 4H N =", "1: 4H N =+", 1), encoding="utf-8")
    elsewhere = tmp_path / "somewhere-else"
    assert main(["build", "--content", str(content), "--output", str(elsewhere), "--lang", locale]) == 1
    last = capsys.readouterr().err.splitlines()[-1]
    assert last == catalogues.text("build_failed", locale, errors=1, output=elsewhere)
    assert str(elsewhere) in last and "output/" not in last


def test_a_printing_process_killed_names_the_folder_it_left_unchanged(tmp_path: Path, monkeypatch, capsys) -> None:
    from generator.errors import CouldNotFinish
    from generator.render import pdf

    def printing(*args: object, **kwargs: object) -> None:
        raise CouldNotFinish("printer_killed", signal=9, name="SIGKILL", what=catalogues.word("printing_bulletins"))

    monkeypatch.setattr(pdf, "print_pdfs", printing)
    elsewhere = tmp_path / "somewhere-else"
    assert main(["build", "--content", str(ROOT / "content"), "--output", str(elsewhere), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert f"nothing was put in place ({elsewhere} is unchanged)" in err and "output/" not in err


def test_an_output_inside_the_content_names_the_content_folder(tmp_path: Path, capsys) -> None:
    """--content club: the fix says to build outside club, not outside "content/"."""
    club = tmp_path / "club"
    shutil.copytree(ROOT / "content", club)
    assert main(["build", "--content", str(club), "--output", str(club / "site"), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert f"overlaps the content folder {club} " in err and f"outside {club}, such as output" in err, err


def test_strict_failing_on_warnings_alone_says_so_and_prints_each_warning_once(tmp_path: Path, capsys) -> None:
    """`--strict` with warnings and no error: the last line said "发现 0 处错误" (0 errors found)
    and exited 1; it now counts the warnings that failed it, and each is printed once."""
    from tests.support import demo_content

    content = demo_content(tmp_path, "tumu-guandan-2020")
    path = content / "events/tumu-guandan-2020/results/round-2.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        '  - table: 3\n    teams: [T52, T04]\n    levels: {T52: "6", T04: K}\n', ""), encoding="utf-8")
    output = tmp_path / "site"
    for command in (["check"], ["build", "--output", str(output)]):
        assert main([*command, "--strict", "--content", str(content)]) == 1
        err = capsys.readouterr().err
        assert err.count("[draw-entry-missing]") == 1
        assert "0 处错误" not in err
        key = "check_failed_strict" if command == ["check"] else "build_failed_strict"
        assert err.rstrip("\n").splitlines()[-1] == catalogues.text(key, "zh-Hans", warnings=1, output=output)
    assert not output.exists()


def test_what_commands_print_shows_control_characters_as_escapes(tmp_path: Path, capsys) -> None:
    """A folder's or an event's name typed with an escape sequence (which would clear the screen,
    or set the terminal's title) is printed as its escape by every command, in what it did and
    in what it refused: console.terminal."""
    folder = tmp_path / "site\x1b]0;owned\x07"
    assert main(["init", str(folder)]) == 0
    said = capsys.readouterr()
    assert "\\x1b]0;owned\\x07" in said.out and "\x1b" not in said.out + said.err
    assert main(["export", "no\x1b[2Jsuch", "--content", str(folder)]) != 0
    said = capsys.readouterr()
    assert "no\\x1b[2Jsuch" in said.err and "\x1b" not in said.out + said.err
    assert main(["build", "-q", "--content", str(folder), "--output", str(tmp_path / "out\x1b[2J")]) == 0
    said = capsys.readouterr()
    assert "out\\x1b[2J" in said.out and "\x1b" not in said.out + said.err


def test_new_refuses_a_folder_that_is_not_a_site(tmp_path: Path, capsys, monkeypatch) -> None:
    """A misspelt --content: refused as every other command refuses it (exit 2), not made into
    events/ and schema/ without a site.yaml."""
    monkeypatch.chdir(tmp_path)
    assert main(["new", "x", "--game", "guandan", "--content", "nosuch"]) == 2
    assert capsys.readouterr().err.strip() == "paibang: 找不到内容目录 nosuch"
    (tmp_path / "notes").mkdir()
    assert main(["new", "x", "--game", "guandan", "--content", "notes", "--lang", "en"]) == 2
    assert "notes is not a site folder (it has no site.yaml); nothing was created" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes"] and not any((tmp_path / "notes").iterdir())
    # schema creates nothing either, but what it would have written is the site's schemas
    assert main(["schema", "--content", "notes", "--lang", "en"]) == 2
    said = capsys.readouterr().err
    assert "notes is not a site folder (it has no site.yaml): no schema was written" in said, said
    assert "nothing was created" not in said and not any((tmp_path / "notes").iterdir())


def test_a_misspelt_event_is_a_usage_error_with_the_name_it_likely_meant(tmp_path: Path, capsys) -> None:
    """Every command naming an event says the one it likely meant (pair and print did; export,
    desk and import said none, and import exited 1, the content errors' code)."""
    content = site(tmp_path)
    assert main(["new", "club-2025", "--game", "bridge", "--content", str(content)]) == 0
    capsys.readouterr()
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("组号,姓名\nA01,王一\n", encoding="utf-8")
    for argv in (["import", "club-2052", str(sheet)], ["export", "club-2052"], ["desk", "club-2052", "--no-build"]):
        assert main([*argv, "--content", str(content)]) == 2, argv
        err = capsys.readouterr().err
        assert "没有名为 club-2052 的赛事，是不是 club-2025？" in err and "赛事：club-2025" in err, (argv, err)
    assert "entries.yaml" not in os.listdir(content / "events/club-2025")


def test_lang_is_taken_before_the_command_too(tmp_path: Path, capsys) -> None:
    """The README lists --lang as a row of its own: `paibang --lang en check` was refused
    ("invalid choice: 'en'")."""
    content = site(tmp_path)
    assert main(["--lang", "en", "check", "--content", str(content)]) == 0
    assert capsys.readouterr().out.startswith("paibang: 0 event")
    assert main(["--lang", "en", "check", "--content", str(content), "--lang", "zh-Hant"]) == 0  # the command's wins
    assert re.search(r"[\u4e00-\u9fff]", capsys.readouterr().out)


def test_a_misspelt_option_is_said_with_the_one_likely_meant(capsys) -> None:
    """`build --contnet x` printed paibang's top usage and "unrecognized arguments" only: the
    command's usage now, and the option it likely meant."""
    assert main(["build", "--contnet", "x", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: paibang build ")
    assert err.splitlines()[-1] == "paibang build: error: unrecognized arguments: --contnet x; did you mean --content?"
    assert main(["build", "--bogus", "--lang", "en"]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == "paibang build: error: unrecognized arguments: --bogus"


def test_help_shows_the_defaults_and_every_format_pair_draws(capsys) -> None:
    from generator.tournament.pairing import PAIRABLE

    def shown(*argv: str) -> str:
        assert main([*argv, "--help", "--lang", "en"]) == 0
        return " ".join(capsys.readouterr().out.split())

    assert "the site's content folder (default: content)" in shown("build")
    assert "(default: output in the current folder)" in shown("clean")
    serve, desk = shown("serve"), shown("desk")
    assert "the port (default: 8000)" in serve and "the port (default: 8001)" in desk
    init = shown("init")
    assert "the site's locale" not in init and "language of messages (default: the new site's, as --locale gives it)" in init
    pair = shown("pair")
    assert all(f"{name} (" in pair or f"{name}," in pair for name in PAIRABLE), pair
    # --format had no line of its own: the formats were listed with no word of what each writes
    assert "pbn or usebio the duplicate bridge stages (default: xlsx)" in shown("export")


def test_english_summaries_say_one_and_many_in_their_forms() -> None:
    """"4 event(s) OK (12 warning(s))": each word in its number's form, through the catalogue
    ({n:one|many}, catalogues.fill), every locale naming the same parameters."""
    assert catalogues.text("checked", "en", events=4, warnings=12) == "paibang: 4 events OK (12 warnings)."
    assert catalogues.text("checked", "en", events=1, warnings=1) == "paibang: 1 event OK (1 warning)."
    assert catalogues.text("check_failed", "en", errors=1) == "paibang: 1 error found."
    from generator.catalogues import SHARED, WORDS, catalogue_path, entries

    for locale in LOCALES:  # no "(s)" left among the commands' words
        assert not [key for (_, key), text in entries(catalogue_path(SHARED, WORDS, locale)).items() if "(s)" in text], locale


def test_one_new_entry_is_named_alone(tmp_path: Path, capsys) -> None:
    """zh said "新增 H01–H01" for a single new entry."""
    content = site(tmp_path)
    assert main(["new", "club-2025", "--game", "bridge", "--content", str(content)]) == 0
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("组号,姓名\nA01,王一\nA01,李二\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["import", "club-2025", str(sheet), "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert "参赛编号由 paibang 编排：新增 A01；" in out and "–" not in out, out


@pytest.mark.parametrize("command", [["pair", "club-guandna", "main"], ["print", "club-guandna", "main"],
                                     ["export", "club-guandna"]])
def test_a_misspelt_event_is_said_alone_not_after_the_sites_warnings(tmp_path: Path, capsys, command) -> None:
    """`paibang pair club-guandna main` on a site still holding init's title printed the site's
    warnings and "other events have 3 warnings" before the one line that mattered: the event is
    not there, and which one was likely meant."""
    content = tmp_path / "site"
    assert main(["init", str(content)]) == 0
    assert main(["new", "club-guandan", "--game", "guandan", "--content", str(content)]) == 0
    capsys.readouterr()
    assert main([*command, "--content", str(content), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "club-guandan" in err and "warning" not in err and "site-placeholder" not in err, err


def test_errors_are_listed_before_warnings(tmp_path: Path, capsys) -> None:
    """A newcomer's site still holding init's title (warnings of site.yaml) with one error in an
    event: check listed the warnings first, in file order, and the error after them (serve's log:
    line 73 of 12 warnings)."""
    content = tmp_path / "site"
    assert main(["init", str(content)]) == 0
    for slug in ("a-cup", "club-guandan"):  # (a-cup's placeholder warnings: files before the error's)
        assert main(["new", slug, "--game", "guandan", "--content", str(content)]) == 0
    event = content / "events" / "club-guandan" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("\ntitle:", "\ntitel:", 1), encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "--content", str(content), "--lang", "en"]) == 1
    lines = [line for line in capsys.readouterr().err.splitlines() if ": error [" in line or ": warning [" in line]
    assert lines and ": error [" in lines[0] and any(": warning [" in line for line in lines), lines
    first_warning = next(number for number, line in enumerate(lines) if ": warning [" in line)
    assert all(": warning [" in line for line in lines[first_warning:]), lines


@pytest.mark.parametrize("command", [["serve"], ["desk", "tongxin-guandan-2025"]])
def test_a_port_out_of_range_is_refused_in_the_sites_words_before_anything_runs(command: list[str], capsys) -> None:
    """`desk --port 99999` built, then stopped on the socket's own English: "bind(): port must be
    0-65535."; it is a usage error in the language asked for, before anything runs."""
    for value in ("99999", "-1", "80a"):
        assert main([*command, "--port", value, "--lang", "zh-Hans"]) == 2
        assert f"端口 {value} 不可用：请写 1 到 65535 之间的整数" in capsys.readouterr().err


def test_build_quiet_counts_the_warnings_and_says_where_to_read_them(tmp_path: Path, capsys) -> None:
    """`build -q` printed every warning (hundreds of lines after an import) above its summary:
    it now says how many there are and that `paibang check` lists them; without -q each is
    printed, and with --strict, which fails the build on them, each is said in full."""
    content = site(tmp_path)
    assert main(["new", "club", "--game", "bridge", "--content", str(content)]) == 0  # its placeholders: warnings
    capsys.readouterr()
    build = ["build", "--content", str(content), "--output", str(tmp_path / "out"), "--no-pdf", "--lang", "en"]
    assert main(build) == 0
    listed = capsys.readouterr().err
    count = listed.count("warning [")
    assert count >= 2 and "[event-placeholder]" in listed
    assert main([*build, "-q"]) == 0
    captured = capsys.readouterr()
    assert captured.err.strip() == f"paibang: {count} warnings (paibang check lists them)."
    assert "[event-placeholder]" not in captured.out + captured.err and "pages" in captured.out
    assert main([*build, "-q", "--strict"]) == 1
    assert "[event-placeholder]" in capsys.readouterr().err


GAME_MODULES = "sorted(m for m in sys.modules if m.startswith('generator.games.') and m.count('.') == 2 and m != 'generator.games.common')"


def test_a_build_that_finds_its_site_up_to_date_imports_no_game(tmp_path: Path) -> None:
    """The command line's help names the games, and finding them imports every game's modules:
    most of a build that finds nothing changed, which needs none of them (nor, without a
    warning to say, what reads content). They are found when
    the help is shown, or when a message of a game's code is said before anything found them
    (the warnings an up-to-date build's last build kept)."""
    import subprocess

    from support import demo_content

    content = demo_content(tmp_path, "tongxin-guandan-2025")
    output = tmp_path / "output"
    environment = {**os.environ, "PAIBANG_CACHE": str(tmp_path / "cache/pdf")}
    build = ("import sys\nfrom generator.cli import main\n"
             f"main(['--lang', 'en', 'build', '--no-pdf', '--content', {str(content)!r}, '--output', {str(output)!r}])\n")
    first = subprocess.run([sys.executable, "-c", build + f"print({GAME_MODULES})"],
                           capture_output=True, text=True, env=environment, check=False)
    assert "generator.games.guandan" in first.stdout, first.stderr
    again = subprocess.run([sys.executable, "-c", build + f"print({GAME_MODULES}, 'generator.content.load' in sys.modules)"],
                           capture_output=True, text=True, env=environment, check=False)
    # (nor, with no warning to say, what reads content: content/load.py, YAML)
    assert "up to date" in again.stderr + again.stdout and again.stdout.splitlines()[-1] == "[] False", again
    said = subprocess.run([sys.executable, "-c", "import sys\nimport generator.games\n"
                           "from generator.errors import ContentError, Mark\n"
                           "print(ContentError('guandan-after-pass', Mark(None, 1, 1), "
                           "{'item': 3, 'text': 'x', 'team': 'T01'}).message('en'))"],
                          capture_output=True, text=True, check=True)
    assert said.stdout == "deal log item 3 x: T01 has already passed A and won the match\n"
    assert "bridge, guandan, daguai or shengji" in parser("en").commands["new"].format_help()
