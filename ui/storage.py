"""Saved games and preferences in ``localStorage`` (or anything with the same methods).

Every game is one entry ``ludi.save.<id>`` holding JSON: the game as link text (the codec's
setup + log), the seats and a few figures for the list. A damaged entry is reported and skipped,
never fatal; a full storage raises :class:`StorageFull` and changes nothing, so the running game
goes on and the other saves stay as they were.

Each record says which Ludi wrote it: ``v`` (the record's layout), ``format`` (the link
format) and ``rules`` (the title's rules version). A record from a newer Ludi (any of the three
above ours, or a title we do not know) is listed as such and never deleted or overwritten by
this version (:class:`NewerSave`). Every write goes through :meth:`SaveStore.put`, which
refuses to replace a newer record.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from engine.core.codec import FORMAT_VERSION
from engine.core.registry import GAMES

PREFIX = "ludi.save."
PREF_PREFIX = "ludi."
PROBE_KEY = "ludi.probe"
RECORD_VERSION = 2
"""2: ``format``, ``rules`` and ``created`` added (version 1 records are read as format 1 with
the current rules: the versions that wrote them had no others)."""
EXPORT_AFTER = 3 * 24 * 3600
"""Seconds a game's decisions may live only in this browser before the list offers an export."""
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


class SaveConflict(Exception):
    """The save changed since this tab read or wrote it (another tab wrote it): nothing was
    written. ``latest`` is the save as it is now."""

    def __init__(self, latest: SaveRecord) -> None:
        super().__init__(f"save {latest.id} is at revision {latest.rev}")
        self.latest = latest


class NewerSave(BadSave):
    """A record written by a newer Ludi: kept exactly as it is, listed with ``data`` (the
    record's JSON object, as far as it could be read) so the list can name the game."""

    def __init__(self, data: dict[str, Any], detail: str) -> None:
        super().__init__("newer", detail)
        self.data = data

    @property
    def game(self) -> str:
        game = self.data.get("game")
        return game if isinstance(game, str) else ""

    @property
    def names(self) -> list[str]:
        summary = self.data.get("summary")
        names = summary.get("names") if isinstance(summary, dict) else None
        return [n for n in names if isinstance(n, str)] if isinstance(names, list) else []


def newer_than_us(data: dict[str, Any]) -> str | None:
    """Why a record's JSON object comes from a newer Ludi (None if it does not)."""
    if data.get("v", 0) > RECORD_VERSION:
        return f"record {data['v']}"
    if data.get("format", FORMAT_VERSION) > FORMAT_VERSION:
        return f"format {data['format']}"
    info = GAMES.get(data.get("game"))  # type: ignore[arg-type]
    if info is None:
        return f"game {data.get('game')}"
    if data.get("rules", info.rules_version) > info.rules_version:
        return f"rules {data['rules']}"
    return None


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
    created: float | None = None
    """When the game was first saved in this browser (None: ``updated``)."""
    rev: int = 0
    """How many times this save was written (a tab writes only over the revision it knows)."""

    @property
    def rules(self) -> int:
        info = GAMES.get(self.game)
        return info.rules_version if info else 0

    def to_json(self) -> str:
        created = self.updated if self.created is None else self.created
        return json.dumps({"v": RECORD_VERSION, "format": FORMAT_VERSION, "rules": self.rules,
                           "id": self.id, "game": self.game, "link": self.link,
                           "updated": self.updated, "created": created, "rev": self.rev,
                           "meta": self.meta, "summary": self.summary},
                          ensure_ascii=False, separators=(",", ":"))

    def needs_export(self, now: float | None = None) -> bool:
        """True when some of this game's decisions exist only in this browser (never exported,
        shared or imported since they were made) and have for :data:`EXPORT_AFTER`."""
        backup = self.meta.get("backup")
        backup = backup if isinstance(backup, dict) else {}
        moves = self.summary.get("moves", 0)
        backed_moves = backup.get("moves", -1)
        if not isinstance(moves, int) or not isinstance(backed_moves, int) or \
                moves <= backed_moves:
            return False
        since = backup.get("at") if isinstance(backup.get("at"), (int, float)) else None
        if since is None:
            since = self.updated if self.created is None else self.created
        return (time.time() if now is None else now) - since > EXPORT_AFTER

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
        for key in ("format", "rules"):
            if not isinstance(data.get(key, 0), int):
                raise BadSave("missing", key)
        newer = newer_than_us(data)
        if newer:
            raise NewerSave(data, newer)
        if data["v"] < 1:
            raise BadSave("version", str(data["v"]))
        meta, summary = data.get("meta", {}), data.get("summary", {})
        created, rev = data.get("created"), data.get("rev", 0)
        if not isinstance(meta, dict) or not isinstance(summary, dict):
            raise BadSave("missing", "meta")
        return cls(data["id"], data["game"], data["link"], data["updated"], meta, summary,
                   created if isinstance(created, (int, float)) else None,
                   rev if isinstance(rev, int) else 0)


def new_id() -> str:
    """A fresh save id: time-ordered, with random bits so two tabs never collide."""
    return f"{int(time.time() * 1000):x}{random.getrandbits(24):06x}"


