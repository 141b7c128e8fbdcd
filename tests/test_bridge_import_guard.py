"""`paibang import SLUG FILE.pbn|.xml` writes nothing that breaks or changes an event it should
not touch: an event of another game or with results of its own is refused; what the import
would write is checked before it is written; a line of the file it cannot read is named, never
just missing; what an earlier import wrote that the file no longer has is said."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from generator.cli import main
from tests.support import digest
from tests.test_bridge_import import run, site  # (an empty English site; import into it)

ROOT = Path(__file__).resolve().parents[1]
CLUB = ROOT / "tests/data/ruter_style_mp_adjusted_sitout.pbn"
COMPSCORE = ROOT / "tests/data/real/compscore_mp_pairs_mitchell_03.xml"


def demo(tmp_path: Path) -> Path:
    content = tmp_path / "X"
    shutil.copytree(ROOT / "content", content)
    (content / "site.yaml").write_text(re.sub(r"(?m)^locale:.*$", "locale: en", (content / "site.yaml").read_text(
        encoding="utf-8")), encoding="utf-8")
    return content


def changed(source: Path, tmp_path: Path, name: str, old: str, new: str, count: int = 1) -> Path:
    text = source.read_bytes().decode("latin-1")
    assert old in text
    target = tmp_path / name
    target.write_bytes(text.replace(old, new, count).encode("latin-1"))
    return target


def test_an_event_of_another_game_is_refused_and_left_as_it_was(tmp_path, capsys):
    content = demo(tmp_path)
    before = digest(content)
    assert run(content, "tongxin-guandan-2025", CLUB) == 1
    err = capsys.readouterr().err
    assert "is a Guandan event, not bridge" in err and "nothing was written" in err
    assert "paibang new NEW-EVENT --game bridge" in err
    assert digest(content) == before


def test_an_event_with_results_of_its_own_is_refused_and_left_as_it_was(tmp_path, capsys):
    """The club's own session (its round-1.yaml …) and a 2015 event's prelim and final: the
    import used to write pairs-round-N.yaml beside them (results-round-duplicate) or add a 2024
    stage of Norwegian pairs to the 2015 event, exit 0."""
    content = demo(tmp_path)
    before = digest(content)
    for slug, shown in (("qiaoyou-club-pairs-2024", "round-1.yaml"), ("dongke-bridge-2015", "prelim.yaml")):
        assert run(content, slug, CLUB) == 1
        err = capsys.readouterr().err
        assert f"{slug} already holds results this import did not write" in err and shown in err
        assert "nothing was written" in err and "paibang new NEW-EVENT" in err
    assert digest(content) == before


def test_a_rerun_into_the_event_the_import_made_rewrites_it(tmp_path, capsys):
    content = site(tmp_path)
    assert run(content, "club", CLUB, "--strict") == 0
    first = digest(content)
    capsys.readouterr()
    assert run(content, "club", CLUB, "--strict") == 0
    assert "all 114 figures equal" in capsys.readouterr().out
    assert digest(content) == first


def test_a_session_far_from_the_events_date_is_said(tmp_path, capsys):
    content = site(tmp_path)
    folder = content / "events/club"
    folder.mkdir()
    (folder / "event.yaml").write_text("title: Club 2015\ngame: bridge\ndate: 2015-05-01\nentries: []\nstages: []\n", encoding="utf-8")
    assert run(content, "club", CLUB) == 0
    out = capsys.readouterr().out
    assert re.search(r"the file's date 20\d\d-\d\d-\d\d is \d+ days from event club's \(2015-05-01\)", out)


def test_an_import_that_would_break_the_event_writes_nothing(tmp_path, capsys):
    """A PBN file whose round-1 line of board 1 at table 2 names EW pair 2, who plays table 1
    that round: the check of what the import would write finds entry-twice-in-round, at the
    YAML line it would write (`ew: EW2`), and names the file's line it came from (27), the one
    to correct: it quoted the YAML only, a file the secretary never wrote. Nothing written."""
    content = site(tmp_path)
    assert run(content, "club", COMPSCORE) == 0
    good = digest(content)
    capsys.readouterr()
    broken = changed(CLUB, tmp_path, "broken.pbn", '2 1 3 4 4S N 11 "450"', '2 1 3 2 4S N 11 "450"')
    assert run(content, "club", broken) == 1
    captured = capsys.readouterr()
    assert "[entry-twice-in-round]" in captured.err and "nothing written" in captured.err
    assert "content/events/club/results/pairs-round-1.yaml:12:" in captured.err  # where the import would have written it
    assert f"written from {broken}, line 27: correct it there and import again" in captured.err
    assert "imported" not in captured.out  # no "imported 13 pairs" line for what was not written
    assert digest(content) == good


def test_a_usebio_line_with_a_result_and_no_pair_number_is_refused_naming_its_line(tmp_path, capsys):
    """Compscore's first traveller line (line 225, board 1: 3D by N, 9 tricks, 110) without its
    NS_PAIR_NUMBER: read as EW 3 sitting out round 1, the result lost, the trial then refused
    `ns: 3EW` of the YAML it would write (entry-twice-in-round). Refused at the file's line."""
    content = site(tmp_path)
    text = COMPSCORE.read_text(encoding="utf-8")
    broken = tmp_path / "broken.xml"
    broken.write_text(re.sub(r"<NS_PAIR_NUMBER>[^<]*</NS_PAIR_NUMBER>", "", text, count=1), encoding="utf-8")
    assert run(content, "club", broken) == 1
    err = capsys.readouterr().err
    assert ("line 225: this line of board 1 has a result (CONTRACT 3D PLAYED_BY N TRICKS 9 SCORE 110) but no "
            "NS_PAIR_NUMBER; it is no sit-out") in err
    assert "entry-twice-in-round" not in err and not (content / "events/club").exists()
    # an empty number (or 0) is the same: not a pair
    broken.write_text(text.replace("<EW_PAIR_NUMBER>3EW</EW_PAIR_NUMBER>", "<EW_PAIR_NUMBER></EW_PAIR_NUMBER>", 1),
                      encoding="utf-8")
    assert run(content, "club", broken) == 1
    assert "line 225: this line of board 1 has a result" in capsys.readouterr().err


