"""The page boots: landing first, Python ready, nothing off-origin, no console errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import wait_ready

ROOT = Path(__file__).resolve().parent.parent

STATUS_RECORDER = """
window.__statuses = [];
window.__statusTimes = [];
window.__statusBars = [];
new MutationObserver(() => {
  const el = document.getElementById('load-status');
  if (el && window.__statuses[window.__statuses.length - 1] !== el.textContent) {
    window.__statuses.push(el.textContent);
    window.__statusTimes.push(performance.now());
    window.__statusBars.push(document.getElementById('load-bar').value);
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""
"""Each new text of the load progress (``__statuses``), when it came (``__statusTimes``,
ms since navigation) and the bar's value with it (``__statusBars``)."""


STALLS_RECORDER = """
window.__stalls = {shifts: [], tasks: [], pyReady: null};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__stalls.shifts.push(e.value);
}).observe({type: 'layout-shift', buffered: true});
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__stalls.tasks.push({start: e.startTime, duration: e.duration});
  }
}).observe({type: 'longtask', buffered: true});
window.addEventListener('py:ready', () => { window.__stalls.pyReady = performance.now(); });
"""
"""Layout shifts (without recent input) and main-thread tasks over 50 ms, from navigation on."""
LAYOUT_SHIFT_LIMIT = 0.1
TASK_LIMIT_MS = 200
"""The issue's limit (37) for any main-thread task after the first paint. A first visit's
interpreter starts in a worker and hands the page a memory snapshot (``assets/js/interpreter.mjs``):
what is left on the page's thread is starting from that snapshot and our own start, measured
at 60–150 ms a task here. (Started on the page's thread, the interpreter's start was one task
of 2–6 s.)"""


@pytest.mark.snapshot  # a first visitor's browser: no snapshot kept, the worker starts
@pytest.mark.serial
def test_boot_reaches_ready_with_progress(browser, page, site, guard):
    """A first visit on a phone-sized window: real progress, the layout still (the progress
    floats, nothing moves when it goes), and no main-thread task over the limit after the
    first paint: the interpreter starts in a worker."""
    page.add_init_script(STATUS_RECORDER)
    page.add_init_script(STALLS_RECORDER)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site.url + "/")
    # The landing is plain HTML: visible (and its game buttons disabled) before Python is up.
    assert page.locator("#landing").is_visible()
    assert page.locator("#screen").is_hidden()
    wait_ready(page)
    statuses = page.evaluate("window.__statuses")
    assert any("MB" in s and "%" in s for s in statuses), statuses
    # one number drives the text and the bar (issue 45: the text said 99% over a bar at 79%)
    bars = page.evaluate("window.__statusBars")
    said = [(int(re.search(r"(\d+)\s*%", s).group(1)), bar)
            for s, bar in zip(statuses, bars, strict=True) if "%" in s]
    assert all(percent == bar for percent, bar in said), said
    assert "Starting Python…" in statuses, statuses
    assert statuses[-1] == "Ready"
    # The progress follows the worker's downloads (it fetches the runtime; the page reads its
    # own copies only once the worker's snapshot is there): the download is over before the
    # worker's interpreter is even up, not when the page at last reads its copies.
    starting = page.evaluate("window.__statusTimes")[statuses.index("Starting Python…")]
    worker = page.evaluate("window.ludiWorkerTimes")
    assert starting < worker["booted"] < worker["started"], (starting, worker)
    assert page.locator("#load-bar").evaluate("bar => bar.value") == 100
    for game in ("municipium", "concordia"):
        assert page.locator(f'[data-new-game="{game}"]').is_enabled()
    assert not guard.console_errors
    assert not guard.offsite
    page.wait_for_timeout(500)  # shifts and tasks right after ready are reported too
    stalls = page.evaluate("window.__stalls")
    assert sum(stalls["shifts"]) < LAYOUT_SHIFT_LIMIT, stalls["shifts"]
    assert stalls["pyReady"] is not None
    assert page.evaluate("document.documentElement.dataset.boot") == "worker"
    longest = [_longest_task_after_first_paint(page, stalls)]
    for _ in range(VISITS - 1):  # a busy machine can stretch a task: other first visits
        if min(longest) < TASK_LIMIT_MS:
            break
        longest.append(_another_first_visit(browser, site.url))
    assert min(longest) < TASK_LIMIT_MS, longest


VISITS = 3
"""First visits measured at most for the task limit: the best counts. The tasks left on the
page's thread take 60-150 ms here when the machine is quiet; the suite shares the machine, and
one task stretched past the limit by other work is the machine, not the page. A page whose
interpreter started on its own thread fails every visit (one task of 2-6 s)."""


def _longest_task_after_first_paint(page, stalls: dict) -> float:
    painted = page.evaluate("performance.getEntriesByName('first-paint')[0].startTime")
    after = [t["duration"] for t in stalls["tasks"] if t["start"] + t["duration"] > painted]
    return max(after, default=0)


def _another_first_visit(browser, url: str) -> float:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.add_init_script(STALLS_RECORDER)
    page.goto(url + "/")
    wait_ready(page)
    page.wait_for_timeout(500)
    assert page.evaluate("document.documentElement.dataset.boot") == "worker"
    longest = _longest_task_after_first_paint(page, page.evaluate("window.__stalls"))
    context.close()
    return longest


@pytest.mark.normal_boot
def test_buttons_disabled_until_ready(page, site):
    """Python never becomes ready if the runtime's wasm is withheld: the buttons stay off."""
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(site.url + "/")
    page.wait_for_timeout(1500)
    assert page.locator("html").get_attribute("data-ready") == "false"
    for game in ("municipium", "concordia"):  # they look unavailable (and say why if pressed)
        assert page.locator(f'[data-new-game="{game}"]').get_attribute("aria-disabled") == "true"


test_buttons_disabled_until_ready = pytest.mark.allow_console_errors(
    test_buttons_disabled_until_ready
)


@pytest.mark.normal_boot
def test_a_press_before_ready_is_answered_at_once_and_done_when_ready(page, site):
    """Issue 45: "New game" or "Learn to play" pressed during the first download changed the
    address and showed nothing for 20 s. Now the loading panel says at once that the action
    waits for the engine, and it is done when the engine is ready (the runtime's wasm is held
    back here until the presses are made)."""
    held: list = []
    released = []

    def hold(route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/pyodide.asm.wasm", hold)
    page.goto(site.url + "/#lang=en")
    # the loading panel speaks once the page's texts are in (boot.js: renderProgress drops the
    # status's data-i18n); a press before that is kept but said only then
    page.wait_for_function("!document.getElementById('load-status').hasAttribute('data-i18n')")
    button = page.locator('[data-new-game="concordia"]')
    assert button.get_attribute("aria-disabled") == "true"
    # a person can press it: it only looks unavailable (aria-disabled, which Playwright's own
    # click refuses; its forced click aims at a point while the loading panel still grows
    # above the button and once missed it under load: the press is dispatched to the button)
    button.dispatch_event("click")
    queued = page.locator("#load-queued")
    assert queued.is_visible() and "form opens as soon as" in queued.inner_text()
    page.locator('[data-learn="municipium"]').click()
    assert "lesson opens as soon as" in queued.inner_text()
    assert "#learn=municipium" in page.url
    button.dispatch_event("click")  # the last press counts
    assert "form opens as soon as" in queued.inner_text()
    assert page.locator("html").get_attribute("data-ready") == "false"
    released.append(True)
    for route in held:
        route.continue_()
    wait_ready(page)
    page.wait_for_selector("#new-game")
    assert page.locator('[data-new-game="concordia"]').get_attribute("aria-disabled") is None


@pytest.mark.normal_boot  # every file of a first start, and the precache after it
def test_no_request_leaves_the_origin(page, site, guard, wait_offline_ready):
    page.goto(site.url + "/")
    wait_ready(page)
    wait_offline_ready(page)  # the service worker's precache has run too
    assert len(guard.requests) > 20
    assert guard.offsite == []
    assert all(url.startswith(site.url) or url.startswith("data:") for url in guard.requests)


def test_dom_contract(app):
    """The ids and attributes the Python UI relies on."""
    html = app.locator("html")
    assert html.get_attribute("data-ready") == "true"
    for selector in (
        "main#app", "section#landing", "#load-progress progress#load-bar",
        "#load-progress span#load-status", 'button[data-new-game="municipium"]',
        'button[data-new-game="concordia"]', "section#saved-games", "select#lang-select",
        "details#how-to-municipium", "details#how-to-concordia",
        'input#import-file[type="file"]', '#message[role="status"][aria-live="polite"]',
        "section#screen", "div#update-prompt[hidden] #update-reload",
    ):
        assert app.locator(selector).count() == 1, selector
    assert app.locator("#import-file").get_attribute("accept") == ".json,.txt"
    assert app.locator('label[for="import-file"]').count() == 1
    values = app.locator("#lang-select option").evaluate_all("els => els.map(e => e.value)")
    assert values == ["en", "ja"]


@pytest.mark.parametrize("width", [360, 1280])
def test_landing_fits_without_horizontal_scroll(browser, site, guard, width):
    context = browser.new_context(viewport={"width": width, "height": 800})
    guard.watch(context)
    page = context.new_page()
    page.goto(site.url + "/")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    wait_ready(page)
    page.locator("#how-to-municipium summary").click()
    page.locator("#how-to-concordia summary").click()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()


def _catalogue(lang: str) -> dict[str, str]:
    return json.loads((ROOT / "assets" / "i18n" / lang / "page.json").read_text("utf-8"))


@pytest.mark.parametrize(
    ("how", "lang"), [("fragment", "ja"), ("storage", "ja"), ("navigator", "ja"), ("default", "en")]
)
def test_page_language(browser, site, guard, how, lang):
    locale = "ja-JP" if how == "navigator" else "en-US"
    context = browser.new_context(locale=locale)
    guard.watch(context)
    page = context.new_page()
    if how == "storage":
        page.add_init_script("localStorage.setItem('ludi.lang', 'ja')")
    page.goto(site.url + ("/#lang=ja" if how == "fragment" else "/"))
    catalogue = _catalogue(lang)
    page.wait_for_function(
        "t => document.querySelector('#how-to-concordia summary').textContent === t",
        arg=catalogue["howto.summary"],
    )
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("#title-municipium").text_content() == catalogue["game.municipium.title"]
    assert page.locator("#lang-select").input_value() == lang
    assert page.locator('meta[name="description"]').get_attribute("content") == (
        catalogue["page.description"]
    )
    context.close()


def test_language_select_switches_page_texts(page, site):
    page.goto(site.url + "/")
    page.locator("#lang-select").select_option("ja")
    ja = _catalogue("ja")
    # a heading Python never draws again (it redraws the saved games once it is up)
    page.wait_for_function(
        "t => document.getElementById('import-title').textContent === t", arg=ja["import.title"]
    )
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.evaluate("localStorage.getItem('ludi.lang')") == "ja"


def test_landing_is_keyboard_reachable_with_visible_focus(app):
    seen: list[str] = []
    for _ in range(30):
        app.keyboard.press("Tab")
        seen.append(app.evaluate("""() => {
            const el = document.activeElement;
            return el.id || el.getAttribute('data-new-game') || el.tagName.toLowerCase();
        }"""))
        if seen[-1] == "import-file":
            break
    for wanted in ("lang-select", "municipium", "concordia", "import-file"):
        assert wanted in seen, seen
    assert seen.count("summary") == 2, seen
    app.locator('[data-new-game="concordia"]').focus()
    outline = app.locator('[data-new-game="concordia"]').evaluate(
        "el => getComputedStyle(el).outlineStyle + ' ' + getComputedStyle(el).outlineWidth")
    assert outline.startswith("solid") and not outline.endswith(" 0px"), outline


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_landing_has_no_serious_accessibility_violations(open_app, page, lang):
    """axe-core (a devDependency, never served to users) on the landing, both languages."""
    if not AXE.is_file():
        pytest.skip("axe-core is not installed (npm ci)")
    open_app(page, f"/#lang={lang}")
    page.evaluate(AXE.read_text("utf-8"))  # evaluate, not a <script>: the CSP refuses inline
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    serious = [f"{v['id']}: {[n['target'] for n in v['nodes']]}"
               for v in result["violations"] if v["impact"] in ("critical", "serious")]
    assert serious == []
