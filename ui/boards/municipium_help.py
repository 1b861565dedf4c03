"""Municipium rules help (in our own words, from the catalogue) and the end-of-game
explanation: Decurions, the tie-break (M-3.5) and what decided it."""

from __future__ import annotations

from typing import Any

from engine.municipium.data import CARD_KINDS, FAMILY_CARDS, INSTITUTIONS
from ui.art import INSTITUTION_SYMBOL, icon
from ui.boards.municipium_words import P, card_name, inst_full, seat_name
from ui.html import Markup, scroll_x, tag
from ui.i18n import Catalogue
from ui.screens.parts import stack_labels, stats_section, totals_list
from ui.wording import rule_link

SECTIONS = ("goal", "board", "setup", "turn", "influence", "prefect", "citizens", "decurions",
            "end")
"""Rules help sections, in reading order; each is ``help.<name>.title`` + ``help.<name>.text``
(paragraphs separated by a blank line) in the catalogue."""


CARD_RULES = {"prefect_visit": "M-7.1", "citizens_visit": "M-7.2", "invitation": "M-7.3",
              "great_family": "M-7.4", "all_powers": "M-7.5", "one_power": "M-7.6",
              "your_powers": "M-7.7"}
"""The rule of each card (the card's row in the help is that rule's anchor)."""

SECTION_RULES = {"M-1": "board", "M-2": "setup", "M-3.2": "decurions", "M-3.3": "decurions",
                 "M-3": "end", "M-4": "influence", "M-5": "turn", "M-6.4": "citizens",
                 "M-6.7": "citizens", "M-6.6": "powers", "M-6": "prefect", "M-7.8": "powers",
                 "M-8": "powers"}
"""Rule ids (or their chapter) to the help section that explains them, most specific first."""


def anchor(rule: str) -> str:
    """The id of the help element that explains ``rule`` (a card's or an institution's row, or
    a section)."""
    for card, card_rule in CARD_RULES.items():
        if rule == card_rule:
            return f"mu-help-card-{card}"
    if rule.startswith("M-8.") and rule[4:].isdigit() and int(rule[4:]) < len(INSTITUTIONS):
        return f"mu-help-power-{int(rule[4:])}"
    for prefix, section in SECTION_RULES.items():
        if rule == prefix or rule.startswith(prefix + "."):
            return f"mu-help-{section}"
    return "rules-help"


def _rule_tags(*rules: str) -> list[Markup]:
    return [tag("span", {"class_": "rule-id"}, rule) for rule in rules]


def _paragraphs(text: str) -> list[Markup]:
    return [tag("p", {}, part.strip()) for part in text.split("\n\n") if part.strip()]


def rules_help(cat: Catalogue, game=None) -> Markup:
    """The rules help (``game``: the game shown; Municipium's rules do not depend on it)."""
    sections = []
    for name in SECTIONS:
        sections.append(tag("section", {"class_": "mu-help-part", "id": f"mu-help-{name}"},
                            tag("h3", {}, cat.t(f"{P}help.{name}.title")),
                            *_paragraphs(cat.t(f"{P}help.{name}.text"))))
    powers = tag("dl", {}, *(tag("div", {"class_": "row", "id": f"mu-help-power-{i}"},
                                 tag("dt", {}, icon(INSTITUTION_SYMBOL[i], 22), " ",
                                     inst_full(cat, i)),
                                 tag("dd", {}, cat.t(f"{P}power.{i}"), " ",
                                     *_rule_tags(f"M-8.{i}")))
                             for i in range(len(INSTITUTIONS))))
    cards = tag("dl", {}, *(tag("div", {"class_": "row", "id": f"mu-help-card-{c}"},
                                tag("dt", {}, card_name(cat, c)),
                                tag("dd", {}, cat.t(f"{P}card_help.{c}"), " ",
                                    *_rule_tags(CARD_RULES[c])))
                            for c in CARD_KINDS + FAMILY_CARDS))
    return tag("div", {"class_": "mu-help", "lang": cat.lang},
               tag("h2", {}, cat.t(f"{P}help.heading")),
               *sections,
               tag("section", {"class_": "mu-help-part", "id": "mu-help-powers"},
                   tag("h3", {}, cat.t(f"{P}legend_powers")), powers),
               tag("section", {"class_": "mu-help-part"},
                   tag("h3", {}, cat.t(f"{P}legend_cards")), cards),
               tag("p", {"class_": "mu-help-note"}, cat.t(f"{P}help.rulings")))


