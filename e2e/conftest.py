"""Browser tests of the real page in Debian's Chromium (pytest-playwright).

Run with ``make test`` (or ``make test-e2e``; ``.venv/bin/python -m pytest e2e`` once set up).
Chromium is /usr/bin/chromium, launched with the flags this machine needs; ``playwright
install`` is never used.

Fixtures and helpers for every e2e test
---------------------------------------
``site``            session-wide :class:`tools.serve.SiteServer` serving the repository on a free
                    loopback port; ``site.url`` is e.g. ``http://127.0.0.1:41234``. ``base_url``
                    is set to it, so ``page.goto("/#g=...")`` works.
``private_site``    factory: ``server = private_site()`` starts another server on its own port
                    (= its own origin, so its own service worker and storage). Use it for tests
                    that stop the server (offline) or change files (``server.overrides[
                    "/precache.js"] = b"..."`` serves other bytes for that URL path). Stopped at
                    teardown.
``page``            pytest-playwright's: a new page of ``context`` (below), locale ``en-US``
                    (``browser_context_args``); for another locale or for
                    ``service_workers="block"`` make your own ``browser.new_context(...)``
                    and pass it to ``guard.watch``.
``app``             a ``page`` already at ``site.url + "/"`` with Python ready (``data-ready``).
``open_app``        ``open_app(page, "#lang=ja")``: go to the site (+ a path/fragment) and
                    wait until Python is ready; returns the page.
``wait_ready``      ``wait_ready(page)``: wait for ``<html data-ready="true">`` (the marker the
                    Python UI sets when the page is interactive). ``BOOT_TIMEOUT_MS`` bounds it.
``wait_offline_ready``  ``wait_offline_ready(page)``: wait until a service worker controls the
                    page (``<html data-sw="active">``), i.e. the precache is complete.
``guard``           autouse: records every request that leaves the site's origin(s) and every
                    console error / uncaught page error of the default ``context`` and of any
                    context passed to ``guard.watch(context)``; the test FAILS at teardown if
                    there are any. ``guard.offsite``, ``guard.console_errors`` and
                    ``guard.requests`` (all URLs seen) are lists for explicit asserts. Opt out
                    per test with ``@pytest.mark.allow_offsite`` or
                    ``@pytest.mark.allow_console_errors``.
``context``         the default context (pytest-playwright's, replaced): the tests of a worker
                    share one returning visitor's browser, the memory snapshot
                    (``assets/js/interpreter.mjs``) already in its Cache Storage, so its pages
                    boot from it (about 1.5 s instead of 4 s here), no page starts a second
                    interpreter to save one while the test plays, and the browser's compiled
                    WebAssembly is kept between tests. The snapshot is made once per session,
                    by a first visit in a context of its own, and copied into each shared
                    one. Before each test its storage, caches (the snapshot's kept) and
                    service workers are cleared; after it, the test's pages are closed. It is
                    made anew every 12 tests and after any renderer crash in it
                    (``SharedContext``).
                    ``@pytest.mark.own_context``: a fresh context with the snapshot, for a test
                    that changes the context itself (``context.add_init_script``) or whose
                    default page visits another server (whose origin nothing clears).
                    ``@pytest.mark.normal_boot``: a fresh context with the snapshot switched
                    off (``NO_SNAPSHOT``), for tests of the normal start itself.
                    ``@pytest.mark.snapshot``: a fresh first visitor's context (no snapshot
                    yet, saving one on), for tests of the snapshot itself. Contexts a
                    test makes itself (``browser.new_context``, e.g. the offline tests) are
                    first visitors too, unless it calls ``keep_snapshot(context)`` (a
                    returning visitor's phone or Japanese browser: no second interpreter
                    started to save a snapshot while the test plays).

``booted``          a page booted once and kept for the tests of a worker that only play on
                    a page (no reload, storage, init script, context or boot of their own):
                    each starts its game with ``start_on(booted, "/#new=…")`` (by the
                    address's hash, as a player following a link on a page already open;
                    English unless it says ``lang=``; ``handoff=False`` for no hand-off
                    screen). Each test gets it on the landing, in English, its storage
                    cleared and its viewport reset; after a failure, a renderer crash or 15
                    tests the next one boots a new page (``BootedPage``). Its context is its
                    own, watched by ``guard``. It saves each test the page's boot, the board's
                    first drawing and the computer's worker start (about 3 s).

``@pytest.mark.serial``  a test that times the page's work: ``make test-e2e`` runs the others
                    on two workers (pytest-xdist: every fixture above is per worker, each with
                    its own server and snapshot), then these alone (docs/testing.md).

A test for links, saves or the language, for instance::

    def test_japanese_from_fragment(open_app, page):
        open_app(page, "/#lang=ja")
        assert page.locator("html").get_attribute("lang") == "ja"
"""

