"""Concordia evaluation (C-4, C-6): the projected score by gods plus what goods, money, cards,
houses and colonists' positions will still bring before the end.

Units are victory points. The projected score is what the game would give now
(``projected_scores()``); the rest is weighted by how much of the game is left (the cards left to
buy, C-5.1, and the houses left to build), since resources, cards and positions turn into points
only while there are turns to play.

Four terms make the computer play to end the game:

- :func:`market`: a display card is worth part of its points before it is bought, in proportion
  to the share of its price the seat already holds, so goods bought for a card are worth more
  than their price and the cards, the last one above all (the Concordia card's 7 points), get
  bought (issue 18: medium players once cycled Tribune, Mercator and Diplomat for hundreds of
  turns with the deck empty and money piling up);
- :func:`building`: the same for the seat's next house and the goods it costs;
- :func:`lead_bonus`: a lead is worth a share of a win, more so as the end nears and once it is
  triggered, so the leader ends the game and a seat behind gains nothing by waiting;
- the closing worth (``Weights.close``): a seat whose win is as good as sure (:func:`sureness`)
  gains by every card bought and house built that brings the end nearer, more than its
  holdings lose by the game's end (issue 34: against a player who never ends the game, the
  computer held on for thousands of turns, growing a lead that counts only once the game is
  over). It counts in that seat's own rating only (:class:`Values`): the seats behind play on
  for their own score instead of keeping the end from the leader.

Money counts at the end only through Vesta (C-6.1): beyond that it is worth what it can still
buy (:func:`spendable`), which is nothing once the end is triggered.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from engine.concordia.cards import build_sites, card_price
from engine.concordia.components import (
    CARDS,
    CONCORDIA_VP,
    GOODS,
    HOUSE_GOODS,
    HOUSE_MONEY,
    HOUSES,
    PILES,
    PRICES,
    SURCHARGES,
)
from engine.concordia.scoring import Holdings, breakdown, card_points, holdings

SCALE = 4.0
"""A margin of this many points gives a search reward of 0.73 (see :mod:`engine.ai.mcts`)."""

ROLLOUT_WIDTH = 6
ROLLOUT_DEPTH = 4
"""A search leaf is rated after its seat's next decisions (at most ``ROLLOUT_DEPTH``, each the
best of ``ROLLOUT_WIDTH`` sampled options; see :func:`engine.ai.mcts.leaf_rewards`)."""

SEARCH = "plan"
"""The searching levels plan two turns (:mod:`engine.ai.plan`) rather than grow a tree
(:mod:`engine.ai.mcts`): one against three medium players on Imperium, hard won 45 of 60
games planning (tuning seeds 900000-900059) and 18 of those 60 searching a tree (issue 46)."""

ROOT_CANDIDATES = 5
"""The search considers only the greedy rating's best five decisions at its root."""

WIDEN_FROM = 0
"""Below its root, the search widens a decision of more options than this progressively (0:
never; see :data:`engine.ai.mcts.WIDEN_POWER`)."""

