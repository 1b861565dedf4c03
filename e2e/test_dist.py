"""The shipped folder works on a stock static server under a sub-path, online and offline.

``tools/dist.py`` builds the site (without the precompressed copies, which a stock server never
sends) into ``<tmp>/ludi/``; ``python3 -m http.server --directory <tmp>`` serves it: a server
that knows nothing of Ludi (no headers of ours, its own MIME types), with the site at
``/ludi/`` instead of ``/``.
"""

from __future__ import annotations

import functools
import http.server
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import _ORIGINS, ROOT, wait_offline_ready, wait_ready

sys.path.insert(0, str(ROOT))

from tools import dist  # noqa: E402

SUB_PATH = "ludi"
GAME = "#new=concordia&players=2&map=italia&seats=ai,human&start_player=0"
"""A computer seat plays first (in the AI worker, whose script and bundle come by URL too)."""
HUMAN_DECIDES = """() => {
    const board = document.getElementById('board');
    const cc = board && board.querySelector('.cc');
    return !!cc && +board.dataset.moves > 0 && !document.querySelector('#prompt.thinking')
        && !!board.querySelector('[data-cmd="act"]');
}"""
CACHED_URLS = """async () => {
    const names = await caches.keys();
    const cache = await caches.open(names.find(n => /^ludi-(?!snapshot-)/.test(n)));
    return (await cache.keys()).map(r => r.url);
}"""


class StockServer:
    """``python3 -m http.server`` in a subprocess, serving ``parent`` on a free loopback port."""

    def __init__(self, parent: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
             "--directory", str(parent), str(self.port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _ORIGINS.add(self.origin)
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(self.origin + "/", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("host") / SUB_PATH
    dist.build(out, compressed=False)
    return out


@pytest.fixture
def host(shipped: Path) -> Iterator[StockServer]:
    server = StockServer(shipped.parent)
    yield server
    server.stop()


def _site_url(server: StockServer) -> str:
    return f"{server.origin}/{SUB_PATH}/"


@pytest.mark.own_context  # another server's origin: its service worker and storage
def test_boots_and_plays_under_a_sub_path(page, host, guard):
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else 0)
    messages: list[str] = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    page.goto(_site_url(host) + GAME)
    wait_ready(page)
    page.wait_for_function(HUMAN_DECIDES, timeout=120_000)
    assert page.locator('#board [data-cmd="act"]').first.is_enabled()
    assert not failed, failed
    outside = [u for u in guard.requests
               if u.startswith(host.origin) and not u.startswith(_site_url(host))]
    assert not outside, f"requests outside the sub-path: {outside}"
    worker = {u for u in guard.requests if u.endswith("/ui/ai_worker.py")}
    assert worker == {_site_url(host) + "ui/ai_worker.py"}, worker
    assert page.workers, "the computer thinks in a worker"
    # The AI worker needs no DOM, so no warning that it would need SharedArrayBuffer for one.
    assert not [m for m in messages if "SharedArrayBuffer" in m], messages


def test_offline_reload_through_the_service_worker(browser, host, shipped, guard):
    context = browser.new_context()
    guard.watch(context)
    page = context.new_page()
    page.goto(_site_url(host))
    wait_ready(page)
    wait_offline_ready(page)
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == _site_url(host), "the service worker's scope is the site's folder"
    cached = {url.removeprefix(_site_url(host)) or "index.html"
              for url in page.evaluate(CACHED_URLS)}
    assert cached == set(dist.precached(shipped)), "the cache holds exactly the precache list"
    host.stop()  # the network is gone
    page.reload()
    wait_ready(page)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    assert page.locator('[data-new-game="concordia"]').is_enabled()
    context.close()


class HeadersHandler(http.server.SimpleHTTPRequestHandler):
    """A static server that also sends what ``_headers`` says (as Netlify, Cloudflare Pages)."""

    rules: list = []

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0].removeprefix(f"/{SUB_PATH}")
        for name, value in dist.headers_for(self.rules, path):
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        pass


@pytest.mark.snapshot
def test_the_headers_file_keeps_the_site_working(page, shipped, guard):
    """The shipped policy, sent as headers too: the page boots and a computer seat plays, with
    no console message about the policy or the permissions; the memory snapshot is saved (by a
    worker, under the policy sent with its script) and the next visit starts from it."""
    rules = dist.parse_headers((shipped / dist.HEADERS).read_text("utf-8"))
    handler = type("Handler", (HeadersHandler,), {"rules": rules})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(shipped.parent)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    _ORIGINS.add(origin)
    messages: list[str] = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    try:
        response = page.goto(f"{origin}/{SUB_PATH}/{GAME}")
        headers = response.headers
        assert headers["content-security-policy"] == dist.content_security_policy(ROOT)
        assert headers["x-content-type-options"] == "nosniff"
        assert "camera=()" in headers["permissions-policy"]
        wait_ready(page)
        page.wait_for_function(HUMAN_DECIDES, timeout=120_000)
        page.wait_for_function("!!document.documentElement.dataset.snapshot", timeout=180_000)
        assert page.evaluate("document.documentElement.dataset.snapshot") == "saved"
        page.goto(f"{origin}/{SUB_PATH}/")
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
    finally:
        server.shutdown()
        server.server_close()
    about_policy = [m for m in messages
                    if "Permissions-Policy" in m or "Content Security Policy" in m]
    assert not about_policy, about_policy


def test_every_file_is_precached_or_explained(shipped):
    files = {p.relative_to(shipped).as_posix() for p in shipped.rglob("*") if p.is_file()}
    precached = set(dist.precached(shipped))
    assert precached <= files, sorted(precached - files)
    unexplained = sorted(f for f in files - precached if dist.not_precached(f) is None)
    assert not unexplained, unexplained
    assert dist.check(shipped) == []
