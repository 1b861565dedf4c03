"""The standard library modules the real page and its AI worker hold, read in Chromium.

Used by ``python tools/stdlib.py --measure`` (with the .venv's Python: it needs Playwright).
The page is served by ``tools/serve.py`` with two test-only changes: ``interpreter.mjs`` keeps
the interpreter in ``window.__ludiPython`` and ``ui/ai_worker.py`` exports one more function
that lists its ``sys.modules``. The page opens a game of two computer seats (the worker starts
and plays) and both lists are read after some moves: what Pyodide's start, PyScript's Python
side, our page and the worker import.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.chromium import ARGS, CHROMIUM  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

GAME = "/#new=municipium&players=2&seats=ai:easy,ai:hard"
LIST = """
import json, sys
_zip = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
def _stdlib_modules():
    return json.dumps(sorted(n for n, m in list(sys.modules.items())
                             if (getattr(m, "__file__", None) or "").startswith(_zip)))
"""
WORKER_EXTRA = LIST + '\n__export__ = [*__export__, "_stdlib_modules"]\n'
READ = """async () => {
    const py = window.__ludiPython;
    const page = py.runPython(%s + "\\n_stdlib_modules()");
    const worker = await py.runPythonAsync(
        "from ui.app import App\\nimport gc\\n" +
        "apps = [o for o in gc.get_objects() if isinstance(o, App)]\\n" +
        "client = apps[0].computer._client if apps else None\\n" +
        "w = client.worker if client else None\\n" +
        "(await w._stdlib_modules()) if w else None");
    return [page, worker];
}"""


def _overrides(server: SiteServer) -> None:
    module = (ROOT / "assets/js/interpreter.mjs").read_text("utf-8")
    marker = 'root.dataset.boot = "normal";'
    assert marker in module, "interpreter.mjs changed: update tools/stdlib_page.py"
    server.overrides["/assets/js/interpreter.mjs"] = module.replace(
        marker, marker + " self.__ludiPython = pyodide;").encode()
    worker = (ROOT / "ui/ai_worker.py").read_text("utf-8")
    server.overrides["/ui/ai_worker.py"] = (worker + WORKER_EXTRA).encode()


def measured_in_page(timeout_s: float = 180) -> list[str]:
    from playwright.sync_api import sync_playwright

    server = SiteServer(root=ROOT).start()
    try:
        _overrides(server)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.add_init_script("window.LUDI_SNAPSHOT = false;")
            page.goto(server.url + GAME)
            page.wait_for_function("document.documentElement.dataset.ready === 'true'",
                                   timeout=timeout_s * 1000)
            end = time.monotonic() + timeout_s
            while True:
                lists = page.evaluate(READ % json.dumps(LIST))
                if lists[1] is not None or time.monotonic() > end:
                    break
                time.sleep(1)
            browser.close()
    finally:
        server.stop()
    if lists[1] is None:
        sys.exit("stdlib_page: the AI worker did not start")
    return sorted(set(json.loads(lists[0])) | set(json.loads(lists[1])))


if __name__ == "__main__":
    print(json.dumps(measured_in_page()))
