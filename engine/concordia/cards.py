"""The card actions (C-4): for every kind of step, its legal decisions and their effect.

:data:`STEPS` holds each kind of decision step (a :class:`~engine.core.stack.Step` class): its
``legal(game, step)`` lists the decisions open at the step, its ``apply(game, step, action)``
carries one out (it pops the step, as every handler does, and pushes whatever work follows).
``why_illegal`` explains a refused decision with the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.concordia import rulings
from engine.concordia.components import (
    CARDS,
    COLONIST_COST,
    GOODS,
    HOUSE_GOODS,
    HOUSE_MONEY,
    HOUSES,
    MARKER_COINS,
    PRICES,
    SURCHARGES,
)
from engine.concordia.notation import CASH, DONE, Action, goods_arg, pack_goods, unpack_goods
from engine.concordia.steps import (
    ARCH,
    COLON,
    CONSUL,
    DIPLO,
    KEEP,
    PREFECT,
    SENATE,
    TRADE,
    TRIBCOL,
    TURN,
)
from engine.core.protocol import Reason
from engine.core.stack import Step, decision

if TYPE_CHECKING:
    from engine.concordia.game import Concordia

CANON: tuple[int, ...] = tuple(
    next(i for i, other in enumerate(CARDS) if (other[0], other[3]) == (card[0], card[3]))
    for card in CARDS)
"""For each card, the first card with the same action (ENGINE-4 in ``rulings``)."""

FOOD, TOOL = COLONIST_COST


def _need(cost: tuple[int, ...]) -> list[int]:
    need = [0] * len(GOODS)
    for good in cost:
        need[good] += 1
    return need


_NEEDS: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}


def can_pay(have: list[int], cost: tuple[int, ...]) -> bool:
    """Whether goods ``have`` cover the goods ``cost`` (a tuple of goods, repeats allowed)."""
    needs = _NEEDS.get(cost)
    if needs is None:
        needs = _NEEDS[cost] = tuple((g, n) for g, n in enumerate(_need(cost)) if n)
    for good, n in needs:
        if have[good] < n:
            return False
    return True


def pay(have: list[int], cost: tuple[int, ...]) -> None:
    for good in cost:
        have[good] -= 1


# --------------------------------------------------------------------------- playing a card
def legal_turn(game: Concordia, step: Step) -> list[Action]:
    """C-3.1: play any card of the hand (one decision per distinct action, ENGINE-4)."""
    return [Action("play", c) for c in sorted({CANON[c] for c in game.hand[step.actor]})]


def apply_turn(game: Concordia, step: Step, action: Action) -> None:
    game.stack.pop()
    seat = step.actor
    hand = game.hand[seat]
    card = next(c for c in hand if CANON[c] == action.a)
    hand.remove(card)
    game.discard[seat].append(card)
    game.emit("c.play", "C-3.1", p=seat, card=CARDS[card][0])
    start_action(game, seat, card, copied=False)


def start_action(game: Concordia, seat: int, card: int, copied: bool) -> None:
    """Begin the action of ``card`` for ``seat`` (played, or copied by a Diplomat)."""
    name, _god, _cost, param = CARDS[card]
    if name == "Tribune":
        if not copied:
            take_back(game, seat)
        game.stack.append(TribuneStep(seat))
    elif name == "Architect":
        game.stack.append(ArchitectStep(seat, len(game.colonists[seat]), 0))
    elif name == "Prefect":
        game.stack.append(PrefectStep(seat, int(copied)))
    elif name == "Mercator":
        game.money[seat] += param
        game.emit("c.mercator_money", "C-4.5", p=seat, money=param)
        game.stack.append(MercatorStep(seat, ()))
    elif name == "Colonist":
        game.stack.append(ColonistStep(seat, 0))
    elif name == "Diplomat":
        game.stack.append(DiplomatStep(seat))
    elif name == "Senator":
        game.stack.append(SenatorStep(seat, 0))
    elif name == "Consul":
        game.stack.append(ConsulStep(seat))
    else:
        specialist(game, seat, card)


# --------------------------------------------------------------------------- Tribune C-4.1
def take_back(game: Concordia, seat: int) -> None:
    """C-4.1: all played cards (the Tribune included) back to hand, 1 per card beyond 3."""
    pile = game.discard[seat]
    count = len(pile)
    game.hand[seat] += pile
    game.discard[seat] = []
    bonus = max(0, count - 3)
    game.money[seat] += bonus
    game.emit("c.take_back", "C-4.1", p=seat, cards=count, money=bonus)


def placements(game: Concordia, seat: int, cities: list[int]) -> list[Action]:
    """New colonists (1 food + 1 tool each) that ``seat`` can put into ``cities``."""
    goods = game.goods[seat]
    if not goods[FOOD] or not goods[TOOL]:
        return []
    out = []
    routes = game.board.city_routes
    for kind in (0, 1):
        if game.stored[seat][kind]:
            out += [Action("place", kind, c) for c in cities
                    if routes[c][kind] or not rulings.COLONIST_NEEDS_ROUTE_OF_ITS_TYPE]
    return out


def place(game: Concordia, seat: int, kind: int, city: int, rule: str) -> None:
    pay(game.goods[seat], COLONIST_COST)
    game.stored[seat][kind] -= 1
    game.colonists[seat].append(city * 2 + kind)
    game.emit("c.colonist_placed", rule, p=seat, kind=("land", "sea")[kind],
              city=game.board.city_ids[city])


def legal_tribcol(game: Concordia, step: Step) -> list[Action]:
    return placements(game, step.actor, [game.board.roma]) + [DONE]


def apply_tribcol(game: Concordia, step: Step, action: Action) -> None:
    game.stack.pop()
    if action.verb == "place":
        place(game, step.actor, action.a, action.b, "C-4.1")


# --------------------------------------------------------------------------- Architect C-4.2
def house_cost(game: Concordia, city: int) -> tuple[tuple[int, ...], int]:
    """C-4.3: goods and money of the next house in ``city`` (money × houses after building)."""
    good = game.token[city]
    return HOUSE_GOODS[good], HOUSE_MONEY[good] * (game.houses[city].bit_count() + 1)


def build_sites(game: Concordia, seat: int) -> list[int]:
    """Cities at the ends of routes with ``seat``'s colonists, without ``seat``'s house."""
    b = game.board
    nc = b.ncities
    bit = 1 << seat
    sites = set()
    for code in game.colonists[seat]:
        loc = code >> 1
        if loc >= nc:
            a, c, _ = b.routes[loc - nc]
            sites.add(a)
            sites.add(c)
    sites.discard(b.roma)
    return sorted(c for c in sites if not game.houses[c] & bit)


def legal_arch(game: Concordia, step: Step) -> list[Action]:
    _, seat, points, building = step
    out = []
    if not building and points:
        occupied = game.occupied
        reach = game.board.reach
        seen = set()
        for i, code in enumerate(game.colonists[seat]):
            if code in seen:
                continue
            seen.add(code)
            for route, dist in reach[(code >> 1, code & 1)]:
                if dist > points:
                    break
                if not occupied[route]:
                    out.append(Action("move", i, route))
    if game.nhouses[seat] < HOUSES:
        goods, money = game.goods[seat], game.money[seat]
        for city in build_sites(game, seat):
            cost, price = house_cost(game, city)
            if price <= money and can_pay(goods, cost):
                out.append(Action("build", city))
    out.append(DONE)
    return out


def apply_arch(game: Concordia, step: Step, action: Action) -> None:
    game.stack.pop()
    _, seat, points, _building = step
    if action.verb == "move":
        b = game.board
        cols = game.colonists[seat]
        code = cols[action.a]
        loc, kind = code >> 1, code & 1
        dist = b.distance[(loc, kind)][action.b]
        if loc >= b.ncities:
            game.occupied[loc - b.ncities] -= 1
        game.occupied[action.b] += 1
        cols[action.a] = ((b.ncities + action.b) << 1) | kind
        if loc < b.ncities:
            game.emit("c.move_from_city", "C-4.2", p=seat, kind=("land", "sea")[kind],
                      city=b.city_ids[loc], route=action.b, steps=dist, points=points)
        else:
            game.emit("c.move", "C-4.2", p=seat, kind=("land", "sea")[kind],
                      origin=loc - b.ncities, route=action.b, steps=dist, points=points)
        game.stack.append(ArchitectStep(seat, points - dist, 0))
    elif action.verb == "build":
        city = action.a
        cost, price = house_cost(game, city)
        pay(game.goods[seat], cost)
        game.money[seat] -= price
        game.houses[city] |= 1 << seat
        game.nhouses[seat] += 1
        game.emit("c.build", "C-4.3", p=seat, city=game.board.city_ids[city],
                  goods=goods_arg(_need(cost)), money=price)
        if game.nhouses[seat] == HOUSES:
            game.trigger_end(seat)
        game.stack.append(ArchitectStep(seat, 0, 1))


# --------------------------------------------------------------------------- Prefect C-4.4
def production(game: Concordia, province: int) -> list[list[int]]:
    """Goods every seat's houses in ``province`` produce (one of its city's good per house)."""
    n = game.players
    incoming = [[0] * len(GOODS) for _ in range(n)]
    for city in game.board.province_cities[province]:
        good = game.token[city]
        owners = game.houses[city]
        for s in range(n):
            if owners >> s & 1:
                incoming[s][good] += 1
    return incoming


def bonus_count(game: Concordia, seat: int, copied: bool) -> int:
    """The Prefect's bonus goods: 2 with the Praefectus Magnus (C-4.4; copied: C-4.7)."""
    if game.pm == seat and (rulings.DIPLOMAT_PREFECT_DOUBLED or not copied):
        return 2
    return 1


