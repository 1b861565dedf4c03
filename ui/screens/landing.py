"""The saved-games list of the landing screen."""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Sequence

from engine.core.registry import GAMES
from ui.html import Markup, tag
from ui.i18n import Catalogue
from ui.storage import BadSave, NewerSave, SaveRecord


def when(stamp: float, cat: Catalogue) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def export_name(record: SaveRecord) -> str:
    """The file name of an exported game: ``concordia-2026-11-30-marcus-blue-green.json``
    (the names given, else the colours; letters and digits only)."""
    summary = record.summary
    given = summary.get("given") or summary.get("names") or []
    colours = summary.get("colours") or []
    parts = []
    for seat in range(int(summary.get("players") or len(given))):
        name = slug(str(given[seat])) if seat < len(given) else ""
        parts.append(name or (slug(str(colours[seat])) if seat < len(colours) else str(seat + 1)))
    day = time.strftime("%Y-%m-%d", time.localtime(record.updated))
    return "-".join([slug(record.game) or "ludi", day, *parts]) + ".json"


def slug(text: str) -> str:
    """``text`` in lower-case ASCII letters and digits joined by hyphens ("Mārcus" → "marcus")."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:24].strip("-")


def seat_names(record: SaveRecord, cat: Catalogue) -> list[str]:
    """The players' names in the language: the names given, else the colours."""
    summary = record.summary
    given = summary.get("given") or []
    colours = summary.get("colours") or []
    old = summary.get("names") or []
    names = []
    for seat in range(int(summary.get("players") or len(old))):
        name = given[seat] if seat < len(given) and isinstance(given[seat], str) else ""
        if not name and seat < len(colours) and cat.has(f"colour.{colours[seat]}"):
            name = cat.t(f"colour.{colours[seat]}")
        names.append(name or (str(old[seat]) if seat < len(old) else str(seat + 1)))
    return names


def your_turn(record: SaveRecord) -> bool:
    """A person is to decide in this game (it goes first in the list)."""
    active = record.summary.get("active")
    seats = record.meta.get("seats") or []
    return (not record.summary.get("over") and isinstance(active, int) and 0 <= active < len(seats)
            and seats[active] == "human")


def turn_text(record: SaveRecord, names: list[str], cat: Catalogue) -> str | None:
    summary = record.summary
    active = summary.get("active")
    if summary.get("over"):
        return cat.t("saves.over")
    if not isinstance(active, int) or not 0 <= active < len(names):
        return None
    humans = sum(1 for s in record.meta.get("seats") or [] if s == "human")
    if your_turn(record) and humans == 1:
        return cat.t("saves.your_turn")
    return cat.t("saves.turn_of", name=names[active])


def save_item(record: SaveRecord, cat: Catalogue) -> Markup:
    """One saved game: title and players; whose turn, the round, when it was saved."""
    info = GAMES.get(record.game)
    game = cat.t("game." + record.game) if info else record.game
    names = seat_names(record, cat)
    label = cat.t("saves.title", game=game, names=cat.t("saves.list_sep").join(names))
    round_ = record.summary.get("round")
    details = [turn_text(record, names, cat),
               cat.t("saves.round", round=round_) if isinstance(round_, int)
               and not record.summary.get("over") else None,
               cat.t("saves.updated", date=when(record.updated, cat))]
    turn = your_turn(record)
    return tag("li", {"class_": "save" + (" your-turn" if turn else ""), "data_save": record.id,
                      "data_your_turn": "true" if turn else None},
               tag("div", {"class_": "save-title"}, label),
               tag("div", {"class_": "save-detail"},
                   " · ".join(d for d in details if d)),
               tag("p", {"class_": "save-note", "data_role": "export-offer"},
                   cat.t("keep.export_offer")) if record.needs_export() else None,
               tag("div", {"class_": "save-actions"},
                   tag("button", {"type": "button", "data_cmd": "resume", "data_id": record.id,
                                  "aria_label": cat.t("saves.resume_label", game=label)},
                       cat.t("saves.resume")),
                   tag("button", {"type": "button", "data_cmd": "export", "data_id": record.id,
                                  "aria_label": cat.t("saves.export_label", game=label)},
                       cat.t("saves.export")),
                   tag("button", {"type": "button", "class_": "danger", "data_cmd": "delete",
                                  "data_id": record.id,
                                  "aria_label": cat.t("saves.delete_label", game=label)},
                       cat.t("saves.delete"))))


def newer_item(entry: NewerSave, cat: Catalogue) -> Markup:
    """A save from a newer Ludi: named, explained, and offered nothing that could change it."""
    title = cat.t("game." + entry.game) if entry.game in GAMES else entry.game
    return tag("li", {"class_": "save", "data_role": "newer-save"},
               tag("div", {"class_": "save-title"},
                   cat.t("saves.title", game=title,
                         names=cat.t("saves.list_sep").join(entry.names))),
               tag("div", {"class_": "save-detail"}, cat.t("keep.newer")))


def saved_games(records: list[SaveRecord], bad: list[tuple[str, BadSave]],
                cat: Catalogue, newer: Sequence[tuple[str, NewerSave]] = ()) -> Markup:
    """The list of saved games with resume/export/delete, saves from a newer Ludi (listed,
    never touched), and a note on damaged entries."""
    ordered = sorted(records, key=lambda r: (not your_turn(r), -r.updated))
    items = [save_item(r, cat) for r in ordered]
    body = (tag("ul", {"class_": "saves"}, *items) if items
            else tag("p", {"class_": "empty"}, cat.t("saves.none")))
    notes = []
    if bad:
        notes.append(tag("p", {"class_": "warning", "role": "note"},
                         cat.t("saves.damaged", count=len(bad)), " ",
                         tag("button", {"type": "button", "data_cmd": "purge"},
                             cat.t("saves.purge"))))
    if newer:
        notes.append(tag("h3", {}, cat.t("keep.newer_heading")))
        notes.append(tag("ul", {"class_": "saves"}, *(newer_item(e, cat) for _, e in newer)))
    return tag("div", {}, tag("h2", {}, cat.t("saves.heading")), body, *notes)