class Weights(NamedTuple):
    """The evaluation's weights, in victory points."""

    resource: float = 0.12
    """Per sestertius of money and goods (at C-1.1 prices): what a house costs turns into
    points."""
    house: float = 1.2
    """Per house beyond its current points: its production and the gods' growth (C-4.4, C-6)."""
    card: float = 1.0
    """Per card owned beyond the starting seven: one more god multiplier and action (C-4.8)."""
    hand: float = 0.25
    """Per card in hand: actions ready without a Tribune (C-4.1)."""
    site: float = 0.6
    """Per city a colonist stands next to where the seat has no house yet (C-4.2)."""
    colonist: float = 0.5
    """Per colonist on the board: movement points and reach (C-4.2)."""
    win: float = 10.0
    """Bonus of the winner of a finished game; before the end, the same bonus times the chance
    of winning that the seat's lead gives (see :func:`lead_bonus`)."""
    market: float = 0.6
    """Share of a display card's worth counted before it is bought, when the seat holds the
    goods for it and a Senator or Consul to buy it with (see :func:`market`)."""
    spread_end: float = 4.0
    """Once the end is triggered (C-5.1) every other seat has one turn left: a lead of this
    many points is a fair chance (73%) of keeping it."""
    spread_game: float = 40.0
    """Added to ``spread_end`` in proportion to the game left: early leads are uncertain."""
    final_turn: float = 3.0
    """Once the end is triggered (C-5.1), what a seat's last turn still to come is worth: the
    triggering seat's lead counts only after the others' last turns."""
    close: float = 100.0
    """What the end is worth to a seat whose win is sure (:func:`sureness`): counted as the end
    comes nearer (:func:`left`) and in full for the winner of a finished game. It is more than
    all a seat's holdings would still bring (:func:`prospects`), so a seat far ahead buys the
    display out and builds its last houses instead of growing a lead that is worth something
    only once the game is over (issue 34: against a player who never ends the game, the
    computer cashed in for thousands of turns)."""
    sure: float = 0.9
    """A seat whose chance of winning (:func:`lead_bonus`) is above this starts to close the
    game; at a certain win it closes in full."""
    build: float = 1.0
    """Share of a house's worth (``house``) counted for the next house before it is built, in
    proportion to the share of its price the seat holds (:func:`building`); a seat whose win is
    sure (:func:`sureness`) counts it in full, and the end the house brings nearer too."""
    wish: float = 0.0
    """Per good the houses of the seat's next sites take (:func:`wished`), while the game
    lasts: brick above all; spare goods and money count only at their price. It is the
    one-turn player's plan for its storehouse: the brick it lacks gets bought, the cloth no
    house wants does not pile up (the searching levels see that in their plan: 0 for them)."""
    rich_from: float = 0.0
    rich_ramp: float = 0.0
    """When ``rich_ramp`` is above 0, ``wish`` counts only for a seat whose wealth (money and
    goods at C-1.1 prices) is above ``rich_from`` sestertii, in full from ``rich_ramp`` more
    (:func:`richness`): a seat with little to spend plays as without ``wish``, a rich one plans
    its storehouse."""


PLAIN = Weights(build=0.0, wish=1.0)
"""The hand-set weights (the medium player's). The greedy player counts a house before it is
built only as its win grows sure (to close the game): counted always, it made medium so much
stronger (57 of 100 against medium without it) that hard, which searches for its houses
anyway, won only 18 of its first 31 games against it (before: 25 of those 31). It counts
the goods its next houses take above their price (``wish``, 2026-12-07): without it medium ended
one game in two rich, its storehouse full of cloth and no brick to build with (issue 46; greedy
self-play, tuning seeds 950000 up: 23 of 60 seats over 30 sestertii without, 3 of 60 with)."""
PLAIN_TABLE = PLAIN._replace(rich_from=40.0, rich_ramp=10.0)
"""Medium's weights at a table of three or more: ``wish`` only for a rich seat (wealth above 40
sestertii, in full from 50). With ``wish`` always, medium played so much better against three
rivals that one hard against three medium won 15 of 40 (38%, seeds 460000-460039, where it had
won 24 of 40 before, its search without the early stop): the issue's ladder (hard wins half its
games against three medium) comes first. Without it, one medium seat in five to seven ended a
game with more than 30 sestertii. Counted for a rich seat only (2026-12-07, tuning seeds 980000
up, Imperium): as strong as medium without it (it won 10 of 40 against three of those, par 25%;
hard won 11 of 20 against three of it, 9 of 20 against three without, the same seeds), and
rich at the end in 7 of 80 seats in its self-play (16 of 80 without), 7 of 60 against hard
(15 of 60 without). On seeds 460000-460039 hard won 21 of 40 against three of it, 23 of 40
against three without, and medium ended over 30 in 11 of 120 seats against 32 of 120
(docs/computer-strength.md)."""
TUNED = Weights(resource=0.0925, house=0.898, card=1.41, hand=0.261, site=0.536,
                colonist=0.390, win=9.87, market=0.601, spread_end=3.32, spread_game=37.0,
                final_turn=3.07)
"""The searching levels' weights (see :mod:`engine.ai`): ``bench/tune_eval.py --game concordia
--steps 30 --games 40`` from :data:`PLAIN` on 2026-11-30 (before its ``wish``; 1,200 greedy
games); greedy with them won 160 of 300 games against greedy with :data:`PLAIN` (53%, 95%
interval 48-59%): cards count for more, houses, colonists and money for less."""
TUNED_TABLE = Weights(resource=0.124, house=1.69, card=0.975, hand=0.181, site=0.712,
                      colonist=0.337, win=10.4, market=0.715, spread_end=2.67,
                      spread_game=39.3, final_turn=3.29)