from __future__ import annotations

import base64
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.ordering import long_first  # noqa: E402
from tools.chromium import ARGS, CHROMIUM  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

LAUNCH_ARGS = list(ARGS)
BOOT_TIMEOUT_MS = 120_000
"""Python must be ready within this (a cold boot takes about 3 s; CI machines are busy)."""

_ORIGINS: set[str] = set()
"""Origins of every server started by these fixtures (requests to them are local)."""


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _start_server() -> SiteServer:
    server = SiteServer(root=ROOT).start()
    _ORIGINS.add(server.url)
    return server


# ---- browser -------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": LAUNCH_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """English page texts unless a test asks for another locale (keep service_workers out)."""
    return {**browser_context_args, "locale": "en-US"}


# ---- servers -------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def site() -> Iterator[SiteServer]:
    if not (ROOT / "vendor" / "pyodide" / "pyodide.asm.wasm").is_file() or not (
        ROOT / "precache.js"
    ).is_file():
        pytest.exit("the site is not set up: run `make test` (or `make site`) first", 2)
    from tools import precache

    precache.main()  # the app bundle and the precache list, from the tree as it is now
    server = _start_server()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def base_url(site: SiteServer) -> str:
    return site.url


@pytest.fixture
def private_site() -> Iterator[Callable[[], SiteServer]]:
    servers: list[SiteServer] = []

    def start() -> SiteServer:
        servers.append(_start_server())
        return servers[-1]

    yield start
    for server in servers:
        try:
            server.stop()
        except OSError:
            pass


# ---- helpers -------------------------------------------------------------------------------


NO_SNAPSHOT = "window.LUDI_SNAPSHOT = false;"
"""For ``add_init_script``: the page neither reads nor saves a memory snapshot."""


PREFILL_PAGE = "/__test-prefill.html"
SNAPSHOT_BYTES = "/__test-snapshot.bin"
"""Paths the session's server answers for the snapshot's copies (never part of the site)."""

_READ_SNAPSHOT = """async () => {
    for (const name of await caches.keys()) {
        if (!name.startsWith('ludi-snapshot-')) continue;
        const cache = await caches.open(name);
        const [request] = await cache.keys();
        const response = await cache.match(request);
        window.__ludiSnapshot = new Uint8Array(await response.arrayBuffer());
        return {cache: name, url: request.url, size: window.__ludiSnapshot.length,
                digest: response.headers.get('x-ludi-sha256')};
    }
    return null;
}"""
_SNAPSHOT_CHUNK = """([start, end]) => {
    const part = window.__ludiSnapshot.subarray(start, end);
    let text = '';
    for (let i = 0; i < part.length; i += 0x8000) {
        text += String.fromCharCode.apply(null, part.subarray(i, i + 0x8000));
    }
    return btoa(text);
}"""
_PUT_SNAPSHOT = """async ({cache, url, digest, path}) => {
    const body = await (await fetch(path)).arrayBuffer();
    await (await caches.open(cache)).put(url, new Response(body, {headers: {
        'content-type': 'application/octet-stream', 'x-ludi-sha256': digest}}));
}"""