def test_pbn_lines_that_do_not_read_are_named_never_all_equal(tmp_path, capsys):
    content = site(tmp_path)
    for name, old, new, said, lines in (
            ("contract.pbn", "2 1 3 4 4S N 11", "2 1 3 4 9Z N 11",
             "line 27 (board 1, 3 v 4) not imported: its contract or result does not read (Contract 9Z Declarer N Result 11)",
             1),
            ("board.pbn", '[Board "2"]', '[Board "abc"]',
             "line 41 (board abc, 5 v 2) not imported: its board number does not read (Board abc)", 2),
            ("table.pbn", "\n1 1 5 2 4S N 10", "\n999999999 1 5 2 4S N 10",
             "line 26 (board 1, 5 v 2) not imported: its round or table is no number (Table 999999999)", 1)):
        assert run(content, "club", changed(CLUB, tmp_path, name, old, new)) == 0
        out = capsys.readouterr().out
        assert said in out, out
        assert f"{lines} line{'s' * (lines > 1)} of the file not imported, not compared" in out and "figures equal" not in out
        assert f"imported 5 pairs, 5 rounds, {20 - lines} results" in out
        if name == "table.pbn":
            assert "table: 0" not in (content / "events/club/results/pairs-round-1.yaml").read_text(encoding="utf-8")


def test_usebio_lines_that_do_not_read_are_named_with_their_line(tmp_path, capsys):
    content = site(tmp_path)
    text = COMPSCORE.read_text(encoding="utf-8")
    for old, new, said in ((r"<CONTRACT>[^<]*</CONTRACT>", "<CONTRACT>3Q</CONTRACT>", "(CONTRACT 3Q PLAYED_BY N TRICKS 9)"),
                           (r"<TRICKS>[^<]*</TRICKS>", "<TRICKS>19</TRICKS>", "TRICKS 19)"),
                           (r"<CONTRACT>[^<]*</CONTRACT>", "", "it has no contract")):
        bad = tmp_path / "bad.xml"
        bad.write_text(re.sub(old, new, text, count=1), encoding="utf-8")
        assert run(content, "club", bad) == 0
        out = capsys.readouterr().out
        assert "line 225 (board 1, 2NS v 3EW) not imported" in out and said in out, out
        assert "figures equal" not in out


