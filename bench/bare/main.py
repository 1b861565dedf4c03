"""Baseline page: mark ready as soon as Python runs (what bench/boot.py waits for)."""

from pyscript import document

document.documentElement.setAttribute("data-ready", "true")
