"""`paibang serve`: build, serve output/ on localhost, rebuild on every change, reload the page.

A small loop (as MkDocs does) watches content/ and templates/ by their files' modification
times; a change rebuilds the site. Each page served gets a few lines of script that long-poll
`/__paibang/version` and reload when the build changes. When the content has errors, every
page shows them instead (file, line, the offending line, the fix) until they are fixed; the
output/ on disk keeps the last good build, as `paibang build` would.
"""

from __future__ import annotations

import html
import threading
import time
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from generator.build import build
from generator.errors import ContentErrors

RELOAD_SCRIPT = """<script>
(function () {
  var version = %d;
  function poll() {
    fetch("/__paibang/version?since=" + version).then(function (r) { return r.text(); }).then(function (v) {
      if (parseInt(v, 10) !== version) { location.reload(); } else { poll(); }
    }).catch(function () { setTimeout(poll, 1000); });
  }
  poll();
})();
</script>"""


class Site:
    """The state shared by the watcher and the request handlers."""

    def __init__(self, content: Path, output: Path, templates: Path, locale: str | None) -> None:
        self.content, self.output, self.templates, self.locale = content, output, templates, locale
        self.version = 0
        self.errors: str | None = None  # the error page while content is broken
        self.changed = threading.Condition()

    def rebuild(self) -> None:
        try:
            report = build(self.content, self.output)
            self.errors = None
            summary = f"paibang serve: rebuilt, {report.pages} pages, {report.pdfs_printed} PDFs printed"
        except ContentErrors as failure:
            locale = self.locale or "zh-Hans"
            self.errors = error_page(failure, locale, self.content)
            summary = f"paibang serve: {sum(1 for p in failure.problems if not p.warning)} content error(s)"
        print(summary, flush=True)
        with self.changed:
            self.version += 1
            self.changed.notify_all()

    def wait_for_change(self, since: int, timeout: float = 25.0) -> int:
        with self.changed:
            self.changed.wait_for(lambda: self.version != since, timeout=timeout)
            return self.version


def error_page(failure: ContentErrors, locale: str, content: Path) -> str:
    """Every problem as the terminal shows it, in a page: file:line, the source line, the fix."""
    blocks = "\n".join(
        f'<pre class="{"warning" if p.warning else "error"}">{html.escape(p.format(locale, content.resolve()))}</pre>'
        for p in failure.problems
    )
    title = {"zh-Hans": "内容有错误", "zh-Hant": "內容有錯誤", "en": "Content errors"}.get(locale, "内容有错误")
    return (f'<!doctype html><html lang="{locale}"><head><meta charset="utf-8"><title>{title}</title>'
            '<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}'
            'pre{background:#fff3f3;border-left:4px solid #c00;padding:1rem;white-space:pre-wrap}'
            'pre.warning{background:#fffbe6;border-color:#d90}</style></head>'
            f'<body><h1>{title}</h1>{blocks}</body></html>')


def snapshot(folders: list[Path]) -> dict[str, float]:
    found = {}
    for folder in folders:
        for path in folder.rglob("*"):
            if path.is_file():
                try:
                    found[str(path)] = path.stat().st_mtime_ns
                except OSError:
                    pass
    return found


def watch(site: Site, stop: threading.Event, interval: float = 0.3) -> None:
    seen = snapshot([site.content, site.templates])
    while not stop.wait(interval):
        now = snapshot([site.content, site.templates])
        if now != seen:
            time.sleep(interval)  # let an editor finish writing (several files, or a save in two steps)
            seen = snapshot([site.content, site.templates])
            site.rebuild()


class Handler(SimpleHTTPRequestHandler):
    site: Site

    def log_message(self, format: str, *args: object) -> None:  # quiet: the terminal shows builds
        pass

    def do_GET(self) -> None:  # noqa: N802 (the http.server name)
        if self.path.startswith("/__paibang/version"):
            since = int(self.path.partition("since=")[2] or -1)
            self._send(str(self.site.wait_for_change(since)).encode(), "text/plain")
            return
        if self.site.errors is not None and (self.path.endswith((".html", "/")) or "." not in self.path.rsplit("/", 1)[-1]):
            self._send(self._with_reload(self.site.errors).encode(), "text/html; charset=utf-8")
            return
        target = Path(self.translate_path(self.path))
        if target.is_dir():
            target = target / "index.html"
        if target.suffix == ".html" and target.is_file():
            self._send(self._with_reload(target.read_text(encoding="utf-8")).encode(), "text/html; charset=utf-8")
            return
        super().do_GET()

    def _with_reload(self, page: str) -> str:
        script = RELOAD_SCRIPT % self.site.version
        return page.replace("</body>", script + "</body>") if "</body>" in page else page + script

    def _send(self, body: bytes, content_type: str) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


def make_server(content: Path, output: Path, templates: Path, port: int = 8000, host: str = "127.0.0.1",
                locale: str | None = None) -> tuple[ThreadingHTTPServer, Site, threading.Event]:
    """Build once, then return the (not yet running) server, its site state and a stop event."""
    site = Site(content, output, templates, locale)
    site.rebuild()
    output.mkdir(parents=True, exist_ok=True)
    handler = type("BoundHandler", (Handler,), {"site": site})
    server = ThreadingHTTPServer((host, port), partial(handler, directory=str(output.resolve())))
    server.daemon_threads = True
    stop = threading.Event()
    threading.Thread(target=watch, args=(site, stop), daemon=True).start()
    return server, site, stop


def serve(content: Path, output: Path, templates: Path, port: int, locale: str | None) -> int:
    server, _, stop = make_server(content, output, templates, port, locale=locale)
    print(f"paibang serve: http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        server.server_close()
    return 0