def test_a_rerun_says_what_an_earlier_import_wrote_that_the_file_has_not(tmp_path, capsys):
    content = site(tmp_path)
    more = changed(CLUB, tmp_path, "more.pbn", "\n3 1 1 - Bye", "\n3 1 1 9 Bye")
    assert run(content, "club", more) == 0
    capsys.readouterr()
    assert run(content, "club", CLUB) == 0
    out = capsys.readouterr().out
    assert "entries P9 of the event are not in this file" in out


def test_an_xml_file_that_is_no_usebio_or_is_cut_short_is_said_in_the_sites_words(tmp_path, capsys):
    """Refused with ElementTree's and read_usebio's English inside the sentence (no EVENT in
    this USEBIO file; unclosed token: line 1094)."""
    content = site(tmp_path)
    (content / "site.yaml").write_text("title: t\nlocale: zh-Hans\n", encoding="utf-8")
    other = tmp_path / "other.xml"
    other.write_text('<?xml version="1.0"?>\n<USEBIO><CLUB>x</CLUB></USEBIO>\n', encoding="utf-8")
    cut = tmp_path / "cut.xml"
    cut.write_bytes(COMPSCORE.read_bytes()[:3000])
    said = []
    for path in (other, cut):
        assert main(["import", "club", str(path), "--content", str(content)]) == 1
        said.append(capsys.readouterr().err)
    assert "这是 XML 文件，但不是 USEBIO 成绩：里面没有 <EVENT>" in said[0] and "no EVENT" not in said[0]
    assert re.search(r"XML 文件不完整或有错，读到第 \d+ 行第 \d+ 列读不下去（[a-z ]+）", said[1]), said[1]
    assert not (content / "events/club").exists()


def test_an_event_with_no_entries_key_and_an_empty_stages_list_takes_the_imported_stage(tmp_path, capsys):
    """An event file with `stages: []` and no `entries:` key: the import appended its entries
    after `stages:`, so that list was no longer the file's last key, the stage was never added,
    and the import's own check refused it (stage-unknown). The entries go before `stages:`."""
    content = site(tmp_path)
    folder = content / "events/club"
    folder.mkdir()
    event = folder / "event.yaml"
    event.write_text("title: Club 2015\ngame: bridge\ndate: 2015-05-01\nstages: []\n", encoding="utf-8")
    assert run(content, "club", CLUB) == 0, capsys.readouterr().err
    assert "stage-unknown" not in capsys.readouterr().err
    text = event.read_text(encoding="utf-8")
    assert text.index("entries:") < text.index("stages:") and "  - id: pairs" in text
    assert main(["check", "--content", str(content), "--lang", "en"]) == 0


def test_what_an_earlier_import_left_is_said_even_beside_a_file_not_in_utf8(tmp_path, capsys):
    """A results file the import wrote, then saved by the secretary in GBK: reading it for the
    sides it names ended the rerun in a UnicodeDecodeError (rev29). It is passed over; the rest said."""
    from generator.commands.bridge_import import say_stale

    content = site(tmp_path)
    more = changed(CLUB, tmp_path, "more.pbn", "\n3 1 1 - Bye", "\n3 1 1 9 Bye")
    assert run(content, "club", more) == 0
    capsys.readouterr()
    results = content / "events/club/results"
    first = sorted(results.glob("*.yaml"))[0]
    first.write_bytes(first.read_text(encoding="utf-8").replace("\n", "\n# 备注\n", 1).encode("gbk"))
    say_stale(content, "club", {f"P{n}" for n in range(1, 6)}, {}, "en")
    assert "entries P9 of the event are not in this file" in capsys.readouterr().out


PLANTED = """title: Club night
game: bridge
date: 2024-03-12
entries: []
stages:
  - id: monday
    name: Monday pairs
    format: pairs
    scoring: matchpoints
    rounds: 5
"""


