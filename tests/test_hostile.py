"""Hostile content: script, event handlers, javascript: links, SVG payloads and template syntax in
every field that reaches a page, a PDF or results.json — and private data that must reach none.

Each game's demo event is built alone with a hostile string in every free-text field: event
title, organizer, venue, entry names, players, groups, officials, referees, stage names, prize
names and awards, bulletin texts, a bridge opening lead, a 大怪路子 violation note, and the
notice (Markdown). Then:

- no page carries script (but the site's own assets/site.js), an on* attribute, or a link to
  anything but http(s), mailto or a relative address; the notice keeps its good links;
- each hostile string is shown as the text it is (escaped in HTML, exact in results.json,
  literal in the PDFs as pdftotext reads them, well-formed in the feed and the search index);
- a whole build seeded with canaries (phone, student_id, the site's own private keys, on
  players and on entries, in every game) carries none of them in any output file.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.build import build, validate
from generator.errors import ContentErrors

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "content"
EVENTS = {"bridge": "dongke-bridge-2015", "guandan": "tumu-guandan-2020", "daguai": "chem-park-daguai-2016",
          "shengji": "hefei-80fen-teams-2012", "shengji-pairs": "hefei-80fen-pairs-2012"}

# One hostile string per field, each with its own tag so that it can be found again.
HOSTILE = {
    "title": "赛事<script>alert('title')</script>{title}{{7*7}}",
    "organizer": "主办方\"><img src=x onerror=alert('organizer')>",
    "venue": "<svg onload=alert('venue')>javascript:alert(1)",
    "name": "队名'><b onmouseover=alert('name')>x</b>",
    "player": "<script>alert('player')</script>",
    "player2": "张&amp;三<a href=javascript:alert('player2')>",
    "group": "<iframe src=javascript:alert('group')>",
    "official": "<img src=x onerror=alert('official')>",
    "referee": "裁判</td><script>alert('referee')</script>",
    "stage": "初赛<svg/onload=alert('stage')>",
    "prize": "一等奖<script>alert('prize')</script>",
    "award": "<a href='javascript:alert(1)'>award</a>",
    "bulletin": "<b>注意</b><script>alert('bulletin')</script>{event}{0}",
    "lead": "<script>alert('lead')</script>",
    "note": "犯规<img src=x onerror=alert('note')>",
}
NOTICE = """\
# 通知 <script>alert('h1')</script>

<script>alert('notice')</script>