def result_details(session: Any, cat: Catalogue) -> Markup:
    """The ranking and why: Decurions first; between players tied on Decurions, favours +
    citizens left (M-3.5); still tied, the victory is shared (the verdict itself is the end
    banner's headline, :func:`headline`)."""
    game = session.game
    results = sorted(game.result(), key=lambda r: (r.rank, r.seat))
    columns = ("rank", "player", "decurions", "favours", "citizens", "spare")
    labels = [cat.t(f"{P}result.{col}") for col in columns]
    rows = []
    for r in results:
        values = dict(r.breakdown)
        rows.append(stack_labels(tag("tr", {},
                        tag("td", {}, r.rank),
                        tag("th", {"scope": "row"}, seat_name(game, r.seat, cat)),
                        tag("td", {}, values["decurions"]),
                        tag("td", {}, values["favours"]),
                        tag("td", {}, values["citizens"]),
                        tag("td", {}, values["favours_and_citizens"])), labels))
    head = tag("tr", {}, *(tag("th", {"scope": "col"}, label) for label in labels))
    return tag("section", {"class_": "mu-result", "aria_label": cat.t(f"{P}result.heading")},
               totals_list(session, cat, lambda n: cat.t(f"{P}result.total", n=n),
                           name=lambda seat: seat_name(game, seat, cat)),
               scroll_x(tag("table", {"class_": "stack"}, tag("thead", {}, head),
                            tag("tbody", {}, *rows)),
                        label=cat.t(f"{P}result.heading")),
               tag("p", {"class_": "mu-rule"}, cat.t(f"{P}result.rule"), " ",
                   rule_link(cat, "M-3.5", cat.t(f"{P}rule_title.M-3.5"))))


def verdict(game: Any, results: list, cat: Catalogue) -> str:
    """One sentence: the winner(s) and what decided it."""
    winners = [r for r in results if r.rank == 1]
    best = dict(winners[0].breakdown)
    names = cat.t(f"{P}list_sep").join(seat_name(game, r.seat, cat) for r in winners)
    tied = [r for r in results if dict(r.breakdown)["decurions"] == best["decurions"]]
    if len(winners) > 1:
        return cat.t(f"{P}result.shared", names=names, decurions=best["decurions"],
                     spare=best["favours_and_citizens"])
    if len(tied) > 1:
        others = cat.t(f"{P}list_sep").join(
            seat_name(game, r.seat, cat) for r in tied if r.rank != 1)
        return cat.t(f"{P}result.tiebreak", name=names, decurions=best["decurions"],
                     spare=best["favours_and_citizens"], others=others)
    return cat.t(f"{P}result.clear", name=names, decurions=best["decurions"])


def headline(session: Any, cat: Catalogue) -> str:
    """The end banner's winner line: who won, with how many Decurions, and any tie-break."""
    game = session.game
    return verdict(game, sorted(game.result(), key=lambda r: (r.rank, r.seat)), cat)


DECURION_EVENTS = ("decurion_set", "basilica_exchange")
"""The ways a family gains a Decurion: a set exchanged (M-3.2) or the Basilica's power
(M-8.4)."""


def result_stats(session: Any, cat: Catalogue) -> Markup:
    """Per family: the turns on which its Decurions were formed, favours taken, powers used."""
    game = session.game
    turns: list[list[int]] = [[] for _ in range(game.players)]
    favours = [0] * game.players
    powers = [0] * game.players
    turn = 0
    for event in game.events:
        args = dict(event.args)
        if event.key == "turn":
            turn = int(args.get("number", turn))
        elif event.key in DECURION_EVENTS:
            turns[args["seat"]].append(turn)
        elif event.key == "take_favour":
            favours[args["seat"]] += 1
        elif event.key == "exert_power":
            powers[args["seat"]] += 1
    rows = [tag("tr", {}, tag("th", {"scope": "row"}, seat_name(game, seat, cat)),
                tag("td", {}, " · ".join(str(t) for t in turns[seat]) or "–"),
                tag("td", {}, favours[seat]), tag("td", {}, powers[seat]))
            for seat in range(game.players)]
    return stats_section(cat, (f"{P}result.player", "table.stats.mu.decurions",
                               "table.stats.mu.favours", "table.stats.mu.powers"), rows)
