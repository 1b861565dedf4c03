"""The Concordia rules help, in the catalogue's words (``cc.help.*``), with the rule ids."""

from __future__ import annotations

from ui.boards.concordia_geo import ATTRIBUTION
from ui.html import Markup, tag
from ui.i18n import Catalogue

SECTIONS = (
    ("goal", ("goal",)),
    ("turn", ("turn", "store")),
    ("cards", ("Tribune", "Architect", "Prefect", "Mercator", "Colonist", "Diplomat", "Senator",
               "Consul", "specialists")),
    ("scoring", ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva", "Concordia",
                 "tie")),
    ("end", ("end",)),
    ("screen", ("map", "keys")),
)


def rules_help(cat: Catalogue) -> Markup:
    parts = [tag("h3", {}, cat.t("cc.help.title"))]
    for section, keys in SECTIONS:
        items = [tag("li", {}, cat.t(f"cc.help.{key}")) for key in keys]
        parts.append(tag("section", {"class_": "cc-help-part"},
                         tag("h4", {}, cat.t(f"cc.help.h.{section}")), tag("ul", {}, *items)))
    parts.append(tag("p", {"class_": "cc-credit"}, cat.t("cc.help.credit", source=ATTRIBUTION)))
    return tag("div", {"class_": "cc-help"}, *parts)
