"""Soak: many all-computer games back to back in one tab — does anything pile up?

    .venv/bin/python bench/soak.py                          # 20 Municipium + 5 Concordia
    .venv/bin/python bench/soak.py --municipium 3 --concordia 1 --json bench/results/soak.json

One headless Chromium tab plays every game: the first game of each title is started from a
``#new=`` address (all seats computers, so the pace is the fastest: no pause between moves),
every later one with the result screen's "Play again" and the new-game form's Start, as a
player would. After each game the script collects garbage (CDP ``HeapProfiler``) and records:

- the JS heap in use (CDP ``Runtime.getHeapUsage``, the page's main thread),
- Pyodide's WebAssembly memory (``WebAssembly.Memory`` buffers seen at instantiation),
- live timers (``setTimeout``/``setInterval`` not yet fired or cleared; counted by a wrapper
  installed before the page's own scripts), live workers (created minus terminated, and the
  workers Playwright sees), event listeners and DOM nodes (CDP ``Performance.getMetrics``;
  also the elements in the document now),
- the size of the page's performance timeline (marks and measures).

It prints one line per game and the ratio of the heap after the last game to the heap after
the first (the issue's target: at most 1.5). Not a test: it takes many minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boot import ARGS, CHROMIUM  # noqa: E402  (bench/ is this script's folder)

from tools.serve import SiteServer  # noqa: E402

START = {
    "municipium": "#new=municipium&players={players}&seats={seats}",
    "concordia": "#new=concordia&players={players}&seats={seats}&map=italia",
}
COUNTERS = """
(() => {
  const live = new Set();
  const wrap = (name, once) => {
    const original = window[name];
    window[name] = function (handler, ...rest) {
      let id;
      const call = typeof handler === 'function'
        ? function (...args) { if (once) live.delete(id); return handler.apply(this, args); }
        : handler;
      id = original.call(window, call, ...rest);
      live.add(id);
      return id;
    };
  };
  wrap('setTimeout', true);
  wrap('setInterval', false);
  for (const name of ['clearTimeout', 'clearInterval']) {
    const original = window[name];
    window[name] = function (id) { live.delete(id); return original.call(window, id); };
  }
  let workers = 0;
  const OriginalWorker = window.Worker;
  window.Worker = class extends OriginalWorker {
    constructor(...args) { super(...args); workers += 1; }
    terminate() { workers -= 1; return super.terminate(); }
  };
  const memories = [];
  const keep = (result) => {
    const instance = result.instance || result;
    for (const value of Object.values(instance.exports || {})) {
      if (value instanceof WebAssembly.Memory) memories.push(value);
    }
    return result;
  };
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const original = WebAssembly[name];
    WebAssembly[name] = (...args) => original.apply(WebAssembly, args).then(keep);
  }
  window.__soak = () => ({
    timers: live.size, workers,
    wasm: memories.reduce((sum, m) => sum + m.buffer.byteLength, 0),
    timeline: performance.getEntriesByType('mark').length
      + performance.getEntriesByType('measure').length,
    log: Number(document.documentElement.dataset.logLength || 0),
    dom: document.getElementsByTagName('*').length,
  });
})();
"""


def measure(page, cdp) -> dict:
    for _ in range(2):
        cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    figures = page.evaluate("window.__soak()")
    return {"heap": heap["usedSize"], "heap_total": heap["totalSize"],
            "listeners": int(metrics.get("JSEventListeners", -1)),
            "nodes": int(metrics.get("Nodes", -1)), "workers_seen": len(page.workers),
            **figures}


def wait_for(page, selector: str, timeout_s: float = 120) -> None:
    """Wait for an element (never ``wait_for_selector``: the handle it returns would keep
    that element, and the whole board it belongs to, alive and counted)."""
    page.wait_for_function("s => !!document.querySelector(s)", arg=selector,
                           timeout=timeout_s * 1000)


def play_again(page) -> None:
    page.locator('[data-cmd="again"]').click()
    page.locator('#new-game [data-cmd="start"]').click()
    wait_for(page, '#board[data-game-state="playing"]')


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--municipium", type=int, default=20)
    parser.add_argument("--concordia", type=int, default=5)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", default="medium", choices=["easy", "medium", "hard"])
    parser.add_argument("--game-timeout", type=float, default=900, help="seconds per game")
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args()
    seats = ",".join([f"ai:{args.level}"] * args.players)
    server = SiteServer(root=ROOT).start()
    rows: list[dict] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.add_init_script(COUNTERS)
            cdp = page.context.new_cdp_session(page)
            cdp.send("Performance.enable")
            page.goto(server.url + "/")
            page.wait_for_function("document.documentElement.dataset.ready === 'true'",
                                   timeout=120_000)
            rows.append({"game": "(landing)", "seconds": 0.0, **measure(page, cdp)})
            print(f"{'game':<14}{'s':>6}{'moves':>7}{'heap MB':>9}{'wasm MB':>9}"
                  f"{'timers':>8}{'workers':>8}{'listeners':>10}{'nodes':>7}{'dom':>6}{'marks':>7}")
            plan = ["municipium"] * args.municipium + ["concordia"] * args.concordia
            for number, title in enumerate(plan):
                started = time.monotonic()
                if number == 0 or plan[number - 1] != title:
                    page.evaluate("hash => { location.hash = hash; }",
                                  START[title].format(players=args.players, seats=seats))
                    wait_for(page, f'#board[data-game="{title}"]')
                else:
                    play_again(page)
                wait_for(page, '#board[data-game-state="over"]', args.game_timeout)
                row = {"game": f"{title} {number + 1}",
                       "seconds": round(time.monotonic() - started, 1), **measure(page, cdp)}
                rows.append(row)
                print(f"{row['game']:<14}{row['seconds']:>6.0f}{row['log']:>7}"
                      f"{row['heap'] / 1e6:>9.2f}{row['wasm'] / 1e6:>9.1f}{row['timers']:>8}"
                      f"{row['workers']:>8}{row['listeners']:>10}{row['nodes']:>7}{row['dom']:>6}"
                      f"{row['timeline']:>7}", flush=True)
            browser.close()
    finally:
        server.stop()
    games = rows[1:]
    ratio = games[-1]["heap"] / games[0]["heap"]
    print(f"\nJS heap after the last game / after the first: {ratio:.2f} "
          f"({games[-1]['heap'] / 1e6:.2f} / {games[0]['heap'] / 1e6:.2f} MB; target <= 1.5)")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"args": vars(args) | {"json": str(args.json)},
                                         "ratio": ratio, "rows": rows}, indent=1))
    return 0 if ratio <= 1.5 else 1


if __name__ == "__main__":
    sys.exit(main())
