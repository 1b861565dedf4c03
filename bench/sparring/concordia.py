"""Rule-based Concordia players (issue 46), each following one human plan (:data:`PLANS`).

A turn (C-3.1) is chosen by playing out each distinct card of the hand once on a copy, every
step of the card decided by the fixed rules below, and keeping the card whose turn leaves the
best :func:`plan_score`: the seat's projected final score by god (C-6) plus what its plan values
in houses, cards, colonists, goods and money while the game lasts. The rules of the steps:

- Architect (C-4.2, C-4.3): move a colonist while a move raises the worth of the houses it can
  build next (:func:`sites_worth`: cities by the points they add by god, their production, the
  plan's liking for their good and their price), then build the worthiest affordable houses;
- Prefect (C-4.4): the province whose production (own houses and the bonus, less a share of the
  rivals') is worth most, or the cash when that is more;
- Mercator (C-4.5): buy the goods the next houses and the wanted display cards lack, selling
  just enough of what no wish needs when money or room is short; spare money buys goods for
  the houses after those rather than stay in the purse;
- Senator, Consul (C-4.8, C-4.9): the card of best projected worth for its price, if above the
  plan's threshold (the last card ends the game: its Concordia card counts, C-5.1);
- Colonist, Tribune (C-4.6, C-4.1): place colonists up to the plan's number, else the cash;
- Diplomat (C-4.7): the copy whose turn (by these rules) scores best;
- storehouse full (C-4.11): keep the most valuable goods.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from engine.concordia.cards import build_sites, card_price, house_cost
from engine.concordia.components import (
    CARDS,
    CONCORDIA_VP,
    HOUSE_GOODS,
    HOUSES,
    MARKER_COINS,
    PILES,
    PRICES,
)
from engine.concordia.notation import unpack_goods
from engine.concordia.scoring import breakdown, card_points, holdings
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

GOD_INDEX = {"Vesta": 0, "Jupiter": 1, "Saturnus": 2, "Mercurius": 3, "Mars": 4, "Minerva": 5}
BRICK = 0


class Plan(NamedTuple):
    """How a sparring player weighs things (victory points unless said otherwise)."""

    gods: tuple[float, ...]
    """Bonus per god (:data:`GOD_INDEX` order) added to a card's worth when buying it."""
    goods: tuple[float, ...]
    """Liking per city good (brick .. cloth) added to a house's worth."""
    cost: float
    """Points a sestertius of a house's price (money and goods) takes off its worth."""
    colonists: int
    """Colonists on the board the plan wants (more are placed while food and tools allow)."""
    card_min: float
    """A card is bought when its worth less its price is at least this."""
    card_cost: float
    """Points a sestertius of a card's price takes off its worth."""
    house: float
    """Per house while the game lasts (its production and the gods' growth)."""
    card: float
    """Per card owned beyond the seven of the start, while the game lasts."""
    hand: float
    """Per card in hand (actions ready without a Tribune)."""
    colonist: float
    """Per colonist on the board while the game lasts (reach)."""
    site: float
    """Per city next to a colonist without the seat's house, while the game lasts."""
    goods_worth: float
    """Per ten sestertii of goods (at C-1.1 prices) while the game lasts."""
    money_worth: float
    """Per ten sestertii of money while the game lasts (small: money is to be spent)."""
    rivals: float
    """Share of the rivals' production a Prefect counts against a province."""
    sites: int = 2
    """Houses a Mercator buys goods for (C-4.5), the worthiest sites first."""
    cards: int = 1
    """Display cards a Mercator buys goods for, the wanted most first (after the houses when
    ``sites`` comes first, else before)."""
    ready: float = 0.5
    """Share of the worth of the houses the seat could build next (:func:`sites_worth`)
    counted before they are built: what makes goods and colonists' moves worth having."""


