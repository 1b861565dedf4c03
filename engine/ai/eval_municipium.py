"""Municipium evaluation (M-3 .. M-8): Decurions, sets in reach, favours, and influence where
events are due.

Units are Decurions: a complete set is worth one, so each item held is worth a share of one,
and an item of a type still missing from the next set a little more. Influence is worth the
events it will win: rank 1 at an institution takes two of the three citizens of its next citizen
event (M-6.4) and may exert its power (M-6.6), rank 2 takes the third; the next two Prefect
chambers (M-1.6) give their favour to rank 1 and, with 3-4 players, their citizen to rank 2
(M-6.1). The nearer an event, the more it counts.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.municipium.data import (
    BASILICA,
    CITIZEN_TYPES,
    FAMILY_CARDS,
    FORUM,
    INSTITUTIONS,
    PREFECT_NEXT,
)

SCALE = 0.5
"""A margin of this many Decurions gives a search reward of 0.73 (see :mod:`engine.ai.mcts`)."""

ROOT_CANDIDATES = 5
"""The search considers only the greedy rating's best five decisions at its root."""

NEAR = (0.15, 0.3, 0.6, 0.6)
"""How soon a citizen event comes, by the citizens already at the institution."""
POWER = (0.03, 0.05, 0.08, 0.1, 0.12, 0.12, 0.06)
"""Being able to exert each institution's power (M-8.0 .. M-8.6)."""
PREFECT_SOON = (0.5, 0.25)
"""The next two Prefect chambers' events (M-6.1), nearest first."""


class Weights(NamedTuple):
    """The evaluation's weights, in Decurions."""

    item: float = 0.18
    """A citizen or favour held: a quarter of a set, less the bonus for covering a new type."""
    cover: float = 0.07
    """Each type of the next set covered (favours cover missing types, M-3.2)."""
    favour_extra: float = 0.05
    """Favours are wild (M-6.3)."""
    family_card: float = 0.12
    """A face-up family card: one more strong turn (M-1.7)."""
    citizen: float = 0.2
    """A citizen expected from an event."""
    lead: float = 0.02
    """Per member of lead at rank 1 (up to two): the lead is harder to take."""
    favour: float = 0.25
    """A favour expected from a Prefect event (M-6.1)."""
    win: float = 3.0
    """Bonus of the winner(s) of a finished game."""
    basilica: float = 0.0
    """Leading at the Basilica with three items to hand in: the exchange for a Decurion
    (M-8.4), as a share of that Decurion."""
    forum: float = 0.0
    """Leading at the Forum while a rival holds a citizen to take (M-8.5)."""
    spare: float = 0.0
    """Per item held beyond the next set: what the Basilica's exchange makes of it."""
    elect: float = 0.0
    """Per elect member (a wreath, M-8.2): influence 2 wherever it stands, for the rest of the
    game."""


PLAIN = Weights()
"""The hand-set weights (the medium player's)."""
TUNED = PLAIN
"""The searching levels' weights heads-up (see :mod:`engine.ai` and ``bench/tune_eval.py``):
the hand-set ones (hard already wins nine games in ten against medium with them)."""
TUNED_TABLE = Weights(item=0.1416, cover=0.0628, favour_extra=0.0486, family_card=0.1079,
                      citizen=0.1605, lead=0.0117, favour=0.2518, win=2.7093)
"""The searching levels' weights at a table of three or more: ``bench/tune_eval.py --game
municipium --players 4 --steps 20 --games 48 --a 1.2`` from :data:`PLAIN` on 2026-11-30 (960
greedy four-player games). Citizens and favours held count for less (a set three rivals race
for is less sure to be completed). Greedy with them alone against three greedy with
:data:`PLAIN` won 25.5 of 80 games (32%, interval 23-43%); the other way round the plain seat
won 17 of 80 (21%, interval 14-31%); par is 25%."""


