"""How long the computer takes per decision in the browser (its PyScript worker).

    .venv/bin/python bench/browser_ai.py                  # hard vs hard, both titles
    .venv/bin/python bench/browser_ai.py --decisions 60 --level hard --game concordia

Plays an all-computer game in headless Chromium and reads the page's own performance marks
around every request to the AI worker (``ludi-ai-think-start`` / ``ludi-ai-think-end``, set by
``ui/computer.py``). The first request also boots the worker's Pyodide and is reported apart.
Prints the median, 90th percentile and worst time per decision (target for hard: median
<= 1.5 s, worst <= 3 s), and the longest main-thread task while the AI thinks (target < 50 ms).
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
  const spans = ends.map((end, i) => [starts[i], end]);
  const stalls = window.__longtasks.filter(([s, d]) =>
      spans.some(([a, b]) => s >= a && s + d <= b + 1)).map(([, d]) => d);
  return {times: spans.map(([a, b]) => b - a), stalls};
}"""


def measure(page, base: str, game: str, level: str, decisions: int) -> dict:
    seats = f"ai:{level},ai:{level}"
    page.goto(f"{base}/#new={game}&{GAMES[game]}&seats={seats}")
    page.wait_for_function(
        f"performance.getEntriesByName('ludi-ai-think-end').length >= {decisions + 1}"
        " || document.querySelector('#board[data-game-state=over]')", timeout=600_000)
    return page.evaluate(FIGURES)


def report(game: str, level: str, figures: dict) -> None:
    boot, *times = figures["times"]
    times.sort()
    p90 = times[int(0.9 * (len(times) - 1))]
    print(f"{game:10} {level:6} first (with worker boot) {boot / 1000:5.2f} s | "
          f"{len(times)} decisions: median {statistics.median(times) / 1000:5.2f} s, "
          f"p90 {p90 / 1000:5.2f} s, worst {times[-1] / 1000:5.2f} s | "
          f"longest main-thread task while thinking: {max(figures['stalls'], default=0):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--level", default="hard", choices=("easy", "medium", "hard", "expert"))
    parser.add_argument("--decisions", type=int, default=40)
    options = parser.parse_args()
    server = SiteServer(root=ROOT).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for game in options.game or sorted(GAMES):
                page = browser.new_page()
                page.add_init_script(LONGTASKS)
                report(game, options.level,
                       measure(page, server.url, game, options.level, options.decisions))
                page.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
