"""The new-game screen: seats (human or computer, with names), options, start player."""

from __future__ import annotations

import importlib
from dataclasses import replace

from engine.core.codec import MAX_NAME_LENGTH
from engine.core.protocol import SetupError
from engine.core.registry import GameInfo, Option, game_class, make_setup
from ui.html import Markup, tag
from ui.i18n import Catalogue
from ui.links import SEAT_KINDS, NewGameRequest, option_text

MAX_NAME = MAX_NAME_LENGTH


def default_request(info: GameInfo) -> NewGameRequest:
    players = max(info.min_players, min(3, info.max_players))
    return NewGameRequest(info.name, players, ["human"] + ["ai:medium"] * (players - 1))


def valid(request: NewGameRequest) -> bool:
    try:
        make_setup(request.game, request.players, (), **request.options)
    except SetupError:
        return False
    return True


def fit_request(info: GameInfo, request: NewGameRequest, keep: str = "players"
                ) -> NewGameRequest:
    """The nearest settings the engine accepts, keeping what the player just changed
    (``keep`` = ``players`` or an option's name): e.g. two players move Concordia to the
    Italia map, and the Italia map brings five players down to four. The engine decides
    what is valid (``make_setup``); the form only searches."""
    if valid(request):
        return request
    if keep == "players":
        for option in info.options:
            if option.name == "start_player" or option.hidden:
                continue
            for choice in option.choices:
                candidate = replace(request, options={**request.options, option.name: choice})
                if valid(candidate):
                    return candidate
    counts = sorted(range(info.min_players, info.max_players + 1),
                    key=lambda n: abs(n - request.players))
    for players in counts:
        seats = (request.seats + ["ai:medium"] * players)[:players]
        candidate = replace(request, players=players, seats=seats,
                            names=request.names[:players] if request.names else [])
        if valid(candidate):
            return candidate
    return request


def colour_name(game: str, seat: int, cat: Catalogue) -> str:
    """A seat's default name: its colour in the chosen language (the same on every path: the
    form, a ``#new=`` link, a shared game)."""
    colours = game_class(game).colours
    return cat.t(f"colour.{colours[seat]}") if seat < len(colours) else str(seat + 1)


def seat_row(seat: int, kind: str, name: str, cat: Catalogue, game: str = "") -> Markup:
    options = [tag("option", {"value": k, "selected": k == kind}, cat.t("seat." + k))
               for k in SEAT_KINDS]
    return tag("fieldset", {"class_": "seat"},
               tag("legend", {}, cat.t("setup.seat", n=seat + 1)),
               tag("label", {"for": f"seat-name-{seat}"}, cat.t("setup.name")),
               tag("input", {"id": f"seat-name-{seat}", "type": "text", "maxlength": MAX_NAME,
                             "value": name, "autocomplete": "off",
                             "placeholder": colour_name(game, seat, cat) if game else None}),
               tag("label", {"for": f"seat-kind-{seat}"}, cat.t("setup.kind")),
               tag("select", {"id": f"seat-kind-{seat}"}, *options))


def same(a: object, b: object) -> bool:
    """Equal and of one type (so that True is not taken for 1)."""
    return a == b and type(a) is type(b)


def option_field(info: GameInfo, option: Option, value: object, players: int,
                 cat: Catalogue) -> Markup:
    key = f"option.{info.name}.{option.name}"
    choices = option.choices
    if option.name == "start_player":
        choices = tuple(c for c in choices if c is None or c < players)
    items = [tag("option", {"value": option_text(c), "selected": same(c, value)},
                 cat.t(f"{key}.{option_text(c)}", n=c + 1 if isinstance(c, int) else ""))
             for c in choices]
    return tag("div", {"class_": "option"},
               tag("label", {"for": f"option-{option.name}"}, cat.t(key)),
               tag("select", {"id": f"option-{option.name}", "data_option": option.name},
                   *items))


PREVIEWS = {("concordia", "map"): "ui.boards.concordia_preview:map_preview"}
"""Options shown in a small picture beside their choice: (game, option) -> the function
(``module:name``, imported when first shown) drawing the chosen value."""


def preview(info: GameInfo, option: str, value: object, cat: Catalogue) -> Markup | None:
    """The picture of ``option``'s chosen ``value``, for options that have one."""
    where = PREVIEWS.get((info.name, option))
    if where is None:
        return None
    module, name = where.split(":")
    return getattr(importlib.import_module(module), name)(value, cat)


def seat_kind(seats: list[str], seat: int) -> str:
    """Who sits at ``seat``: as chosen; a seat added by raising the player count is like the
    last one chosen after the first (a table of people stays one), else a computer (medium),
    as in the form's first offer: adding a player never turns a game into pass-and-play."""
    if seat < len(seats):
        return seats[seat]
    return seats[-1] if len(seats) > 1 else "ai:medium"


def new_game_form(info: GameInfo, request: NewGameRequest, cat: Catalogue,
                  offer: Markup | None = None) -> Markup:
    """The form for a new game of ``info``, filled from ``request`` (``offer``: the lesson
    offered above it to someone setting up their first game of the title)."""
    counts = [tag("option", {"value": n, "selected": n == request.players}, str(n))
              for n in range(info.min_players, info.max_players + 1)]
    seats = [seat_row(i, seat_kind(request.seats, i),
                      request.names[i] if i < len(request.names) else "", cat, info.name)
             for i in range(request.players)]
    values = dict(info.defaults, **request.options)
    options = []
    for o in (o for o in info.options if not o.hidden):  # a rules revision is no choice
        options += [option_field(info, o, values[o.name], request.players, cat),
                    preview(info, o.name, values[o.name], cat)]
    return tag("form", {"id": "new-game", "class_": "panel", "data_game": info.name},
               tag("h2", {}, cat.t("setup.heading", game=cat.t("game." + info.name))),
               offer,
               tag("div", {"class_": "option"},
                   tag("label", {"for": "players"}, cat.t("setup.players")),
                   tag("select", {"id": "players", "data_cmd_change": "players"}, *counts)),
               tag("div", {"class_": "seats"}, *seats),
               tag("div", {"class_": "options"}, *options),
               tag("p", {"id": "setup-error", "class_": "error", "role": "alert"}),
               tag("div", {"class_": "actions"},
                   tag("button", {"type": "button", "data_cmd": "menu"}, cat.t("common.back")),
                   tag("button", {"type": "submit", "class_": "primary", "data_cmd": "start"},
                       cat.t("setup.start"))))