@pytest.fixture(scope="session")
def snapshot_entry(browser, site: SiteServer) -> dict:
    """The memory snapshot a first visit to ``site`` saves: its Cache Storage name, request URL
    and digest (its bytes are then served at :data:`SNAPSHOT_BYTES`). Made once a session."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site.url + "/")
        wait_ready(page)
        page.wait_for_function("!!document.documentElement.dataset.snapshot", timeout=120_000)
        assert page.evaluate("document.documentElement.dataset.snapshot") == "saved", (
            "the first visit could not save a memory snapshot")
        entry = page.evaluate(_READ_SNAPSHOT)
        step = 4 << 20
        site.overrides[SNAPSHOT_BYTES] = b"".join(
            base64.b64decode(page.evaluate(_SNAPSHOT_CHUNK, [start, start + step]))
            for start in range(0, entry["size"], step))
        site.overrides[PREFILL_PAGE] = (b"<!doctype html><title>prefill</title>"
                                        b'<link rel="icon" href="data:,">')
        return entry
    finally:
        context.close()


_FORGET = """async () => {
    // What a test left on the site's origin, but the kept snapshot: storage, caches, workers.
    localStorage.clear();
    for (const name of await caches.keys()) {
        if (!name.startsWith('ludi-snapshot-')) await caches.delete(name);
    }
    for (const registration of await navigator.serviceWorker.getRegistrations()) {
        await registration.unregister();
    }
}"""


def _own_context(request: pytest.FixtureRequest) -> bool:
    """Whether the test's default context is its own, fresh one (see :func:`context`)."""
    return any(request.node.get_closest_marker(name) is not None
               for name in ("snapshot", "normal_boot", "own_context"))


class SharedContext:
    """The returning visitor's context the tests of a worker share (:func:`context`): the
    session's snapshot copied in, and a page on the site's origin (the keeper) kept open beside
    the tests' pages to clear what each test leaves (:data:`_FORGET`).

    A context is made anew after :data:`RENEW_AFTER` tests, and at once after any of its pages'
    renderer crashed: in a CI run on 2026-12-07, once a page had crashed in a worker's context,
    the pages of most tests after it crashed there too, their reruns as well (19 tests failed),
    where a fresh context boots as before (docs/testing.md)."""

    RENEW_AFTER = 12

    def __init__(self, browser, args: dict, site: SiteServer, entry: dict) -> None:
        self._make = lambda: browser.new_context(**args)
        self._site, self._entry = site, entry
        self.context: Any = None
        self.keeper: Any = None
        self.crashed = False
        self.uses = 0

    def _crash(self, _page) -> None:
        self.crashed = True

    def _open(self) -> None:
        if self.context is not None:
            self.close()
        self.context = self._make()
        self.context.on("page", lambda page: page.on("crash", self._crash))
        self.crashed, self.uses = False, 0
        self.keeper = _put_snapshot(self.context, self._site, self._entry)

    def take(self) -> Any:
        """The context for the next test: cleared, or new if due or its renderer crashed."""
        if self.context is None or self.crashed or self.uses >= self.RENEW_AFTER:
            self._open()
        self.uses += 1
        self.keeper.evaluate(_FORGET)
        return self.context

    def give_back(self) -> None:
        """Close the test's pages (the keeper stays)."""
        for page in self.context.pages:
            if page is not self.keeper and not page.is_closed():
                page.close()

    def close(self) -> None:
        try:
            self.context.close()
        except Exception:  # noqa: BLE001 - a crashed browser's context may refuse to close
            pass
        self.context = self.keeper = None


@pytest.fixture(scope="session")
def shared_context(browser, browser_context_args: dict, site: SiteServer,
                   snapshot_entry: dict) -> Iterator[SharedContext]:
    """The worker's :class:`SharedContext`, closed at the end of the session."""
    shared = SharedContext(browser, browser_context_args, site, snapshot_entry)
    yield shared
    if shared.context is not None:
        shared.close()


