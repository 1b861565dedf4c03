"""Boot of the page's Python UI (placeholder until the landing logic lands)."""

from pyscript import document

document.documentElement.setAttribute("data-ready", "true")