PLANS: dict[str, Plan] = {
    # Saturnus/Jupiter: cheap houses widely, in as many provinces as possible, many colonists.
    "builder": Plan(gods=(0.0, 2.0, 2.5, 0.0, 1.0, 0.0), goods=(0.0, 1.0, 0.5, 0.3, 0.0),
                    cost=0.25, colonists=6, card_min=2.0, card_cost=0.2, house=2.0, card=1.0,
                    hand=0.3, colonist=1.0, site=0.4, goods_worth=0.8, money_worth=0.3,
                    rivals=0.3, sites=3, cards=0),
    # Mercurius/Minerva: many kinds of goods, specialists matching its cities, Prefect on its
    # richest province.
    "trader": Plan(gods=(0.0, 0.5, 0.0, 2.5, 0.0, 3.0), goods=(0.0, 0.3, 0.8, 1.2, 1.2),
                   cost=0.12, colonists=4, card_min=1.5, card_cost=0.15, house=1.5,
                   card=1.2, hand=0.3, colonist=0.6, site=0.3, goods_worth=1.0,
                   money_worth=0.3, rivals=0.5),
    # Vesta/Mars: buys cards to end the game early, colonists for Mars, spends its money.
    "tempo": Plan(gods=(2.0, 0.0, 0.5, 0.0, 2.5, 0.0), goods=(0.5, 0.5, 0.3, 0.0, 0.0),
                  cost=0.2, colonists=6, card_min=0.5, card_cost=0.1, house=1.2, card=2.0,
                  hand=0.3, colonist=1.0, site=0.3, goods_worth=1.0, money_worth=0.4,
                  rivals=0.3, sites=1, cards=2),
}
"""The plans by name."""

_FOR_SALE = [sum(len(pile) for pile in PILES[:max(n, 2)]) for n in range(len(PILES) + 1)]
TURN_STEPS = 40
"""At most this many steps of a simulated turn (a turn has far fewer)."""


def player(plan: Plan) -> Any:
    """The chooser ``(game, rng) -> index`` that plays ``plan``."""
    def choose(game: Any, rng: random.Random) -> int:
        legal = game.legal_actions()
        if len(legal) == 1:
            return 0
        return decide(game, legal, plan, rng)

    return choose


def left(game: Any) -> float:
    """Share of the game still to play: 1 at the start, 0 once the end is triggered (C-5.1)."""
    if game.concordia >= 0:
        return 0.0
    cards = sum(len(pile) for pile in game.deck) + len(game.display)
    return max(0.0, min(1.0, cards / _FOR_SALE[game.players], 1.0 - max(game.nhouses) / HOUSES))


def plan_score(game: Any, seat: int, plan: Plan) -> float:
    """The seat's projected final score by god (C-6) plus what the plan values while the game
    lasts: houses, cards, colonists, the houses it is ready to build, and goods: those its
    wishes (:func:`wishes`) need at ``goods_worth``, the rest and the money at
    ``money_worth`` (money is to be spent)."""
    points = float(sum(v for _, v in breakdown(game, seat)))
    rest = left(game)
    if not rest:
        return points
    owned = len(game.hand[seat]) + len(game.discard[seat])
    sites = build_sites(game, seat)
    have = game.goods[seat]
    want = wishes(game, seat, plan)
    wanted = sum(min(h, w) * p for h, w, p in zip(have, want, PRICES))
    spare = sum(h * p for h, p in zip(have, PRICES)) - wanted + game.money[seat]
    return points + rest * (plan.house * game.nhouses[seat] + plan.card * (owned - 7)
                            + plan.colonist * len(game.colonists[seat])
                            + plan.site * len(sites)
                            + plan.ready * sites_worth(game, seat, sites, plan)
                            + plan.hand * len(game.hand[seat])
                            + (plan.goods_worth * wanted + plan.money_worth * spare) / 10.0)


IDLE = 1.0
"""Points off a turn that changes nothing of the seat's (a Tribune with no card to take back,
a Prefect on an empty province): a human never passes a turn."""


def footprint(game: Any, seat: int) -> tuple:
    """What a turn can change of ``seat``'s (to tell an idle turn)."""
    return (game.money[seat], tuple(game.goods[seat]), len(game.hand[seat]),
            len(game.discard[seat]) + len(game.hand[seat]), game.nhouses[seat],
            tuple(game.colonists[seat]))


def decide(game: Any, legal: list, plan: Plan, rng: random.Random) -> int:
    """The index in ``legal`` the plan's rules choose at the step on top of the stack."""
    kind = game.stack[-1][0]
    seat = game.current_player
    if kind == TURN:
        return best_turn(game, legal, seat, plan, rng, (TURN,))
    if kind == DIPLO:
        return best_turn(game, legal, seat, plan, rng, ())
    rule = RULES.get(kind)
    return rule(game, legal, seat, plan) if rule else len(legal) - 1