"""The searching levels' weights at a table of three or more: ``bench/tune_eval.py --game
concordia --players 4 --steps 30 --games 48 --a 1.2`` from :data:`PLAIN_TABLE` on 2026-11-30
(1,440 greedy four-player games on Imperium). Houses and sites count for more, colonists and
the hand for less. Greedy with them alone against three greedy with :data:`PLAIN_TABLE` won 25
of 100 games (25%, interval 18-34%), the other way round the plain seat won 22 (22%, 15-31%):
about par, where the heads-up :data:`TUNED` alone won 6 of 30 against the plain seat's 9 of
30."""

EASY = PLAIN._replace(resource=0.03)
"""The beginner's weights (easy): money and goods count for a quarter of medium's, so what it
has it spends, on the first house or card its rating likes (issue 46). With medium's weights
and its cards drawn at random (:func:`guesses`), easy ended 8 of 40 games heads-up against
medium with more than 30 sestertii (tuning seeds 970400 up); with these, 5 of 40 (most 42), and
medium still won 38 of 40 (docs/computer-strength.md)."""
EASY_RICH = 30
"""Above this many sestertii easy no longer guesses its card (:func:`guesses`)."""


def guesses(game: Any, legal: list[Any]) -> bool:
    """Whether the beginner (easy) may take this decision at random (its level's ``noise``):
    only the card to play (C-4.1), and only while the seat holds at most :data:`EASY_RICH`
    sestertii. The card's steps it plays by its rating, as a beginner who knows what a card
    does but not which one the moment asks for; a rich seat plays its rating's card, so that
    it spends. Taking every decision at random (each step too: a colonist sent astray, goods
    sold for nothing), easy ended one game in two with more than 30 sestertii: its random
    steps did not spend what its cash cards brought."""
    return legal[0].verb == "play" and game.money[game.current_player] <= EASY_RICH


_START_CARDS = 7
_BUYERS = frozenset(i for i, card in enumerate(CARDS) if card[0] in ("Senator", "Consul"))
_ARCHITECTS = frozenset(i for i, card in enumerate(CARDS) if card[0] == "Architect")
_IN_DISCARD = 0.6
"""A card in the discard pile (a Senator, a Consul, an Architect) needs a Tribune first."""


def left(game: Any) -> float:
    """The share of the game still to play, 1 at the start and 0 once the end is triggered."""
    return min(_shares(game))


def _shares(game: Any, bought: int = 0, built: int = 0) -> tuple[float, float]:
    """The share of the cards still to buy and of the houses the most built seat still has to
    build (C-5.1), once ``bought`` more cards are bought and it built ``built`` more houses;
    both 0 once the end is triggered."""
    if game.concordia >= 0:
        return 0.0, 0.0
    cards = sum(len(pile) for pile in game.deck) + len(game.display) - bought
    return (max(0.0, min(1.0, cards / _FOR_SALE[game.players])),
            max(0.0, 1.0 - (max(game.nhouses) + built) / HOUSES))


_FOR_SALE = [sum(len(pile) for pile in PILES[:max(n, 2)]) for n in range(len(PILES) + 1)]
"""The cards for sale (display and deck) at the start, by player count (C-2.6)."""


def _prices() -> list[dict[int, tuple[tuple[tuple[int, int], ...], int, int]]]:
    """Per display slot and card: the Senator's price as (good, count) pairs, the number of
    'any good' surcharges and the number of goods in all (C-4.8)."""
    table = []
    for slot in range(len(SURCHARGES)):
        row = {}
        for card in range(len(CARDS)):
            cost, any_good = card_price(card, slot, True)
            need = tuple((g, cost.count(g)) for g in sorted(set(cost)))
            row[card] = (need, int(any_good), len(cost) + int(any_good))
        table.append(row)
    return table


_PRICES = _prices()