def values(game: Any, w: Weights = PLAIN) -> list[float]:
    """The value of the position to each seat, in Decurions."""
    n = game.n
    if not game.stack:
        best = max(game.decurions)
        spare = [sum(game.hand[s]) + game.favours[s] for s in range(n)]
        top = max(spare[s] for s in range(n) if game.decurions[s] == best)
        return [game.decurions[s] + 0.01 * spare[s]
                + (w.win if (game.decurions[s], spare[s]) == (best, top) else 0.0)
                for s in range(n)]
    out = []
    items = []
    for seat in range(n):
        hand = game.hand[seat]
        favours = game.favours[seat]
        held = sum(hand) + favours
        items.append(held)
        covered = min(4, 4 - hand.count(0) + favours)
        out.append(game.decurions[seat] + w.item * held + w.cover * covered
                   + w.favour_extra * favours + w.family_card * sum(game.family[seat]))
        if w.spare and held > 4:
            out[seat] += w.spare * (held - 4)
        if w.elect:
            out[seat] += w.elect * sum(game.elect[seat])
    influence = [[game.plain[s][i] + 2 * game.elect[s][i] for i in range(7)] for s in range(n)]
    temple = game.temple
    ranks = []
    for inst in range(7):
        present = [(influence[s][inst], s) for s in temple if influence[s][inst]]
        present.sort(key=lambda pair: -pair[0])
        ranks.append(present)
        if not present:
            continue
        near = NEAR[min(3, sum(game.cit[inst]))]
        first = present[0][1]
        lead = present[0][0] - (present[1][0] if len(present) > 1 else 0)
        out[first] += POWER[inst] + 2 * w.citizen * near + w.lead * min(lead, 2)
        if inst == BASILICA and w.basilica and items[first] >= 3:
            out[first] += w.basilica
        elif inst == FORUM and w.forum and any(items[s] > game.favours[s]
                                               for s in range(n) if s != first):
            out[first] += w.forum
        if len(present) > 1:
            out[present[1][1]] += w.citizen * near
    chamber = game.prefect
    for weight in PREFECT_SOON:
        chamber = PREFECT_NEXT[chamber]
        present = ranks[chamber]
        if present and game.favour_space[chamber]:
            out[present[0][1]] += weight * w.favour
        if n > 2 and len(present) > 1 and game.chamber[chamber] >= 0:
            out[present[1][1]] += weight * w.citizen
    return out


def pointless(game: Any, action: Any) -> bool:
    """A relocation (M-8.6 / M-7.4b) out of an institution a member of the same kind was
    relocated to in this power: members of a kind are alike, so it only undoes part of an
    earlier move (there and back reads as nothing done). Legal (the rules allow it); the
    computer does not make it."""
    if getattr(action, "kind", "") != "relocate" or not game.stack:
        return False
    step = game.stack[-1]
    return step[0] == "relocate" and step[2][action.src + (7 if action.elect else 0)] > 0


VAGUE = frozenset({"m.family_card", "m.power", "m.move", "m.place_member", "m.draw_card",
                   "ai.best"})
"""Reasons that say what a step is, not what it is for (see :func:`outcome`)."""


def outcome(before: Any, after: Any, seat: int) -> tuple[str, dict[str, Any]] | None:
    """What ``seat``'s turn brought from ``before`` to ``after``, the most telling first: a
    Decurion (M-3.2), a Prefect favour (M-6.1), citizens (M-1.3), the lead at institutions
    (M-4.2); None if nothing."""
    if after.decurions[seat] > before.decurions[seat]:
        return "m.turn_decurion", {"decurions": after.decurions[seat]}
    if after.favours[seat] > before.favours[seat]:
        return "m.turn_favour", {}
    citizens = sum(after.hand[seat]) - sum(before.hand[seat])
    if citizens > 0:
        return "m.turn_citizen", {"citizens": citizens}
    leads = sum(1 for inst in range(7) if after.ranking_at(inst)[:1] == [seat]
                and before.ranking_at(inst)[:1] != [seat])
    if leads:
        return "m.turn_lead", {"leads": leads}
    return None


def reason(before: Any, after: Any, seat: int, action: Any) -> tuple[str, dict[str, Any]]:
    """Why ``action`` (which led from ``before`` to ``after``) is good for ``seat``."""
    if after.decurions[seat] > before.decurions[seat]:
        return "m.decurion", {"decurions": after.decurions[seat]}
    gained = [t for t in range(4) if after.hand[seat][t] > before.hand[seat][t]]
    if after.favours[seat] > before.favours[seat]:
        return "m.favour", {}
    if gained:
        return "m.citizen", {"citizen": CITIZEN_TYPES[gained[0]]}
    for inst in range(7):
        if after.ranking_at(inst)[:1] == [seat] and before.ranking_at(inst)[:1] != [seat]:
            return "m.lead", {"institution": INSTITUTIONS[inst]}
    kind = getattr(action, "kind", "")
    if kind == "play_family":
        return "m.family_card", {"card": FAMILY_CARDS[action.card]}
    if kind == "use_power":
        return "m.power", {"institution": INSTITUTIONS[action.inst]}
    if kind == "draw_card":
        return "m.draw_card", {}
    if kind in ("move", "relocate") and hasattr(action, "dst"):
        return "m.move", {"institution": INSTITUTIONS[action.dst]}
    if kind == "place_citizen":
        return "m.place", {"citizen": CITIZEN_TYPES[action.ctype],
                           "institution": INSTITUTIONS[action.inst]}
    if kind == "tavern":
        return "m.tavern", {"player": before.player_name(action.seat)}
    if kind in ("done", "pass"):
        return f"m.{kind}", {}
    if kind == "place_member":
        return "m.place_member", {"institution": INSTITUTIONS[action.inst]}
    return "ai.best", {}
