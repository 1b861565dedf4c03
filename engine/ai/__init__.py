"""Computer opponents for every game of the protocol (issue 7).

One entry point for the UI, the benchmark and the tools::

    from engine import ai
    action = ai.choose(game, level="hard", seed=7)     # an element of game.legal_actions()
    index = ai.choose_index(game, level="medium")      # its index (what the UI passes on)
    key, args = ai.hint(game)                          # why the AI would play (a message key)
    text = ai.explain(game, action)                    # the same reason in English

Levels (see :data:`LEVELS`):

- ``easy``: seven times in ten a random decision, otherwise the greedy one with the
  evaluation's beginner's weights (``EASY``, else ``PLAIN``); an evaluation may allow the
  random draw for some decisions only (``guesses``; Concordia: the card to play, while the
  seat holds at most 30 sestertii);
- ``medium``: greedy: the decision whose position the game's evaluation rates best, with the
  evaluation's hand-set weights (``PLAIN``);
- ``hard``: a search with the evaluation's weights tuned by self-play (``TUNED``,
  ``bench/tune_eval.py``; at a table of three or more, ``TUNED_TABLE``, tuned at four seats,
  when the evaluation has it), a time budget (300 ms in CPython, 0.8 s in the browser) and an
  iteration cap, reproducible with a seed and ``budget_ms=0``. Which search is the
  evaluation's ``SEARCH``: ``plan`` (Concordia, :mod:`engine.ai.plan`: the greedy rating's
  best few decisions, each rated by samples of the seat's turn, its rivals' replies and its
  next turn) or a tree (Municipium, :mod:`engine.ai.mcts`: Monte Carlo tree search with
  chance nodes over the greedy rating's five best decisions, evaluation at the leaves; draws
  are sampled from ``chance_outcomes()``, never peeked);
- ``expert``: the same search with more than three times hard's time (1 s in CPython, 2.6 s
  in the browser) and iterations; a tree search stops sooner when the most visited decision
  can no longer be overtaken.

The tree search keeps its tree between decisions (one tree, for the seat and level that
searched last): the next decision of the same turn starts from the subtree already grown
(:func:`forget` drops it; a search repeated on the same position starts afresh).

Nothing here mutates the game it is given: the players work on clones. The game-specific
evaluations (:mod:`engine.ai.eval_municipium`, :mod:`engine.ai.eval_concordia`) are imported
only when a game of that title asks for a move.
"""

from __future__ import annotations

import importlib
import random
import sys
from typing import Any, Hashable, NamedTuple


class Level(NamedTuple):
    """How a level plays: ``kind`` is random, greedy or mcts; ``noise`` the chance of a random
    decision (easy); ``budget_ms`` and ``iterations`` bound a search (the time is CPython's:
    the browser gives :data:`BROWSER_FACTOR` times more); ``candidates`` is how many decisions
    the search's root considers when the options are many (0: the evaluation's
    ``ROOT_CANDIDATES``); ``remember`` keeps the search's tree for the next decision;
    ``weights`` names the evaluation's weights: ``plain`` (set by hand), ``easy`` (the
    beginner's, where the evaluation has them) or ``tuned`` (by self-play,
    ``bench/tune_eval.py``)."""

    kind: str
    noise: float = 0.0
    budget_ms: float = 0.0
    iterations: int = 0
    candidates: int = 0
    remember: bool = True
    weights: str = "plain"
    rivals: int = 0
    """The search models the rivals' decisions (their greedy follow-up's best) instead of
    searching them at a table of this many seats or more (0: never; see
    :func:`engine.ai.mcts.search`)."""
    turns: int = 1
    """How many of the seat's next turns the planning search (:mod:`engine.ai.plan`, where
    the evaluation asks for it) plays out in each sample."""
    replies: int = 0
    """At a table of at most this many seats (0: never), the planning search opens a rival's
    turn as the greedy player (medium) does, each option's turn played out, not by the
    option's rating as laid down (:func:`engine.ai.plan.open_turn`). Heads-up it made hard
    stronger against medium, at four seats weaker (docs/computer-strength.md)."""
    browser_ms: float = 0.0
    """The search's time in the browser when not ``budget_ms`` × :data:`BROWSER_FACTOR`: short
    of the page's limit for a decision (issue 46: hard 1 s, expert 3 s) by what the rest of a
    decision takes there (the search's last iteration, the worker's replay, the round trip)."""