def legal_prefect(game: Concordia, step: Step) -> list[Action]:
    """C-4.4: a province whose marker shows its good (in a province of free bonus, one
    decision per good, C-M.creta.1), or the cash once some marker shows its coin side
    (ENGINE-5, C-M.creta.4; rules revision 1 offered it on Creta at once)."""
    free = game.board.free_bonus
    out = []
    for p, f in enumerate(game.flipped):
        if not f:
            out += ([Action("province", p, g) for g in range(len(GOODS))] if p in free
                    else [Action("province", p)])
    if any(game.flipped) or (game.board.cash_bonus and not game.creta_as_source):
        out.append(CASH)
    out.append(DONE)
    return out


def bonus_good(game: Concordia, province: int, chosen: int = -1) -> int:
    """The good of ``province``'s Prefect bonus: its marker's (C-4.4), or the good the player
    chose in a province of free bonus (C-M.creta.1; the marker's if none is given yet)."""
    if province in game.board.free_bonus and chosen >= 0:
        return chosen
    return game.marker[province]


def marker_coins(game: Concordia, province: int, chosen: int = -1) -> int:
    """The sestertii ``province``'s marker pays on its coin side (C-1.9, C-4.4): its good's;
    in a province of free bonus the good last chosen there (none before it is first
    prefected, C-M.creta.1; by its marker's good in games of rules revision 1). ``chosen``:
    the coins once that good is chosen there."""
    if province in game.board.free_bonus and game.creta_as_source:
        good = chosen if chosen >= 0 else game.chosen[province]
        return MARKER_COINS[good] if good >= 0 else 0
    return MARKER_COINS[game.marker[province]]


