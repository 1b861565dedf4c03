"""The message catalogue: every string the UI shows, in English and Japanese.

Catalogues are JSON files ``assets/i18n/<lang>/<part>.json`` (``page.json`` for the landing page
drawn before Python is up, ``ui.json`` for the Python UI, one file per game for its terms). Keys
are dotted names; values may hold ``{name}`` placeholders filled by :func:`Catalogue.t`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "ja")
DEFAULT = "en"
ROOT = Path(__file__).resolve().parent.parent / "assets" / "i18n"


def load(lang: str, root: Path = ROOT) -> dict[str, str]:
    """All messages of ``lang``, merged from its catalogue files."""
    messages: dict[str, str] = {}
    for path in sorted((root / lang).glob("*.json")):
        messages.update(json.loads(path.read_text(encoding="utf-8")))
    return messages


def pick_language(fragment: str | None, stored: str | None, browser: str | None) -> str:
    """The language to show: the link's ``lang=`` first, then the remembered choice, then the
    browser's language, then English."""
    for choice in (fragment, stored):
        if choice in LANGUAGES:
            return choice
    if browser and browser.lower().startswith("ja"):
        return "ja"
    return DEFAULT


class Catalogue:
    """Messages of one language, falling back to English for a key it lacks."""

    def __init__(self, lang: str = DEFAULT, root: Path = ROOT) -> None:
        self.root = root
        self._fallback = load(DEFAULT, root)
        self.lang = DEFAULT
        self.messages = self._fallback
        self.switch(lang)

    def switch(self, lang: str) -> None:
        if lang not in LANGUAGES:
            lang = DEFAULT
        self.lang = lang
        self.messages = self._fallback if lang == DEFAULT else load(lang, self.root)

    def t(self, key: str, **args: Any) -> str:
        """The message ``key`` with its placeholders filled (args are inserted as given; the
        caller escapes the result for HTML)."""
        text = self.messages.get(key) or self._fallback.get(key) or key
        if args:
            try:
                return text.format(**args)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def has(self, key: str) -> bool:
        return key in self.messages