@pytest.fixture
def context(request: pytest.FixtureRequest, new_context: Callable) -> Iterator[Any]:
    """The test's default context. Most tests share one per worker (:class:`SharedContext`):
    a returning visitor's, its storage, caches and service workers cleared before each test and
    its pages closed after, so none pays for a context of its own and the snapshot's copy,
    and its pages boot with the browser's compiled WebAssembly kept. A test that changes the
    context itself (``context.add_init_script``, the first visit, the normal start) gets a
    fresh one: ``@pytest.mark.own_context``, ``snapshot`` or ``normal_boot``."""
    if _own_context(request):
        fresh = new_context()
        if request.node.get_closest_marker("normal_boot") is not None:
            fresh.add_init_script(NO_SNAPSHOT)
        elif request.node.get_closest_marker("snapshot") is None:
            request.getfixturevalue("keep_snapshot")(fresh)
        yield fresh
        return
    shared = request.getfixturevalue("shared_context")
    yield shared.take()
    shared.give_back()


@pytest.fixture
def keep_snapshot(request: pytest.FixtureRequest) -> Callable:
    """``keep_snapshot(context)``: a context a test makes itself (its own viewport, locale)
    starts as a returning visitor's too, the session's snapshot in its Cache Storage (its
    pages boot from it and start no second interpreter to save one)."""
    def keep(context) -> None:
        _put_snapshot(context, request.getfixturevalue("site"),
                      request.getfixturevalue("snapshot_entry")).close()

    return keep


def _put_snapshot(context, site: SiteServer, entry: dict) -> Any:
    """Copy the session's snapshot into ``context``'s Cache Storage, from a page on the site's
    origin opened for it (returned, open)."""
    page = context.new_page()
    page.goto(site.url + PREFILL_PAGE)
    page.evaluate(_PUT_SNAPSHOT, {**entry, "path": SNAPSHOT_BYTES})
    return page


NO_HANDOFF = "try { localStorage.setItem('ludi.handoff', 'off'); } catch (e) { /* no storage */ }"
"""For ``page.add_init_script``: no pass-and-play hand-off screen (tests where several human
seats decide in turn on one page; the hand-off itself is tested in test_table.py)."""


def wait_ready(page, timeout: float = BOOT_TIMEOUT_MS) -> None:
    """Wait until the Python UI marks the page interactive (``<html data-ready="true">``)."""
    page.wait_for_function(
        "document.documentElement.dataset.ready === 'true'", timeout=timeout
    )


def wait_offline_ready(page, timeout: float = 60_000) -> None:
    """Wait until a service worker controls the page (its precache is then complete)."""
    page.wait_for_function(
        "document.documentElement.dataset.sw === 'active' && !!navigator.serviceWorker.controller",
        timeout=timeout,
    )


@pytest.fixture(name="wait_ready")
def wait_ready_fixture() -> Callable:
    return wait_ready


@pytest.fixture(name="wait_offline_ready")
def wait_offline_ready_fixture() -> Callable:
    return wait_offline_ready


SENT_MID_TURN = '[data-role="handoff"][data-sent-mid-turn="true"] [data-cmd="handoff"]'
"""The "I am <name>" button of the screen a link made in the middle of its sender's turn opens
on (the test links are made at any decision, often mid-turn)."""


def take_on_as_sender(page) -> None:
    """Past the screen a link made in the middle of its sender's turn opens on, if it shows
    (by the keyboard: a click would end the keyboard's :focus-visible that tests rely on)."""
    if page.locator(SENT_MID_TURN).count():
        page.locator(SENT_MID_TURN).focus()
        page.keyboard.press("Enter")
        page.locator(SENT_MID_TURN).wait_for(state="detached")


@pytest.fixture
def open_app(site: SiteServer) -> Callable:
    def open_(page, path: str = "/", as_sender: bool = True):
        """Open ``path`` and wait for the page; a game link (``#g=``) made in the middle of a
        turn is taken on as its sender (``as_sender=False`` keeps that screen)."""
        page.goto(site.url + (path if path.startswith("/") else "/" + path))
        wait_ready(page)
        if as_sender and "#g=" in path:
            take_on_as_sender(page)
        return page

    return open_


@pytest.fixture
def app(page, open_app):
    return open_app(page)


