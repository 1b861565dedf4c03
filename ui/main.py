"""The page's Python entry point (named in index.html): start the app."""

from pyodide.ffi import create_proxy
from pyscript import document, window

from ui.app import App

app = App(document, window, create_proxy)
app.start()