def market(game: Any, seat: int, rest: float, held: Holdings, w: Weights = PLAIN,
           step: float = 0.0) -> float:
    """What the display is worth to ``seat`` before buying (C-4.8, C-4.9, C-5.1): the best card
    by its points (plus the Concordia card when it is the last one, plus its use in the turns
    left, plus ``step``: what a card bought brings a sure win's end nearer), times the share of
    its price already in the storehouse (squared: a card is bought whole) and the seat's access
    to a Senator or Consul. This is what makes goods bought for a card worth more than their
    price, so that the cards get bought and the game comes to its end instead of money piling
    up."""
    access = _access(game, seat, _BUYERS)
    if not access:
        return 0.0
    display = game.display
    left_cards = sum(1 for card in display if card >= 0)
    if not left_cards:
        return 0.0
    last = left_cards == 1 and not any(game.deck)  # two left: one bought does not end it
    bonus = w.card * rest + step + (CONCORDIA_VP if last else 0.0)
    goods = game.goods[seat]
    stored = sum(goods)
    best = 0.0
    for slot, card in enumerate(display):
        if card < 0:
            continue
        need, any_good, total = _PRICES[slot][card]
        have = 0
        for good, count in need:
            have += min(count, goods[good])
        if any_good and stored > have:
            have += 1
        if have:
            share = have / total
            value = (card_points(card, held) + bonus) * share * share
            if value > best:
                best = value
    return w.market * access * best


def _access(game: Any, seat: int, cards: frozenset[int]) -> float:
    """1 if one of ``cards`` is in ``seat``'s hand, less in its discard pile (a Tribune first),
    else 0."""
    if not cards.isdisjoint(game.hand[seat]):
        return 1.0
    return _IN_DISCARD if not cards.isdisjoint(game.discard[seat]) else 0.0


def building(game: Any, seat: int, sites: list[int], worth: float, w: Weights = PLAIN
             ) -> float:
    """What the seat's next house is worth before it is built (C-4.2, C-4.3), as
    :func:`market` is for a card, in the seat's ``sites`` (cities next to its colonists without
    its house): ``worth`` (what a house adds to the seat's prospects, and to a sure win the end
    it brings nearer) times the share of the best site's price the seat holds (its goods and,
    as one more part, the money), squared, and its access to an Architect. Goods for a house
    are worth more than their price: without it a seat whose goods build nothing near its
    colonists never bought the brick it lacked, and cashed in instead."""
    access = _access(game, seat, _ARCHITECTS) if worth > 0.0 else 0.0
    if not access:
        return 0.0
    goods = game.goods[seat]
    money = game.money[seat]
    token = game.token
    houses = game.houses
    best = 0.0
    for city in sites:
        need, parts, coins = _HOUSE_PRICES[token[city]]
        have = money >= coins * (houses[city].bit_count() + 1)  # C-4.3: times the houses
        for good, count in need:
            have += count if goods[good] >= count else goods[good]
        if have / parts > best:
            best = have / parts
    return w.market * access * worth * best * best


_HOUSE_PRICES = tuple(
    (tuple((g, cost.count(g)) for g in sorted(set(cost))), len(cost) + 1, coins)
    for cost, coins in zip(HOUSE_GOODS, HOUSE_MONEY))
"""Per city good: a house's goods as (good, count) pairs, the parts of its price (the goods and
the money) and its money before the multiplier (C-4.3)."""


def lead_bonus(scores: list[float], rest: float, triggered: bool, w: Weights = PLAIN
               ) -> list[float]:
    """The weights' ``win`` times each seat's chance of winning from its lead over its best rival: a
    logistic whose spread narrows as the end nears and once it is triggered (C-5.1). It is what
    ending the game is worth: the leader locks in the win, and nobody behind gains by waiting
    where waiting cannot help."""
    spread = w.spread_end + (0.0 if triggered else w.spread_game * rest)
    out = []
    for seat, score in enumerate(scores):
        lead = score - max(s for i, s in enumerate(scores) if i != seat)
        out.append(w.win / (1.0 + math.exp(max(-60.0, min(60.0, -lead / spread)))))
    return out


def sureness(bonus: float, w: Weights = PLAIN) -> float:
    """How sure a seat's win is, from its :func:`lead_bonus`: 0 while its chance of winning is
    at most ``sure``, rising to 1 at a certain win."""
    return max(0.0, min(1.0, (bonus / w.win - w.sure) / (1.0 - w.sure)))


