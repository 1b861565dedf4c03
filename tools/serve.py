"""A small static server for the site (``make serve``; the e2e tests reuse ``SiteServer``).

It serves the repository root with the MIME types the page needs (``application/wasm``,
``.mjs`` as JavaScript, ``.webmanifest``) and ``Cache-Control: no-cache``: the browser may keep
copies but must revalidate them, so a new version is seen at once, while offline visits are
served by the service worker. Hidden paths (``.git``, ``.venv``) and ``node_modules`` are refused.
``make serve`` also computes ``precache.js``, ``pyscript.toml`` and the app bundle live from the
tree, so edits show up (via the "new version — Reload" prompt) without re-running ``make``.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import io
import sys
import threading
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "application/toml",
    ".py": "text/x-python",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".html": "text/html",
    ".txt": "text/plain",
}
REFUSED_TOP = ("node_modules",)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with correct types and revalidating caches.

    ``overrides`` (a dict of URL path -> bytes, shared by the server) lets tests serve a changed
    file without touching the tree, e.g. a new ``/precache.js`` to simulate a release.
    """

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    overrides: dict[str, bytes] = {}
    generators: dict[str, Callable[[], bytes]] = {}
    quiet = False

    def _refused(self) -> bool:
        parts = [p for p in self.path.split("?", 1)[0].split("/") if p]
        return bool(parts) and (parts[0].startswith(".") or parts[0] in REFUSED_TOP)

    def send_head(self):
        if self._refused():
            self.send_error(404, "Not served")
            return None
        path = self.path.split("?", 1)[0]
        body = self.overrides.get(path)
        if body is None and path in self.generators:
            body = self.generators[path]()
        if body is not None:
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer:
    """The site on a loopback port, served from a background thread.

    >>> server = SiteServer(port=0).start()   # a free port
    >>> server.url                             # e.g. "http://127.0.0.1:41234"
    >>> server.stop()
    """

    def __init__(self, root: Path = ROOT, host: str = "127.0.0.1", port: int = 0,
                 quiet: bool = True, live: bool = False) -> None:
        self.overrides: dict[str, bytes] = {}
        generators = live_generators(root) if live else {}
        handler = type(
            "BoundSiteHandler",
            (SiteHandler,),
            {"overrides": self.overrides, "generators": generators, "quiet": quiet},
        )
        factory = functools.partial(handler, directory=str(root))
        self.httpd = http.server.ThreadingHTTPServer((host, port), factory)
        self.httpd.daemon_threads = True
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> SiteServer:
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        if self.thread:
            self.thread.join(timeout=5)


def live_generators(root: Path) -> dict[str, Callable[[], bytes]]:
    """For development: ``/precache.js`` and ``/pyscript.toml`` computed from the tree at each
    request, so an edited or new module reaches the browser (after the "Reload" prompt of the
    service worker) without re-running ``make``."""
    from tools.precache import build, render
    from tools.site_files import BUNDLE, bundle
    from tools.site_files import render as render_toml

    return {
        "/precache.js": lambda: render(build(root)).encode(),
        "/pyscript.toml": lambda: render_toml().encode(),
        f"/{BUNDLE}": lambda: bundle(root),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    server = SiteServer(host=args.host, port=args.port, quiet=False, live=True)
    print(f"Serving Ludi at {server.url}/  (Ctrl-C to stop)", flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.httpd.server_close()


if __name__ == "__main__":
    main()
