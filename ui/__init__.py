"""Ludi's browser UI, in Python: screens, storage, links and the message catalogue.

Modules that touch the page (``main``, ``screens``) import ``pyscript``; the others are plain
Python and are tested in CPython (``tests/test_ui_*.py``).
"""
