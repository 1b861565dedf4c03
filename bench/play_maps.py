"""A person plays each later Concordia map to the end by clicking (issue 35's Done-when).

    .venv/bin/python bench/play_maps.py                        # the five maps, alternating sizes
    .venv/bin/python bench/play_maps.py --maps creta --size phone --lang ja --seed 3
    .venv/bin/python bench/play_maps.py --jobs 2               # two games at a time

Not part of ``make test`` (a game takes minutes). Serves the site on a loopback port
(:class:`tools.serve.SiteServer`, after ``tools.precache.main()`` as ``e2e/conftest.py`` does),
launches Debian's Chromium as the e2e suite does (never ``playwright install``) and opens
``#new=concordia&players=3&map=<id>&seats=human,<ai>,<ai>&pace=fast&lang=<lang>``. The human
seat plays only by clicking what the page marks as clickable, with the mouse at the element's
own shape, as a person would: a card of the hand, the Architect's colonist then a gold route
or a house, a province (Gavdos's province, then one of the goods it offers), the Mercator's
steppers then "Trade", a card of the display (and the good that pays its surcharge), the
decision bar's buttons, "Yes, do it" when the page asks before a regretted decision. Choices
are random (``--seed``) with a preference for doing something over ending a step. A click
whose point is covered by something else (the phone's decision bar over the map) is reported.

Per game it prints the map, size, language, the human's decisions, the minutes, the toasts
seen (refusals and notices: untranslated keys show there) and any console error, and saves
``e2e/artifacts/play-<map>-<lang>-<size>-mid.png`` (a position in the middle of the game, at
the human's ``--mid``-th decision), ``-end.png`` (the end banner) and, on Creta, ``-gavdos.png``
(the goods Gavdos offers, the first time). The exit code is 1 if a
game did not reach its end banner.

The default plan plays each map once so that every size and language occurs:
Hellas phone en, Ionium desktop ja, Hispania phone ja, Cyprus desktop en, Creta phone en.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.chromium import ARGS, CHROMIUM  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
PLAN = (("hellas", "phone", "en"), ("ionium", "desktop", "ja"), ("hispania", "phone", "ja"),
        ("cyprus", "desktop", "en"), ("creta", "phone", "en"))
ARTIFACTS = ROOT / "e2e" / "artifacts"

WAIT_TURN = """() => {
    const b = document.getElementById('board');
    if (b && b.dataset.gameState === 'over') return 'over';
    if (document.querySelector('#confirm-yes')) return 'confirm';
    const human = document.documentElement.dataset.awaiting === 'human';
    const thinking = !!document.querySelector('#prompt.thinking');
    return human && !thinking && document.querySelector('#board [data-cmd="act"]')
        ? 'human' : '';
}"""

POINT_ON = """el => {
    const shape = el.querySelector('path.hit, circle.hit, rect.hit');
    let x, y;
    if (shape && shape.tagName === 'circle') {
        const r = shape.getBoundingClientRect(); x = r.x + r.width / 2; y = r.y + r.height / 2;
    } else if (shape && shape.tagName === 'path') {
        const m = shape.getScreenCTM(); const len = shape.getTotalLength();
        const p = shape.getPointAtLength(len / 2);
        x = m.a * p.x + m.c * p.y + m.e; y = m.b * p.x + m.d * p.y + m.f;
    } else {
        const r = (shape || el).getBoundingClientRect();
        x = r.x + r.width / 2; y = r.y + r.height / 2;
    }
    const hit = document.elementFromPoint(x, y);
    const taker = hit && hit.closest('[data-cmd]');
    // a route's cost pad takes the click for its route (the same decision)
    const same = !!taker && taker.dataset.cmd === el.dataset.cmd
        && (taker === el || (el.dataset.index !== undefined
                             && taker.dataset.index === el.dataset.index));
    const own = !!hit && (hit === el || el.contains(hit) || same);
    const where = hit ? hit.tagName.toLowerCase() + '.' + (hit.className.baseVal ?? hit.className)
        + ' in ' + ((hit.closest('[id]') || {}).id || '') : '';
    return [x, y, own, where];
}"""


@dataclass
class Result:
    mapname: str
    size: str
    lang: str
    decisions: int = 0
    seconds: float = 0.0
    ended: bool = False
    winner: str = ""
    toasts: list[str] = field(default_factory=list)
    covered: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    stuck: str = ""
    gavdos: int = 0


class Player:
    """The human seat of one game, clicking."""

    def __init__(self, page, result: Result, rng: random.Random) -> None:
        self.page, self.result, self.rng = page, result, rng

    # ------------------------------------------------------------------ looking
    def moves(self) -> int:
        return int(self.page.evaluate("+document.getElementById('board').dataset.moves"))

    def step(self) -> str:
        return self.page.evaluate(
            "(document.querySelector('#board .cc') || {dataset: {}}).dataset.step || ''")

    def visible(self, selector: str) -> list:
        return [e for e in self.page.locator(selector).all() if e.is_visible()]

    def toast(self) -> None:
        text = self.page.evaluate("""() => { const t = document.querySelector(
            '[data-role="message"]'); return t && t.offsetParent ? t.innerText.trim() : ''; }""")
        if text and text not in self.result.toasts:
            self.result.toasts.append(text)

    # ------------------------------------------------------------------ clicking
    def click(self, element) -> None:
        """The mouse on the element's own shape; a covered point is reported, then the
        element is clicked by the page (so the game goes on)."""
        x, y, own, hit = element.evaluate(POINT_ON)  # where the page put it
        if not own:
            element.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
            self.page.wait_for_timeout(60)
            x, y, own, hit = element.evaluate(POINT_ON)
        if not own:  # under a phone's decision bar: up to where the map shows
            element.evaluate("e => window.scrollBy(0, e.getBoundingClientRect().top - 170)")
            self.page.wait_for_timeout(60)
            x, y, own, hit = element.evaluate(POINT_ON)
        if own:
            self.page.mouse.click(x, y)
            return
        what = element.evaluate("e => e.outerHTML.slice(0, 120)")
        self.result.covered.append(f"{self.step()}: {what} under {hit}")
        element.evaluate("e => e.dispatchEvent(new MouseEvent('click', {bubbles: true}))")

    def act(self, element) -> bool:
        """Click a decision; True once the game recorded it (or asks to confirm it)."""
        before = self.moves()
        self.click(element)
        try:
            self.page.wait_for_function(
                f"+document.getElementById('board').dataset.moves > {before} "
                "|| !!document.querySelector('#confirm-yes')", timeout=8000)
        except Exception:  # noqa: BLE001 - a refusal: the toast says why
            self.toast()
            return False
        if self.moves() > before:
            self.result.decisions += 1
        return True

    def choose(self, options: list, avoid_done: bool = True):
        doing = [e for e in options if not (e.get_attribute("class") or "").endswith("done")]
        pool = doing if doing and avoid_done else options
        return self.rng.choice(pool) if pool else None

    # ------------------------------------------------------------------ deciding
    def decide(self) -> bool:
        """One decision of the human seat by clicks; False if nothing worked."""
        if self.visible("#confirm-yes"):
            return self.act(self.visible("#confirm-yes")[0])
        step = self.step()
        handler = getattr(self, f"on_{step}", None)
        if handler is not None and handler():
            return True
        acts = self.visible('#board [data-cmd="act"]')
        element = self.choose(acts, avoid_done=self.rng.random() < 0.8)
        return bool(element) and self.act(element)

    def on_architect(self) -> bool:
        picks = self.visible('#board .cc-bar [data-cmd="board"][data-colonist]')
        if picks and not any(p.get_attribute("aria-pressed") == "true" for p in picks):
            self.click(self.rng.choice(picks))
        builds = self.visible('#board .cc-city[data-cmd="act"]')
        if builds:
            return self.act(self.rng.choice(builds))
        routes = self.visible('#board .cc-pad[data-cmd="act"], #board .cc-route[data-cmd="act"]')
        if routes and self.rng.random() < 0.75:
            return self.act(self.rng.choice(routes))
        return False

    def on_prefect(self) -> bool:
        openers = self.visible('#board .cc-province.target[data-cmd="board"]')
        if openers and self.rng.random() < 0.7:  # Gavdos (C-M.creta.1): then its goods
            self.click(openers[0])
            goods = self.visible('#board [data-cmd="act"][data-bonus]')
            if goods:
                self.result.gavdos += 1
                if self.result.gavdos == 1:  # the choice, photographed once
                    wait_still(self.page)
                    self.page.screenshot(path=str(ARTIFACTS / (
                        f"play-{self.result.mapname}-{self.result.lang}-{self.result.size}"
                        "-gavdos.png")))
                return self.act(self.rng.choice(goods))
            self.result.stuck = "Gavdos clicked but no good offered"
        provinces = self.visible('#board .cc-province[data-cmd="act"]')
        if provinces and self.rng.random() < 0.8:
            return self.act(self.rng.choice(provinces))
        return False

    def on_mercator(self) -> bool:
        for _ in range(self.rng.randint(1, 3)):
            steppers = [e for e in self.visible('#board [data-trade-good][data-trade-delta]')
                        if e.is_enabled()]
            if steppers:
                self.click(self.rng.choice(steppers))
                self.toast()
        go = [e for e in self.visible('#board [data-trade="go"]') if e.is_enabled()]
        if go and self.act(go[0]):
            return True
        return False

    def on_senator(self) -> bool:
        cards = self.visible('#board .cc-display [data-cmd="act"]')
        choosing = self.visible('#board .cc-display button.buyable[data-cmd="board"]')
        if choosing and (not cards or self.rng.random() < 0.3):
            self.click(self.rng.choice(choosing))
            pays = self.visible('#board [data-cmd="act"][data-pay]')
            if pays:
                return self.act(self.rng.choice(pays))
        if cards:
            return self.act(self.rng.choice(cards))
        return False

    on_consul = on_senator


def play(server_url: str, mapname: str, size: str, lang: str, seed: int, seats: str,
         mid: int, limit_min: float) -> Result:
    from playwright.sync_api import sync_playwright

    result = Result(mapname, size, lang)
    rng = random.Random(seed)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport=SIZES[size], locale="ja-JP" if lang == "ja"
                                      else "en-US", has_touch=size == "phone")
        page = context.new_page()
        page.on("console", lambda m: m.type == "error" and result.errors.append(m.text))
        page.on("pageerror", lambda e: result.errors.append(str(e)))
        page.goto(f"{server_url}/#new=concordia&players=3&map={mapname}"
                  f"&seats=human,{seats},{seats}&pace=fast&lang={lang}")
        page.wait_for_function("document.documentElement.dataset.ready === 'true'",
                               timeout=120_000)
        page.wait_for_selector(f"#board .cc-{mapname}", timeout=60_000)
        player = Player(page, result, rng)
        start = time.monotonic()
        failures = 0
        name = f"play-{mapname}-{lang}-{size}"
        while time.monotonic() - start < limit_min * 60:
            page.wait_for_function(WAIT_TURN, timeout=180_000)
            state = page.evaluate(WAIT_TURN)
            if state == "over":
                result.ended = True
                break
            if not state:
                continue
            if player.decide():
                failures = 0
            else:
                failures += 1
                if failures >= 12:
                    result.stuck = result.stuck or f"no decision worked at step {player.step()}"
                    page.screenshot(path=str(ARTIFACTS / f"{name}-stuck.png"))
                    break
            if result.decisions == mid and failures == 0:
                wait_still(page)
                page.screenshot(path=str(ARTIFACTS / f"{name}-mid.png"))
        result.seconds = time.monotonic() - start
        if result.ended:
            page.wait_for_selector('[data-role="result"]', timeout=30_000)
            result.winner = page.locator('[data-role="result"]').get_attribute(
                "data-winner") or ""
            page.locator('[data-role="result"]').evaluate("e => e.scrollIntoView()")
            wait_still(page)
            page.screenshot(path=str(ARTIFACTS / f"{name}-end.png"))
        context.close()
        browser.close()
    return result


def wait_still(page) -> None:
    page.evaluate("""() => Promise.race([Promise.all(document.getAnimations()
        .filter(a => (a.id || '').startsWith('ludi-')).map(a => a.finished.catch(() => null))),
        new Promise(r => setTimeout(r, 4000))])""")


def report(r: Result) -> str:
    lines = [f"{r.mapname:9} {r.size:7} {r.lang}  decisions {r.decisions:3}  "
             f"{r.seconds / 60:5.1f} min  {'ENDED' if r.ended else 'NOT ENDED'}"
             f"{'  winner seat(s) ' + r.winner if r.winner else ''}"
             f"{f'  Gavdos chosen {r.gavdos}x' if r.gavdos else ''}"]
    lines += [f"    stuck: {r.stuck}"] if r.stuck else []
    lines += [f"    toast: {t}" for t in r.toasts]
    lines += [f"    covered: {c}" for c in r.covered[:8]]
    lines += [f"    ({len(r.covered) - 8} more covered)"] if len(r.covered) > 8 else []
    lines += [f"    console: {e}" for e in r.errors[:8]]
    keys = [t for t in r.toasts if re.search(r"\b(cc|refusal|event)\.[a-z]", t)]
    lines += [f"    UNTRANSLATED: {k}" for k in keys]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", help="comma-separated maps (default: the plan's five)")
    parser.add_argument("--size", choices=sorted(SIZES), help="one size for every map")
    parser.add_argument("--lang", choices=("en", "ja"), help="one language for every map")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", default="ai", help="the computers' seat kind (ai = medium)")
    parser.add_argument("--mid", type=int, default=25, help="the decision photographed")
    parser.add_argument("--limit", type=float, default=30.0, help="minutes per game at most")
    parser.add_argument("--jobs", type=int, default=1, help="games at a time")
    args = parser.parse_args()
    plan = [(m, args.size or s, args.lang or lang) for m, s, lang in PLAN]
    if args.maps:
        wanted = args.maps.split(",")
        plan = [p for p in plan if p[0] in wanted]
        plan += [(m, args.size or "desktop", args.lang or "en") for m in wanted
                 if m not in {p[0] for p in plan}]
    from tools import precache

    precache.main()
    ARTIFACTS.mkdir(exist_ok=True)
    server = SiteServer(port=0).start()
    try:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(play, server.url, m, s, lang, args.seed + i, args.seats,
                                   args.mid, args.limit) for i, (m, s, lang) in enumerate(plan)]
            results = []
            for future in futures:
                results.append(future.result())
                print(report(results[-1]), flush=True)
    finally:
        server.stop()
    return 0 if all(r.ended for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
