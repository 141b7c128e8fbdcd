"""The commands as a secretary runs them: exit codes and what they print."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.cli import main

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
    assert main(["new", "club-2025", "--game", "bridge", "--content", str(content)]) == 1
    assert "已存在，不会覆盖" in capsys.readouterr().err
    sheet = tmp_path / "报名.csv"
    sheet.write_text("组号,姓名,班级,电话\nA01,王一,1班,13800000001\nA01,李二,1班,\nA02,张三,2班,\nA02,赵四,2班,\n",
                     encoding="utf-8")
    assert main(["import", "club-2025", str(sheet), "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert "新增 2，更新 0）" in out  # ids are paibang's: the sheet's A01/A02 never replace the examples
    assert "第 4 列「电话」→ phone：私有，不公开" in out
    assert main(["build", "--quiet", "--content", str(content), "--output", str(tmp_path / "out")]) == 0
    summary = capsys.readouterr().out
    assert "1 个赛事" in summary and "份 PDF（新印" in summary
    assert "13800000001" not in "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "out").rglob("*.html"))


def test_import_with_bad_rows_exits_1_with_row_numbers(tmp_path: Path, capsys) -> None:
    content = site(tmp_path)
    main(["new", "club-2025", "--game", "bridge", "--content", str(content)])
    sheet = tmp_path / "bad.csv"
    sheet.write_text("组号,姓名\nA01,\n", encoding="utf-8")
    assert main(["import", "club-2025", str(sheet), "--content", str(content)]) == 1
    err = capsys.readouterr().err
    assert "bad.csv:2:1: 错误 [registration-no-name] 第 2 行没有姓名" in err


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert main(["frobnicate"]) == 2
    assert main(["build", "--content", str(tmp_path / "missing")]) == 2
    assert main(["new", "x", "--game"]) == 2


def test_doctor_lists_fonts_and_tools(capsys) -> None:
    main(["doctor", "--lang", "en"])
    out = capsys.readouterr().out
    assert "Noto Sans CJK SC font" in out and "libharfbuzz-subset" in out and "WeasyPrint" in out


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