def cash_coins(game: Concordia) -> int:
    """The coins of the markers on their coin side (C-4.4), without a map's extra."""
    return sum(marker_coins(game, p) for p, f in enumerate(game.flipped) if f)


def apply_prefect(game: Concordia, step: Step, action: Action) -> None:
    game.stack.pop()
    _, seat, copied = step
    n = game.players
    if action.verb == "province":
        p = action.a
        incoming = production(game, p)
        for i in range(n):
            s = (seat + i) % n
            if any(incoming[s]):
                game.emit("c.production", "C-4.4", p=s, province=p, goods=goods_arg(incoming[s]))
        bonus = bonus_count(game, seat, bool(copied))
        good = bonus_good(game, p, action.b)
        game.emit("c.bonus", "C-4.4", p=seat, province=p, goods=goods_arg(
            [bonus if g == good else 0 for g in range(len(GOODS))]))
        incoming[seat][good] += bonus
        game.flipped[p] = 1
        if p in game.board.free_bonus:
            game.chosen[p] = good  # its coins from now on (C-M.creta.1)
        keeps = [game.receive(s, incoming[s]) for s in ((seat + i) % n for i in range(n))]
        game.stack += reversed([k for k in keeps if k])
        if bonus == 2:
            game.pm = (seat - 1) % n
            game.emit("c.pm_passes", "C-4.4", p=seat, q=game.pm)
    elif action.verb == "cash":
        extra = game.board.cash_bonus  # C-M.creta.2
        total = cash_coins(game)
        game.money[seat] += total + extra
        game.flipped = [0] * len(game.flipped)
        if extra:
            game.emit("c.cash", "C-M.creta.2", p=seat, money=total + extra, bonus=extra)
        else:
            game.emit("c.cash", "C-4.4", p=seat, money=total)