BROWSER_FACTOR = 3.0 if sys.platform == "emscripten" else 1.0
"""The browser's Python is about three times slower than CPython: the search gets three times
the time there (so that it plays as well: about 0.9 s a decision, under the 1.5 s target)."""

EXPERT_CANDIDATES = 0
"""Decisions the expert's root considers when the options are many (0: as hard)."""

LEVELS: dict[str, Level] = {
    "random": Level("random"),
    "easy": Level("greedy", noise=0.7, weights="easy"),
    "medium": Level("greedy"),
    "hard": Level("mcts", budget_ms=300.0, iterations=3000, weights="tuned", replies=2,
                  browser_ms=800.0),
    "expert": Level("mcts", budget_ms=1000.0, iterations=20000, candidates=EXPERT_CANDIDATES,
                    weights="tuned", replies=2, browser_ms=2600.0),
}


def budget(level: str, budget_ms: float | None = None, iterations: int | None = None
           ) -> tuple[float, int]:
    """``(milliseconds, iterations)`` a search at ``level`` gets here (the browser's time is
    :data:`BROWSER_FACTOR` times CPython's), unless overridden."""
    spec = LEVELS[level]
    if budget_ms is None:
        budget_ms = spec.budget_ms * BROWSER_FACTOR
        if BROWSER_FACTOR != 1.0 and spec.browser_ms:
            budget_ms = spec.browser_ms
    return budget_ms, spec.iterations if iterations is None else iterations


def forget() -> None:
    """Drop the searching levels' kept tree (see :mod:`engine.ai.mcts`)."""
    if "engine.ai.mcts" in sys.modules:
        sys.modules["engine.ai.mcts"].forget()


class Evaluation:
    """A title's evaluation module (``values``, ``reason``, ``SCALE``, ...) with one set of its
    weights (a ``Weights`` of the module, or None for a module without weights): what the
    players and the search are given."""

    def __init__(self, module: Any, weights: Any = None) -> None:
        self.module = module
        self.weights = weights

    def __getattr__(self, name: str) -> Any:
        return getattr(self.module, name)

    def values(self, game: Any) -> list[float]:
        if self.weights is None:
            return self.module.values(game)
        return self.module.values(game, self.weights)


_evaluations: dict[tuple[str, str, bool], Evaluation] = {}


def evaluator(game: Any, weights: str = "plain") -> Evaluation:
    """The evaluation of ``game``'s title (its module imported on first use), or the generic
    one (:mod:`engine.ai.eval_generic`: the scores of ``result()``) for a title without one,
    with the module's ``weights`` (``plain``, ``easy`` or ``tuned``: its ``PLAIN``, ``EASY`` or
    ``TUNED``, ``PLAIN`` for a name it lacks). At a table of three or more a module's
    ``<WEIGHTS>_TABLE`` is taken when it has one (weights tuned at four seats: what wins
    heads-up need not win against three)."""
    name = game.setup.game
    if name not in ("municipium", "concordia"):
        name = "generic"
    key = (name, weights, game.players > 2)
    if key not in _evaluations:
        module = importlib.import_module(f"engine.ai.eval_{name}")
        field = weights.upper()
        if game.players > 2 and hasattr(module, field + "_TABLE"):
            field += "_TABLE"
        _evaluations[key] = Evaluation(module, getattr(module, field,
                                                       getattr(module, "PLAIN", None)))
    return _evaluations[key]


def guesses(evaluation: Evaluation, game: Any, legal: list[Hashable]) -> bool:
    """Whether a level with ``noise`` (easy) may take this decision at random: the
    evaluation's ``guesses`` says which (Concordia: only the card to play); any decision when
    it has none."""
    rule = getattr(evaluation.module, "guesses", None)
    return rule is None or rule(game, legal)


