"""Monte Carlo tree search with chance nodes, for any game of the protocol.

- Decision nodes belong to the seat deciding there; several decisions of the same seat in a row
  (a Concordia Architect, a Municipium move) are simply consecutive levels of the tree, and a
  response of another seat mid-turn is a node of that seat. Each seat maximises its own reward
  (max-n), so the search works for 2 to 5 seats.
- Chance nodes sample an outcome with the probabilities of ``chance_outcomes()``; the state is
  never peeked (a bag or deck in the state is only counts, and the draw is made when the tree
  reaches it, independently in every iteration).
- A new leaf is rated by the game's evaluation (no random playout: a Concordia game is hundreds
  of decisions long); the rating is turned into a reward per seat in [0, 1] by a logistic of the
  seat's margin over its best rival, in the evaluation's ``SCALE``. A finished game rewards the
  winners (shared wins share the point).
- When the evaluation names ``ROOT_CANDIDATES``, the root searches only that many decisions,
  the best by the greedy rating (:func:`engine.ai.players.ranked`): in Concordia most of the
  dozens of colonist moves or trades are plainly poor, and the time is better spent looking
  deeper into the few good ones.
- The search stops at the time budget or the iteration cap, whichever comes first, or when the
  most visited decision can no longer be overtaken; the answer is the most visited decision.
  With the same seed and an iteration cap but no time budget, the answer is reproducible.
"""

from __future__ import annotations

import gc
import math
import random
import time
from typing import Any, Hashable

from engine.ai.players import follow_up, ranked
from engine.core.protocol import CHANCE, TERMINAL

EXPLORATION = 0.1
"""UCT exploration constant. Rewards are in [0, 1], but the options of one decision differ by a
few hundredths: a larger constant spreads the visits almost evenly."""


RATING_SHARE = 0.4
"""At most this share of the time budget goes to rating the root's options with their
follow-ups (the rest are rated one ply deep)."""


class Node:
    """A position in the tree: its state, who decides (a seat or CHANCE), the options, the
    children met so far, the visit count and the reward sums per seat."""

    __slots__ = ("state", "player", "options", "weights", "children", "untried", "visits",
                 "totals")

    def __init__(self, state: Any, seats: int, rng: random.Random) -> None:
        self.state = state
        self.player = state.current_player
        self.visits = 0
        self.totals = [0.0] * seats
        self.children: dict[int, Node] = {}
        self.weights: list[float] = []
        if self.player == CHANCE:
            self.weights = [p for _, p in state.chance_outcomes()]
            self.options = len(self.weights)
            self.untried: list[int] = []
        elif self.player == TERMINAL:
            self.options = 0
            self.untried = []
        else:
            self.options = len(state.legal_actions())
            self.untried = list(range(self.options))
            rng.shuffle(self.untried)

    def child(self, index: int, seats: int, rng: random.Random) -> Node:
        state = self.state.clone()
        state.apply_index(index)
        node = self.children[index] = Node(state, seats, rng)
        return node


def leaf_rewards(state: Any, evaluation: Any, rng: random.Random) -> list[float]:
    """Rewards of a new leaf: when the evaluation asks for it (``ROLLOUT_WIDTH``), the seat to
    decide first finishes its run of decisions greedily (on a copy), so that a card just
    played is rated by what it does, not by the empty position after it."""
    width = getattr(evaluation, "ROLLOUT_WIDTH", 0)
    if width and state.current_player >= 0:
        state = state.clone()
        follow_up(state, state.current_player, evaluation, rng, evaluation.ROLLOUT_DEPTH, width)
    return rewards(state, evaluation)


def rewards(state: Any, evaluation: Any) -> list[float]:
    """Reward per seat in [0, 1]: the winners of a finished game share 1; otherwise a logistic
    of each seat's evaluated margin over its best rival."""
    if state.is_over:
        results = state.result()
        winners = [r.seat for r in results if r.rank == 1]
        out = [0.0] * state.players
        for seat in winners:
            out[seat] = 1.0 / len(winners)
        return out
    values = evaluation.values(state)
    scale = evaluation.SCALE
    out = []
    for seat, mine in enumerate(values):
        rival = max(v for s, v in enumerate(values) if s != seat)
        x = (mine - rival) / scale
        out.append(1.0 / (1.0 + math.exp(-x)) if -30 < x < 30 else float(x > 0))
    return out