def _keep_options(incoming: tuple[int, ...], free: int) -> list[Action]:
    options: list[Action] = []

    def walk(good: int, left: int, kept: list[int]) -> None:
        if good == len(incoming):
            if not left:
                options.append(Action("keep", pack_goods(kept)))
            return
        rest = sum(incoming[good + 1:])
        for n in range(min(incoming[good], left), -1, -1):
            if left - n <= rest:
                walk(good + 1, left - n, kept + [n])

    walk(0, free, [])
    return options


def legal_keep(game: Concordia, step: Step) -> list[Action]:
    """C-4.11 (ENGINE-3): keep as many incoming goods as fit, choosing which."""
    return _keep_options(step.incoming, game.free_space(step.actor))


def apply_keep(game: Concordia, step: Step, action: Action) -> None:
    game.stack.pop()
    seat, incoming = step.actor, step.incoming
    kept = unpack_goods(action.a)
    for g, n in enumerate(kept):
        game.goods[seat][g] += n
    game.emit("c.keep", "C-4.11", p=seat, goods=goods_arg(kept),
              lost=goods_arg([a - b for a, b in zip(incoming, kept)]))


# --------------------------------------------------------------------------- Mercator C-4.5
def _trade_directions(used: tuple, good: int) -> tuple[int, ...]:
    """Buy (+1) and/or sell (-1) of ``good`` still open: each kind is traded in one decision
    (ENGINE-6), at most two kinds (C-4.5)."""
    kinds = [g for g, _ in used]
    if good in kinds:
        if rulings.MERCATOR_NO_BUY_AND_SELL_SAME_KIND:
            return ()
        return tuple(-d for g, d in used if g == good and (g, -d) not in used)
    return () if len(kinds) >= 2 else (1, -1)


