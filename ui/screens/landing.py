"""The saved-games list of the landing screen."""

from __future__ import annotations

import time
from collections.abc import Sequence

from engine.core.registry import GAMES
from ui.html import Markup, tag
from ui.i18n import Catalogue
from ui.storage import BadSave, NewerSave, SaveRecord


def when(stamp: float, cat: Catalogue) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def save_item(record: SaveRecord, cat: Catalogue) -> Markup:
    info = GAMES.get(record.game)
    title = info.title if info else record.game
    names = record.summary.get("names") or []
    state = cat.t("saves.over") if record.summary.get("over") else cat.t(
        "saves.moves", moves=record.summary.get("moves", 0))
    label = f"{cat.t('game.' + record.game) if info else title} — {', '.join(map(str, names))}"
    return tag("li", {"class_": "save", "data_save": record.id},
               tag("div", {"class_": "save-title"}, label),
               tag("div", {"class_": "save-detail"}, f"{state} · {when(record.updated, cat)}"),
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
               tag("div", {"class_": "save-title"}, f"{title} — {', '.join(entry.names)}"),
               tag("div", {"class_": "save-detail"}, cat.t("keep.newer")))


def saved_games(records: list[SaveRecord], bad: list[tuple[str, BadSave]],
                cat: Catalogue, newer: Sequence[tuple[str, NewerSave]] = ()) -> Markup:
    """The list of saved games with resume/export/delete, saves from a newer Ludi (listed,
    never touched), and a note on damaged entries."""
    items = [save_item(r, cat) for r in records]
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
