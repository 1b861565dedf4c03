"""Boot benchmark: our page against a bare PyScript page on the same self-hosted runtime.

    make bench-boot                    # or: .venv/bin/python bench/boot.py --rounds 9

Both pages are loaded in one Chromium, interleaved (the order alternates each round), and timed
from navigation start to ``<html data-ready="true">`` (a MutationObserver notes
``performance.now()``). Two settings:

* cold: a fresh browser context each load (no HTTP cache, no service worker);
* warm: one persistent profile, service workers blocked, so both pages reload from the HTTP cache.

Prints the medians, the ratio ours/bare (target <= 1.10) and the bytes of a cold load up to
ready, split into runtime (``vendor/``) and ours. ``--json FILE`` also writes the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.serve import SiteServer  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PAGES = {"ours": "/", "bare": "/bench/bare/"}
READY_AT = """
addEventListener('py:ready', () => {
  window.__pyReadyAt = window.__pyReadyAt || performance.now();
}, true);
new MutationObserver(() => {
  if (!window.__readyAt && document.documentElement.dataset.ready === 'true') {
    window.__readyAt = performance.now();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});
"""
BYTES = """() => {
  const entries = [...performance.getEntriesByType('navigation'),
                   ...performance.getEntriesByType('resource')];
  let runtime = 0, ours = 0;
  for (const e of entries) {
    if (e.startTime > window.__readyAt) continue;
    if (new URL(e.name).pathname.includes('/vendor/')) runtime += e.encodedBodySize;
    else ours += e.encodedBodySize;
  }
  return {runtime, ours, requests: entries.length};
}"""


def _load(page, url: str, timeout: float) -> tuple[float, float]:
    """Navigate; return (ms to data-ready, ms from PyScript's py:ready to data-ready)."""
    page.goto(url)
    page.wait_for_function("!!window.__readyAt", timeout=timeout, polling=10)
    ready, py_ready = page.evaluate("[window.__readyAt, window.__pyReadyAt || 0]")
    return ready, ready - py_ready if py_ready else float("nan")


Times = dict[str, list[tuple[float, float]]]


def cold(browser, base: str, rounds: int, timeout: float) -> tuple[Times, dict]:
    times: Times = {name: [] for name in PAGES}
    sizes: dict[str, dict] = {}
    for r in range(rounds):
        order = list(PAGES) if r % 2 == 0 else list(reversed(PAGES))
        for name in order:
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            page.add_init_script(READY_AT)
            times[name].append(_load(page, base + PAGES[name], timeout))
            sizes[name] = page.evaluate(BYTES)
            context.close()
    return times, sizes


def warm(playwright, base: str, rounds: int, timeout: float) -> Times:
    times: Times = {name: [] for name in PAGES}
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS, headless=True,
            service_workers="block")
        context.add_init_script(READY_AT)
        page = context.new_page()
        for name in PAGES:  # fill the HTTP cache
            _load(page, base + PAGES[name], timeout)
        for r in range(rounds):
            order = list(PAGES) if r % 2 == 0 else list(reversed(PAGES))
            for name in order:
                times[name].append(_load(page, base + PAGES[name], timeout))
        context.close()
    return times


def summary(times: Times) -> dict:
    """Medians, the ratio of medians and the median of per-round ratios (robust to drift)."""
    ready = {name: [t for t, _ in runs] for name, runs in times.items()}
    medians = {name: statistics.median(values) for name, values in ready.items()}
    paired = [o / b for o, b in zip(ready["ours"], ready["bare"])]
    return {
        "median_ms": {k: round(v) for k, v in medians.items()},
        "ratio": round(medians["ours"] / medians["bare"], 3),
        "paired_ratio": round(statistics.median(paired), 3),
        "after_py_ready_ms": {k: round(statistics.median(p for _, p in runs))
                              for k, runs in times.items()},
        "runs_ms": {k: [round(v) for v in vs] for k, vs in ready.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--timeout", type=float, default=120_000)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    server = SiteServer(root=ROOT).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            cold_times, sizes = cold(browser, server.url, args.rounds, args.timeout)
            browser.close()
            warm_times = warm(playwright, server.url, args.rounds, args.timeout)
    finally:
        server.stop()
    result = {"rounds": args.rounds, "cold": summary(cold_times), "warm": summary(warm_times),
              "bytes": sizes}
    for setting in ("cold", "warm"):
        s = result[setting]
        print(f"{setting:5} boot to data-ready (median of {args.rounds}): "
              f"ours {s['median_ms']['ours']} ms, bare {s['median_ms']['bare']} ms, "
              f"ratio {s['ratio']:.2f}, paired {s['paired_ratio']:.2f} (target <= 1.10); "
              f"py:ready -> data-ready: ours {s['after_py_ready_ms']['ours']} ms, "
              f"bare {s['after_py_ready_ms']['bare']} ms")
    for name, b in sizes.items():
        print(f"cold bytes {name}: runtime {b['runtime'] / 1e6:.2f} MB + ours "
              f"{b['ours'] / 1e3:.1f} kB in {b['requests']} requests")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
