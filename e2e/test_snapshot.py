"""A returning visitor's page starts from a memory snapshot (``assets/js/interpreter.mjs``).

The first visit starts from a worker's snapshot (``<html data-boot="worker">``: the interpreter
boots off the page's thread) and the worker saves the full one; the next visit starts from
that (``<html data-boot="snapshot">``) and plays. A damaged snapshot is dropped before the
start, a stale one (another runtime build) when starting from it fails; either way the page
starts as on a first visit, from a worker, without a console error, and a new one is saved.
(The service worker's update flow dropping an old version's snapshot is in
``test_offline.py``.)
"""

from __future__ import annotations

import pytest
from conftest import wait_ready

pytestmark = pytest.mark.snapshot

SAVED_TIMEOUT_MS = 180_000
"""The first visit's worker saves the full snapshot right after handing the page its start; a
page that booted on its own thread starts the worker 2 s after it is ready (slow under load)."""
GAME = "?visit=2#new=concordia&players=2&map=italia&seats=ai,human&start_player=0"
"""A full page load (the query differs) of a game whose computer seat plays first."""
SECOND_GAME = "?visit=3#new=municipium&players=2&seats=human,human&start_player=0"
SAVE = "ludi.save."
HUMAN_DECIDES = """() => {
    const board = document.getElementById('board');
    return !!board && +board.dataset.moves > 0 && !document.querySelector('#prompt.thinking')
        && !!board.querySelector('[data-cmd="act"]');
}"""
SNAPSHOT = """async () => {
    const name = 'ludi-snapshot-' + self.LUDI_PRECACHE.version;
    if (!(await caches.has(name))) return null;
    const cache = await caches.open(name);
    const [request] = await cache.keys();
    if (!request) return null;
    const response = await cache.match(request);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    const hex = Array.from(digest, b => b.toString(16).padStart(2, '0')).join('');
    const intact = hex === response.headers.get('x-ludi-sha256');
    return {url: request.url, size: bytes.length, intact};
}"""
DAMAGE = """async (how) => {
    const name = 'ludi-snapshot-' + self.LUDI_PRECACHE.version;
    const cache = await caches.open(name);
    const [request] = await cache.keys();
    const response = await cache.match(request);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let digest = response.headers.get('x-ludi-sha256');
    if (how === 'bytes') {
        // A few bytes changed in the middle of the interpreter's memory; the digest is the old one.
        for (let i = 0; i < 64; i++) bytes[(bytes.length >> 1) + i * 4099] ^= 0x5a;
    } else {
        // Another runtime build's snapshot: its header names another build; a matching digest,
        // so only the runtime's own check can refuse it.
        bytes[20] ^= 0xff;
        const sum = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
        digest = Array.from(sum, b => b.toString(16).padStart(2, '0')).join('');
    }
    await cache.put(request, new Response(bytes, {headers: {'x-ludi-sha256': digest}}));
    return true;
}"""


def _boot(page) -> str | None:
    return page.evaluate("document.documentElement.dataset.boot")


def _first_visit_saves(page, url: str) -> dict:
    page.goto(url)
    wait_ready(page)
    assert _boot(page) == "worker", "no snapshot yet: the interpreter started in a worker"
    page.wait_for_function("document.documentElement.dataset.snapshot", timeout=SAVED_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "saved"
    saved = page.evaluate(SNAPSHOT)
    assert saved and saved["intact"] and saved["size"] > 1_000_000, saved
    return saved


def test_second_visit_starts_from_the_snapshot_and_plays(page, site):
    saved = _first_visit_saves(page, site.url + "/")
    assert saved["url"].startswith(site.url + "/snapshot-")

    page.goto(site.url + "/" + GAME)
    wait_ready(page)
    assert _boot(page) == "snapshot"
    assert page.evaluate("document.documentElement.dataset.snapshot") is None, (
        "a page started from a snapshot saves none")
    page.wait_for_function(HUMAN_DECIDES, timeout=120_000)  # the computer played (AI worker)
    moves = int(page.locator("#board").get_attribute("data-moves"))
    page.locator('#board [data-cmd="act"]').first.click()
    page.wait_for_function(f"+document.getElementById('board').dataset.moves > {moves}",
                           timeout=60_000)

    # The snapshot froze Python's random generator; each start reseeds it. A save id ends in
    # 24 random bits (ui/storage.py new_id): two starts from the same snapshot, one new game
    # each, must not draw the same bits.
    page.goto(site.url + "/" + SECOND_GAME)
    wait_ready(page)
    assert _boot(page) == "snapshot"
    page.wait_for_function(f"Object.keys(localStorage).filter(k => k.startsWith('{SAVE}'))"
                           ".length === 2", timeout=60_000)
    ids = page.evaluate(f"Object.keys(localStorage).filter(k => k.startsWith('{SAVE}'))")
    assert len({key[-6:] for key in ids}) == 2, ids


@pytest.mark.parametrize("how", ["bytes", "build"])
def test_a_damaged_snapshot_falls_back_and_is_replaced(page, site, how):
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    _first_visit_saves(page, site.url + "/")
    assert page.evaluate(DAMAGE, how)
    if how == "bytes":
        assert not page.evaluate(SNAPSHOT)["intact"]

    page.reload()
    wait_ready(page)
    assert _boot(page) == "worker", "the damaged snapshot is not used: a first visit's start"
    assert any("without the memory snapshot" in w for w in warnings), warnings
    assert page.locator('[data-new-game="municipium"]').is_enabled()
    page.wait_for_function("document.documentElement.dataset.snapshot", timeout=SAVED_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "saved"
    assert page.evaluate(SNAPSHOT)["intact"], "a new snapshot replaced the damaged one"

    page.reload()
    wait_ready(page)
    assert _boot(page) == "snapshot"


def test_a_failed_save_is_not_tried_again_for_the_same_version(browser, private_site, guard):
    """No storage for it (here: a worker that always fails): the page says so once and later
    visits of the same version boot normally without starting a second interpreter again."""
    server = private_site()
    server.overrides["/assets/js/snapshot-worker.mjs"] = (
        b"self.onmessage = () => self.postMessage({ok: false, error: 'no room'});")
    context = browser.new_context()
    guard.watch(context)
    page = context.new_page()
    page.goto(server.url + "/")
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.snapshot", timeout=SAVED_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "failed"
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.reload()
    wait_ready(page)
    assert _boot(page) == "normal"
    page.wait_for_timeout(6_000)  # the save would start 2 s after ready, when idle
    assert page.evaluate("document.documentElement.dataset.snapshot") is None
    assert not [url for url in workers if "snapshot-worker" in url], workers
    context.close()
