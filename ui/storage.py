"""Saved games and preferences in ``localStorage`` (or anything with the same methods).

Every game is one entry ``ludi.save.<id>`` holding JSON: the game as link text (the codec's
setup + log), the seats and a few figures for the list. A damaged entry is reported and skipped,
never fatal; a full storage raises :class:`StorageFull` and changes nothing, so the running game
goes on and the other saves stay as they were.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

PREFIX = "ludi.save."
PREF_PREFIX = "ludi."
RECORD_VERSION = 1
REQUIRED = {"v": int, "id": str, "game": str, "link": str, "updated": (int, float)}


class Backend(Protocol):
    """The part of the Web Storage API we use."""

    length: int

    def key(self, index: int) -> str | None: ...
    def getItem(self, key: str) -> str | None: ...  # noqa: N802 (the Web Storage names)
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802


class StorageFull(Exception):
    """The browser refused to store more (quota exceeded or storage disabled)."""


class BadSave(ValueError):
    """A saved entry or an imported file that cannot be used. ``code`` names the message."""

    def __init__(self, code: str, detail: str = "") -> None:
        self.code = code
        self.detail = detail
        super().__init__(f"{code}: {detail}" if detail else code)


@dataclass
class SaveRecord:
    """One saved game."""

    id: str
    game: str
    link: str
    updated: float
    meta: dict[str, Any] = field(default_factory=dict)
    summary: dict[str, Any] = field(default_factory=dict)
    """Figures for the list: names, players, moves, over — derived when saving."""

    def to_json(self) -> str:
        return json.dumps({"v": RECORD_VERSION, "id": self.id, "game": self.game,
                           "link": self.link, "updated": self.updated, "meta": self.meta,
                           "summary": self.summary}, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | None) -> SaveRecord:
        try:
            data = json.loads(text or "")
        except ValueError:
            raise BadSave("not_json") from None
        if not isinstance(data, dict):
            raise BadSave("not_json")
        for key, kind in REQUIRED.items():
            if not isinstance(data.get(key), kind):
                raise BadSave("missing", key)
        if data["v"] != RECORD_VERSION:
            raise BadSave("version", str(data["v"]))
        meta, summary = data.get("meta", {}), data.get("summary", {})
        if not isinstance(meta, dict) or not isinstance(summary, dict):
            raise BadSave("missing", "meta")
        return cls(data["id"], data["game"], data["link"], data["updated"], meta, summary)


def new_id() -> str:
    """A fresh save id: time-ordered, with random bits so two tabs never collide."""
    return f"{int(time.time() * 1000):x}{random.getrandbits(24):06x}"


class SaveStore:
    """Saved games and preferences over a Web Storage backend."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    # ------------------------------------------------------------- games
    def keys(self) -> list[str]:
        try:
            count = int(self.backend.length)
            found = [self.backend.key(i) for i in range(count)]
        except Exception:  # storage disabled: nothing saved
            return []
        return [k for k in found if isinstance(k, str) and k.startswith(PREFIX)]

    def list(self) -> tuple[list[SaveRecord], list[tuple[str, BadSave]]]:
        """Every readable save, newest first, and the damaged entries (key, problem)."""
        good: list[SaveRecord] = []
        bad: list[tuple[str, BadSave]] = []
        for key in self.keys():
            try:
                record = SaveRecord.from_json(self._read(key))
                if PREFIX + record.id != key:
                    raise BadSave("missing", "id")
                good.append(record)
            except BadSave as problem:
                bad.append((key, problem))
        good.sort(key=lambda r: r.updated, reverse=True)
        return good, bad

    def get(self, save_id: str) -> SaveRecord:
        text = self._read(PREFIX + save_id)
        if text is None:
            raise BadSave("not_found", save_id)
        return SaveRecord.from_json(text)

    def put(self, record: SaveRecord) -> None:
        """Write one save; raises :class:`StorageFull` (writing nothing) if the browser refuses."""
        self._write(PREFIX + record.id, record.to_json())

    def delete(self, save_id: str) -> None:
        try:
            self.backend.removeItem(PREFIX + save_id)
        except Exception:
            pass

    def delete_key(self, key: str) -> None:
        """Remove a damaged entry by its storage key (only ever one of ours)."""
        if key.startswith(PREFIX):
            try:
                self.backend.removeItem(key)
            except Exception:
                pass

    # --------------------------------------------------------- files
    def export(self, save_id: str) -> str:
        """A file's text holding one save (for "export to a file")."""
        record = self.get(save_id)
        return json.dumps({"ludi": RECORD_VERSION, "saves": [json.loads(record.to_json())]},
                          ensure_ascii=False, indent=1)

    @staticmethod
    def parse_file(text: str) -> list[SaveRecord]:
        """The saves in an exported file; raises :class:`BadSave` if it is not one of ours."""
        try:
            data = json.loads(text)
        except ValueError:
            raise BadSave("not_json") from None
        if not isinstance(data, dict) or not isinstance(data.get("saves"), list):
            raise BadSave("not_ours")
        records = [SaveRecord.from_json(json.dumps(item)) for item in data["saves"]]
        if not records:
            raise BadSave("empty")
        return records

    # ------------------------------------------------------ preferences
    def pref(self, name: str) -> str | None:
        return self._read(PREF_PREFIX + name)

    def set_pref(self, name: str, value: str) -> bool:
        """Remember a preference; False if the storage refused (never fatal)."""
        try:
            self._write(PREF_PREFIX + name, value)
        except StorageFull:
            return False
        return True

    # ---------------------------------------------------------- backend
    def _read(self, key: str) -> str | None:
        try:
            value = self.backend.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None

    def _write(self, key: str, value: str) -> None:
        try:
            self.backend.setItem(key, value)
        except Exception as error:
            raise StorageFull(str(error)) from None


class MemoryBackend:
    """A Web Storage stand-in for tests and for browsers with storage switched off."""

    def __init__(self, quota: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise OSError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)