# ---- a booted page kept across tests --------------------------------------------------------


class BootedPage:
    """The page the tests of a worker that only play on a page share (:func:`booted`): booted
    from the session's snapshot in a context of its own, and kept while its tests pass, for
    at most :data:`RENEW_AFTER` of them."""

    RENEW_AFTER = 15

    def __init__(self, browser, args: dict, site: SiteServer, entry: dict) -> None:
        self.context = browser.new_context(**args)
        _put_snapshot(self.context, site, entry).close()
        self._url = site.url + "/"
        self.page: Any = None
        self.viewport: Any = None
        self.crashed = False
        self.uses = 0

    def take(self) -> Any:
        """The booted page; a new one for the first test, after a failure or a renderer crash,
        and every :data:`RENEW_AFTER` tests."""
        if (self.page is None or self.crashed or self.page.is_closed()
                or self.uses >= self.RENEW_AFTER):
            self.drop()
            page = self.context.new_page()
            page.on("crash", lambda _page: setattr(self, "crashed", True))
            page.goto(self._url)
            wait_ready(page)
            self.page, self.viewport = page, page.viewport_size
        self.uses += 1
        return self.page

    def drop(self) -> None:
        """Close the page (the next test boots another)."""
        if self.page is not None and not self.page.is_closed():
            self.page.close()
        self.page, self.crashed, self.uses = None, False, 0

    def close(self) -> None:
        try:
            self.context.close()
        except Exception:  # noqa: BLE001 - a crashed browser's context may refuse to close
            pass


@pytest.fixture(scope="session")
def booted_pages(browser, browser_context_args: dict, site: SiteServer,
                 snapshot_entry: dict) -> Iterator[BootedPage]:
    kept = BootedPage(browser, browser_context_args, site, snapshot_entry)
    yield kept
    kept.close()


_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Iterator[None]:
    """Note on the test whether a phase of it failed (:func:`booted` then drops its page)."""
    outcome = yield
    if outcome.get_result().failed:
        item.stash[_FAILED] = True


@pytest.fixture
def booted(request: pytest.FixtureRequest, booted_pages: BootedPage,
           guard: Guard) -> Iterator[Any]:
    """The worker's booted page (see the module's notes): on the landing, in English, its
    storage cleared and its viewport reset."""
    page = booted_pages.take()
    guard.watch(page.context)
    page.evaluate("localStorage.clear()")
    page.set_viewport_size(booted_pages.viewport)
    yield page
    guard.unwatch(page.context)
    if request.node.stash.get(_FAILED, False) or booted_pages.crashed:
        booted_pages.drop()
        return
    # back to the landing in English: the test's game and its computer seats are left
    page.evaluate("() => { location.hash = ''; location.hash = '#lang=en'; }")
    page.wait_for_function("!document.getElementById('landing').hidden"
                           " && document.documentElement.lang === 'en'")


def start_on(page, address: str, handoff: bool = True) -> Any:
    """Open ``address`` (``/#new=…`` or ``/#g=…``) on a page already booted, by its hash as a
    link followed there would (in English unless it says ``lang=``), and wait for the game
    to be on screen; ``handoff=False``: no pass-and-play hand-off screen (as
    :data:`NO_HANDOFF`). Returns the page."""
    if not handoff:
        page.evaluate("localStorage.setItem('ludi.handoff', 'off')")
    fragment = address.removeprefix("/")
    if "lang=" not in fragment:
        fragment += "&lang=en"
    page.evaluate("fragment => { location.hash = fragment; }", fragment)
    page.wait_for_function("!document.getElementById('screen').hidden")
    if "#g=" in fragment:
        take_on_as_sender(page)
    return page


# ---- order: the long tests first -----------------------------------------------------------