@dataclass
class Listing:
    """Everything under our prefix: readable saves (newest first), saves from a newer Ludi
    (kept, never touched) and damaged entries (key, problem)."""

    good: list[SaveRecord] = field(default_factory=list)
    newer: list[tuple[str, NewerSave]] = field(default_factory=list)
    bad: list[tuple[str, BadSave]] = field(default_factory=list)


class SaveStore:
    """Saved games and preferences over a Web Storage backend."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    def writable(self) -> bool:
        """Whether the storage takes a write at all (private modes may refuse every one)."""
        try:
            self.backend.setItem(PROBE_KEY, "1")
            self.backend.removeItem(PROBE_KEY)
        except Exception:
            return False
        return True

    # ------------------------------------------------------------- games
    def keys(self) -> list[str]:
        try:
            count = int(self.backend.length)
            found = [self.backend.key(i) for i in range(count)]
        except Exception:  # storage disabled: nothing saved
            return []
        return [k for k in found if isinstance(k, str) and k.startswith(PREFIX)]

    def list(self) -> tuple[list[SaveRecord], list[tuple[str, BadSave]]]:
        """Every readable save, newest first, and the damaged entries (key, problem); saves
        from a newer Ludi are in neither (see :meth:`listing`)."""
        listing = self.listing()
        return listing.good, listing.bad

    def listing(self) -> Listing:
        listing = Listing()
        for key in self.keys():
            try:
                record = SaveRecord.from_json(self._read(key))
                if PREFIX + record.id != key:
                    raise BadSave("missing", "id")
                listing.good.append(record)
            except NewerSave as newer:
                listing.newer.append((key, newer))
            except BadSave as problem:
                listing.bad.append((key, problem))
        listing.good.sort(key=lambda r: r.updated, reverse=True)
        return listing

    def is_newer(self, key: str) -> bool:
        """Whether the entry at ``key`` was written by a newer Ludi (then we never touch it)."""
        try:
            SaveRecord.from_json(self._read(key))
        except NewerSave:
            return True
        except BadSave:
            return False
        return False

    def get(self, save_id: str) -> SaveRecord:
        text = self._read(PREFIX + save_id)
        if text is None:
            raise BadSave("not_found", save_id)
        return SaveRecord.from_json(text)

    def has(self, save_id: str) -> bool:
        """Whether an entry (readable or not) is stored under ``save_id``."""
        return self._read(PREFIX + save_id) is not None

    def put(self, record: SaveRecord, expect: int | None = None) -> int:
        """Write one save and return its new revision. Writes nothing and raises
        :class:`StorageFull` if the browser refuses, :class:`NewerSave` if a newer Ludi's
        record has that id, :class:`SaveConflict` if ``expect`` is given and the stored
        revision is another (a save that is gone, e.g. site data cleared, is written anew)."""
        key = PREFIX + record.id
        try:
            before: SaveRecord | None = SaveRecord.from_json(self._read(key))
        except NewerSave:
            raise
        except BadSave:
            before = None
        if before is not None and expect is not None and before.rev != expect:
            raise SaveConflict(before)
        created = record.created
        if created is None:
            created = before.created if before and before.created is not None else None
            created = record.updated if created is None else created
        record = replace(record, created=created, rev=(before.rev if before else 0) + 1)
        self._write(key, record.to_json())
        return record.rev

    def mark_backup(self, save_id: str, now: float | None = None) -> None:
        """Note that the game as saved now also exists outside this browser (exported to a
        file): the list stops offering an export until new decisions are made."""
        record = self.get(save_id)
        moves = record.summary.get("moves", 0)
        record.meta["backup"] = {"at": time.time() if now is None else now,
                                 "moves": moves if isinstance(moves, int) else 0}
        self.put(record)

    def delete(self, save_id: str) -> None:
        if self.is_newer(PREFIX + save_id):
            return
        try:
            self.backend.removeItem(PREFIX + save_id)
        except Exception:
            pass

    def delete_key(self, key: str) -> None:
        """Remove a damaged entry by its storage key (only ever one of ours, never a newer
        Ludi's)."""
        if key.startswith(PREFIX) and not self.is_newer(key):
            try:
                self.backend.removeItem(key)
            except Exception:
                pass

    def purge(self) -> int:
        """Remove every damaged entry (never a newer Ludi's); returns how many."""
        _, bad = self.list()
        for key, _problem in bad:
            self.delete_key(key)
        return len(bad)

    # --------------------------------------------------------- files
    def add_imported(self, records: list[SaveRecord], now: float | None = None
                     ) -> tuple[int, bool]:
        """Store imported saves, each under a fresh id if its own is taken (by any entry, a
        newer Ludi's included), marked as kept elsewhere (the file). Returns how many were
        stored and whether the storage refused one (then the rest are not stored)."""
        stamp = time.time() if now is None else now
        taken = set(self.keys())
        stored = 0
        for record in records:
            if PREFIX + record.id in taken:
                record = replace(record, id=new_id())
            moves = record.summary.get("moves", 0)
            meta = dict(record.meta, backup={"at": stamp,
                                             "moves": moves if isinstance(moves, int) else 0})
            try:
                self.put(replace(record, meta=meta))
            except StorageFull:
                return stored, True
            taken.add(PREFIX + record.id)
            stored += 1
        return stored, False

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
