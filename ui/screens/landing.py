"""The saved-games list of the landing screen."""

from __future__ import annotations

import time

from engine.core.registry import GAMES
from ui.html import Markup, tag
from ui.i18n import Catalogue
from ui.storage import BadSave, SaveRecord


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


def saved_games(records: list[SaveRecord], bad: list[tuple[str, BadSave]],
                cat: Catalogue) -> Markup:
    """The list of saved games with resume/export/delete, and a note on damaged entries."""
    items = [save_item(r, cat) for r in records]
    body = (tag("ul", {"class_": "saves"}, *items) if items
            else tag("p", {"class_": "empty"}, cat.t("saves.none")))
    notes = []
    if bad:
        notes.append(tag("p", {"class_": "warning", "role": "note"},
                         cat.t("saves.damaged", count=len(bad)), " ",
                         tag("button", {"type": "button", "data_cmd": "purge"},
                             cat.t("saves.purge"))))
    return tag("div", {}, tag("h2", {}, cat.t("saves.heading")), body, *notes)
