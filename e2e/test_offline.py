"""Offline after the first visit: the service worker serves the whole app; updates are offered."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import wait_offline_ready, wait_ready
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT_TRIED = "!!document.documentElement.dataset.snapshot"
"""The page saved (or failed to save) its memory snapshot (``assets/js/interpreter.mjs``)."""


def _first_visit(browser, server, guard, **context_args):
    context = browser.new_context(**context_args)
    guard.watch(context)
    page = context.new_page()
    page.goto(server.url + "/")
    wait_ready(page)
    return context, page


def test_offline_reload_is_served_by_the_service_worker(browser, private_site, guard):
    server = private_site()
    context, page = _first_visit(browser, server, guard)
    wait_offline_ready(page)
    server.stop()  # the network is gone: no server at all
    page.reload()
    wait_ready(page)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    assert page.locator('[data-new-game="concordia"]').is_enabled()
    context.close()


@pytest.mark.allow_console_errors
def test_control_offline_reload_fails_without_service_worker(browser, private_site, guard):
    """The same reload with service workers blocked fails: the test above can fail."""
    server = private_site()
    context, page = _first_visit(browser, server, guard, service_workers="block")
    page.wait_for_timeout(500)
    server.stop()
    with pytest.raises(PlaywrightError):
        page.reload()
        wait_ready(page, timeout=10_000)
    context.close()


def test_every_boot_request_is_precached(browser, private_site, guard):
    """What a boot fetches is in the precache list, so the next boot works offline."""
    server = private_site()
    context, page = _first_visit(browser, server, guard)
    wait_offline_ready(page)
    cached = set(page.evaluate("""async () => {
        const names = await caches.keys();
        const cache = await caches.open(names.find(n => /^ludi-(?!snapshot-)/.test(n)));
        return (await cache.keys()).map(r => r.url);
    }"""))
    booted = {url.split("#")[0] for url in guard.requests if url.startswith(server.url)}
    booted.discard(server.url + "/sw.js")  # the worker script itself is kept by the browser
    assert booted, "no requests recorded"
    assert booted <= cached, sorted(booted - cached)
    context.close()


def test_update_prompt_when_the_precache_changes(browser, private_site, guard):
    server = private_site()
    context, page = _first_visit(browser, server, guard)
    wait_offline_ready(page)
    text = (ROOT / "precache.js").read_text("utf-8")
    version = text.split('"version": "', 1)[1].split('"', 1)[0]
    page.wait_for_function(SNAPSHOT_TRIED, timeout=180_000)
    old = page.evaluate("caches.keys()")
    assert "ludi-snapshot-" + version in old, old
    # A new release: precache.js (imported by sw.js) lists a new version.
    server.overrides["/precache.js"] = text.replace(version, "f" * len(version)).encode()
    page.evaluate("ludiPage.registration.update().then(() => true)")
    prompt = page.locator("#update-prompt")
    prompt.wait_for(state="visible", timeout=60_000)
    page.locator("#update-later").click()  # not now: the prompt goes, the page stays
    assert prompt.is_hidden()
    page.evaluate("document.getElementById('update-prompt').hidden = false")  # changed mind
    with page.expect_navigation():
        page.locator("#update-reload").click()
    wait_ready(page)
    new = page.evaluate("caches.keys()")
    assert new == ["ludi-" + "f" * len(version)], (old, new)
    assert page.locator("#update-prompt").is_hidden()
    # The old version's memory snapshot went with its files; the new version saves its own.
    assert page.evaluate("document.documentElement.dataset.boot") == "worker"
    page.wait_for_function(SNAPSHOT_TRIED, timeout=180_000)
    assert sorted(page.evaluate("caches.keys()")) == [
        "ludi-" + "f" * len(version), "ludi-snapshot-" + "f" * len(version)]
    context.close()
