"""Lighthouse (mobile, its default throttling) on the shipped site: ``make lighthouse``.

    make lighthouse                                   # builds dist/, then runs this
    .venv/bin/python bench/lighthouse.py --stock      # the stock server: every file raw
    .venv/bin/python bench/lighthouse.py --json bench/results/lighthouse.json

``dist/`` is served on 127.0.0.1 (a free port) by Python's static server; by default the server
sends the ``.gz``/``.br`` copies ``make dist`` writes to a browser that accepts them, as the
hosts in the README do (``gzip_static``, Caddy's ``precompressed``); ``--stock`` sends every file
as is (``python3 -m http.server``). Lighthouse 12 (``lighthouse`` pinned in package.json) runs
against Debian's Chromium (``CHROME_PATH=/usr/bin/chromium``, headless, no sandbox) and this
prints the category scores, the layout shift, the total blocking time and the audits that
failed in accessibility and best practices. Not part of ``make test``: one run takes a minute
or two, and its timings depend on the machine's load (Lighthouse simulates a slow phone from a
trace taken here).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.dist import DIST  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run"
TYPES = {".mjs": "text/javascript", ".wasm": "application/wasm"}
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
CATEGORIES = ("performance", "accessibility", "best-practices")
METRICS = (("cumulative-layout-shift", "CLS"), ("total-blocking-time", "TBT"),
           ("first-contentful-paint", "FCP"), ("largest-contentful-paint", "LCP"),
           ("interactive", "TTI"), ("max-potential-fid", "max potential FID"),
           ("total-byte-weight", "bytes"))


class Precompressed(http.server.SimpleHTTPRequestHandler):
    """The stock handler, but a file's ``.br``/``.gz`` copy goes to a browser that takes it."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def send_head(self):  # noqa: ANN201 (the stock signature)
        path = Path(self.translate_path(self.path))
        accepted = self.headers.get("Accept-Encoding", "")
        for encoding, suffix in ENCODINGS:
            packed = Path(f"{path}{suffix}")
            if path.is_file() and packed.is_file() and encoding in accepted:
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(str(path)))
                self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(packed.stat().st_size))
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return packed.open("rb")
        return super().send_head()

    def log_message(self, format: str, *args) -> None:
        pass


class Stock(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format: str, *args) -> None:
        pass


def serve(folder: Path, stock: bool) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Stock if stock else Precompressed, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def run(url: str, report: Path) -> dict:
    if not LIGHTHOUSE.is_file():
        sys.exit(f"{LIGHTHOUSE} is missing: run `make setup` (npm ci)")
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    subprocess.run([str(LIGHTHOUSE), url, f"--chrome-flags={CHROME_FLAGS}", "--output=json",
                    f"--output-path={report}", "--quiet", "--max-wait-for-load=180000"],
                   check=True, env=env)
    return json.loads(report.read_text("utf-8"))


def summary(result: dict) -> dict:
    """Scores (0–100), metrics, and the failed audits of accessibility and best practices."""
    audits = result["audits"]
    scores = {name: round(100 * (result["categories"][name]["score"] or 0))
              for name in CATEGORIES}
    metrics = {label: audits[key].get("displayValue", "") for key, label in METRICS}
    failed = {}
    for name in CATEGORIES[1:]:
        refs = result["categories"][name]["auditRefs"]
        failed[name] = sorted(ref["id"] for ref in refs if ref.get("weight")
                              and audits[ref["id"]]["score"] is not None
                              and audits[ref["id"]]["score"] < 1)
    return {"scores": scores, "metrics": metrics, "failed": failed,
            "lighthouse": result.get("lighthouseVersion"), "url": result.get("finalUrl")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=DIST)
    parser.add_argument("--stock", action="store_true", help="send every file raw")
    parser.add_argument("--json", type=Path, help="also write the summary here")
    parser.add_argument("--report", type=Path, help="also keep Lighthouse's whole report here")
    args = parser.parse_args()
    if not (args.dist / "precache.js").is_file():
        sys.exit(f"{args.dist} is not built: run `make dist`")
    server = serve(args.dist, args.stock)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            url = f"http://127.0.0.1:{server.server_address[1]}/"
            report = run(url, Path(tmp) / "report.json")
    finally:
        server.shutdown()
        server.server_close()
    if args.report:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        args.report.write_text(json.dumps(report))
    result = summary(report)
    served = "stock server, raw files" if args.stock else "precompressed copies sent"
    print(f"Lighthouse {result['lighthouse']} mobile on {result['url']} ({served})")
    print("  " + ", ".join(f"{name} {score}" for name, score in result["scores"].items()))
    print("  " + ", ".join(f"{label} {value}" for label, value in result["metrics"].items()))
    for name, ids in result["failed"].items():
        print(f"  {name} failed: {', '.join(ids) or 'none'}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