[脚本](javascript:alert(1)) [大写](JaVaScRiPt:alert(1)) [数据](data:text/html,<script>alert(1)</script>)
[vb](vbscript:msgbox(1)) [ftp](ftp://example.org/file)

<img src=x onerror=alert(1)> <svg onload=alert(1)><circle r="1"/></svg>
<iframe src="https://evil.example/"></iframe> <object data="javascript:alert(1)"></object> <embed src="x.swf">
<a href="java&#x09;script:alert(1)">tab</a> <a href="&#106;avascript:alert(1)">entity</a>
<math><mi xlink:href="javascript:alert(1)">m</mi></math>
<style>body{background:url(javascript:alert(1))}</style>
<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">b</button></form>
<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>

[规程](https://example.org/rules) [邮件](mailto:secretary@example.org) [相对](../other/index.html)
"""
GOOD_LINKS = ["https://example.org/rules", "mailto:secretary@example.org", "../other/index.html"]
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "poster", "background", "srcset", "cite"}
SAFE_SCHEMES = {"http", "https", "mailto"}


# --- a hostile copy of one demo event ------------------------------------------------------------


def dump(path: Path, data: Any) -> None:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000), encoding="utf-8")


def hostile_event(tmp: Path, game: str) -> tuple[Path, Path]:
    """content/ with the site and the game's demo event, every free-text field hostile."""
    root = tmp / "content"
    (root / "events").mkdir(parents=True)
    shutil.copy(DEMO / "site.yaml", root / "site.yaml")
    event = root / "events" / EVENTS[game]
    shutil.copytree(DEMO / "events" / EVENTS[game], event)
    data = yaml.safe_load((event / "event.yaml").read_text(encoding="utf-8"))
    data |= {"title": HOSTILE["title"], "organizer": HOSTILE["organizer"], "venue": HOSTILE["venue"]}
    data["bulletin_text"] = dict.fromkeys(("qualifiers", "standings", "prizes", "credits", "draw"), HOSTILE["bulletin"])
    first = data["entries"][0]
    first |= {"name": HOSTILE["name"], "group": HOSTILE["group"]}
    first["players"] = [HOSTILE["player"], HOSTILE["player2"], *first["players"][2:]]
    for official in data.get("officials", [])[:1]:
        official["name"] = HOSTILE["official"]
    for stage in data["stages"]:
        stage["name"] = HOSTILE["stage"]
        for prize in stage.get("prizes", [])[:1]:
            prize |= {"name": HOSTILE["prize"], "award": HOSTILE["award"]}
    dump(event / "event.yaml", data)
    (event / "notice.md").write_text(NOTICE, encoding="utf-8")
    for path in sorted((event / "results").glob("*.yaml")):
        results = yaml.safe_load(path.read_text(encoding="utf-8"))
        table = results["tables"][0]
        table["referee"] = HOSTILE["referee"]
        if game == "bridge":
            number = sorted(table["boards"])[0]
            table["boards"][number] = {"contract": "3NT", "by": "N", "result": "=", "lead": HOSTILE["lead"]}
        if game == "daguai" and path.name == "round-1.yaml":
            table["violations"] = [{"team": table["home"], "note": HOSTILE["note"]}]
        dump(path, results)
    return root, event


# --- what a safe page is --------------------------------------------------------------------------


class PageScan(HTMLParser):
    """The active content of a page, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.text: list[str] = []
        self.links: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self.in_script = True
            if not (len(attrs) == 2 and attrs[1] == ("defer", None) and attrs[0][0] == "src"
                    and re.fullmatch(r"(\.\./)*assets/site\.js", attrs[0][1] or "")):
                self.problems.append(f"<script {attrs}>")
        if tag in ("iframe", "object", "embed", "base", "frame", "applet"):
            self.problems.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=…>")
            if name in URL_ATTRIBUTES and value is not None:
                address = re.sub(r"[\x00-\x20]", "", value).lower()
                scheme = re.match(r"^([a-z][a-z0-9+.-]*):", address)
                if scheme and scheme.group(1) not in SAFE_SCHEMES:
                    self.problems.append(f"<{tag} {name}={value!r}>")
                if tag == "a" and name == "href":
                    self.links.append(value)
            if name == "style" and value and re.search(r"javascript|expression|url\(", value, re.I):
                self.problems.append(f"<{tag} style={value!r}>")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self.in_script = False

    def handle_data(self, data: str) -> None:
        if self.in_script and data.strip():
            self.problems.append(f"inline script {data[:40]!r}")
        self.text.append(data)


def scan(page: Path) -> PageScan:
    scanner = PageScan()
    scanner.feed(page.read_text(encoding="utf-8"))
    scanner.close()
    return scanner


def pdf_text(path: Path) -> str:
    """The PDF's text as pdftotext reads it, every whitespace removed (lines wrap anywhere)."""
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True).stdout
    return re.sub(r"\s+", "", text)


def flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


# --- the tests --------------------------------------------------------------------------------------


@pytest.fixture(scope="module", params=["bridge", "guandan", "daguai", "shengji", "shengji-pairs"])
def hostile_site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, Path]:
    game = request.param
    tmp = tmp_path_factory.mktemp(f"hostile-{game}")
    root, event = hostile_event(tmp, game)
    output = tmp / "output"
    try:
        build(root, output)
    except ContentErrors as failure:
        pytest.fail("the hostile event does not build: " + "; ".join(p.format("en", root) for p in failure.problems))
    return game, output, output / "events" / EVENTS[game]


