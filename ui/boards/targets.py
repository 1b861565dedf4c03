"""What a board highlights and accepts for the pending decision: one :class:`Targets` value for
every title, computed by the board module from the engine's ``pending_step()``,
``legal_actions()`` and the board's selection (``session.ui``), then read by its drawing code
(the SVG, the panels, the decision bar).

Every element that decides carries the index of its legal action (``data-cmd="act"
data-index=i`` in the page, see ``ui/README.md``); the fields name the elements of each board.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any


@dataclass
class Targets:
    """The targets of the pending decision (empty when nobody here may decide).

    For every board: ``kind`` the pending step's kind, ``seat`` who decides, ``live`` whether a
    person here may decide now, ``pick`` elements that select a source first and ``selected``
    the one selected (an institution, a colonist), ``bar`` the decision-bar buttons
    ``(label, data)`` with ``data`` either ``{"index": i}`` or board data (``{"what": ...}``),
    ``hint`` what to do in words.

    Municipium's elements, each ``-> action index``: ``inst`` institutions, ``deck`` the
    common deck, ``bag`` the citizen bag, ``family`` family cards, ``hand`` citizens in
    players' hands by ``(seat, type)``.

    Concordia's elements, each ``-> (action index, label)``: ``routes`` a colonist may end on
    (``costs``: their movement points), ``cities`` to build in (``previews``: the cost as a
    short text), ``provinces`` to produce in; ``colonists`` of the deciding seat that can move
    (their label), ``places`` cities that take new colonists (shown only)."""

    kind: str = ""
    seat: int = -1
    live: bool = False
    pick: frozenset[int] = frozenset()
    selected: int | None = None
    bar: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    hint: str = ""
    inst: dict[int, int] = field(default_factory=dict)
    deck: int | None = None
    bag: int | None = None
    family: dict[int, int] = field(default_factory=dict)
    hand: dict[tuple[int, int], int] = field(default_factory=dict)
    routes: dict[int, tuple[int, str]] = field(default_factory=dict)
    costs: dict[int, int] = field(default_factory=dict)
    cities: dict[int, tuple[int, str]] = field(default_factory=dict)
    previews: dict[int, str] = field(default_factory=dict)
    provinces: dict[int, tuple[int, str]] = field(default_factory=dict)
    colonists: dict[int, str] = field(default_factory=dict)
    places: set[int] = field(default_factory=set)

    def but(self, **changes: Any) -> Targets:
        """A copy with ``changes`` (the value itself is left as it is)."""
        return replace(self, **changes)
