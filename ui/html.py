"""Building HTML text safely: every piece of text is escaped, attributes included.

Screens are pure functions from state to HTML text built with :func:`tag`; only text that came
out of :func:`tag` or :func:`esc` is ever inserted as markup, so a player's name can never
become markup.
"""

from __future__ import annotations

from html import escape
from typing import Any


class Markup(str):
    """Text that is already safe HTML."""


def esc(text: Any) -> Markup:
    """``text`` as HTML text (``&``, ``<``, ``>``, quotes escaped); markup passes through."""
    if isinstance(text, Markup):
        return text
    if type(text) is int:  # noqa: E721 (a bool is not a number here)
        return Markup(text)
    return Markup(escape(str(text), quote=True))


_NAMES: dict[str, str] = {}
"""Attribute names as written in markup, by their Python spelling (``data_cmd``: ``data-cmd``)."""


def attrs(values: dict[str, Any]) -> str:
    parts = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        attr = _NAMES.get(name)
        if attr is None:
            attr = _NAMES[name] = name.rstrip("_").replace("_", "-")
        if value is True:
            parts.append(f" {attr}")
        elif type(value) is int:  # noqa: E721
            parts.append(f' {attr}="{value}"')
        else:
            parts.append(f' {attr}="{escape(str(value), quote=True)}"')
    return "".join(parts)


VOID = {"input", "br", "img", "meta", "link", "hr"}


def tag(name: str, attributes: dict[str, Any] | None = None, *children: Any) -> Markup:
    """``<name attributes>children</name>``; children that are not :class:`Markup` are escaped.

    Attribute names: a trailing ``_`` is dropped (``class_``) and ``_`` becomes ``-``
    (``data_cmd`` → ``data-cmd``); ``True`` gives a bare attribute, ``None``/``False`` none.
    """
    opening = f"<{name}{attrs(attributes or {})}>"
    if name in VOID:
        return Markup(opening)
    inner = "".join(esc(child) for child in children if child is not None)
    return Markup(f"{opening}{inner}</{name}>")


def scroll_x(content: Any, *, label: str | None = None, labelledby: str | None = None
             ) -> Markup:
    """A box around a table that may be wider than the screen: it scrolls sideways (a shadow
    marks the edge with more, ``.scroll-x`` in app.css) and is focusable and named, so the
    arrow keys scroll it as a finger does. Name it by ``label`` or by the id of a heading
    (``labelledby``)."""
    return tag("div", {"class_": "scroll-x", "tabindex": "0", "role": "region",
                       "aria_label": label, "aria_labelledby": labelledby}, content)


def join(*pieces: Any) -> Markup:
    return Markup("".join(esc(p) for p in pieces if p is not None))
