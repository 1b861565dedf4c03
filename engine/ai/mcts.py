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
  most visited decision can no longer be overtaken or clearly leads (:data:`CLEAR_SHARE`) or
  the options cannot be told apart (below), so a clear decision takes less time; the answer
  is the most visited decision (but see the next point).
- When the deciding seat's options all earn the same reward (within :data:`INDIFFERENT`: every
  reward is near 0 or near 1, the game is decided in the search's eyes), the visits say
  nothing, and the greedy rating decides instead, as the medium player would. Otherwise two
  searching seats in a decided game pick among their candidates at random, and nobody ends
  it: an expert leading a hard player by 40 points in Concordia, with the deck empty and two
  cards left on the display, played on for hundreds of decisions.
- With a ``memory`` key the tree is kept after the search: the next search under the same key
  (the same seat at the same level) whose position lies inside the kept tree (the next decision
  of the same turn, or after the other seats' replies and draws the tree happened to sample)
  starts from that subtree and its visits instead of from nothing (:func:`forget` drops it).
  With the same seed, an iteration cap but no time budget, and the same searches before it,
  the answer is reproducible.
"""

from __future__ import annotations

import gc
import math
import random
import time
from typing import Any, Hashable

from engine.ai.players import follow_up, margin, ranked, sensible
from engine.core.protocol import CHANCE, TERMINAL

EXPLORATION = 0.1
"""UCT exploration constant. Rewards are in [0, 1], but the options of one decision differ by a
few hundredths: a larger constant spreads the visits almost evenly."""


CLEAR_SHARE = 0.9
CLEAR_AFTER = 0.3
"""A decision holding this share of the root's visits once this share of the budget (time or
iterations) is spent is clearly best: the search stops there (the rest would confirm it)."""

INDIFFERENT = 1e-3
"""Options whose mean rewards differ by less than this cannot be told apart by the search."""

RATING_SHARE = 0.4
"""At most this share of the time budget goes to rating the root's options with their
follow-ups (the rest are rated one ply deep)."""

PRIOR_WIDTH = -1
"""Below the root, a widened decision node (:data:`WIDEN_POWER`) whose options were not rated
when it was a leaf rates this many of them (a random sample; all when 0; none when negative)
one ply deep when it is first expanded, and tries them best first (the others after them)."""
WIDEN_BASE = 1.0
WIDEN_POWER = 0.5
"""Progressive widening, when the evaluation names ``WIDEN_FROM``: below the root, a decision
node with more options than that has at most ``WIDEN_BASE + visits ** WIDEN_POWER`` children
(rounded up), its options tried best first by the one-ply rating its seat's follow-up made when
the node was a new leaf (:func:`leaf_rewards`; else :data:`PRIOR_WIDTH`). Without it a Concordia
Architect's dozens of colonist moves are tried in random order before any is looked at twice,
and the card is rated by the average of poor moves."""


class Node:
    """A position in the tree: its state, who decides (a seat or CHANCE), the options, the
    children met so far, the visit count and the reward sums per seat."""

    __slots__ = ("state", "player", "options", "weights", "children", "untried", "visits",
                 "totals", "ranked")

    def __init__(self, state: Any, seats: int, rng: random.Random) -> None:
        self.state = state
        self.player = state.current_player
        self.visits = 0
        self.totals = [0.0] * seats
        self.children: dict[int, Node] = {}
        self.weights: list[float] = []
        self.ranked = False
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


def leaf_rewards(state: Any, evaluation: Any, rng: random.Random, node: Node | None = None,
                 me: int = -1, rivals: int = 0) -> list[float]:
    """Rewards of a new leaf: when the evaluation asks for it (``ROLLOUT_WIDTH``), the seat to
    decide first finishes its run of decisions greedily (on a copy), so that a card just
    played is rated by what it does, not by the empty position after it. The options of the
    first of those decisions rated on the way order ``node``'s untried options, best first
    (when widening, :data:`WIDEN_POWER`); with ``rivals`` (:func:`search`'s rival model, on at
    this table) the best of them is the only option of a rival's node (a seat other than
    ``me``, the root's)."""
    width = getattr(evaluation, "ROLLOUT_WIDTH", 0)
    if width and state.current_player >= 0:
        state = state.clone()
        rival = bool(rivals) and node is not None and node.player != me
        first: list | None = [] if node is not None and (rival or getattr(
            evaluation, "WIDEN_FROM", 0)) else None
        follow_up(state, state.current_player, evaluation, rng, evaluation.ROLLOUT_DEPTH, width,
                  first)
        if first:
            first.sort()
            rated = {index for _, _, index in first}
            node.untried = [first[-1][2]] if rival else [
                i for i in node.untried if i not in rated] + [i for _, _, i in first]
            node.ranked = True
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
    for seat in range(len(values)):
        x = margin(values, seat) / scale
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