class Values(list):
    """Each seat's value (a list, by seat) and ``own``: the part of each that the seat's
    closing worth adds (``Weights.close``, :func:`sureness`). It is there to make a seat whose
    win is sure end the game, so it counts in that seat's own rating only: a rival's margin
    leaves it out (:func:`engine.ai.players.margin`). Counted against the seats behind, it made
    them stall (issue 46): every card they bought brought the leader's closing worth nearer by
    more than the card was worth to them, and the leader's sureness, which every point scored
    moves, swung their ratings by tens of points; a seat behind cashed in for twenty turns and
    ended with 154 sestertii."""

    own: list[float]


def values(game: Any, w: Weights = PLAIN) -> Values:
    """The value of the position to each seat, in victory points."""
    if game.is_over:
        out = Values([0.0] * game.players)
        out.own = [0.0] * game.players
        for r in game.result():
            won = r.rank == 1
            out[r.seat] = r.score + (w.win + w.close if won else 0.0)
            out.own[r.seat] = w.close if won else 0.0
        return out
    held = [holdings(game, seat) for seat in range(game.players)]
    scores = [float(sum(v for _, v in breakdown(game, seat, h))) for seat, h in enumerate(held)]
    if game.concordia >= 0:
        for seat in game.last_turns():
            scores[seat] += w.final_turn
    rest = left(game)
    bonus = lead_bonus(scores, rest, game.concordia >= 0, w)
    steps = rest - min(_shares(game, bought=1)), rest - min(_shares(game, built=1))
    out = Values()
    out.own = []
    for seat, (score, lead) in enumerate(zip(scores, bonus)):
        sure = sureness(lead, w)
        sites = build_sites(game, seat)
        value = _value(game, seat, sites, held[seat], rest, steps, sure, w)
        out.append(score + lead + value)
        out.own.append(value - _value(game, seat, sites, held[seat], rest, steps, 0.0, w)
                       if sure else 0.0)
    return out


def _value(game: Any, seat: int, sites: list[int], held: Holdings, rest: float,
           steps: tuple[float, float], sure: float, w: Weights) -> float:
    """``seat``'s value beyond its score and lead bonus (:func:`values`), its win as sure as
    ``sure``; ``steps``: how much nearer the end one card bought and one house built bring."""
    closing = sure * w.close
    card_step, house_step = steps
    house = (max(w.build, sure) * w.house * rest
             + (closing * house_step if game.nhouses[seat] == max(game.nhouses) else 0.0))
    return (closing * (1.0 - rest) + rest * prospects(game, seat, sites, w)
            + market(game, seat, rest, held, w, closing * card_step)
            + building(game, seat, sites, house, w))


def prospects(game: Any, seat: int, sites: list[int], w: Weights = PLAIN) -> float:
    """What ``seat``'s holdings (:func:`growth`; ``sites``, its cities to build in) would still
    bring over a whole game, its wealth counted up to what it can still spend
    (:func:`spendable`)."""
    f = growth(game, seat, sites)
    return (w.resource * min(f[0], spendable(game, seat)) + w.house * f[1] + w.card * f[2]
            + w.hand * f[3] + w.site * f[4] + w.colonist * f[5]
            + (richness(f[0], w) * w.wish * wished(game, seat, sites) if w.wish else 0.0))


def richness(wealth: int, w: Weights) -> float:
    """How rich a seat of this wealth is, from 0 to 1 (``Weights.rich_from``, ``rich_ramp``;
    always 1 when ``rich_ramp`` is 0)."""
    if not w.rich_ramp:
        return 1.0
    return min(1.0, max(0.0, (wealth - w.rich_from) / w.rich_ramp))


WISHED_HOUSES = 3
"""The houses whose goods :func:`wished` counts: in the seat's cheapest sites."""


def wished(game: Any, seat: int, sites: list[int]) -> int:
    """How many of ``seat``'s goods its next houses take (C-4.3): a house in each of its
    :data:`WISHED_HOUSES` cheapest ``sites``, goods held beyond that not counted."""
    token = game.token
    need = [0] * len(GOODS)
    for city in sorted(sites, key=lambda c: HOUSE_MONEY[token[c]])[:WISHED_HOUSES]:
        for good in HOUSE_GOODS[token[city]]:
            need[good] += 1
    return sum(min(have, want) for have, want in zip(game.goods[seat], need))


SPEND = 15
"""Sestertii a house or a card can take at most, goods included (C-4.3, C-4.8): a cloth city's
house in a full city, or a card with its slot's surcharge."""


