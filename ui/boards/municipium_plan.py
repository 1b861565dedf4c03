"""Municipium: what the deciding seat can do on the board now (a
:class:`ui.boards.targets.Targets`), from the engine's legal actions and the board's selection
(``session.ui``)."""

from __future__ import annotations

from typing import Any

from engine.municipium.actions import (
    ChamberChoice,
    Crown,
    Done,
    DrawCard,
    DrawCitizen,
    ForumTake,
    Move,
    Pass,
    PlaceCitizen,
    PlaceMember,
    PlayFamily,
    Relocate,
    Tavern,
    UsePower,
)
from engine.municipium.data import CITIZEN_PLACES, EMPORIUM, FAMILY_CARDS, INSTITUTIONS
from ui.boards.municipium_words import (
    P,
    action_label,
    card_name,
    citizen_words,
    inst_name,
)
from ui.boards.targets import Targets
from ui.i18n import Catalogue
from ui.screens.parts import live


# ------------------------------------------------------------------------ the plan
def plan(session: Any, cat: Catalogue) -> Targets:
    """The targets of the pending decision (empty when nobody here may decide)."""
    game = session.view
    pending = game.pending_step()
    kind, seat = pending.kind, pending.seat
    empty = Targets(kind, seat)
    if not live(session):
        return empty
    legal = game.legal_actions()
    index = {action: i for i, action in enumerate(legal)}
    builder = _BUILDERS.get(kind)
    if builder is None:
        bar = [(action_label(game, a, cat), {"index": i}) for i, a in enumerate(legal)]
        return empty.but(live=True, bar=bar)
    return builder(game, session.ui, legal, index, cat, empty.but(live=True))


def _plan_initial(game, ui, legal, index, cat, base: Targets) -> Targets:
    targets = {a.inst: i for i, a in enumerate(legal) if isinstance(a, PlaceMember)}
    return base.but(inst=targets, hint=cat.t(f"{P}hint.initial"))


def _moves(legal: list, cls: type) -> dict[tuple[int, bool], dict[int, int]]:
    """Legal moves of ``cls`` grouped by (source, elect): destination → index."""
    grouped: dict[tuple[int, bool], dict[int, int]] = {}
    for i, action in enumerate(legal):
        if isinstance(action, cls):
            grouped.setdefault((action.src, action.elect), {})[action.dst] = i
    return grouped


def _plan_moving(game, ui, legal, index, cat, base: Targets, cls: type) -> Targets:
    """Moving (M-5.1) and relocating (M-7.4b, M-8.6): pick a source, then a destination."""
    grouped = _moves(legal, cls)
    sources = frozenset(src for src, _ in grouped)
    done = index.get(Done())
    label = cat.t(f"{P}bar.done_moving" if cls is Move else f"{P}bar.done_relocating")
    if cls is Move and game.pending_step()["moved"] == 0:
        label = cat.t(f"{P}bar.no_move")
    bar: list[tuple[str, dict[str, Any]]] = []
    src = ui.get("src")
    if src not in sources:
        src = None
    targets: dict[int, int] = {}
    hint = cat.t(f"{P}hint.pick_member")
    if src is not None:
        kinds = [elect for s, elect in grouped if s == src]
        elect = bool(ui.get("elect")) if len(kinds) > 1 else kinds[0]
        targets = dict(grouped[(src, elect)])
        hint = cat.t(f"{P}hint.pick_destination", src=inst_name(cat, src))
        if len(kinds) > 1:
            for option in (False, True):
                word = cat.t(f"{P}bar.elect" if option else f"{P}bar.plain")
                bar.append((word, {"what": "elect", "value": int(option),
                                   "pressed": option == elect}))
        bar.append((cat.t(f"{P}bar.cancel"), {"what": "deselect"}))
    if done is not None:
        bar.append((label, {"index": done, "primary": True}))
    return base.but(inst=targets, pick=sources, selected=src, bar=bar, hint=hint)


def _plan_move(game, ui, legal, index, cat, base):
    return _plan_moving(game, ui, legal, index, cat, base, Move)


def _plan_relocate(game, ui, legal, index, cat, base):
    return _plan_moving(game, ui, legal, index, cat, base, Relocate)


def _plan_card(game, ui, legal, index, cat, base: Targets) -> Targets:
    family = {a.card: i for i, a in enumerate(legal) if isinstance(a, PlayFamily)}
    deck = index.get(DrawCard())
    bar = [(cat.t(f"{P}bar.draw_card"), {"index": deck, "primary": True})]
    bar += [(cat.t(f"{P}bar.play_family", card=card_name(cat, FAMILY_CARDS[k])), {"index": i})
            for k, i in family.items()]
    return base.but(deck=deck, family=family, bar=bar, hint=cat.t(f"{P}hint.card"))


def _plan_place(game, ui, legal, index, cat, base: Targets) -> Targets:
    held = game.pending_step()["held"]
    types = [t for t in range(4) if held[t]]
    ctype = ui.get("ctype")
    if ctype not in types:
        ctype = types[0]
    targets = {a.inst: i for i, a in enumerate(legal)
               if isinstance(a, PlaceCitizen) and a.ctype == ctype}
    bar: list[tuple[str, dict[str, Any]]] = []
    if len(types) > 1:
        for t in types:
            label = cat.t(f"{P}bar.held", count=held[t], **citizen_words(cat, t))
            bar.append((label, {"what": "ctype", "value": t, "pressed": t == ctype,
                                "ctype": t}))
    hint = place_hint(cat, ctype, sorted(targets) or list(CITIZEN_PLACES[ctype]))
    return base.but(inst=targets, selected=None, bar=bar, hint=hint)


