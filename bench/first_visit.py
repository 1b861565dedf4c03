"""First-visit bytes of the shipped site: what a new visitor's browser downloads from the host.

    make bench-dist       # builds dist/, then runs: .venv/bin/python bench/first_visit.py

``dist/`` is served at ``/ludi/`` by Python's stock static server (a subclass that only notes
each response). One visit in a fresh persistent Chromium profile (a real HTTP cache): the page
boots to ``data-ready`` and the service worker fills its precache; then a reload, which the
service worker answers alone. For every file sent in full the bench adds its size as is (a host
that compresses nothing), its ``.gz`` and its ``.br`` copy where ``make dist`` wrote one (a host
that serves the precompressed files; browsers take brotli over HTTPS only, gzip everywhere).
Revalidations answered ``304 Not Modified`` carry no body and count zero.

``--json FILE`` also writes the figures.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.chromium import ARGS, CHROMIUM  # noqa: E402
from tools.dist import DIST  # noqa: E402

SUB_PATH = "ludi"


class NotingHandler(http.server.SimpleHTTPRequestHandler):
    """The stock handler; each response's (path, status) is appended to ``log``."""

    log: list[tuple[str, int]] = []

    def log_request(self, code="-", size="-") -> None:
        self.log.append((self.path.split("?", 1)[0], int(code)))

    def log_message(self, format: str, *args) -> None:
        pass


def _serve(parent: Path, log: list) -> http.server.ThreadingHTTPServer:
    handler = type("Handler", (NotingHandler,), {"log": log})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(parent)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def tally(dist: Path, log: list[tuple[str, int]]) -> dict:
    """Requests, and bytes sent raw / as .gz / as .br, of the logged responses."""
    figures = {"requests": len(log), "full": 0, "not_modified": 0, "raw": 0, "gzip": 0,
               "brotli": 0}
    for path, status in log:
        if status == 304:
            figures["not_modified"] += 1
            continue
        rel = path.removeprefix(f"/{SUB_PATH}/") or "index.html"
        file = dist / rel
        if status != 200 or not file.is_file():
            continue
        figures["full"] += 1
        raw = file.stat().st_size
        gz, br = (Path(f"{file}{suffix}") for suffix in (".gz", ".br"))
        gzip_size = gz.stat().st_size if gz.is_file() else raw
        figures["raw"] += raw
        figures["gzip"] += gzip_size
        figures["brotli"] += br.stat().st_size if br.is_file() else gzip_size
    return figures


def visit(dist: Path, timeout: float) -> dict:
    log: list[tuple[str, int]] = []
    with tempfile.TemporaryDirectory() as parent, tempfile.TemporaryDirectory() as profile:
        (Path(parent) / SUB_PATH).symlink_to(dist.resolve(), target_is_directory=True)
        server = _serve(Path(parent), log)
        url = f"http://127.0.0.1:{server.server_address[1]}/{SUB_PATH}/"
        try:
            with sync_playwright() as playwright:
                context = playwright.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=ARGS, headless=True)
                page = context.new_page()
                page.goto(url)
                page.wait_for_function("document.documentElement.dataset.ready === 'true'",
                                       timeout=timeout)
                boot = len(log)
                page.wait_for_function("!!navigator.serviceWorker.controller", timeout=timeout)
                first = len(log)
                page.reload()
                page.wait_for_function("document.documentElement.dataset.ready === 'true'",
                                       timeout=timeout)
                context.close()
        finally:
            server.shutdown()
            server.server_close()
    return {"boot": tally(dist, log[:boot]), "first_visit": tally(dist, log[:first]),
            "reload": tally(dist, log[first:])}


def _line(name: str, f: dict) -> str:
    return (f"{name:11} {f['requests']:3} requests ({f['full']} sent in full, "
            f"{f['not_modified']} not modified): raw {f['raw'] / 1e6:.2f} MB, "
            f"gzip {f['gzip'] / 1e6:.2f} MB, brotli {f['brotli'] / 1e6:.2f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=DIST)
    parser.add_argument("--timeout", type=float, default=120_000)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    if not (args.dist / "precache.js").is_file():
        sys.exit(f"{args.dist} is not built: run `make dist`")
    result = visit(args.dist, args.timeout)
    print(_line("boot", result["boot"]) + "   (navigation to data-ready)")
    print(_line("first visit", result["first_visit"]) + "   (+ the service worker's precache)")
    print(_line("reload", result["reload"]) + "   (served by the service worker)")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