def spendable(game: Any, seat: int) -> int:
    """The wealth ``seat`` could still turn into houses and cards: :data:`SPEND` for each house
    it has left to build and each card left in the deck and the display. Wealth beyond it
    counts only through Vesta (C-6.1): a seat that cashes in turn after turn gains no more."""
    cards = sum(len(pile) for pile in game.deck) + len(game.display)
    return SPEND * (HOUSES - game.nhouses[seat] + cards)


GROWTH = ("resource", "house", "card", "hand", "site", "colonist")
"""The weights of :func:`growth`'s figures, in its order."""


def growth(game: Any, seat: int, sites: list[int] | None = None
           ) -> tuple[int, int, int, int, int, int]:
    """What ``seat`` holds that turns into points while the game lasts, in :data:`GROWTH`
    order: its wealth in sestertii (money and goods at C-1.1 prices), houses, cards owned beyond
    the starting seven, cards in hand, cities next to its colonists without its house (Roma
    aside: ``sites``, :func:`~engine.concordia.cards.build_sites`, when known), and colonists
    on the board."""
    if sites is None:
        sites = build_sites(game, seat)
    wealth = game.money[seat] + sum(n * p for n, p in zip(game.goods[seat], PRICES))
    owned = len(game.hand[seat]) + len(game.discard[seat])
    return (wealth, game.nhouses[seat], owned - _START_CARDS, len(game.hand[seat]), len(sites),
            len(game.colonists[seat]))


VAGUE = frozenset({"c.play", "c.move", "c.copy", "ai.best"})
"""Reasons that say what a step is, not what it is for (see :func:`outcome`)."""


def outcome(before: Any, after: Any, seat: int) -> tuple[str, dict[str, Any]] | None:
    """What ``seat``'s turn brought from ``before`` to ``after``, the most telling first:
    houses and their points now (C-4.2), cards bought (C-4.8), new colonists (C-4.3), goods,
    money; None if nothing."""
    def points(game: Any) -> int:
        return sum(v for _, v in game.projected_scores()[seat])

    def owned(game: Any) -> int:
        return len(game.hand[seat]) + len(game.discard[seat])

    gains = (("c.turn_build", "houses", after.nhouses[seat] - before.nhouses[seat]),
             ("c.turn_cards", "cards", owned(after) - owned(before)),
             ("c.turn_colonists", "colonists",
              len(after.colonists[seat]) - len(before.colonists[seat])),
             ("c.turn_goods", "goods", sum(after.goods[seat]) - sum(before.goods[seat])),
             ("c.turn_money", "money", after.money[seat] - before.money[seat]))
    for key, name, gain in gains:
        if gain > 0:
            args = {name: gain}
            if key == "c.turn_build":
                args["points"] = max(points(after) - points(before), 0)
            return key, args
    return None


def reason(before: Any, after: Any, seat: int, action: Any) -> tuple[str, dict[str, Any]]:
    """Why ``action`` (which led from ``before`` to ``after``) is good for ``seat``."""
    verb = action.verb
    board = before.board
    gain = (sum(v for _, v in after.projected_scores()[seat])
            - sum(v for _, v in before.projected_scores()[seat]))
    if verb == "build":
        return "c.build", {"city": board.city_names[action.a], "points": max(gain, 0)}
    if verb == "card":
        return "c.buy_card", {"card": CARDS[before.display[action.a]][0]}
    if verb == "play":
        return "c.play", {"card": CARDS[action.a][0]}
    if verb == "province":
        got = [after.goods[seat][g] - before.goods[seat][g] for g in range(len(GOODS))]
        return "c.produce", {"province": board.province_names[action.a],
                             "goods": sum(max(0, g) for g in got)}
    if verb == "cash":
        return "c.cash", {"money": after.money[seat] - before.money[seat]}
    if verb == "move":
        return "c.move", {"route": board.route_name(action.b)}
    if verb in ("buy", "sell"):
        return f"c.{verb}", {"units": action.b, "good": GOODS[action.a]}
    if verb == "place":
        return "c.colonist", {"city": board.city_names[action.b]}
    if verb == "copy":
        return "c.copy", {"player": before.player_name(action.a)}
    if verb == "keep":
        return "c.keep", {}
    if verb == "done":
        return "c.done", {}
    return "ai.best", {}
