"""`paibang serve`: a change in content reaches the open page; an error shows in the browser."""

from __future__ import annotations

import shutil
import threading
import time
import urllib.request
from pathlib import Path

from generator.commands.serve import make_server

ROOT = Path(__file__).resolve().parents[1]
EVENT = "events/dongke-bridge-2015"


def fetch(base: str, path: str, timeout: float = 30) -> str:
    with urllib.request.urlopen(base + path, timeout=timeout) as response:  # noqa: S310 (localhost)
        return response.read().decode("utf-8")


def wait_for_version(base: str, since: int) -> int:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        version = int(fetch(base, f"/__paibang/version?since={since}"))
        if version != since:
            return version
    raise AssertionError("no rebuild within 60 s")


def test_serve_rebuilds_shows_errors_and_recovers(tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    shutil.copy(ROOT / "content/site.yaml", content / "site.yaml")
    shutil.copytree(ROOT / "content" / EVENT, content / EVENT)
    server, site, stop = make_server(content, tmp_path / "output", ROOT / "templates", port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        page = fetch(base, f"/{EVENT}/prelim/round-1/index.html")
        assert "fetch(\"/__paibang/version?since=" in page and "A31" in page
        version = site.version

        prelim = content / EVENT / "results/prelim.yaml"
        good = prelim.read_text(encoding="utf-8")
        prelim.write_text(good.replace("1: 4H N =", "1: 4H N =+", 1), encoding="utf-8")
        version = wait_for_version(base, version)
        page = fetch(base, f"/{EVENT}/prelim/round-1/index.html")
        assert "内容有错误" in page and "prelim.yaml:13:10" in page and "bridge-board-syntax" in page
        assert "1: 4H N =+" in page  # the offending line itself
        assert (tmp_path / "output" / EVENT / "index.html").is_file()  # the last good build stays on disk

        prelim.write_text(good.replace("1: 4H N =", "1: 4S N =", 1), encoding="utf-8")
        wait_for_version(base, version)
        page = fetch(base, f"/{EVENT}/prelim/round-1/index.html")
        assert "内容有错误" not in page and 'role="img" aria-label="黑桃">♠</span>' in page.split('id="table-1"')[1].split("</tr>")[1]
    finally:
        stop.set()
        server.shutdown()
        server.server_close()