_memory: dict[str, Any] = {"key": None, "root": None}
"""The tree of the last search made with a ``memory`` key (see :func:`search`)."""


def forget() -> None:
    """Drop the kept tree: the next search starts from nothing."""
    _memory.update(key=None, root=None)


def _recall(game: Any, key: Hashable) -> Node | None:
    """The node of the kept tree at ``game``'s position, if the tree was grown under ``key``
    from an earlier position of the same game and reached this one (by the decisions and draws
    made since, each a child index: ``game.indices``)."""
    root = _memory["root"]
    if root is None or _memory["key"] != key or root.state.setup != game.setup:
        return None
    before = root.state.indices
    now = game.indices
    if len(now) <= len(before) or now[:len(before)] != before:
        return None
    node = root
    for index in now[len(before):]:
        node = node.children.get(index)
        if node is None:
            return None
    return node if node.player == game.current_player else None


def search(game: Any, legal: list[Hashable], evaluation: Any, rng: random.Random,
           budget_ms: float = 300.0, iterations: int = 3000, stats: dict | None = None,
           candidates: int = 0, memory: Hashable = None, rivals: int = 0) -> int:
    """The index in ``legal`` (= ``game.legal_actions()``) of the most visited decision after
    searching for ``budget_ms`` milliseconds (0: no time limit) or ``iterations`` iterations.
    ``candidates`` overrides the evaluation's ``ROOT_CANDIDATES``; ``memory`` keeps the tree
    for the next search under the same key (see the module's notes). ``stats``, if given,
    receives the iteration count, the visits reused from the kept tree, the elapsed seconds,
    the longest single iteration's seconds and whether the options could not be told apart
    (``indifferent``: the greedy rating chose). At a table of ``rivals`` seats or more (0:
    never) the rivals' decisions are not searched but modelled: each rival node has one
    option, the best its follow-up rated when it was a new leaf (:func:`leaf_rewards`).
    Searched, a rival's dozens of options are tried in random order, and at four seats a
    decision's iterations rarely get past the first rival's first step; modelled, the
    iterations reach the seat's own next turn through its rivals' likely replies (the draws
    still sampled)."""
    collecting = gc.isenabled()
    gc.disable()  # the tree has no cycles; a full collection over it can take most of a budget
    try:
        return _search(game, evaluation, rng, budget_ms, iterations, stats, candidates, memory,
                       rivals)
    finally:
        if collecting:
            gc.enable()


def _root(game: Any, evaluation: Any, rng: random.Random, candidates: int, memory: Hashable,
          rating_deadline: float) -> tuple[Node, list[int], set[int]]:
    """The search's root: the kept tree's node at this position, or a new node; when the
    options are many, only the greedy rating's best ``candidates`` are still to try. Also the
    greedy rating's order of all the options, when it was made (else empty), and the options
    that are not :func:`~engine.ai.players.sensible` (never tried, never chosen)."""
    seats = game.players
    root = _recall(game, memory) if memory is not None else None
    if root is None:
        root = Node(game.clone(), seats, rng)
    legal = root.state.legal_actions()
    skip = set(range(root.options)) - set(sensible(root.state, legal, evaluation))
    root.untried = [i for i in root.untried if i not in skip]
    candidates = candidates or getattr(evaluation, "ROOT_CANDIDATES", 0)
    order: list[int] = []
    if candidates and root.options > candidates and root.untried:
        order = ranked(root.state, legal, evaluation, rng, rating_deadline)
        root.untried = [i for i in order[:candidates] if i not in root.children][::-1]
    return root, order, skip


