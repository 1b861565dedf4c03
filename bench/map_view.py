"""How legible and how large the Concordia map is at the first human decision (issue 45).

    .venv/bin/python bench/map_view.py                 # seven maps x en/ja x phone/desktop
    .venv/bin/python bench/map_view.py --maps creta,imperium --lang en --shots

Not part of ``make test``. Serves the site on a loopback port (as ``bench/play_maps.py``),
boots one page per size and language, and for each map opens
``#new=concordia&players=3&map=<id>&seats=human,ai,ai&start_player=0`` and waits for the
human's first decision (a card to play). It prints per map and size:

``map%``   the part of the screen's height showing the map above the decision sheet (phone;
           on a desktop the map frame's share of the screen),
``p10``    the 10th percentile of the drawn height (CSS px, font size times the map's scale)
           of the map's texts: city names, goods signs, the cities' letters,
``min``    the smallest of those,
``zoom``   ``p10`` after one press of the zoom-in button (must be larger),
``hidden`` city names that are not drawn (must be 0),
``cover``  map labels covered by another label, a route's cost pad, a build-cost tag or a
           control over the map (must be 0; :data:`MEASURE` says how).

``--shots`` saves ``e2e/artifacts/view-<map>-<lang>-<size>.png``; ``--docs`` writes the
README's and ``docs/table.md``'s pictures (:data:`DOC_VIEWS`, JPEG) into ``docs/img/``.
The figures come from :data:`MEASURE`, the same script the e2e test
``e2e/test_map_view.py`` asserts on.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.chromium import ARGS, CHROMIUM  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

MAPS = ("imperium", "italia", "hellas", "ionium", "hispania", "cyprus", "creta")
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
ARTIFACTS = ROOT / "e2e" / "artifacts"
DOCS_IMG = ROOT / "docs" / "img"
DOC_VIEWS = {("hellas", "en", "phone"), ("creta", "ja", "phone"), ("imperium", "en", "desktop"),
             ("cyprus", "ja", "desktop")}
"""The views kept in ``docs/img/table-<map>-<lang>-<size>.jpg`` (``--docs``)."""

FIRST_DECISION = """m => {
    const cc = document.querySelector('#board .cc-' + m);
    return !!cc && cc.closest('.cc').dataset.step === 'turn'
        && !document.querySelector('#prompt.thinking')
        && !!document.querySelector('#board [data-cmd="act"]')
        && !!document.querySelector('#board svg.cc-map[data-fitted]');
}"""

MEASURE = (Path(__file__).resolve().parent / "map_view.js").read_text(encoding="utf-8")


def start(page, mapname: str, lang: str) -> None:
    page.evaluate("h => { location.hash = h; }",
                  f"#new=concordia&players=3&map={mapname}&seats=human,ai,ai"
                  f"&start_player=0&lang={lang}")
    page.wait_for_function(FIRST_DECISION, arg=mapname, timeout=60_000)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(150)


def zoomed_p10(page) -> float:
    page.locator('[data-map-zoom="in"]:visible').click()
    page.wait_for_timeout(250)
    p10 = page.evaluate(MEASURE)["p10"]
    page.locator('[data-map-zoom="fit"]:visible').click()
    page.wait_for_timeout(150)
    return p10


def run(url: str, size: str, lang: str, maps: list[str], shots: bool, docs: bool = False
        ) -> list[dict]:
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport=SIZES[size], has_touch=size == "phone",
                                      is_mobile=size == "phone")
        context.add_init_script("try { localStorage.setItem('ludi.handoff', 'off'); } catch (e) {}")
        page = context.new_page()
        page.goto(url + "/")
        page.wait_for_function("document.documentElement.dataset.ready === 'true'",
                               timeout=120_000)
        for mapname in maps:
            t0 = time.monotonic()
            start(page, mapname, lang)
            row = {"map": mapname, "size": size, "lang": lang, **page.evaluate(MEASURE)}
            row["zoom"] = zoomed_p10(page)
            row["secs"] = time.monotonic() - t0
            if shots:
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / f"view-{mapname}-{lang}-{size}.png"))
            if docs and (mapname, lang, size) in DOC_VIEWS:
                page.screenshot(path=str(DOCS_IMG / f"table-{mapname}-{lang}-{size}.jpg"),
                                type="jpeg", quality=72)
            rows.append(row)
            print(line(row), flush=True)
        browser.close()
    return rows


def line(row: dict) -> str:
    covers = "; ".join(row["covers"][:3])
    return (f"{row['map']:9} {row['size']:7} {row['lang']}  map% {row['mapShare'] * 100:5.1f}"
            f"  p10 {row['p10']:5.1f}  min {row['min']:5.1f}  zoom {row['zoom']:5.1f}"
            f"  names {row['names']:2}  hidden {row['hidden']}  cover {len(row['covers'])}"
            f"  ({row['secs']:.1f} s) {covers}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", help="comma-separated maps (default: all seven)")
    parser.add_argument("--size", choices=sorted(SIZES), help="one size (default: both)")
    parser.add_argument("--lang", choices=("en", "ja"), help="one language (default: both)")
    parser.add_argument("--shots", action="store_true", help="save a screenshot per map")
    parser.add_argument("--docs", action="store_true", help="write the docs' pictures")
    args = parser.parse_args()
    maps = args.maps.split(",") if args.maps else list(MAPS)
    from tools import precache

    precache.main()
    server = SiteServer(port=0).start()
    rows: list[dict] = []
    try:
        for size in [args.size] if args.size else list(SIZES):
            for lang in [args.lang] if args.lang else ["en", "ja"]:
                rows += run(server.url, size, lang, maps, args.shots, args.docs)
    finally:
        server.stop()
    bad = [r for r in rows if (r["size"] == "phone" and r["mapShare"] < 0.55) or r["p10"] < 9
           or r["zoom"] <= r["p10"] or r["hidden"] or r["covers"]]
    print(f"{len(rows)} views, {len(bad)} short of the issue's figures")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
