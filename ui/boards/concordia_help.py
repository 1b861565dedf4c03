"""The Concordia rules help, in the catalogue's words (``cc.help.*``); each item carries its
rule ids as small tags and an anchor (``rule-<id>``) that the rule links open."""

from __future__ import annotations

from ui.boards.concordia_geo import ATTRIBUTION
from ui.html import Markup, tag
from ui.i18n import Catalogue

SOURCE = ATTRIBUTION.partition(": ")[2] or ATTRIBUTION
"""The map data's source, without the generated "Coastlines:" label (the catalogue says it)."""

SECTIONS = (
    ("goal", ("goal",)),
    ("turn", ("turn", "store")),
    ("cards", ("Tribune", "Architect", "Prefect", "Mercator", "Colonist", "Diplomat", "Senator",
               "Consul", "specialists")),
    ("scoring", ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva", "Concordia",
                 "tie")),
    ("end", ("end",)),
    ("screen", ("map", "keys", "worth")),
)

RULES: dict[str, tuple[str, ...]] = {
    "Architect": ("C-4.2", "C-4.3"), "Colonist": ("C-4.6",), "Concordia": ("C-6.7",),
    "Consul": ("C-4.9",), "Diplomat": ("C-4.7",), "Jupiter": ("C-6.2",), "Mars": ("C-6.5",),
    "Mercator": ("C-4.5",), "Mercurius": ("C-6.4",), "Minerva": ("C-6.6",),
    "Prefect": ("C-4.4",), "Saturnus": ("C-6.3",), "Senator": ("C-4.8",),
    "Tribune": ("C-4.1",), "Vesta": ("C-6.1",), "end": ("C-5.1", "C-1.3"),
    "specialists": ("C-4.10",), "store": ("C-1.2", "C-4.11"), "tie": ("C-6.8",),
    "turn": ("C-3.1", "C-3.2"), "goal": ("C-2.1", "C-2.4", "C-2.6"),
    "worth": ("C-6",),
}
"""The rules each help item explains (its tags; the first is its anchor)."""

_ANCHORS = {rule: f"cc-help-{key}" for key, rules in RULES.items() for rule in rules}


def anchor(rule: str) -> str:
    """The id of the help item that explains ``rule`` (the whole help if none does)."""
    return _ANCHORS.get(rule, "rules-help")


def _item(cat: Catalogue, key: str) -> Markup:
    tags = [tag("span", {"class_": "rule-id"}, rule) for rule in RULES.get(key, ())]
    return tag("li", {"id": f"cc-help-{key}"}, cat.t(f"cc.help.{key}"),
               " " if tags else None, *tags)


def rules_help(cat: Catalogue) -> Markup:
    parts = [tag("h3", {}, cat.t("cc.help.title"))]
    for section, keys in SECTIONS:
        items = [_item(cat, key) for key in keys]
        parts.append(tag("section", {"class_": "cc-help-part"},
                         tag("h4", {}, cat.t(f"cc.help.h.{section}")), tag("ul", {}, *items)))
    parts.append(tag("p", {"class_": "cc-credit"}, cat.t("cc.help.credit", source=SOURCE)))
    return tag("div", {"class_": "cc-help"}, *parts)
