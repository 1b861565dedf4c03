"""Random play on every map for every supported player count, with the invariants checked after
every decision; replay and links (clones, refusals and perft counts: tests/test_api.py and
tests/test_perft.py, over every title).

``CONCORDIA_FUZZ_GAMES`` sets the games per (map, players) on Imperium and Italia: default 120
(720 complete games, about a minute of CPU here, measured with ``--durations``), 5 with
``LUDI_QUICK=1`` (Pyodide); the later maps (issue 35) play a tenth as many (at least 1) on each
of their twenty setups."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

import engine
from engine.concordia.components import CARDS, COLONISTS, HOUSES, MARKERS_IN_BOX, PILES
from tests import playing
from tests.concordia.helpers import play_out, random_policy

SETUPS = [("imperium", 3), ("imperium", 4), ("imperium", 5),
          ("italia", 2), ("italia", 3), ("italia", 4)]
LATER_SETUPS = [(name, n) for name in ("hellas", "ionium", "hispania", "cyprus", "creta")
                for n in (2, 3, 4, 5)]
QUICK = os.environ.get("LUDI_QUICK") == "1"
GAMES = int(os.environ.get("CONCORDIA_FUZZ_GAMES", "5" if QUICK else "120"))
LATER_GAMES = max(1, GAMES // 10)
MAX_LINK = 1500


def check_invariants(g) -> None:
    n = g.players
    b = g.board
    for s in range(n):
        assert 0 <= g.nhouses[s] <= HOUSES
        assert g.nhouses[s] == sum(1 for h in g.houses if h >> s & 1)
        assert g.free_space(s) >= 0, "storehouse over 12 (C-1.2)"
        assert g.money[s] >= 0 and min(g.goods[s]) >= 0
        on_board = Counter(code & 1 for code in g.colonists[s])
        for kind in (0, 1):
            assert on_board[kind] + g.stored[s][kind] == COLONISTS[kind]
    assert not g.houses[b.roma], "no house in the start city (C-M.1)"
    assert not any(g.occupied[r] for r in b.pass_only), "a colonist on a pass-only route"
    # the sale cards are conserved across deck, display and players
    starting = 7 * n
    held = sum(len(h) + len(d) for h, d in zip(g.hand, g.discard))
    shown = sum(1 for c in g.display if c >= 0)
    assert held - starting + shown + sum(len(p) for p in g.deck) == sum(
        len(p) for p in PILES[:n])
    # no colonist ends on an occupied route: every route holds at most one colonist
    count = Counter(code >> 1 for cols in g.colonists for code in cols if code >> 1 >= b.ncities)
    assert all(v == 1 for v in count.values())
    assert [count.get(b.ncities + r, 0) for r in range(b.nroutes)] == g.occupied


def _play_checked(map_name: str, players: int, seed: int):
    """A complete game, checked after every entry; odd seeds play uniformly at random, even
    seeds with the game-ending :func:`random_policy`."""
    rng = random.Random(seed)
    g = engine.new_game("concordia", players, seed=seed, map=map_name)
    markers = Counter(g.marker)
    assert all(markers[good] <= MARKERS_IN_BOX[good] for good in markers)
    choose = playing.uniform(rng) if seed % 2 else random_policy(rng)
    decisions = playing.play_out(g, choose, rng, check_invariants)
    return g, decisions


@pytest.mark.parametrize("map_name, players", SETUPS + LATER_SETUPS)
def test_random_games_end_legally_and_replay(map_name, players):
    """Pieces conserved, no negative stock, every game ends, its replay and its link give the
    same game (on the later maps too: C-M.1, C-M.2, C-M.ionium.1)."""
    longest = 0
    for seed in range(GAMES if (map_name, players) in SETUPS else LATER_GAMES):
        g, _ = _play_checked(map_name, players, 1000 * players + seed)
        assert g.concordia >= 0 and g.current_player == engine.TERMINAL
        result = g.result()
        assert sorted(r.rank for r in result) == list(range(1, players + 1))
        assert all(r.score == sum(v for _, v in r.breakdown) for r in result)
        again = engine.replay(g.log)
        assert again.position() == g.position()
        assert again.events == g.events
        text = engine.encode(g)
        longest = max(longest, len(text))
        assert len(text) <= MAX_LINK, f"link of {len(text)} characters"
        decoded = engine.decode(text)
        assert decoded.position() == g.position() and decoded.log == g.log
        for event in g.events:
            assert g.event_text(event)
    print(f"{map_name} {players}p: longest link {longest} characters")


def test_legal_actions_are_all_applicable_and_never_stuck():
    rng = random.Random(11)
    g = engine.new_game("concordia", 3, seed=11)
    choose = random_policy(rng)
    steps = 0
    while not g.is_over and steps < 400:
        if g.is_chance:
            g.resolve_chance(rng)
            continue
        legal = g.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        for action in legal:
            copy = g.clone()
            copy.apply(action)
            assert str(action)
            assert engine.concordia.parse(str(action)) == action
        g.apply(choose(g))
        steps += 1


def test_every_card_kind_is_played_in_fuzz_games():
    """The fuzz reaches every card action (so the invariants cover them all)."""
    played = Counter()
    for seed in range(4):
        g, _ = _play_checked("imperium", 5, seed)
        played.update(e.args[1][1] for e in g.events if e.key == "c.play")
    assert {c[0] for c in CARDS} <= set(played)


def _greedy(rng: random.Random):
    """Greedy-ish: the decision that most raises the player's own projected score."""
    from engine.concordia.scoring import breakdown

    def choose(g):
        seat = g.current_player
        best, best_key = None, None
        for action in g.legal_actions():
            child = g.clone()
            child.apply(action)
            key = (sum(v for _, v in breakdown(child, seat)), action.verb in ("build", "card"),
                   rng.random())
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best
    return choose



@pytest.mark.parametrize("policy", [playing.uniform, _greedy])
def test_complete_games_fit_in_a_link(policy):
    """Uniformly random and greedy-ish complete games stay within 1500 link characters."""
    games = 1 if QUICK else (2 if policy is _greedy else 10)
    for seed in range(games):
        for map_name, players in (("imperium", 5), ("italia", 2)):
            g = engine.new_game("concordia", players, seed=seed, map=map_name)
            play_out(g, random.Random(seed), limit=5000, policy=policy)
            assert len(engine.encode(g)) <= MAX_LINK