def test_an_event_whose_planted_stage_has_no_results_is_refused_naming_it_and_the_fix(tmp_path, capsys):
    """The secretary planted this session's stage (monday) and imported into the event: the
    import added its own stage `pairs` beside it, exit 0, and monday stayed without results,
    scheduled for ever. Refused, naming the stage and the fix; nothing written. Renamed as the
    message says, the import takes it."""
    content = site(tmp_path)
    folder = content / "events/club"
    folder.mkdir()
    (folder / "event.yaml").write_text(PLANTED, encoding="utf-8")
    before = digest(content)
    assert run(content, "club", CLUB) == 1
    err = capsys.readouterr().err
    assert "club has stage monday (Monday pairs) with no results yet" in err
    assert "change id: monday to id: pairs in event.yaml and import again" in err
    assert "paibang new NEW-EVENT --game bridge" in err and "nothing was written" in err
    assert digest(content) == before
    (folder / "event.yaml").write_text(PLANTED.replace("id: monday", "id: pairs"), encoding="utf-8")
    assert run(content, "club", CLUB) == 0
    text = (folder / "event.yaml").read_text(encoding="utf-8")
    assert text.count("  - id: ") == 1 and (folder / "results/pairs-round-1.yaml").is_file()


def test_a_stage_planted_for_another_day_beside_the_imports_own_takes_a_rerun(tmp_path, capsys):
    """The import's stage already there (an earlier import) and a final planted for another day:
    not refused (the final is another session's)."""
    content = site(tmp_path)
    assert run(content, "club", CLUB) == 0
    event = content / "events/club/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").rstrip("\n") + "\n  - {id: final, name: Final, format: pairs}\n",
                     encoding="utf-8")
    capsys.readouterr()
    assert run(content, "club", CLUB) == 0
    assert "no results yet" not in capsys.readouterr().err


def test_a_refused_team_match_names_the_pbn_line_of_its_teams(tmp_path, capsys):
    """A team file whose table 8 seats J-germany again in the round it plays table 7 (eytc1998's
    two rooms of board 1, copied as table 8 against J-italy): entry-twice-in-round at the YAML's
    `home: J-germany` of table 8, and the file's line naming that game's teams (91), the one to
    correct; the YAML line alone named a file the secretary never wrote."""
    source = (ROOT / "tests/data/real/eytc1998_board1_both_rooms.pbn").read_text(encoding="latin-1")
    head, body = source.split("\n[Event", 1)
    body = "[Event" + body
    other = body.replace('[Table "7"]', '[Table "8"]').replace('"J-austria"', '"J-italy"')
    broken = tmp_path / "twice.pbn"
    broken.write_text(f"{head}\n{body}\n\n{other}", encoding="latin-1")
    assert broken.read_text(encoding="latin-1").splitlines()[90] == '[HomeTeam "J-germany"]'
    content = site(tmp_path)
    assert run(content, "club", broken) == 1
    err = capsys.readouterr().err
    assert "[entry-twice-in-round]" in err and "results/teams.yaml:9:" in err
    assert f"written from {broken}, line 91: correct it there and import again" in err
    assert not (content / "events/club").exists()


def test_a_folder_where_the_import_writes_its_record_is_named_where_it_is_with_a_fix_import_takes(tmp_path, capsys):
    """A folder planted at events/club/results.imported.json: refused in one line, as before, but
    the line named the trial's temporary copy (/tmp/paibang-import-…/….tmp-<pid>-<thread>) and
    said to choose another place with --output, which import does not take. It names the path
    in the content folder and a fix that works (move it away); nothing is written."""
    content = site(tmp_path)
    planted = content / "events/club/results.imported.json"
    planted.mkdir(parents=True)
    assert run(content, "club", CLUB) == 1
    captured = capsys.readouterr()
    assert captured.err == (f"paibang: cannot write or read {planted}: it is a folder, not a file. something is in the way there (a "
                            "folder where the import writes a file, or a file where it makes a folder): move it away "
                            "and import again.\n")
    assert "--output" not in captured.err and "paibang-import-" not in captured.err
    assert sorted(p.name for p in planted.parent.iterdir()) == ["results.imported.json"] and not list(planted.iterdir())
    planted.rmdir()  # moved away: the import goes through
    assert run(content, "club", CLUB) == 0 and planted.is_file()