def best_turn(game: Any, legal: list, seat: int, plan: Plan, rng: random.Random,
              stop: tuple) -> int:
    """The option whose turn, played out by the plan's rules, scores best."""
    best, best_key = 0, None
    before = footprint(game, seat)
    for index in range(len(legal)):
        state = game.clone()
        state.apply_index(index)
        finish_turn(state, seat, plan, rng)
        idle = IDLE if stop and footprint(state, seat)[:3] + footprint(state, seat)[4:] == \
            before[:3] + before[4:] else 0.0
        key = (plan_score(state, seat, plan) - idle, rng.random())
        if best_key is None or key > best_key:
            best, best_key = index, key
    return best


def finish_turn(state: Any, seat: int, plan: Plan, rng: random.Random) -> None:
    """Play ``seat``'s remaining steps of the turn by the rules (stops at a draw)."""
    for _ in range(TURN_STEPS):
        if state.current_player != seat or state.stack[-1][0] == TURN:
            return
        legal = state.legal_actions()
        state.apply_index(0 if len(legal) == 1 else decide(state, legal, plan, rng))


# --------------------------------------------------------------------------- Architect
def site_worth(game: Any, seat: int, city: int, plan: Plan, held: Any, rest: float) -> float:
    """What a house in ``city`` is worth to ``seat`` (C-6: the gods' points it adds with the
    cards held; its production while the game lasts; the plan's liking; less its price)."""
    good = game.token[city]
    cards = game.hand[seat] + game.discard[seat]
    gods = [0] * 6
    minerva = 0
    for card in cards:
        _name, god, _cost, param = CARDS[card]
        gods[GOD_INDEX[god]] += 1
        if god == "Minerva" and param[0] == good:
            minerva += param[1]
    worth = float(minerva)
    if good != BRICK:
        worth += gods[1]
    province = game.board.province_of[city]
    if not any(game.houses[c] >> seat & 1 for c in game.board.province_cities[province]):
        worth += gods[2]
    if not held.houses_by_good[good]:
        worth += 2 * gods[3]
    money = house_cost(game, city)[1] * cheap(game, seat)
    price = money + sum(PRICES[g] for g in HOUSE_GOODS[good])
    return (worth + rest * (plan.house + PRICES[good] / 4.0) + plan.goods[good]
            - plan.cost * price)


RICH = 15
"""Sestertii above which money counts for less in a price: a rich seat builds where houses
cost more, and takes goods rather than cash, instead of keeping its money."""


def cheap(game: Any, seat: int) -> float:
    """What a sestertius of a price weighs for ``seat``: 1, less once it holds more than
    :data:`RICH`."""
    return min(1.0, RICH / max(game.money[seat], 1))


def sites_worth(game: Any, seat: int, sites: list[int], plan: Plan) -> float:
    """Worth of the houses ``seat`` could build in ``sites``: the affordable ones in full (the
    worthiest first, paying as it goes), the two best of the others a fifth."""
    held = holdings(game, seat)
    rest = left(game)
    ranked = sorted(((site_worth(game, seat, c, plan, held, rest), c) for c in sites),
                    reverse=True)
    money = game.money[seat]
    goods = game.goods[seat][:]
    total = 0.0
    later = 2
    for worth, city in ranked:
        if worth <= 0:
            break
        cost, price = house_cost(game, city)
        if price <= money and all(goods[g] >= cost.count(g) for g in set(cost)):
            money -= price
            for g in cost:
                goods[g] -= 1
            total += worth
        elif later:
            later -= 1
            total += 0.2 * worth
    return total


def moved_sites(game: Any, seat: int, colonist: int, route: int) -> list[int]:
    """``seat``'s build sites (C-4.2) once colonist ``colonist`` stands on ``route``."""
    board = game.board
    nc = board.ncities
    bit = 1 << seat
    sites = set()
    for i, code in enumerate(game.colonists[seat]):
        loc = nc + route if i == colonist else code >> 1
        if loc >= nc:
            a, b, _ = board.routes[loc - nc]
            sites.update((a, b))
    sites.discard(board.roma)
    return [c for c in sites if not game.houses[c] & bit]