LONG_FIRST = tuple(f"e2e/test_{name}" for name in (
    "lessons.py::test_following_the_coach_reaches_the_end",
    "concordia.py::test_no_serious_accessibility_violations",
    "concordia.py::test_human_plays_",
    "concordia.py::test_two_computers_play_italia_to_the_end",
    "concordia.py::test_four_computers_play_imperium_to_the_end",
    "concordia.py::test_reload_share_undo_and_replay",
    "concordia_maps.py::",
    "map_view.py::test_every_map_opens_whole_and_legible",
    "keep.py::test_storage_that_refuses_every_write_still_plays_to_the_end",
    "keep.py::test_one_game_in_two_tabs_loses_no_decision",
    "keep.py::test_a_link_that_goes_on_from_a_save_is_written_to_it",
    "municipium.py::test_reload_link_undo_and_replay_keep_the_position",
    "municipium.py::test_a_human_turn_by_",
    "municipium.py::test_computer_game_in_japanese_plays_to_the_end",
    "motion.py::test_a_slow_computer_game_moves_its_pieces_and_marks_them",
    "motion.py::test_reduced_motion_highlights_instead_of_moving",
    "story.py::",
    "links.py::test_share_link_opens_the_same_position_in_a_fresh_browser",
    "snapshot.py::",
    "offline.py::test_update_prompt_when_the_precache_changes",
    "dist.py::test_the_headers_file_keeps_the_site_working",
    "table.py::test_the_table_at_a_glance",
))
"""Tests of 12–40 s each, run first (see :func:`pytest_collection_modifyitems`)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first (:data:`LONG_FIRST`; :mod:`tests.ordering`)."""
    long_first(items, LONG_FIRST)


# ---- the guard: nothing off-origin, no console errors --------------------------------------


class Guard:
    """Collects off-origin requests and console errors of the contexts it watches."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.offsite: list[str] = []
        self.console_errors: list[str] = []

    def _on_request(self, request) -> None:
        url = request.url
        self.requests.append(url)
        if urlsplit(url).scheme in ("data", "blob", "about"):
            return
        if _origin(url) not in _ORIGINS:
            self.offsite.append(url)

    def _on_console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(f"{message.text} @ {message.location}")

    def _on_page_error(self, error) -> None:
        self.console_errors.append(f"uncaught: {error}")

    def _on_web_error(self, web_error) -> None:
        self._on_page_error(web_error.error)

    def watch(self, context) -> None:
        context.on("request", self._on_request)
        context.on("console", self._on_console)
        context.on("weberror", self._on_web_error)

    def unwatch(self, context) -> None:
        context.remove_listener("request", self._on_request)
        context.remove_listener("console", self._on_console)
        context.remove_listener("weberror", self._on_web_error)


@pytest.fixture(autouse=True)
def guard(request: pytest.FixtureRequest, site: SiteServer, context) -> Iterator[Guard]:
    watcher = Guard()
    watcher.watch(context)
    yield watcher
    watcher.unwatch(context)  # the context may be the next test's too
    if request.node.get_closest_marker("allow_offsite") is None:
        assert not watcher.offsite, f"requests left the origin: {watcher.offsite}"
    if request.node.get_closest_marker("allow_console_errors") is None:
        assert not watcher.console_errors, f"console errors: {watcher.console_errors}"


def settled_markup(page, selector: str) -> str:
    """The markup inside ``selector`` without what only marks the last change (issue 11's
    ``data-changed`` and a piece's inline style while it moves): the position itself."""
    return page.evaluate("""(selector) => {
        const root = document.querySelector(selector).cloneNode(true);
        root.querySelectorAll('[data-changed]').forEach(e => e.removeAttribute('data-changed'));
        root.querySelectorAll('[style]').forEach(e => e.removeAttribute('style'));
        return root.innerHTML;
    }""", selector)


def still(page, timeout_ms: int = 5000) -> None:
    """Wait until the board's pieces stop moving (our animations, ids ``ludi-…``, have ended),
    at most ``timeout_ms``: a screenshot for people to look at shows the position, not cards
    half-way between the display and a hand."""
    page.evaluate("""(limit) => Promise.race([
        Promise.all(document.getAnimations()
            .filter(a => (a.id || '').startsWith('ludi-'))
            .map(a => a.finished.catch(() => null))),
        new Promise(r => setTimeout(r, limit))])""", timeout_ms)
