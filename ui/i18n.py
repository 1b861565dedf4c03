"""The message catalogue: every string the UI shows, in English and Japanese.

Catalogues are JSON files ``assets/i18n/<lang>/<part>.json`` (``page.json`` for the landing page
drawn before Python is up, ``ui.json`` for the Python UI, one file per game for its terms). Keys
are dotted names; values hold ``{name}`` placeholders filled by :func:`Catalogue.t`.

**Plurals** use CLDR plural categories, written as in ICU MessageFormat::

    "{count, plural, one {# card} other {# cards}}"   (English: one, other)
    "{count, plural, other {#枚}}"  or simply  "{count}枚"   (Japanese: other only)

``#`` stands for the number; a branch may hold other placeholders; ``=0 {…}`` matches an exact
number before the categories are tried. Never write "(s)": every count goes through a plural.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "ja")
DEFAULT = "en"
ROOT = Path(__file__).resolve().parent.parent / "assets" / "i18n"

PLURAL_CATEGORIES = {"en": ("one", "other"), "ja": ("other",)}
"""The CLDR plural categories each language uses for whole numbers."""

_SELECTOR = re.compile(r"\s*(=\d+|[a-z]+)\s*\{")


def plural_category(lang: str, count: Any) -> str:
    """The CLDR plural category of ``count`` in ``lang`` (whole numbers; English: ``one`` for
    exactly 1, else ``other``; Japanese: always ``other``)."""
    if lang == "en" and _number(count) == 1:
        return "one"
    return "other"


def _number(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


class Unfilled(KeyError):
    """A placeholder whose argument was not given."""


def _closing(text: str, start: int) -> int:
    """The index of the brace closing the one at ``start`` (nested braces counted), or -1."""
    depth, at = 0, start
    while True:
        close = text.find("}", at)
        if close < 0:
            return -1
        depth += text.count("{", at, close) - 1
        if depth <= 0:
            return close
        at = close + 1


def format_message(text: str, args: dict[str, Any], lang: str = DEFAULT) -> str:
    """``text`` with its placeholders and plurals filled from ``args``; raises
    :class:`Unfilled` naming a missing argument."""
    out: list[str] = []
    at = 0
    while True:
        start = text.find("{", at)
        if start < 0:
            out.append(text[at:])
            return "".join(out)
        end = _closing(text, start)
        if end < 0:
            out.append(text[at:])
            return "".join(out)
        out.append(text[at:start])
        out.append(_field(text[start + 1:end], args, lang))
        at = end + 1


def _field(inner: str, args: dict[str, Any], lang: str) -> str:
    name, comma, rest = inner.partition(",")
    name = name.strip()
    if name not in args:
        raise Unfilled(name)
    if not comma:
        return str(args[name])
    kind, _, branches = rest.partition(",")
    if kind.strip() != "plural":
        raise Unfilled(name)
    count = args[name]
    chosen = _branch(branches, count, lang)
    return format_message(chosen.replace("#", str(count)), args, lang)


def _branches(branches: str) -> dict[str, str]:
    """A plural's branches by selector (``one``, ``other``, ``=0``)."""
    found: dict[str, str] = {}
    at = 0
    while True:
        match = _SELECTOR.match(branches, at)
        if not match:
            return found
        start = match.end() - 1
        end = _closing(branches, start)
        if end < 0:
            return found
        found[match.group(1)] = branches[start + 1:end]
        at = end + 1


def _branch(branches: str, count: Any, lang: str) -> str:
    """The branch of a plural for ``count``: an exact ``=n`` match, else its category, else
    ``other``."""
    found = _branches(branches)
    number = _number(count)
    exact = found.get(f"={number}")
    if exact is not None:
        return exact
    return found.get(plural_category(lang, count), found.get("other", ""))


def placeholders(text: str) -> set[str]:
    """The argument names a message uses (plain placeholders and plural counts, also those
    inside plural branches)."""
    names: set[str] = set()
    at = 0
    while True:
        start = text.find("{", at)
        if start < 0:
            return names
        end = _closing(text, start)
        if end < 0:
            return names
        name, comma, rest = text[start + 1:end].partition(",")
        names.add(name.strip())
        if comma:
            for branch in _branches(rest.partition(",")[2]).values():
                names |= placeholders(branch)
        at = end + 1


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
        """The message ``key`` with its placeholders and plurals filled (args are inserted as
        given; the caller escapes the result for HTML). A message with an argument missing is
        returned unfilled (the text check in the tests catches that)."""
        lang = self.lang if key in self.messages else DEFAULT
        text = self.messages.get(key) or self._fallback.get(key) or key
        if "{" not in text:
            return text
        try:
            return format_message(text, args, lang)
        except Unfilled:
            return text

    def has(self, key: str) -> bool:
        return key in self.messages