def rule_arch(game: Any, legal: list, seat: int, plan: Plan) -> int:
    """C-4.2: the move that most raises :func:`sites_worth`, if any does; then the worthiest
    affordable house (C-4.3); else done."""
    now = sites_worth(game, seat, build_sites(game, seat), plan)
    best, best_worth = -1, now + 0.05
    builds = []
    for index, action in enumerate(legal):
        if action.verb == "move":
            worth = sites_worth(game, seat, moved_sites(game, seat, action.a, action.b), plan)
            if worth > best_worth:
                best, best_worth = index, worth
        elif action.verb == "build":
            builds.append(index)
    if best >= 0:
        return best
    if builds:
        held = holdings(game, seat)
        rest = left(game)
        index = max(builds, key=lambda i: site_worth(game, seat, legal[i].a, plan, held, rest))
        if site_worth(game, seat, legal[index].a, plan, held, rest) > 0 or not rest:
            return index
    return len(legal) - 1


# --------------------------------------------------------------------------- Prefect
def rule_prefect(game: Any, legal: list, seat: int, plan: Plan) -> int:
    """C-4.4: the province whose goods (own houses, the bonus, less the plan's share of the
    rivals') are worth most in sestertii, or the cash if it brings more."""
    board = game.board
    bonus = 2 if game.pm == seat else 1
    room = game.free_space(seat)
    best, best_worth = len(legal) - 1, 0.0
    for index, action in enumerate(legal):
        if action.verb == "province":
            mine: list[int] = []
            rivals = 0.0
            for city in board.province_cities[action.a]:
                value = PRICES[game.token[city]]
                for s in range(game.players):
                    if game.houses[city] >> s & 1:
                        if s == seat:
                            mine.append(value)
                        else:
                            rivals += value
            good = action.b if action.b >= 0 else game.marker[action.a]
            mine += [PRICES[good]] * bonus
            mine.sort(reverse=True)
            worth = sum(mine[:room]) - plan.rivals * rivals
        elif action.verb == "cash":
            worth = cheap(game, seat) * (sum(MARKER_COINS[game.marker[p]]
                                             for p, f in enumerate(game.flipped) if f)
                                         + board.cash_bonus)
        else:
            continue
        if worth > best_worth:
            best, best_worth = index, worth
    return best


# --------------------------------------------------------------------------- Mercator
def wishes(game: Any, seat: int, plan: Plan) -> list[int]:
    """Goods (counts per kind) for the seat's next ``plan.sites`` houses in its build sites
    (C-4.3) and the ``plan.cards`` display cards it wants most (C-4.8)."""
    held = holdings(game, seat)
    rest = left(game)
    want = [0] * len(PRICES)
    sites = sorted(build_sites(game, seat),
                   key=lambda c: -site_worth(game, seat, c, plan, held, rest))
    for city in sites[:plan.sites]:
        for g in HOUSE_GOODS[game.token[city]]:
            want[g] += 1
    for slot in wanted_cards(game, seat, plan, held)[:plan.cards]:
        cost, any_good = card_price(game.display[slot], slot, True)
        for g in cost:
            want[g] += 1
        if any_good:
            want[BRICK] += 1
    return want


