"""Refusals in the player's language, and rule ids as small links instead of text.

The engine refuses a decision with a :class:`engine.core.protocol.Reason`: an English sentence
that carries a message key and plain arguments (seats, indices, counts). A board module turns
those arguments into words (:func:`refusal_text` takes its converter) and the catalogue's
``refusal.<key>`` makes the sentence. Rule ids never appear inside a sentence: they are shown by
:func:`rule_link`, a small "rule" button (``data-cmd="rule" data-rule="<id>"``) that opens the
rules help at that rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ui.html import Markup, tag
from ui.i18n import Catalogue


def first_rule(rule: str | None) -> str | None:
    """The rule to open for ``rule`` (``"M-5.1 / M-1.2"`` names two: the first is shown)."""
    if not rule:
        return None
    return rule.split("/")[0].strip() or None


def refusal_text(cat: Catalogue, reason: Any, words: Callable[[dict[str, Any]], dict[str, Any]]
                 ) -> str:
    """The sentence for an engine refusal: ``refusal.<key>`` filled with ``words(params)``;
    a refusal without a key (or one the catalogue lacks) says only that it is not possible."""
    key = getattr(reason, "key", None)
    if not key or not cat.has(f"refusal.{key}"):
        return cat.t("refusal.not_legal")
    return cat.t(f"refusal.{key}", **words(dict(getattr(reason, "params", {}))))


def rule_link(cat: Catalogue, rule: str | None, title: str = "") -> Markup | None:
    """A small button naming ``rule`` that opens the rules help there (None without a rule)."""
    rule = first_rule(rule)
    if not rule:
        return None
    label = (cat.t("rules.link_title", rule=rule, title=title) if title
             else cat.t("rules.link_plain", rule=rule))
    return tag("button", {"type": "button", "class_": "rule-link", "data_cmd": "rule",
                          "data_rule": rule, "title": label, "aria_label": label},
               cat.t("rules.link"))


def confirm_panel(cat: Catalogue, question: str, index: int) -> Markup:
    """Asks before a decision people regret: "Yes, do it", "Cancel" and "Don't ask again"
    (``data-cmd="confirm-yes"`` / ``"confirm-no"``, checkbox ``#confirm-never``)."""
    return tag("div", {"id": "confirm", "class_": "confirm panel", "role": "alertdialog",
                       "aria_labelledby": "confirm-question", "data_index": index},
               tag("p", {"id": "confirm-question"}, question),
               tag("div", {"class_": "actions"},
                   tag("button", {"type": "button", "id": "confirm-yes", "class_": "primary",
                                  "data_cmd": "confirm-yes", "data_index": index},
                       cat.t("confirm.yes")),
                   tag("button", {"type": "button", "data_cmd": "confirm-no"},
                       cat.t("confirm.no")),
                   tag("label", {"class_": "confirm-never"},
                       tag("input", {"type": "checkbox", "id": "confirm-never"}), " ",
                       cat.t("confirm.never"))))
