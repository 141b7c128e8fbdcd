"""Private fields never reach output, nor a page served, nor a line quoted back (rev5, #5, #6, #8):

- a problem's line, quoted on the terminal, in serve's overlay and on the desk's admin page,
  shows the values of private keys (phone, student_id, the site's `private:`) as asterisks;
- a notice cannot publish the entries: a private key written as JSON or flow YAML is found,
  and a notice that is the event's own data file (a link to entries.yaml) is refused;
- an id that looks like a student, phone or ID-card number is warned about (`check`).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.build import validate
from generator.cli import main
from generator.commands.serve import content_error_page
from generator.errors import ContentErrors, columns, masked
from support import demo_content

BRIDGE = "dongke-bridge-2015"
# The demo's entry line holding a canary in each kind of private key (site.yaml: private: [wechat]).
CANARIES = ("13900139111", "201301059902", "wxid_paibang_canary_jk")
CANARY_LINE = '      - {name: 吉克阿呷, phone: "13900139111", student_id: "201301059902", wechat: "wxid_paibang_canary_jk"}'


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# --- #5: a problem's line quoted back ---------------------------------------------------------


def test_a_problems_line_never_quotes_a_private_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown key on the line that holds a player's phone, student number and WeChat id: the
    line is quoted (the unknown key marked), with the private values masked, on the terminal and
    on serve's overlay page (which any page could read before serve checked Host)."""
    content = demo_content(tmp_path, BRIDGE)
    event = content / "events" / BRIDGE / "event.yaml"
    replace(event, CANARY_LINE, CANARY_LINE[:-1] + ", team_shirt: XL}")
    with pytest.raises(ContentErrors) as failure:
        validate(content)
    (problem,) = [p for p in failure.value.problems if not p.warning]
    page = content_error_page(failure.value, "zh-Hans", content)
    masks = "student_id: **************, wechat: ************************, "  # each quoted value, as long
    assert f"{masks}<mark>team_shirt</mark>" in page and f'class="under">  29 | …e: *************, {masks}</span>' in page
    assert main(["check", "--content", str(content)]) == 1
    said = capsys.readouterr().err
    lines = said.splitlines()
    quoted = next(index for index, line in enumerate(lines) if f"{masks}team_shirt" in line)
    assert lines[quoted + 1].index("^") == columns(lines[quoted][: lines[quoted].index("team_shirt")])  # the caret kept its place
    for canary in CANARIES:
        assert canary not in page and canary not in said, canary


@pytest.mark.parametrize(("line", "shown"), [
    ('  - {name: A, phone: "138 0013 8000", tshirt: XL}', '  - {name: A, phone: ***************, tshirt: XL}'),
    ('{"name":"N1","phone":"13800138000"},"N2"]', '{"name":"N1","phone":*************},"N2"]'),
    ("  student_id: 2013010599  # the class's", "  student_id: **********  # the class's"),
    ("{'wechat': 'a''b', x: 1}", "{'wechat': ******, x: 1}"),
    ("telephone: 138", "telephone: 138"),  # another key
    ("phone:", "phone:"),
])
def test_masked_keeps_the_line_and_hides_the_values(line: str, shown: str) -> None:
    assert masked(line, ("phone", "student_id", "wechat")) == shown