def select(node: Node, log_visits: float) -> int:
    """UCT: the child index of best mean reward for the node's seat plus exploration."""
    seat = node.player
    best, best_value = -1, -1.0
    for index, child in node.children.items():
        value = child.totals[seat] / child.visits + EXPLORATION * math.sqrt(
            log_visits / child.visits)
        if value > best_value:
            best, best_value = index, value
    return best


def search(game: Any, legal: list[Hashable], evaluation: Any, rng: random.Random,
           budget_ms: float = 300.0, iterations: int = 3000, stats: dict | None = None) -> int:
    """The index in ``legal`` (= ``game.legal_actions()``) of the most visited decision after
    searching for ``budget_ms`` milliseconds (0: no time limit) or ``iterations`` iterations.
    ``stats``, if given, receives the iteration count and elapsed seconds."""
    collecting = gc.isenabled()
    gc.disable()  # the tree has no cycles; a full collection over it can take most of a budget
    try:
        return _search(game, evaluation, rng, budget_ms, iterations, stats)
    finally:
        if collecting:
            gc.enable()


def _search(game: Any, evaluation: Any, rng: random.Random, budget_ms: float,
            iterations: int, stats: dict | None) -> int:
    started = time.perf_counter()
    deadline = started + budget_ms / 1000.0 if budget_ms else math.inf
    seats = game.players
    root = Node(game.clone(), seats, rng)
    candidates = getattr(evaluation, "ROOT_CANDIDATES", 0)
    if candidates and root.options > candidates:
        rating_deadline = started + (deadline - started) * RATING_SHARE
        root.untried = ranked(root.state, root.state.legal_actions(), evaluation, rng,
                              rating_deadline)[:candidates][::-1]
    done = 0
    while done < iterations:
        now = time.perf_counter()
        if now >= deadline or (done & 15 == 15 and _settled(root, done, iterations, now,
                                                            started, deadline)):
            break
        _iterate(root, seats, evaluation, rng)
        done += 1
    if stats is not None:
        stats["iterations"] = done
        stats["seconds"] = time.perf_counter() - started
    if not root.children:  # the time ran out while ranking the candidates: take the best
        return root.untried[-1]
    return max(root.children.items(), key=lambda item: (item[1].visits,
                                                       item[1].totals[root.player]))[0]


def _settled(root: Node, done: int, cap: int, now: float, started: float,
             deadline: float) -> bool:
    """True when no other decision can overtake the most visited one in the iterations left
    (estimated from the rate so far)."""
    if root.untried or len(root.children) < 2:
        return len(root.children) == 1 and not root.untried
    rate = done / max(now - started, 1e-6)
    left = min(cap - done, (deadline - now) * rate) if deadline != math.inf else cap - done
    first, second = sorted((c.visits for c in root.children.values()), reverse=True)[:2]
    return first - second > left


def _iterate(root: Node, seats: int, evaluation: Any, rng: random.Random) -> None:
    path = [root]
    node = root
    while True:
        if node.player == TERMINAL:
            reward = rewards(node.state, evaluation)
            break
        if node.player == CHANCE:
            index = rng.choices(range(node.options), weights=node.weights)[0]
            child = node.children.get(index)
            if child is None:
                child = node.child(index, seats, rng)
                path.append(child)
                reward = leaf_rewards(child.state, evaluation, rng)
                break
            node = child
            path.append(node)
            continue
        if node.untried:
            child = node.child(node.untried.pop(), seats, rng)
            path.append(child)
            reward = leaf_rewards(child.state, evaluation, rng)
            break
        node = node.children[select(node, math.log(node.visits))]
        path.append(node)
    for visited in path:
        visited.visits += 1
        totals = visited.totals
        for seat in range(seats):
            totals[seat] += reward[seat]