def test_a_rerun_reads_the_events_event_yaml_once_and_checks_the_trial_once(tmp_path, capsys, monkeypatch):
    """Into an event that is there (a rerun, a session of an event of several days), the import
    read and parsed event.yaml three times (whether to refuse it, whether its date is far, which
    entries are stale): once is enough, what each says unchanged (the tests above). It checked
    the content three times too: the trial's copy before and after writing into it, then the
    content itself; the copy before only matters when the copy after has errors (the event's
    own, not the import's, are not said as the import's: the next test), so a run whose files
    bring none checks twice."""
    import yaml

    import generator.build

    checked: list[str] = []
    validate = generator.build.validate

    def counted_validate(content, *args, **kwargs):
        checked.append(str(content))
        return validate(content, *args, **kwargs)

    content = site(tmp_path)
    assert run(content, "club", CLUB) == 0
    capsys.readouterr()
    event = content / "events/club/event.yaml"
    load = yaml.safe_load
    parsed: list[str] = []

    def counted(text, *args, **kwargs):
        if isinstance(text, str) and text == event.read_text(encoding="utf-8"):
            parsed.append(text)
        return load(text, *args, **kwargs)

    monkeypatch.setattr(yaml, "safe_load", counted)
    monkeypatch.setattr(generator.build, "validate", counted_validate)
    assert run(content, "club", CLUB) == 0
    assert "all 114 figures equal" in capsys.readouterr().out
    assert len(parsed) == 1
    assert len(checked) == 2 and checked[-1] == str(content)  # the trial's copy, then the content


def test_the_events_own_errors_are_not_said_as_the_imports(tmp_path, capsys):
    """A round 9 left in the event (an entry NOBODY, a round past the stage's 5) is the event's
    error before the import and after: a rerun of the good file is written, and the check after
    says the event's errors; a rerun of a file that breaks the event says only its own error,
    and writes nothing."""
    content = site(tmp_path)
    assert run(content, "club", CLUB) == 0
    left = content / "events/club/results/pairs-round-9.yaml"
    left.write_text("stage: pairs\nround: 9\ntables:\n  - table: 1\n    ns: NOBODY\n    ew: P1\n    boards:\n"
                    "      1: 4S N =\n", encoding="utf-8")
    capsys.readouterr()
    assert run(content, "club", CLUB) == 1
    captured = capsys.readouterr()
    assert "nothing written" not in captured.err and "imported 5 pairs" in captured.out
    own = re.findall(r"\[([a-z-]+)\]", captured.err)
    assert own and "pairs-round-9.yaml" in captured.err
    good = digest(content)
    broken = changed(CLUB, tmp_path, "broken.pbn", '2 1 3 4 4S N 11 "450"', '2 1 3 2 4S N 11 "450"')
    assert run(content, "club", broken) == 1
    captured = capsys.readouterr()
    assert "[entry-twice-in-round]" in captured.err and "nothing written" in captured.err
    assert "pairs-round-9.yaml" not in captured.err and not set(own) & set(re.findall(r"\[([a-z-]+)\]", captured.err))
    assert digest(content) == good


def test_a_folder_met_writing_the_content_itself_is_named_as_the_file_not_its_temporary(tmp_path, capsys, monkeypatch):
    """The same folder planted after the trial passed (between the two writes): the write into
    content/ itself is refused as the trial's, naming results.imported.json, not the temporary
    it was being renamed from (results.imported.json.tmp-<pid>-<thread>)."""
    from generator.commands import bridge_import

    content = site(tmp_path)
    planted = content / "events/club/results.imported.json"
    trial = bridge_import.trial

    def then_planted(*args, **kwargs):
        found = trial(*args, **kwargs)
        planted.mkdir(parents=True)
        return found

    monkeypatch.setattr(bridge_import, "trial", then_planted)
    assert run(content, "club", CLUB) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"paibang: cannot write or read {planted}: it is a folder, not a file. something is in the way there")


def test_the_trial_writes_nowhere_through_a_link_of_the_events_folder(tmp_path, capsys):
    """The trial's copy of the event kept its links as links (copytree's symlinks=True): the
    event's results folder an absolute link to a folder of content/ (where the club keeps its
    files), the trial of an import that breaks the event wrote its files there, into content/,
    before they were checked and refused; one to a folder out of content/, there. The copy holds
    what a link inside content/ leads to, and no link out of it: nothing is written anywhere."""
    content = site(tmp_path)
    assert run(content, "club", COMPSCORE) == 0
    kept = content / "club-files"
    (content / "events/club/results").rename(kept)
    (content / "events/club/results").symlink_to(kept.resolve())  # absolute, inside content/
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (content / "events/club/notes").symlink_to(elsewhere.resolve())  # out of content/
    good = digest(content)
    capsys.readouterr()
    broken = changed(CLUB, tmp_path, "broken.pbn", '2 1 3 4 4S N 11 "450"', '2 1 3 2 4S N 11 "450"')
    assert run(content, "club", broken) == 1
    captured = capsys.readouterr()
    assert digest(content) == good
    assert "[entry-twice-in-round]" in captured.err and "nothing written" in captured.err
    assert sorted(p.name for p in kept.iterdir()) == sorted(p.name for p in (content / "events/club/results").iterdir())
    assert list(elsewhere.iterdir()) == []