def legal_trade(game: Concordia, step: Step) -> list[Action]:
    _, seat, used = step
    goods, money = game.goods[seat], game.money[seat]
    free = game.free_space(seat)
    out = []
    for good, price in enumerate(PRICES):
        for direction in _trade_directions(used, good):
            most = min(free, money // price) if direction > 0 else goods[good]
            verb = "buy" if direction > 0 else "sell"
            out += [Action(verb, good, n) for n in range(1, most + 1)]
    out.append(DONE)
    return out


def apply_trade(game: Concordia, step: Step, action: Action) -> None:
    game.stack.pop()
    _, seat, used = step
    if action.verb == "done":
        return
    good, n = action.a, action.b
    direction = 1 if action.verb == "buy" else -1
    money = n * PRICES[good]
    game.goods[seat][good] += direction * n
    game.money[seat] -= direction * money
    game.emit("c." + action.verb, "C-4.5", p=seat, n=n, good=GOODS[good], money=money)
    if (good, direction) not in used:
        used = used + ((good, direction),)
    game.stack.append(MercatorStep(seat, used))


# --------------------------------------------------------------------------- Colonist C-4.6
def colonist_cities(game: Concordia, seat: int) -> list[int]:
    """The start city (Roma, C-M.1) and the cities with ``seat``'s houses (C-4.6 a)."""
    bit = 1 << seat
    return [game.board.roma] + [c for c, h in enumerate(game.houses) if h & bit]


def legal_colon(game: Concordia, step: Step) -> list[Action]:
    _, seat, placing = step
    out = [] if placing else [CASH]
    return out + placements(game, seat, colonist_cities(game, seat)) + [DONE]


def apply_colon(game: Concordia, step: Step, action: Action) -> None:
    game.stack.pop()
    seat = step.actor
    if action.verb == "place":
        place(game, seat, action.a, action.b, "C-4.6")
        game.stack.append(ColonistStep(seat, 1))
    elif action.verb == "cash":
        money = 5 + len(game.colonists[seat])
        game.money[seat] += money
        game.emit("c.colonist_cash", "C-4.6", p=seat, money=money)


# --------------------------------------------------------------------------- Diplomat C-4.7
def copyable(game: Concordia, seat: int) -> list[int]:
    """Seats whose top discard card ``seat`` may copy (not a Diplomat, C-4.7)."""
    n = game.players
    out = []
    for i in range(1, n):
        s = (seat + i) % n
        pile = game.discard[s]
        if pile and CARDS[pile[-1]][0] != "Diplomat":
            out.append(s)
    return out


def legal_diplo(game: Concordia, step: Step) -> list[Action]:
    return [Action("copy", s) for s in copyable(game, step.actor)] + [DONE]


def apply_diplo(game: Concordia, step: Step, action: Action) -> None:
    game.stack.pop()
    if action.verb == "copy":
        seat = step.actor
        card = game.discard[action.a][-1]
        game.emit("c.copy", "C-4.7", p=seat, q=action.a, card=CARDS[card][0])
        start_action(game, seat, card, copied=True)


# --------------------------------------------------------------------------- Senator, Consul
def card_price(card: int, slot: int, surcharge: bool) -> tuple[tuple[int, ...], bool]:
    """The fixed goods to pay for ``card`` in ``slot`` and whether one 'any' good is added."""
    extra = SURCHARGES[slot] if surcharge else ()
    return CARDS[card][2] + tuple(g for g in extra if g >= 0), -1 in extra


def legal_purchase(game: Concordia, seat: int, surcharge: bool) -> list[Action]:
    goods = game.goods[seat]
    out = []
    for slot, card in enumerate(game.display):
        if card < 0:
            continue
        cost, any_good = card_price(card, slot, surcharge)
        if not any_good:
            if can_pay(goods, cost):
                out.append(Action("card", slot, -1))
        else:
            out += [Action("card", slot, g) for g in range(len(GOODS))
                    if can_pay(goods, cost + (g,))]
    return out


def buy_card(game: Concordia, seat: int, action: Action, surcharge: bool, rule: str) -> None:
    slot = action.a
    card = game.display[slot]
    cost, any_good = card_price(card, slot, surcharge)
    if any_good:
        cost += (action.b,)
    pay(game.goods[seat], cost)
    game.hand[seat].append(card)
    game.display[slot] = -1
    game.emit("c.buy_card", rule, p=seat, card=CARDS[card][0], goods=goods_arg(_need(cost)))
    if not any(game.deck) and all(c < 0 for c in game.display):
        game.trigger_end(seat)


def legal_senate(game: Concordia, step: Step) -> list[Action]:
    return legal_purchase(game, step.actor, True) + [DONE]


def apply_senate(game: Concordia, step: Step, action: Action) -> None:
    """C-4.8 RULING: both cards at the slots as they stood; slide and refill after both."""
    game.stack.pop()
    _, seat, bought = step
    if action.verb == "card":
        buy_card(game, seat, action, True, "C-4.8")
        if bought + 1 < 2:
            game.stack.append(SenatorStep(seat, bought + 1))
            if not rulings.SENATOR_SLIDES_AFTER_BOTH:
                game.refill()  # the draws (pushed on top) come before the second purchase
            return
    game.refill()


def legal_consul(game: Concordia, step: Step) -> list[Action]:
    return legal_purchase(game, step.actor, False) + [DONE]


def apply_consul(game: Concordia, step: Step, action: Action) -> None:
    game.stack.pop()
    if action.verb == "card":
        buy_card(game, step.actor, action, False, "C-4.9")
    game.refill()


# --------------------------------------------------------------------------- specialists C-4.10
def specialist(game: Concordia, seat: int, card: int) -> None:
    """C-4.10: one good of the specialist's kind per own house in cities of that kind."""
    good = CARDS[card][3][0]
    bit = 1 << seat
    count = sum(1 for c in game.board.token_cities
                if game.token[c] == good and game.houses[c] & bit)
    incoming = [count if g == good else 0 for g in range(len(GOODS))]
    if count:
        game.emit("c.specialist", "C-4.10", p=seat, card=CARDS[card][0],
                  goods=goods_arg(incoming))
        game.receive(seat, incoming)


TurnStep = decision("turn", "", "C-3.1", "play a card", legal_turn, apply_turn, TURN)
ArchitectStep = decision("architect", "points:i building:i", "C-4.2",
                         "move colonists, then build houses", legal_arch, apply_arch, ARCH)
PrefectStep = decision("prefect", "copied:i", "C-4.4", "choose a province or take the cash",
                       legal_prefect, apply_prefect, PREFECT)
MercatorStep = decision("mercator", "used:p", "C-4.5", "buy and sell goods", legal_trade,
                        apply_trade, TRADE)
ColonistStep = decision("colonist", "placing:i", "C-4.6", "place new colonists or take the cash",
                        legal_colon, apply_colon, COLON)
TribuneStep = decision("tribune", "", "C-4.1", "buy a colonist or not", legal_tribcol,
                       apply_tribcol, TRIBCOL)
DiplomatStep = decision("diplomat", "", "C-4.7", "copy the top card of another player",
                        legal_diplo, apply_diplo, DIPLO)
SenatorStep = decision("senator", "bought:i", "C-4.8", "buy up to two cards", legal_senate,
                       apply_senate, SENATE)
ConsulStep = decision("consul", "", "C-4.9", "buy one card", legal_consul, apply_consul, CONSUL)
KeepStep = decision("keep", "incoming:n", "C-4.11", "choose which goods to keep", legal_keep,
                    apply_keep, KEEP)
STEPS = (TurnStep, ArchitectStep, PrefectStep, MercatorStep, ColonistStep, TribuneStep,
         DiplomatStep, SenatorStep, ConsulStep, KeepStep)
"""The decision steps by key (each handler pops its step: see the module docstring)."""


# --------------------------------------------------------------------------- explanations
_VERBS = {
    TURN: ("play",), ARCH: ("move", "build", "done"), PREFECT: ("province", "cash", "done"),
    TRADE: ("buy", "sell", "done"), COLON: ("cash", "place", "done"), TRIBCOL: ("place", "done"),
    DIPLO: ("copy", "done"), SENATE: ("card", "done"), CONSUL: ("card", "done"), KEEP: ("keep",),
}


Why = tuple[Reason, str | None]


def _why(key: str, rule: str | None, text: str, **params: Any) -> Why:
    """A refusal: ``text`` is the engine's English; ``key`` and ``params`` (plain values) let
    the UI word it (catalogue ``refusal.c.<key>``)."""
    return (Reason("c." + key, text, params), rule)


def _held(game: Concordia, seat: int, need: list[int]) -> tuple[int, ...]:
    """What ``seat`` holds of the kinds in ``need`` (other kinds as 0)."""
    return tuple(game.goods[seat][g] if n else 0 for g, n in enumerate(need))


def why_illegal(game: Concordia, step: Step, action: Any) -> Why:
    """A sentence (a :class:`Reason`, with key and params) and a rule id saying why
    ``action`` is not legal at ``step``."""
    kind, seat, rule, name = step.key, step.actor, step.rule, step.name
    who = game.player_name(seat)
    if not isinstance(action, Action):
        return _why("not_a_decision", None, f"{action!r} is not a Concordia decision")
    if action.verb not in _VERBS[kind]:
        verbs = ", ".join(_VERBS[kind])
        return _why("wrong_step", rule,
                    f"{who} must decide the {name} step now ({verbs})",
                    p=seat, step=name)
    explain = _EXPLAIN.get(kind)
    reason = explain(game, step, action) if explain else None
    return reason or _why("not_in_step", rule,
                          f"{action} is not legal in the {name} step",
                          step=name)


def _why_turn(game: Concordia, step: Step, action: Action) -> Why | None:
    if not 0 <= action.a < len(CARDS) or action.a not in {CANON[c] for c in game.hand[step.actor]}:
        return _why("not_in_hand", "C-3.1", "that card is not in the player's hand")
    return None


def _why_arch(game: Concordia, step: Step, action: Action) -> Why | None:
    _, seat, points, building = step
    b = game.board
    if action.verb == "move":
        if building:
            return _why("moved_after_build", "C-4.2",
                        "colonists cannot move once a house has been built (ENGINE-2)")
        cols = game.colonists[seat]
        if not 0 <= action.a < len(cols) or not 0 <= action.b < b.nroutes:
            return _why("no_such_route", "C-4.2", "no such colonist or route")
        code = cols[action.a]
        if b.routes[action.b][2] != code & 1:
            return _why("wrong_route_kind", "C-4.2",
                        "land colonists travel land routes, sea colonists sea routes",
                        kind=code & 1)
        if action.b in b.pass_only:
            return _why("pass_only", "C-M.ionium.1",
                        "a colonist may pass this route but never stop on it", route=action.b)
        if game.occupied[action.b]:
            return _why("route_occupied", "C-4.2",
                        "a colonist may pass an occupied route but never end its move on one")
        dist = b.distance[(code >> 1, code & 1)].get(action.b)
        if dist is None:
            return _why("unreachable", "C-4.2", "that route cannot be reached")
        if dist > points:
            return _why("too_far", "C-4.2",
                        f"that route is {dist} steps away, {points} movement points left",
                        steps=dist, points=points)
    elif action.verb == "build":
        return _why_build(game, seat, action.a)
    return None


def _why_build(game: Concordia, seat: int, city: int) -> Why:
    b = game.board
    if not 0 <= city < b.ncities:
        return _why("no_such_city", "C-4.2", "no such city")
    if city == b.roma:
        return _why("no_house_in_roma", "C-4.2",
                    f"no houses can be built in {b.city_names[city]}", city=city)
    if game.houses[city] >> seat & 1:
        return _why("one_house_per_city", "C-4.2", "a player may have only one house in a city",
                    city=city)
    if city not in build_sites(game, seat):
        return _why("not_a_build_site", "C-4.2",
                    "houses go only in cities at an end of a route with one of your colonists",
                    city=city)
    if game.nhouses[seat] >= HOUSES:
        return _why("all_houses_built", "C-1.3", "all 15 houses are built", houses=HOUSES)
    cost, price = house_cost(game, city)
    need = _need(cost)
    text = f"the house costs {goods_arg(need)} and {price} sestertii, more than the player has"
    return _why("house_cost", "C-4.3", text, city=city, need=tuple(need), money=price,
                have=_held(game, seat, need), have_money=game.money[seat])


def _why_prefect(game: Concordia, step: Step, action: Action) -> Why | None:
    if action.verb == "province":
        p = action.a
        if not 0 <= p < len(game.flipped) or not -1 <= action.b < len(GOODS):
            return _why("no_such_province", "C-4.4", "no such province")
        if game.flipped[p]:
            return _why("marker_coin_side", "C-4.4",
                        "that province's bonus marker shows its coin side", province=p)
        if p in game.board.free_bonus:
            return _why("say_bonus_good", "C-M.creta.1",
                        "say which good the bonus of this province is", province=p)
        return _why("bonus_fixed", "C-4.4",
                    "this province's bonus is the good on its marker", province=p)
    if action.verb == "cash":
        if game.board.cash_bonus:
            return _why("no_coin_side_creta", "C-M.creta.4",
                        f"no bonus marker shows its coin side yet: the {game.board.cash_bonus} "
                        "sestertii more come only with some coins", bonus=game.board.cash_bonus)
        return _why("no_coin_side", "C-4.4",
                    "no bonus marker shows its coin side (ENGINE-5)")
    return None


def _why_trade(game: Concordia, step: Step, action: Action) -> Why | None:
    _, seat, used = step
    if action.verb == "done":
        return None
    good, n = action.a, action.b
    if not 0 <= good < len(GOODS) or n < 1:
        return _why("no_such_trade", "C-4.5", "no such trade")
    direction = 1 if action.verb == "buy" else -1
    if direction not in _trade_directions(used, good):
        if (good, -direction) in used and rulings.MERCATOR_NO_BUY_AND_SELL_SAME_KIND:
            return _why("buy_and_sell", "C-4.5",
                        "a kind may not be both bought and sold in one action (RULING)",
                        good=good)
        if good in {g for g, _ in used}:
            return _why("already_traded", "C-4.5",
                        f"{GOODS[good]} was already traded: each kind is traded in one decision, "
                        "all its units at once (ENGINE-6)", good=good)
        return _why("two_kinds", "C-4.5", "a Mercator trades at most two kinds of goods")
    if direction > 0:
        free = game.free_space(seat)
        if n > free:
            return _why("store_full", "C-4.11",
                        f"the storehouse has only {free} free spaces of 12",
                        free=free, n=n, good=good)
        return _why("cannot_pay", "C-4.5",
                    f"{n} {GOODS[good]} cost {n * PRICES[good]} sestertii, more than the "
                    "player has", n=n, good=good, money=n * PRICES[good],
                    have_money=game.money[seat])
    have = game.goods[seat][good]
    return _why("not_enough_goods", "C-4.5", f"the player has only {have} {GOODS[good]}",
                n=n, good=good, have=have)


def _why_place(game: Concordia, step: Step, action: Action) -> Why | None:
    seat = step.actor
    kind, city = action.a, action.b
    rule = "C-4.1" if step.key == TRIBCOL else "C-4.6"
    if action.verb == "cash":
        return _why("colonist_both", "C-4.6",
                    "the Colonist card does one of its two options, not both")
    if action.verb != "place":
        return None
    if kind not in (0, 1) or not 0 <= city < game.board.ncities:
        return _why("no_such_place", rule, "no such colonist or city")
    if not game.stored[seat][kind]:
        return _why("no_colonist_stored", rule,
                    f"no {('land', 'sea')[kind]} colonist is left in the storehouse", kind=kind)
    goods = game.goods[seat]
    if not goods[FOOD] or not goods[TOOL]:
        need = _need((FOOD, TOOL))
        return _why("colonist_cost", rule, "a new colonist costs 1 food and 1 tool",
                    need=tuple(need), have=_held(game, seat, need))
    start = game.board.roma
    start_name = game.board.city_names[start]
    if step.key == TRIBCOL and city != start:
        return _why("tribune_roma", "C-4.1", f"the Tribune's colonist goes to {start_name}",
                    city=start)
    if city not in colonist_cities(game, seat):
        return _why("colonist_city", "C-4.6",
                    f"new colonists go to {start_name} or a city with one of your houses",
                    city=city, start=start)
    name = ("land", "sea")[kind]
    return _why("colonist_route", "C-4.6",
                f"a {name} colonist needs a {name} route from its city (RULING)",
                kind=kind, city=city)


def _why_diplo(game: Concordia, step: Step, action: Action) -> Why | None:
    if action.verb != "copy":
        return None
    target = action.a
    if target == step.actor or not 0 <= target < game.players:
        return _why("copy_other", "C-4.7", "the Diplomat copies another player's card")
    if not game.discard[target]:
        return _why("discard_empty", "C-4.7", "that player's discard pile is empty", p=target)
    return _why("copy_diplomat", "C-4.7", "a Diplomat cannot copy a Diplomat", p=target)


def _why_card(game: Concordia, step: Step, action: Action) -> Why | None:
    if action.verb != "card":
        return None
    rule = "C-4.8" if step.key == SENATE else "C-4.9"
    slot = action.a
    if not 0 <= slot < len(game.display) or game.display[slot] < 0:
        return _why("empty_slot", rule, "there is no card in that slot")
    cost, any_good = card_price(game.display[slot], slot, step.key == SENATE)
    if any_good != (action.b >= 0):
        if any_good:
            return _why("say_surcharge", rule, "say which good pays the 'any good' surcharge")
        return _why("no_surcharge", rule, "this slot has no 'any good' surcharge")
    need = _need(cost)
    text = (f"the card costs {goods_arg(need)}" + (" and one good of any kind" if any_good else "")
            + ", more than the player has")
    held = game.goods[step.actor]
    return _why("card_cost", rule, text, card=CARDS[game.display[slot]][0], need=tuple(need),
                any_good=int(any_good), have=_held(game, step.actor, need),
                spare=sum(held) - sum(min(h, n) for h, n in zip(held, need, strict=True)))


def _why_keep(game: Concordia, step: Step, action: Action) -> Why:
    free = game.free_space(step.actor)
    return _why("keep_exactly", "C-4.11",
                f"keep exactly {free} of the incoming goods (those that fit), chosen among them",
                free=free)


_EXPLAIN: dict[int, Callable[[Any, tuple, Action], Why | None]] = {
    TURN: _why_turn, ARCH: _why_arch, PREFECT: _why_prefect, TRADE: _why_trade,
    COLON: _why_place, TRIBCOL: _why_place, DIPLO: _why_diplo, SENATE: _why_card,
    CONSUL: _why_card, KEEP: _why_keep,
}
