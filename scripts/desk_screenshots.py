"""Screenshots for the README: a table's phone form (390 px) and the hall screen (1920x1080).

    .venv/bin/python scripts/desk_screenshots.py   # writes docs/desk-phone.png, docs/desk-screen.png

The Guandan demo event with round 4 drawn, served by the desk on 127.0.0.1 (tests/test_desk.py's
helpers), photographed by Debian's Chromium.
"""

from __future__ import annotations

import re
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.test_browser import CHROMIUM_FLAGS, chromium_path  # noqa: E402
from tests.test_desk import SLUG, start  # noqa: E402


def main() -> int:
    import shutil

    from playwright.sync_api import sync_playwright

    from generator import cli

    with tempfile.TemporaryDirectory() as temp:
        content = Path(temp) / "content"
        (content / "events").mkdir(parents=True)
        shutil.copy(ROOT / "content" / "site.yaml", content / "site.yaml")
        shutil.copytree(ROOT / "content" / "events" / SLUG, content / "events" / SLUG)
        event = content / "events" / SLUG / "event.yaml"
        event.write_text(event.read_text(encoding="utf-8").replace("    rounds: 3 ", "    time_limit: 60\n    rounds: 4 "),
                         encoding="utf-8")
        assert cli.main(["pair", SLUG, "main", "--content", str(content)]) == 0
        running = start(content)
        try:
            opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
            opener.open(running.desk.admin_link).read()
            admin = opener.open(f"{running.secretary}/admin").read().decode()
            csrf = re.search(r'name="csrf" value="([^"]+)"', admin).group(1)
            opener.open(urllib.request.Request(f"{running.secretary}/admin/clock",
                                               data=f"csrf={csrf}&stage=main&round=4&do=start".encode())).read()
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
                phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
                phone.goto(running.desk.link("main/4/3"))
                phone.fill("#deals", "T21+2，T13+1，T21+3，T21+3，T13 foul，T21+3，T21+2")
                phone.click("#preview")
                phone.wait_for_load_state()
                phone.screenshot(path=str(ROOT / "docs" / "desk-phone.png"), full_page=True)
                phone.click("#save")
                phone.locator("#saved").wait_for()
                screen = browser.new_page(viewport={"width": 1920, "height": 1080})
                screen.goto(f"{running.base}/screen")
                screen.wait_for_function("document.getElementById('clock').dataset.ends")
                screen.screenshot(path=str(ROOT / "docs" / "desk-screen.png"))
                browser.close()
        finally:
            running.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
