"""How long the computer takes per decision in the browser (its PyScript worker).

    .venv/bin/python bench/browser_ai.py                  # hard vs hard, both titles
    .venv/bin/python bench/browser_ai.py --decisions 60 --level hard --game concordia

Plays an all-computer game in headless Chromium and reads the page's own performance marks
around every request to the AI worker (``ludi-ai-think-start`` / ``ludi-ai-think-end``, set by
``ui/computer.py``). The worker's start (its own Pyodide) is marked apart
(``ludi-ai-boot-start`` / ``-end``) and reported apart. Prints the median, 90th percentile and
worst time per decision (the limits of issue 46: hard 1 s, expert 3 s), the same for the
search alone and for the rest (the worker's replay of the game, the round trip between the page
and the worker: from the think-end mark's detail), and the longest main-thread task while the
AI thinks (target < 50 ms). Decisions with a single option are taken without asking the
worker and are not counted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boot import ARGS, CHROMIUM  # noqa: E402  (bench/ is this script's folder)

from tools.serve import SiteServer  # noqa: E402

GAMES = {"municipium": "players=2", "concordia": "players=2&map=italia"}
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
"""
FIGURES = """() => {
  const starts = performance.getEntriesByName('ludi-ai-think-start').map(e => e.startTime);
  const ends = performance.getEntriesByName('ludi-ai-think-end').map(e => e.startTime);
  const details = performance.getEntriesByName('ludi-ai-think-end').map(e => e.detail || {});
  const spans = ends.map((end, i) => [starts[i], end]);
  const stalls = window.__longtasks.filter(([s, d]) =>
      spans.some(([a, b]) => s >= a && s + d <= b + 1)).map(([, d]) => d);
  const boot = performance.getEntriesByName('ludi-ai-boot-end').map((e, i) =>
      e.startTime - performance.getEntriesByName('ludi-ai-boot-start')[i].startTime);
  return {times: spans.map(([a, b]) => b - a), stalls, boot,
          search: details.map(d => d.search_ms || 0),
          worker: details.map(d => d.worker_ms || 0), replay: details.map(d => d.replay_ms || 0)};
}"""


def measure(page, base: str, game: str, level: str, decisions: int) -> dict:
    seats = f"ai:{level},ai:{level}"
    page.goto(f"{base}/#new={game}&{GAMES[game]}&seats={seats}")
    page.wait_for_function(
        f"performance.getEntriesByName('ludi-ai-think-end').length >= {decisions}"
        " || document.querySelector('#board[data-game-state=over]')", timeout=600_000)
    return page.evaluate(FIGURES)


def spread(values: list[float]) -> str:
    """``median / p90 / worst`` of ``values`` (milliseconds), in seconds."""
    ordered = sorted(values)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (f"{statistics.median(ordered) / 1000:5.2f} / {p90 / 1000:5.2f} / "
            f"{ordered[-1] / 1000:5.2f} s")


def report(game: str, level: str, figures: dict) -> None:
    times = figures["times"]
    rest = [t - s for t, s in zip(times, figures["search"])]
    trip = [t - w for t, w in zip(times, figures["worker"])]
    boot = ", ".join(f"{b / 1000:.2f}" for b in figures["boot"]) or "none"
    print(f"{game:10} {level:6} worker start {boot} s | {len(times)} decisions, "
          f"median / p90 / worst: {spread(times)} | search {spread(figures['search'])} | "
          f"rest {spread(rest)} (round trip {spread(trip)}) | longest main-thread task "
          f"while thinking: {max(figures['stalls'], default=0):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--level", default="hard", choices=("easy", "medium", "hard", "expert"))
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--each", action="store_true",
                        help="also print each decision's times (ms): whole, search, worker, replay")
    options = parser.parse_args()
    server = SiteServer(root=ROOT).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for game in options.game or sorted(GAMES):
                page = browser.new_page()
                page.add_init_script(LONGTASKS)
                figures = measure(page, server.url, game, options.level, options.decisions)
                report(game, options.level, figures)
                if options.each:
                    print(" ".join(f"{t:.0f}/{s:.0f}/{w:.0f}/{r:.0f}" for t, s, w, r in zip(
                        figures["times"], figures["search"], figures["worker"],
                        figures["replay"])))
                page.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
