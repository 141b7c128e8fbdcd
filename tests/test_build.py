"""The whole pipeline on the demo content: pages, results.json, privacy, atomic output, CLI."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main
from tests.support import site_bytes

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
EVENT = "events/dongke-bridge-2015"
# Private values written into the demo content on purpose: none may reach output/.
CANARIES = [
    "13800138000", "201301059901", "13900139111", "201301059902", "wxid_paibang_canary_jk",
    "13700137222", "201401059903", "15800158333", "paibang_canary_wx_pl", "13800138555",
    "18600186444", "201101059904",
]


def tree_digest(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(site_bytes(p)).hexdigest()
        for p in sorted(folder.rglob("*")) if p.is_file()
    }


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "output"
    assert main(["build", "--content", str(CONTENT), "--output", str(out)]) == 0
    return out


@pytest.fixture()
def content_copy(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT, target)
    return target


def test_demo_site_has_every_page_of_outputs_md(site: Path) -> None:
    for page in [
        "index.html", f"{EVENT}/index.html", f"{EVENT}/prelim/index.html", f"{EVENT}/final/index.html",
        f"{EVENT}/prelim/round-1/index.html", f"{EVENT}/final/round-1/index.html",
        f"{EVENT}/entries/A19/index.html", f"{EVENT}/entries/SUB/index.html", f"{EVENT}/results.json",
        f"{EVENT}/bulletins/qualifiers-prelim.pdf", "assets/style.css",
    ]:
        assert (site / page).is_file(), page
    assert len(list((site / EVENT / "entries").iterdir())) == 35


def test_results_json_follows_outputs_md(site: Path) -> None:
    data = json.loads((site / EVENT / "results.json").read_text(encoding="utf-8"))
    assert data["event"] == {
        "slug": "dongke-bridge-2015", "title": "动物科学学院桥牌大赛", "game": "bridge",
        "organizer": "西昌学院动物科学学院团学会治安保卫部", "venue": "7201", "dates": ["2015-05-15", "2015-05-22"],
        "status": "complete",
    }
    prelim, final = data["stages"]
    first = prelim["standings"][0]
    assert first == {"rank": 1, "entry": "A10", "metrics": {"total": 1940, "first_board": 110},
                     "qualified": True, "prize": None, "forfeit": False, "withdrawn": False, "by_lot": False}
    assert prelim["stale_draws"] == [] and final["stale_draws"] == []  # no round drawn on standings corrected since
    assert sorted(prelim["qualifiers"] + prelim["byes"]) == sorted(
        "A10 A09 A08 A32 A02 A12 A25 A06 A13 A28 A31 A22 A14 A26 A19 A34".split())
    tied = [s for s in prelim["standings"] if s["entry"] in ("A29", "A03")]
    assert [s["rank"] for s in tied] == [26, 26]
    assert final["standings"][0]["prize"] == "一等奖"
    table = prelim["rounds"][0]["tables"][0]
    assert table["sides"] == ["A31", "A29"] and len(table["boards"]) == 8
    # 4H N = not vulnerable: 420 in the NS column, nothing in EW's.
    assert table["boards"][0] | {} == table["boards"][0] and table["boards"][0]["ns"] == 420
    assert table["boards"][0]["ew"] == 0
    assert {c["name"]: c["points"] for c in data["credits"]}["欧阳明月"] == 2


def test_private_fields_never_reach_output(site: Path) -> None:
    for path in site.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            if path.suffix == ".pdf":
                data = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True).stdout
            for canary in CANARIES:
                assert canary.encode() not in data, f"{canary} leaked into {path}"


def test_standings_page_shows_shared_rank_and_qualifiers(site: Path) -> None:
    html = (site / EVENT / "prelim/index.html").read_text(encoding="utf-8")
    assert html.count(">26=<") == 2
    assert html.count('class="qualified') == 15
    assert "首副得分" in html and "总分相同时，首副得分高者列前" in html
    assert "前 15 名晋级决赛" in html


def test_entry_page_shows_running_total(site: Path) -> None:
    html = (site / EVENT / "entries/A19/index.html").read_text(encoding="utf-8")
    assert "累计" in html and "决赛" in html and "初赛" in html
    assert ">900<" in html  # A19's prelim total, the running total after board 8


def test_build_is_reproducible_and_leaves_content_alone(tmp_path: Path, site: Path) -> None:
    before = tree_digest(CONTENT)
    again = tmp_path / "again"
    assert main(["build", "--content", str(CONTENT), "--output", str(again)]) == 0
    assert tree_digest(again) == tree_digest(site)
    assert tree_digest(CONTENT) == before


def test_failed_build_leaves_previous_output_untouched(content_copy: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "output"
    assert main(["build", "--content", str(content_copy), "--output", str(out)]) == 0
    previous = tree_digest(out)
    prelim = content_copy / EVENT / "results/prelim.yaml"
    prelim.write_text(prelim.read_text(encoding="utf-8").replace("1: 4H N =", "1: 4H N =+", 1), encoding="utf-8")
    capsys.readouterr()
    assert main(["build", "--content", str(content_copy), "--output", str(out)]) == 1
    err = capsys.readouterr().err
    assert "prelim.yaml:13:10: 错误 [bridge-board-syntax]" in err and "boards-missing" not in err
    assert f"未生成网站（{out} 保持不变）" in err
    assert tree_digest(out) == previous
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("output.")]


def test_cli_exit_codes(tmp_path: Path, content_copy: Path) -> None:
    run = lambda *args: subprocess.run([sys.executable, "-m", "generator.cli", *args], capture_output=True,  # noqa: E731
                                       text=True, cwd=ROOT)
    assert run("check", "--content", str(content_copy)).returncode == 0
    assert run("frobnicate").returncode == 2
    assert run("check", "--content", str(tmp_path / "nowhere")).returncode == 2
    (content_copy / "site.yaml").write_text("title: [unclosed\n", encoding="utf-8")
    failed = run("check", "--content", str(content_copy))
    assert failed.returncode == 1
    assert "site.yaml:" in failed.stderr and "Traceback" not in failed.stderr


def test_text_is_escaped_and_notice_sanitised(content_copy: Path, tmp_path: Path) -> None:
    event = content_copy / EVENT / "event.yaml"
    text = event.read_text(encoding="utf-8")
    event.write_text(text.replace("title: 动物科学学院桥牌大赛", 'title: "桥牌<script>alert(1)</script>赛"', 1),
                     encoding="utf-8")
    (content_copy / EVENT / "notice.md").write_text(
        "# 通知\n\n<script>alert(2)</script>\n\n[点我](javascript:alert(3)) <img src=x onerror=alert(4)>\n\n"
        "<svg onload=alert(5)></svg> [规程](https://example.org/rules)\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    assert main(["build", "--content", str(content_copy), "--output", str(out)]) == 0
    for page in out.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        # the site's own script file is the only script a page may carry
        assert all(re.fullmatch(r'<script src="(\.\./)*assets/site\.js"( defer)?>', tag)
                   for tag in re.findall(r"<script[^>]*>", html)), page
        assert "<script>alert" not in html and "javascript:" not in html and "onerror" not in html
        assert "onload" not in html
    event_page = (out / EVENT / "index.html").read_text(encoding="utf-8")
    assert "桥牌&lt;script&gt;alert(1)&lt;/script&gt;赛" in event_page
    assert 'href="https://example.org/rules"' in event_page


@pytest.mark.slow
def test_qualifier_bulletin_text_read_back(site: Path) -> None:
    pdf = site / EVENT / "bulletins/qualifiers-prelim.pdf"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, check=True, text=True).stdout
    assert "动物科学学院桥牌大赛决赛名单公示" in text
    assert "以下 16 对选手进入决赛（含轮空直接晋级 1 组）" in text
    assert "A19" in text and "A20" not in text
    assert "轮空，直接晋级" in text
    assert "西昌学院动物科学学院团学会治安保卫部" in text and "2015年5月15日" in text
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, check=True, text=True).stdout
    embedded = [line for line in fonts.splitlines()[2:] if line.strip()]
    assert embedded and all("CJK-SC" in line and " yes yes " in line for line in embedded)


def test_events_read_in_parallel_give_what_one_process_finds(tmp_path: Path) -> None:
    """validate reads the events to read in forked workers: the same results, and the same
    problems in the same order, as reading them one by one; the event cache fills the same."""
    from generator.build import validate
    from generator.errors import ContentErrors

    content = shutil.copytree(ROOT / "content", tmp_path / "content")

    def outcome(**options):
        site, results, warnings = validate(content, **options)
        return ([(r.event.slug, [(s.entry.id, s.rank, s.tally.metrics) for st in r.stages for s in st.standings])
                 for r in results], [(w.code, w.mark.file, w.mark.line, w.params) for w in warnings])

    from generator.event_cache import read_ahead

    assert len(read_ahead(content, None, 2)) == 8  # the workers do read every event
    alone = outcome(workers=1)
    assert outcome(workers=2) == alone and len(alone[0]) == 8
    assert outcome(workers=2, cache_dir=tmp_path / "cache") == alone  # written by the workers
    assert outcome(workers=1, cache_dir=tmp_path / "cache") == alone  # read back
    prelim = content / "events/dongke-bridge-2015/results/prelim.yaml"
    prelim.write_text(prelim.read_text(encoding="utf-8").replace("1: 4H N =", "1: 4H N =+", 1), encoding="utf-8")
    event = content / "events/tumu-guandan-2020/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("    rounds: 3 ", "    rounds: 3\n    roundz: 3 ", 1),
                     encoding="utf-8")
    found = []
    for workers in (1, 2):
        with pytest.raises(ContentErrors) as failure:
            validate(content, workers=workers, cache_dir=tmp_path / f"cache-{workers}")
        found.append([(p.code, p.mark.file, p.mark.line, p.mark.column, p.params) for p in failure.value.problems])
    assert found[0] == found[1]
    assert {"bridge-board-syntax", "key-unknown"} <= {code for code, *_ in found[0]}


def test_a_bulletins_link_says_it_is_a_pdf_and_how_large(site: Path) -> None:
    # "获奖名单" led to a PDF of 380 KB with no word of it: a member on a phone's data opened it
    # as a page. Each link says PDF and its size, as a screen reader reads it too (in the link).
    page = (site / EVENT / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="(bulletins/[^"]+\.pdf)">([^<]+)<span class="meta">([^<]*)</span></a>', page)
    assert len(links) >= 4 and len(links) == page.count('.pdf"'), links
    for href, title, said in links:
        size = (site / EVENT / href).stat().st_size
        assert title.strip() and said == f"（PDF，{round(size / 1024)} KB）", (href, said, size)