def place_hint(cat: Catalogue, ctype: int, places: list[int]) -> str:
    """Where the citizen may go (M-1.3): the places by name, or "any institution" when every
    institution takes it (a priest), never all seven listed."""
    if len(places) == len(INSTITUTIONS):
        return cat.t(f"{P}hint.place_any", **citizen_words(cat, ctype))
    names = cat.t(f"{P}or").join(inst_name(cat, i) for i in places)
    return cat.t(f"{P}hint.place", places=names, **citizen_words(cat, ctype))


def _plan_keep(game, ui, legal, index, cat, base: Targets) -> Targets:
    bar = [(action_label(game, a, cat), {"index": i}) for i, a in enumerate(legal)]
    inst = game.pending_step()["inst"]
    return base.but(bar=bar, hint=cat.t(f"{P}hint.keep", inst=inst_name(cat, inst)))


def _plan_single(game, ui, legal, index, cat, base: Targets) -> Targets:
    targets = {a.chamber: i for i, a in enumerate(legal) if isinstance(a, ChamberChoice)}
    ctype = game.pending_step()["ctype"]
    return base.but(inst=targets, hint=cat.t(f"{P}hint.single",
                                                  **citizen_words(cat, ctype)))


def _plan_offer(game, ui, legal, index, cat, base: Targets) -> Targets:
    targets = {a.inst: i for i, a in enumerate(legal) if isinstance(a, UsePower)}
    bar = [(action_label(game, legal[i], cat), {"index": i, "primary": True})
           for i in targets.values()]
    bar.append((cat.t(f"{P}bar.pass"), {"index": index[Pass()]}))
    return base.but(inst=targets, bar=bar, hint=cat.t(f"{P}hint.offer"))


def _plan_crown(game, ui, legal, index, cat, base: Targets) -> Targets:
    crown = index[Crown()]
    bar = [(cat.t(f"{P}bar.crown"), {"index": crown, "primary": True}),
           (cat.t(f"{P}bar.no_crown"), {"index": index[Pass()]})]
    return base.but(inst={0: crown}, bar=bar, hint=cat.t(f"{P}hint.crown"))


def _plan_great_family(game, ui, legal, index, cat, base: Targets) -> Targets:
    bar = [(action_label(game, a, cat), {"index": i}) for i, a in enumerate(legal)]
    return base.but(bar=bar, hint=cat.t(f"{P}hint.great_family"))


def _plan_emporium(game, ui, legal, index, cat, base: Targets) -> Targets:
    draw = index[DrawCitizen()]
    bar = [(cat.t(f"{P}bar.draw_citizen"), {"index": draw, "primary": True}),
           (cat.t(f"{P}bar.stop"), {"index": index[Done()]})]
    key = "hint.emporium_first" if emporium_first_draw(game) else "hint.emporium"
    return base.but(bar=bar, bag=draw, hint=cat.t(P + key))


def emporium_first_draw(game: Any) -> bool:
    """Whether the Emporium's drawing (M-8.3) has not drawn yet: no "draws again" since the
    power was exerted (the first offer reads "draw a citizen", the later ones "another")."""
    for event in reversed(game.events):
        if event.key == "draw_again":
            return False
        if event.key == "exert_power" and dict(event.args).get("inst") == EMPORIUM:
            return True
    return True


def _plan_basilica(game, ui, legal, index, cat, base: Targets) -> Targets:
    draw = index.get(DrawCitizen())
    bar = [(action_label(game, a, cat), {"index": i}) for i, a in enumerate(legal)]
    return base.but(bar=bar, bag=draw, hint=cat.t(f"{P}hint.basilica"))


def _plan_tavern(game, ui, legal, index, cat, base: Targets) -> Targets:
    sources = frozenset(a.src for a in legal if isinstance(a, Tavern))
    src = ui.get("src") if ui.get("src") in sources else None
    bar: list[tuple[str, dict[str, Any]]] = []
    hint = cat.t(f"{P}hint.tavern")
    if src is not None:
        bar = [(action_label(game, a, cat), {"index": i}) for i, a in enumerate(legal)
               if isinstance(a, Tavern) and a.src == src]
        bar.append((cat.t(f"{P}bar.cancel"), {"what": "deselect"}))
        hint = cat.t(f"{P}hint.tavern_count", src=inst_name(cat, src))
    return base.but(pick=sources, selected=src, bar=bar, hint=hint)


def _plan_forum(game, ui, legal, index, cat, base: Targets) -> Targets:
    at: dict[int, list[int]] = {}
    hand: dict[tuple[int, int], int] = {}
    for i, action in enumerate(legal):
        if not isinstance(action, ForumTake):
            continue
        if action.seat >= 0:
            hand[(action.seat, action.ctype)] = i
        else:
            at.setdefault(action.inst, []).append(i)
    targets = {inst: found[0] for inst, found in at.items() if len(found) == 1}
    pick = frozenset(inst for inst, found in at.items() if len(found) > 1)
    src = ui.get("src") if ui.get("src") in pick else None
    bar: list[tuple[str, dict[str, Any]]] = []
    if src is not None:
        bar = [(action_label(game, legal[i], cat), {"index": i}) for i in at[src]]
        bar.append((cat.t(f"{P}bar.cancel"), {"what": "deselect"}))
    return base.but(inst=targets, pick=pick, selected=src, hand=hand, bar=bar,
                         hint=cat.t(f"{P}hint.forum"))


_BUILDERS = {
    "initial": _plan_initial, "move": _plan_move, "relocate": _plan_relocate,
    "card": _plan_card, "place": _plan_place, "keep": _plan_keep,
    "single_place": _plan_single, "offer": _plan_offer, "crown": _plan_crown,
    "great_family": _plan_great_family, "emporium_choice": _plan_emporium,
    "basilica": _plan_basilica, "tavern": _plan_tavern, "forum": _plan_forum,
}
