"""The page's Python entry point (named in index.html): start the app.

In three main-thread tasks, the browser free to paint and answer input between them: the
import of the app's modules, making the app, its start (listeners, the page's texts, the
landing). PyScript runs this script with top-level ``await``; ``asyncio.sleep(0)`` hands the
rest to a new task (a 0 ms timer in Pyodide's event loop). Measured in one task on this kind of
machine: 190–240 ms after the interpreter's own start (the import about 100 ms, the start about
85 ms); ``e2e/test_boot.py`` keeps each of our tasks after the interpreter is up under 200 ms.
"""

import asyncio

from pyodide.ffi import create_proxy
from pyscript import document, window

await asyncio.sleep(0)  # noqa: F704 (top level: PyScript awaits the script)
from ui.app import App  # noqa: E402

await asyncio.sleep(0)  # noqa: F704
app = App(document, window, create_proxy)
app.start()