@pytest.mark.slow
def test_no_page_carries_script_handlers_or_unsafe_links(hostile_site: tuple[str, Path, Path]) -> None:
    _, output, _ = hostile_site
    pages = sorted(output.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        assert scan(page).problems == [], page.relative_to(output)


@pytest.mark.slow
def test_hostile_text_is_shown_as_typed_on_the_pages(hostile_site: tuple[str, Path, Path]) -> None:
    game, output, event = hostile_site
    text = "".join(scan(event / "index.html").text)
    for field in ("title", "organizer", "venue", "stage"):
        assert HOSTILE[field] in text, field
    everywhere = "".join(t for page in output.rglob("*.html") for t in scan(page).text)
    fields = ["name", "player", "player2", "group", "referee", "prize"]
    fields += {"bridge": ["official", "lead"], "daguai": ["official", "note"]}.get(game, [])
    for field in fields:
        assert HOSTILE[field] in everywhere, field
    raw = "".join(page.read_text(encoding="utf-8") for page in output.rglob("*.html"))
    assert "<script>alert" not in raw and "<img src=x" not in raw and "<svg onload" not in raw


@pytest.mark.slow
def test_notice_is_sanitised_and_keeps_its_good_links(hostile_site: tuple[str, Path, Path]) -> None:
    _, _, event = hostile_site
    page = scan(event / "index.html")
    assert page.problems == []
    for link in GOOD_LINKS:
        assert link in page.links
    assert not [link for link in page.links if link.startswith("ftp:")]
    html = (event / "index.html").read_text(encoding="utf-8")
    assert "<style>" not in html and "<math" not in html and "<form action=\"javascript" not in html


@pytest.mark.slow
def test_results_json_is_valid_and_keeps_the_text_exactly(hostile_site: tuple[str, Path, Path]) -> None:
    game, _, event = hostile_site
    data = json.loads((event / "results.json").read_text(encoding="utf-8"))
    assert {k: data["event"][k] for k in ("title", "organizer", "venue")} == {
        k: HOSTILE[k] for k in ("title", "organizer", "venue")}
    first = data["entries"][0]
    assert (first["name"], first["group"], first["players"][:2]) == (
        HOSTILE["name"], HOSTILE["group"], [HOSTILE["player"], HOSTILE["player2"]])
    assert {stage["name"] for stage in data["stages"]} == {HOSTILE["stage"]}
    if game == "bridge":  # the event with conduct points (credits)
        assert HOSTILE["official"] in {line["name"] for line in data["credits"]}


@pytest.mark.slow
def test_pdfs_print_the_hostile_text_literally(hostile_site: tuple[str, Path, Path]) -> None:
    _, _, event = hostile_site
    pdfs = {path.name: pdf_text(path) for path in sorted((event / "bulletins").glob("*.pdf"))}
    assert pdfs
    everything = "".join(pdfs.values())
    for field in ("title", "organizer"):
        assert flat(HOSTILE[field]) in everything, field
    standings = [text for name, text in pdfs.items() if name.startswith("standings")]
    assert standings and all(flat(HOSTILE["bulletin"]) in text for text in standings)
    data = json.loads((event / "results.json").read_text(encoding="utf-8"))
    if any(s["prize"] == HOSTILE["prize"] for stage in data["stages"] for s in stage["standings"]):
        # the prize list prints the prize and its award (a narrow column may clip the award's end)
        assert flat(HOSTILE["prize"]) in pdfs["prizes.pdf"] and "<ahre" in pdfs["prizes.pdf"]
    for path in sorted((event / "bulletins").glob("*.pdf")):  # markup made no link
        urls = subprocess.run(["pdfinfo", "-url", str(path)], capture_output=True, text=True).stdout
        assert "javascript" not in urls.lower(), path.name


@pytest.mark.slow
def test_feed_sitemap_and_search_index_stay_well_formed(hostile_site: tuple[str, Path, Path]) -> None:
    _, output, _ = hostile_site
    feed = ElementTree.parse(output / "feed.xml").getroot()
    assert HOSTILE["title"] in "".join(feed.itertext())
    if (output / "sitemap.xml").is_file():
        ElementTree.parse(output / "sitemap.xml")
    script = (output / "assets/search-index.js").read_text(encoding="utf-8")
    assert "</script" not in script.lower()
    body = script[script.index("=") + 1:].rstrip().rstrip(";")
    records = json.loads(body.replace("<\\/", "</"))["records"]
    assert any(HOSTILE["title"] in json.dumps(record, ensure_ascii=False) for record in records)


def test_entry_id_with_markup_is_refused_not_rendered(tmp_path: Path) -> None:
    root, event = hostile_event(tmp_path, "guandan")
    data = yaml.safe_load((event / "event.yaml").read_text(encoding="utf-8"))
    data["entries"][0]["id"] = "<script>"
    dump(event / "event.yaml", data)
    with pytest.raises(ContentErrors) as failure:
        validate(root)
    assert "id-invalid" in {p.code for p in failure.value.problems}


def test_yaml_lines_count_as_an_editor_counts_them(tmp_path: Path) -> None:
    """U+2028 pasted from a web page is a line break to PyYAML, not to an editor: the mark of a
    problem below it still names the line the secretary sees."""
    root = tmp_path / "content"
    shutil.copytree(DEMO, root, ignore=shutil.ignore_patterns("events"))
    event = root / "events" / EVENTS["guandan"]
    shutil.copytree(DEMO / "events" / EVENTS["guandan"], event)
    path = event / "results/round-1.yaml"
    text = path.read_text(encoding="utf-8").replace("  - table: 1\n", '  - table: 1\n    referee: "孙\u2028立"\n', 1)
    path.write_text(text.replace("T45+3, T45+2", "T45+3, T45+9"), encoding="utf-8")
    at = next(n for n, line in enumerate(text.split("\n"), start=1) if "T45+3, T45+2" in line)
    with pytest.raises(ContentErrors) as failure:
        validate(root)
    (problem,) = [p for p in failure.value.problems if p.code == "guandan-gain-range"]
    assert problem.mark.line == at
    # In a comment it ends the comment, and PyYAML stumbles on the next key, lines below (said
    # there in PyYAML's English, "expected '<document start>'"): said as the line separator it
    # is, at its line and column as the editor numbers them, with the fix.
    path.write_text(text.replace("# 第一轮抽签", "# 第一轮\u2028抽签"), encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:
        validate(root)
    (problem,) = failure.value.problems
    at = next(n for n, line in enumerate(text.split("\n"), start=1) if "# 第一轮抽签" in line)
    assert (problem.code, problem.mark.line, problem.mark.column) == ("yaml-line-separator", at, 6)
    assert problem.params["char"] == "U+2028"


# --- privacy: canaries in every game's event -------------------------------------------------------

# On the first player of each event: phone, student_id and the site's private keys wechat and qq.
PRIVATE = '{{phone: "1390000{n}771", student_id: "20990000{n}772", wechat: "wx_canary_{n}_773", qq: "qq_canary_{n}_774"}}'


def canaries(n: int) -> list[str]:
    return [f"1390000{n}771", f"20990000{n}772", f"wx_canary_{n}_773", f"qq_canary_{n}_774", f"qq_entry_canary_{n}_775"]


@pytest.mark.slow
def test_private_fields_never_reach_any_output_file(tmp_path: Path) -> None:
    root = tmp_path / "content"
    (root / "events").mkdir(parents=True)
    site = (DEMO / "site.yaml").read_text(encoding="utf-8")
    assert "private: [wechat]" in site
    (root / "site.yaml").write_text(site.replace("private: [wechat]", "private: [wechat, qq]"), encoding="utf-8")
    seeded = []
    for n, slug in enumerate(EVENTS.values(), start=1):
        shutil.copytree(DEMO / "events" / slug, root / "events" / slug)
        data = yaml.safe_load((root / "events" / slug / "event.yaml").read_text(encoding="utf-8"))
        first = data["entries"][0]
        player = first["players"][0]
        name = player if isinstance(player, str) else player["name"]
        first["players"][0] = {"name": name, **yaml.safe_load(PRIVATE.format(n=n))}
        first["qq"] = f"qq_entry_canary_{n}_775"  # a private key on the entry itself
        dump(root / "events" / slug / "event.yaml", data)
        seeded += canaries(n)
    output = tmp_path / "output"
    report = build(root, output)
    assert len(report.results) == len(EVENTS)
    scanned = 0
    for path in sorted(output.rglob("*")):
        if not path.is_file():
            continue
        data = path.read_bytes()
        if path.suffix == ".pdf":
            data = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True).stdout
        for canary in seeded:
            assert canary.encode() not in data, f"{canary} leaked into {path.relative_to(output)}"
        scanned += 1
    assert scanned > 100
    assert {p.suffix for p in output.rglob("*") if p.is_file()} >= {".html", ".json", ".pdf", ".xml", ".js"}
