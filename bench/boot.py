"""Boot benchmark: our page against a bare PyScript page, on the stock runtime and on ours.

    make bench-boot                    # or: .venv/bin/python bench/boot.py --rounds 9

Three pages are loaded in one Chromium, interleaved (the order alternates each round), and timed
from navigation start to ``<html data-ready="true">`` (a MutationObserver notes
``performance.now()``): ours; ``bench/bare/``, a page that only marks itself ready, on the
runtime as its npm package ships it (the reference: it moves with the machine, not with our
work); ``bench/bare-shipped/``, the same page on the runtime as we ship it (``vendor/``: the
trimmed, compiled standard library). Three settings:

* cold: a fresh browser context each load (no HTTP cache, no service worker, no snapshot: a
  first visit, with the memory snapshot feature on as a visitor has it: the interpreter starts
  in a worker, ``data-boot="worker"``, checked); also the longest main-thread task after the
  first paint of each page and the worker's stages;
* warm: one persistent profile, service workers blocked, so both pages reload from the HTTP
  cache; our page with its memory snapshot switched off (``window.LUDI_SNAPSHOT = false``), so
  this is the normal boot of a returning visitor;
* snapshot: the same as warm with the snapshot on: a first visit saves it (the bench waits for
  ``<html data-snapshot="saved">``), then every load of ours must start from it
  (``data-boot="snapshot"``, checked).

Prints, per setting, the medians and the spread (min-max) of each page, the ratio of medians
and the median (and min-max) of the per-round ratios of ours to each bare page (targets, to
``bare``: cold and warm <= 1.10, snapshot <= 0.60), the machine's load average before and after,
and the bytes of a cold load up to ready, split into runtime and ours. ``--settings`` picks
settings (default: all three). ``--json FILE`` also writes the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.chromium import ARGS, CHROMIUM  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

PAGES = {"ours": "/", "bare": "/bench/bare/", "bare-shipped": "/bench/bare-shipped/"}
STOCK = ROOT / "node_modules" / "pyodide"
STOCK_URL = "/bench/stock-runtime/"
STOCK_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
               "pyodide-lock.json")
"""The bare page's runtime: the npm package's files as they ship, served at ``STOCK_URL``."""
BARE = ("bare", "bare-shipped")
NO_SNAPSHOT = "window.LUDI_SNAPSHOT = false;"
TARGETS = {"cold": 1.10, "warm": 1.10, "snapshot": 0.60}
READY_AT = """
addEventListener('py:ready', () => {
  window.__pyReadyAt = window.__pyReadyAt || performance.now();
}, true);
window.__tasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
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
    const path = new URL(e.name).pathname;
    if (path.includes('/vendor/') || path.includes('/stock-runtime/')) {
      runtime += e.encodedBodySize;
    } else {
      ours += e.encodedBodySize;
    }
  }
  return {runtime, ours, requests: entries.length};
}"""


def _load(page, url: str, timeout: float, boot: str | None = None) -> tuple[float, float]:
    """Navigate; return (ms to data-ready, ms from PyScript's py:ready to data-ready). With
    ``boot``, fail unless the page says it started that way (``<html data-boot>``)."""
    page.goto(url)
    page.wait_for_function("!!window.__readyAt", timeout=timeout, polling=10)
    ready, py_ready, how = page.evaluate(
        "[window.__readyAt, window.__pyReadyAt || 0, document.documentElement.dataset.boot]")
    if boot and how != boot:
        raise SystemExit(f"{url}: booted {how!r}, expected {boot!r}")
    return ready, ready - py_ready if py_ready else float("nan")


Times = dict[str, list[tuple[float, float]]]


LONGEST_TASK = """() => {
  const paint = performance.getEntriesByName('first-paint')[0];
  const after = window.__tasks.filter(([start, length]) => start + length > paint.startTime);
  return Math.max(0, ...after.map(([, length]) => length));
}"""
"""The longest main-thread task after the first paint (issue 37's limit: 200 ms)."""


def cold(browser, base: str, rounds: int, timeout: float) -> tuple[Times, dict, dict]:
    """First visits; ours must start from its worker (``data-boot="worker"``). Also returns,
    per page, the longest main-thread task after the first paint of each load, and for ours
    the worker's stages (``window.ludiWorkerTimes``, ms from navigation) of each load."""
    times: Times = {name: [] for name in PAGES}
    sizes: dict[str, dict] = {}
    extra: dict[str, list] = {"longest_task_ms": {name: [] for name in PAGES}, "worker": []}
    for r in range(rounds):
        order = list(PAGES) if r % 2 == 0 else list(reversed(PAGES))
        for name in order:
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            page.add_init_script(READY_AT)
            times[name].append(_load(page, base + PAGES[name], timeout,
                                     "worker" if name == "ours" else None))
            sizes[name] = page.evaluate(BYTES)
            extra["longest_task_ms"][name].append(round(page.evaluate(LONGEST_TASK)))
            if name == "ours":
                extra["worker"].append(page.evaluate("window.ludiWorkerTimes"))
            context.close()
    return times, sizes, extra


def warm(playwright, base: str, rounds: int, timeout: float, snapshot: bool = False) -> Times:
    """Reloads from one profile's HTTP cache; ``snapshot``: ours starts from its snapshot."""
    times: Times = {name: [] for name in PAGES}
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS, headless=True,
            service_workers="block")
        context.add_init_script(READY_AT if snapshot else NO_SNAPSHOT + READY_AT)
        page = context.new_page()
        for name in PAGES:  # fill the HTTP cache (and save our snapshot)
            _load(page, base + PAGES[name], timeout)
            if snapshot and name == "ours":
                page.wait_for_function("document.documentElement.dataset.snapshot",
                                       timeout=timeout, polling=100)
                saved = page.evaluate("document.documentElement.dataset.snapshot")
                if saved != "saved":
                    raise SystemExit(f"the page could not save its snapshot ({saved})")
        boot = {"ours": "snapshot" if snapshot else "normal"}
        for r in range(rounds):
            order = list(PAGES) if r % 2 == 0 else list(reversed(PAGES))
            for name in order:
                times[name].append(_load(page, base + PAGES[name], timeout, boot.get(name)))
        context.close()
    return times


def summary(times: Times) -> dict:
    """Medians and spread, the ratios of medians to each bare page and the median of per-round
    ratios (robust to drift: the machine is shared, its load changes during a run)."""
    ready = {name: [t for t, _ in runs] for name, runs in times.items()}
    medians = {name: statistics.median(values) for name, values in ready.items()}
    result = {
        "median_ms": {k: round(v) for k, v in medians.items()},
        "spread_ms": {k: [round(min(v)), round(max(v))] for k, v in ready.items()},
        "after_py_ready_ms": {k: round(statistics.median(p for _, p in runs))
                              for k, runs in times.items()},
        "runs_ms": {k: [round(v) for v in vs] for k, vs in ready.items()},
    }
    for bare in BARE:
        paired = [o / b for o, b in zip(ready["ours"], ready[bare])]
        result[bare] = {"ratio": round(medians["ours"] / medians[bare], 3),
                        "paired_ratio": round(statistics.median(paired), 3),
                        "paired_spread": [round(min(paired), 3), round(max(paired), 3)]}
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--timeout", type=float, default=120_000)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--settings", default="cold,warm,snapshot",
                        help="which settings to run, comma-separated (default: all three)")
    args = parser.parse_args()
    settings = args.settings.split(",")
    times: dict[str, Times] = {}
    sizes: dict[str, dict] = {}
    extra: dict = {}
    load_before = os.getloadavg()
    server = SiteServer(root=ROOT).start()
    for name in STOCK_FILES:
        server.overrides[STOCK_URL + name] = (STOCK / name).read_bytes()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            if "cold" in settings:
                times["cold"], sizes, extra = cold(browser, server.url, args.rounds, args.timeout)
            browser.close()
            if "warm" in settings:
                times["warm"] = warm(playwright, server.url, args.rounds, args.timeout)
            if "snapshot" in settings:
                times["snapshot"] = warm(playwright, server.url, args.rounds, args.timeout,
                                         snapshot=True)
    finally:
        server.stop()
    load = {"before": [round(x, 2) for x in load_before],
            "after": [round(x, 2) for x in os.getloadavg()]}
    result = {"rounds": args.rounds, **{name: summary(t) for name, t in times.items()},
              "bytes": sizes, "loadavg": load, "cold_detail": extra}
    print(f"load average (1, 5, 15 min) before {load['before']}, after {load['after']}")
    for setting in times:
        s = result[setting]
        spread = s["spread_ms"]
        print(f"{setting:8} to data-ready, median (min-max) of {args.rounds}: " + ", ".join(
            f"{k} {s['median_ms'][k]} ({spread[k][0]}-{spread[k][1]}) ms" for k in PAGES))
        for bare in BARE:
            r = s[bare]
            print(f"{'':8} ours / {bare}: ratio {r['ratio']:.2f}, paired {r['paired_ratio']:.2f} "
                  f"({r['paired_spread'][0]:.2f}-{r['paired_spread'][1]:.2f})"
                  + (f", target <= {TARGETS[setting]:.2f}" if bare == "bare" else ""))
        print(f"{'':8} py:ready -> data-ready: " + ", ".join(
            f"{k} {s['after_py_ready_ms'][k]} ms" for k in PAGES))
    if extra:
        longest = {k: statistics.median(v) for k, v in extra["longest_task_ms"].items()}
        print("cold longest main-thread task after the first paint, median (max): " + ", ".join(
            f"{k} {round(v)} ({max(extra['longest_task_ms'][k])}) ms" for k, v in longest.items()))
        stages = [s for s in extra["worker"] if s]
        if stages:
            print("cold ours, the worker's stages (ms from navigation, median): " + ", ".join(
                f"{k} {round(statistics.median(s[k] for s in stages))}" for k in stages[0]))
    for name, b in sizes.items():
        print(f"cold bytes {name}: runtime {b['runtime'] / 1e6:.2f} MB + ours "
              f"{b['ours'] / 1e3:.1f} kB in {b['requests']} requests")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