def test_the_trial_copies_each_linked_folder_once(tmp_path):
    """rev49: content/lib/d0..d5, each holding four links to the next: the trial's copy of an
    event linking to d0 held 4**5 copies of d5's one file (d0..d8: 65,536 files, 78 s). Each
    folder is copied once; a later link to it becomes a link to itself."""
    from generator.commands.bridge_import import _copy_for_trial

    content = tmp_path / "content"
    lib = content / "lib"
    for number in range(6):
        (lib / f"d{number}").mkdir(parents=True)
        for way in range(4 if number < 5 else 0):
            (lib / f"d{number}" / f"to{way}").symlink_to(f"../d{number + 1}")
    (lib / "d5" / "board.pbn").write_text("a board", encoding="utf-8")
    (content / "events" / "club").mkdir(parents=True)
    (content / "events" / "club" / "lib").symlink_to(lib / "d0")
    _copy_for_trial(content / "events" / "club", tmp_path / "copy", content.resolve())
    files = [p for p in (tmp_path / "copy").rglob("*") if p.is_file() and not p.is_symlink()]
    assert [p.read_text(encoding="utf-8") for p in files] == ["a board"]


def test_an_event_folder_too_large_to_copy_for_the_trial_is_said_and_nothing_written(tmp_path, capsys,
                                                                                     monkeypatch):
    """rev49: a large media folder linked from the event's folder was copied whole for the
    trial at every import. Past TRIAL_COPY_LIMIT the import stops, says why and what to do,
    and writes nothing."""
    from generator.commands import bridge_import

    content = site(tmp_path)
    assert run(content, "club", COMPSCORE) == 0
    media = content / "media"
    media.mkdir()
    (media / "final.mp4").write_bytes(b"\0" * 4096)
    (content / "events/club/photos").symlink_to(media.resolve())
    good = digest(content)
    capsys.readouterr()
    monkeypatch.setattr(bridge_import, "TRIAL_COPY_LIMIT", 4000)
    assert run(content, "club", COMPSCORE) == 1
    captured = capsys.readouterr()
    assert "holds more than 0 MB" in captured.err and "nothing of" in captured.err, captured.err
    assert "Move the large files" in captured.err
    assert digest(content) == good


def test_a_file_larger_than_any_content_file_is_not_copied_for_the_trial(tmp_path, monkeypatch):
    """rev52: a video beside the results counted against the trial's budget, and the import was
    refused. A file larger than any content file is read is never read whole by a check (refused
    by its size, or never opened): the trial's copy is a file of its size holding nothing, and
    the import goes on."""
    from generator.commands import bridge_import
    from generator.commands.bridge_import import _copy_for_trial
    from generator.content import sheet_text, snapshot

    content = site(tmp_path)
    assert run(content, "club", COMPSCORE) == 0
    (content / "events/club/final.mp4").write_bytes(b"\1" * 8192)
    monkeypatch.setattr(sheet_text, "MAX_SHEET_BYTES", 1000)
    monkeypatch.setattr(snapshot, "KEEP_AT_MOST", 1000)
    monkeypatch.setattr(bridge_import, "TRIAL_COPY_LIMIT", 2 * 8000)
    _copy_for_trial(content / "events" / "club", tmp_path / "copy", content.resolve())
    copied = tmp_path / "copy" / "final.mp4"
    assert copied.stat().st_size == 8192 and set(copied.read_bytes()) == {0}
    assert run(content, "club", COMPSCORE) == 0
    assert (content / "events/club/final.mp4").read_bytes() == b"\1" * 8192
    (content / "season.mp4").write_bytes(b"\1" * 8192)  # (beside site.yaml too: rev59)
    assert run(content, "club", COMPSCORE) == 0