def rule_trade(game: Any, legal: list, seat: int, plan: Plan) -> int:
    """C-4.5 (two kinds a Mercator): buy the good the wishes lack most, first selling just
    enough of a good no wish needs when money or room (C-1.2) is short; with nothing lacking
    and money to spare, buy goods for the houses after those; done when nothing helps."""
    options: dict[tuple[str, int], list[tuple[int, int]]] = {}
    for index, action in enumerate(legal):
        if action.verb in ("buy", "sell"):
            options.setdefault((action.verb, action.a), []).append((action.b, index))
    have = game.goods[seat]
    want = wishes(game, seat, plan)
    if not any(w > h for w, h in zip(want, have)) and game.money[seat] > RICH and left(game):
        want = wishes(game, seat, plan._replace(sites=plan.sites + 2))
    need = [max(0, w - h) for w, h in zip(want, have)]
    if not any(need):
        return len(legal) - 1
    target = max(range(len(PRICES)), key=lambda g: (need[g] * PRICES[g], g))
    money_short = need[target] * PRICES[target] - game.money[seat]
    room_short = need[target] - game.free_space(seat)
    surplus = [(PRICES[g] * (h - w), g) for g, (h, w) in enumerate(zip(have, want))
               if h > w and ("sell", g) in options]
    if (money_short > 0 or room_short > 0) and surplus:
        _, good = max(surplus)
        units = max(1, room_short, -(-money_short // PRICES[good]))
        units = min(have[good] - want[good], units)
        return max(i for n, i in options[("sell", good)] if n <= units)
    if ("buy", target) in options:
        return max((n, i) for n, i in options[("buy", target)] if n <= need[target])[1]
    return len(legal) - 1


# --------------------------------------------------------------------------- cards
def card_worth(game: Any, seat: int, card: int, plan: Plan, held: Any) -> float:
    """A card's projected worth to ``seat``: its points by god at the end (C-6; the gods that
    grow with houses and colonists grow with the game left), the plan's bonus for its god, and
    one more action while the game lasts."""
    rest = left(game)
    god = CARDS[card][1]
    points = card_points(card, held) * (1.0 + 0.5 * rest)
    return points + plan.gods[GOD_INDEX[god]] + plan.card * rest


def purchase_worth(game: Any, seat: int, action: Any, plan: Plan, held: Any,
                   surcharge: bool) -> float:
    """The worth of buying the card of ``action`` less its price (and the Concordia card's
    points when it is the last, C-5.1)."""
    card = game.display[action.a]
    cost, any_good = card_price(card, action.a, surcharge)
    price = sum(PRICES[g] for g in cost) + (PRICES[action.b] if any_good else 0)
    worth = card_worth(game, seat, card, plan, held) - plan.card_cost * price
    if not any(game.deck) and sum(1 for c in game.display if c >= 0) == 1:
        worth += CONCORDIA_VP
    return worth


def wanted_cards(game: Any, seat: int, plan: Plan, held: Any) -> list[int]:
    """The display slots of the cards the plan wants (worth less price at least its
    threshold), the wanted most first."""
    ranked = []
    for slot, card in enumerate(game.display):
        if card < 0:
            continue
        cost, any_good = card_price(card, slot, True)
        price = sum(PRICES[g] for g in cost) + (PRICES[BRICK] if any_good else 0)
        worth = card_worth(game, seat, card, plan, held) - plan.card_cost * price
        if worth >= plan.card_min:
            ranked.append((worth, slot))
    return [slot for _, slot in sorted(ranked, reverse=True)]


def rule_buy(game: Any, legal: list, seat: int, plan: Plan) -> int:
    """C-4.8, C-4.9: the card of best worth less price, if at least the plan's threshold."""
    held = holdings(game, seat)
    surcharge = game.stack[-1][0] == SENATE
    best, best_worth = len(legal) - 1, plan.card_min
    for index, action in enumerate(legal):
        if action.verb == "card":
            worth = purchase_worth(game, seat, action, plan, held, surcharge)
            if worth >= best_worth:
                best, best_worth = index, worth
    return best


# --------------------------------------------------------------------------- colonists
def rule_colonists(game: Any, legal: list, seat: int, plan: Plan) -> int:
    """C-4.6, C-4.1: place a colonist (in the city with most routes of its kind) while the
    plan wants more; else the cash if offered; else done."""
    places = [i for i, a in enumerate(legal) if a.verb == "place"]
    if places and len(game.colonists[seat]) < plan.colonists and left(game):
        routes = game.board.city_routes
        return max(places, key=lambda i: (len(routes[legal[i].b][legal[i].a]), -legal[i].a))
    cash = [i for i, a in enumerate(legal) if a.verb == "cash"]
    return cash[0] if cash else len(legal) - 1


def rule_keep(game: Any, legal: list, seat: int, plan: Plan) -> int:
    """C-4.11: keep the goods of most worth."""
    return max(range(len(legal)),
               key=lambda i: sum(n * p for n, p in zip(unpack_goods(legal[i].a), PRICES)))


RULES = {ARCH: rule_arch, PREFECT: rule_prefect, TRADE: rule_trade, SENATE: rule_buy,
         CONSUL: rule_buy, COLON: rule_colonists, TRIBCOL: rule_colonists, KEEP: rule_keep}