def _search(game: Any, evaluation: Any, rng: random.Random, budget_ms: float,
            iterations: int, stats: dict | None, candidates: int, memory: Hashable,
            rivals: int = 0) -> int:
    started = time.perf_counter()
    deadline = started + budget_ms / 1000.0 if budget_ms else math.inf
    seats = game.players
    rivals = rivals if seats >= rivals else 0
    root, order, skip = _root(game, evaluation, rng, candidates, memory,
                              started + (deadline - started) * RATING_SHARE)
    reused = root.visits
    done = 0
    longest = 0.0
    now = time.perf_counter()
    while done < iterations:
        if now >= deadline or (done & 15 == 15 and _settled(root, done, iterations, now,
                                                            started, deadline)):
            break
        _iterate(root, seats, evaluation, rng, rivals)
        done += 1
        before, now = now, time.perf_counter()
        longest = max(longest, now - before)
    if memory is not None:
        _memory.update(key=memory, root=root)
    indifferent = _indifferent(root)
    if stats is not None:
        stats.update(iterations=done, reused=reused, longest=longest,
                     seconds=time.perf_counter() - started, indifferent=indifferent)
    if not root.children:  # the time ran out while ranking the candidates: take the best
        return root.untried[-1]
    if indifferent:  # the greedy rating's choice, rated once per search and within its budget
        return (order or ranked(root.state, root.state.legal_actions(), evaluation, rng,
                                deadline))[0]
    options = [item for item in root.children.items() if item[0] not in skip]
    return max(options or root.children.items(),
               key=lambda item: (item[1].visits, item[1].totals[root.player]))[0]


def _indifferent(root: Node) -> bool:
    """True when every option of the root has been tried and their mean rewards for the
    deciding seat differ by less than :data:`INDIFFERENT`."""
    if root.untried or len(root.children) < 2:
        return False
    seat = root.player
    means = [child.totals[seat] / child.visits for child in root.children.values()]
    return max(means) - min(means) < INDIFFERENT


def _settled(root: Node, done: int, cap: int, now: float, started: float,
             deadline: float) -> bool:
    """True when no other decision can overtake the most visited one in the iterations left
    (estimated from the rate so far), or when it is clearly best: past :data:`CLEAR_AFTER` of
    the budget it holds :data:`CLEAR_SHARE` of the root's visits."""
    if root.untried or len(root.children) < 2:
        return len(root.children) == 1 and not root.untried
    rate = done / max(now - started, 1e-6)
    left = min(cap - done, (deadline - now) * rate) if deadline != math.inf else cap - done
    visits = sorted((c.visits for c in root.children.values()), reverse=True)
    first, second = visits[:2]
    if first - second > left:
        return True
    spent = max(done / cap, 0.0 if deadline == math.inf else
                (now - started) / max(deadline - started, 1e-6))
    return spent >= CLEAR_AFTER and (first >= CLEAR_SHARE * sum(visits) or _indifferent(root))


def _widen(node: Node, evaluation: Any, rng: random.Random) -> bool:
    """True when ``node`` (below the root, many options) may have one more child
    (:data:`WIDEN_POWER`); on its first expansion its untried options are ordered best last
    by the one-ply rating of :data:`PRIOR_WIDTH` of them."""
    if not node.ranked and PRIOR_WIDTH >= 0:
        node.ranked = True
        untried = node.untried
        sample = untried if not PRIOR_WIDTH or len(untried) <= PRIOR_WIDTH else \
            rng.sample(untried, PRIOR_WIDTH)
        rated = []
        seat = node.player
        for index in sample:
            state = node.state.clone()
            state.apply_index(index)
            rated.append((margin(evaluation.values(state), seat), rng.random(), index))
        rated.sort()
        chosen = {index for _, _, index in rated}
        node.untried = [i for i in untried if i not in chosen] + [i for _, _, i in rated]
    return not node.children or len(node.children) < WIDEN_BASE + node.visits ** WIDEN_POWER


def _iterate(root: Node, seats: int, evaluation: Any, rng: random.Random, rivals: int = 0
             ) -> None:
    widen = getattr(evaluation, "WIDEN_FROM", 0)
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
                reward = leaf_rewards(child.state, evaluation, rng, child, root.player, rivals)
                break
            node = child
            path.append(node)
            continue
        if node.untried and (node is root or not widen or node.options <= widen
                             or _widen(node, evaluation, rng)):
            child = node.child(node.untried.pop(), seats, rng)
            path.append(child)
            reward = leaf_rewards(child.state, evaluation, rng, child, root.player, rivals)
            break
        node = node.children[select(node, math.log(node.visits))]
        path.append(node)
    for visited in path:
        visited.visits += 1
        totals = visited.totals
        for seat in range(seats):
            totals[seat] += reward[seat]