def choose(game: Any, level: str = "hard", seed: int | None = None,
           budget_ms: float | None = None, iterations: int | None = None) -> Hashable:
    """The decision the AI takes at ``level`` in ``game`` (never changes ``game``)."""
    return game.legal_actions()[choose_index(game, level, seed, budget_ms, iterations)]


def choose_index(game: Any, level: str = "hard", seed: int | None = None,
                 budget_ms: float | None = None, iterations: int | None = None,
                 stats: dict | None = None) -> int:
    """Like :func:`choose`, but the index of the decision in ``game.legal_actions()``.

    ``budget_ms`` and ``iterations`` override the level's search budget (a search stops at
    whichever comes first; with ``budget_ms=0`` only the iteration cap counts, so the same
    seed and the same searches before give the same move on any machine). ``stats`` receives
    a search's figures (:func:`engine.ai.mcts.search`)."""
    legal = game.legal_actions()
    if not legal:
        raise ValueError("no decision to make: the game is over or a draw is pending")
    if len(legal) == 1:
        return 0
    spec = LEVELS[level]
    rng = random.Random(seed)
    if spec.kind == "random":
        return rng.randrange(len(legal))
    evaluation = evaluator(game, spec.weights)
    if spec.noise and guesses(evaluation, game, legal) and rng.random() < spec.noise:
        return rng.randrange(len(legal))
    if spec.kind == "greedy":
        from engine.ai.players import greedy_index

        return greedy_index(game, legal, evaluation, rng)
    budget_ms, iterations = budget(level, budget_ms, iterations)
    if getattr(evaluation, "SEARCH", "tree") == "plan":
        from engine.ai.plan import plan_index

        return plan_index(game, legal, evaluation, rng, budget_ms=budget_ms,
                          iterations=iterations, candidates=spec.candidates, stats=stats,
                          turns=spec.turns, replies=game.players <= spec.replies)
    from engine.ai.mcts import search

    return search(game, legal, evaluation, rng, budget_ms=budget_ms,
                  iterations=iterations, stats=stats, candidates=spec.candidates,
                  memory=(level, game.current_player) if spec.remember else None,
                  rivals=spec.rivals)


def suggest(game: Any, level: str = "hard", seed: int | None = None,
            budget_ms: float | None = None, iterations: int | None = None
            ) -> tuple[Hashable, str, dict[str, Any]]:
    """``(action, key, args)``: the decision the AI suggests at ``level`` and why."""
    action = choose(game, level, seed, budget_ms, iterations)
    return (action, *reason(game, action))


def hint(game: Any, level: str = "hard", seed: int | None = None,
         budget_ms: float | None = None, action: Hashable | None = None
         ) -> tuple[str, dict[str, Any]]:
    """Why the AI would play (or why ``action`` is worth playing): a message key of
    :data:`engine.ai.messages.MESSAGES` and its arguments (the UI translates by key; English
    by :func:`engine.ai.messages.render`)."""
    if action is None:
        action = choose(game, level, seed, budget_ms)
    return reason(game, action)


TURN_STEPS = 40
"""At most this many of the seat's decisions are played out to see where a step leads."""


def reason(game: Any, action: Hashable) -> tuple[str, dict[str, Any]]:
    """Why ``action`` is good in ``game``: a message key and its arguments. When the step
    itself says little (a card played, a member moved: keys in the evaluation's ``VAGUE``),
    the seat's following decisions of the turn are played out by the one-ply rule and what
    the turn brings is said instead (the evaluation's ``outcome``: houses built, a Decurion
    taken, ...), if it brings anything."""
    from engine.ai.players import follow_up

    seat = game.current_player
    child = game.clone()
    child.apply(action)
    evaluation = evaluator(game)
    key, args = evaluation.reason(game, child, seat, action)
    if key not in getattr(evaluation, "VAGUE", ()):
        return key, args
    turn = child.clone()
    follow_up(turn, seat, evaluation, random.Random(0), limit=TURN_STEPS)
    return evaluation.outcome(game, turn, seat) or (key, args)


def explain(game: Any, action: Hashable) -> str:
    """A one-line English reason for ``action`` (e.g. "takes the Forum favour")."""
    from engine.ai.messages import render

    key, args = reason(game, action)
    return render(key, args)
