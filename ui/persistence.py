"""Keeping games: the game on screen saved after every change (with what to do when another
tab or a newer Ludi wrote it), one writer per game among this browser's tabs (``ui/tabs.py``),
links matched with the saves of the same game, and saved-game files imported."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import engine
from ui.dom import absent
from ui.links import FragmentError, parse_fragment
from ui.storage import (
    PREFIX,
    BadSave,
    MemoryBackend,
    NewerSave,
    SaveConflict,
    SaveStore,
    StorageFull,
    new_id,
)

if TYPE_CHECKING:
    from ui.app import App
    from ui.session import Session


def open_store(window: Any) -> SaveStore:
    """The browser's localStorage, or a store in memory where storage is disabled."""
    try:
        backend = window.localStorage
        backend.length  # noqa: B018 - touching it raises where storage is disabled
    except Exception:
        backend = MemoryBackend()
    return SaveStore(backend)


def saved_copies(store: SaveStore, game_id: str) -> list[tuple[Any, tuple]]:
    """The saves of the game ``game_id`` (a game keeps its id in every link and save), each
    with its log entries."""
    copies = []
    for record in store.list()[0]:
        if record.meta.get("id") != game_id:
            continue
        try:
            copies.append((record, engine.decode(record.link).log.entries))
        except engine.LinkError:
            continue
    return copies


def correspondence_save(store: SaveStore, session: Session) -> tuple[str, str]:
    """The save a link's game goes to, and how the link stands to the game saved here
    (:func:`ui.session.lineage`): the earlier save of the same game if the link carries it
    on or repeats it; that save, ``behind``, if the link is an older position of it (the
    save is played, the link is not stored); else a new save, ``diverged`` if a copy here
    went another way, ``new`` if there is none. A save is never overwritten by an older or
    a diverging game."""
    from ui.session import lineage

    entries = session.game.log.entries
    kin = "new"
    for record, saved in saved_copies(store, session.game_id):
        found = lineage(saved, entries)
        if found in ("same", "ahead"):
            session.rev = record.rev  # the save it goes on from, as read now
            return record.id, found
        if found == "behind":
            return record.id, found
        kin = "diverged"
    return session.save_id, kin


def already_saved(store: SaveStore, record: Any) -> bool:
    """True when a save here holds the game of imported ``record`` as it is or further
    on (importing it again would only make a copy)."""
    from ui.session import lineage

    game_id = record.meta.get("id")
    if not isinstance(game_id, str) or not game_id:
        return False
    entries = engine.decode(record.link).log.entries
    return any(lineage(saved, entries) in ("same", "behind")
               for _, saved in saved_copies(store, game_id))


def records_from_file(text: str) -> list:
    """The saves in a file: an exported JSON file, or a text holding a ``#g=`` link."""
    from ui.session import Session

    if text.lstrip().startswith("{"):
        records = SaveStore.parse_file(text)
        for record in records:
            Session.from_link(record.link)  # replays and checks every entry
        return records
    text = text.strip()
    text = text.partition("#")[2] or text
    fragment = parse_fragment(text if "g=" in text else "g=" + text)
    if fragment.link is None:
        raise BadSave("not_ours")
    return [Session.from_link(fragment.link).record()]


class Keeper:
    """Saves the game on screen of ``app`` and holds its lock among this browser's tabs."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.store = open_store(app.window)
        self.writable = self.store.writable()
        self.warned = False
        """A storage warning was shown (once; play goes on)."""
        self._lock: Any = None

    def autosave(self) -> None:
        """Save the game on screen (not in a lesson, not where another tab writes it)."""
        state = self.app.state
        session = state.session
        if session is None or state.writer is False or state.lesson is not None:
            return
        try:
            session.rev = self.store.put(session.record(), expect=session.rev)
        except SaveConflict:  # another tab wrote it: its decisions win, ours is refused
            state.writer = False
            self.release()
            self.app.computer.stop()
            self.load_latest()
        except NewerSave:  # a newer Ludi's save has this id: never overwrite it
            session.save_id = new_id()
            self.app.set_address(f"#play={session.save_id}")
            self.autosave()
        except StorageFull:
            if not self.warned:  # said once; play goes on
                self.warned = True
                self.app.notices.say("saves.full" if self.writable else "keep.not_kept",
                                     "sticky")

    def load_latest(self) -> bool:
        """Replace the game on screen by its latest save if that is newer; False if not (or
        if the save is gone: this tab's position is then the one to keep)."""
        from ui.session import Session

        state = self.app.state
        try:
            record = self.store.get(state.session.save_id)
            if record.rev == state.session.rev:
                return False
            fresh = Session.from_record(record)
        except (BadSave, engine.LinkError):
            return False
        self.app.computer.stop()
        state.session = fresh
        state.share_url = None
        return True

    async def claim(self, session: Session, steal: bool = False) -> None:
        """Become the game's writer (one tab at a time). Taking over from another tab first
        loads the latest saved position, so nothing decided there is lost."""
        from ui.tabs import GameLock

        app = self.app
        if self._lock is None:
            self._lock = GameLock(app.window, self.on_lock_lost, app.notices.spawn)
        granted = await self._lock.acquire(session.save_id, steal)
        if app.state.session is not session:
            return
        with app.change(save=granted, ai=granted):
            app.state.writer = granted
            if steal or not granted:
                self.load_latest()  # what the other tab saved until now
        if granted and steal:
            app.notices.say("keep.taken_over")

    def on_lock_lost(self) -> None:
        """Another tab took the game over: stop writing and say so."""
        app = self.app
        if app.state.session is None:
            return
        with app.change():
            app.state.writer = False
            app.computer.stop()

    def on_storage(self, event: Any) -> None:
        """Another tab saved: a tab that is not the writer shows the latest position."""
        session = self.app.state.session
        if session is None or self.app.state.writer is not False or absent(event.key):
            return  # (while the lock is being asked for, the claim reads the save itself)
        if str(event.key) == PREFIX + session.save_id:
            with self.app.change() as change:
                if not self.load_latest():
                    change.nothing()

    def release(self) -> None:
        if self._lock is not None:
            self._lock.release()

    async def import_files(self, field: Any) -> None:
        """Import saved-game files (our JSON export) or text files holding a game link; every
        game is replayed and checked before anything is stored."""
        files = field.files
        imported = known = 0
        notices = self.app.notices
        for index in range(files.length):
            text = str(await files.item(index).text())
            try:
                records = records_from_file(text)
            except (BadSave, engine.LinkError, FragmentError):
                notices.say("saves.import_bad", "error")
                field.value = ""
                return
            fresh = [r for r in records if not already_saved(self.store, r)]
            known += len(records) - len(fresh)
            stored, full = self.store.add_imported(fresh)
            imported += stored
            if full:
                notices.say("saves.full", "error")
                break
        field.value = ""
        self.app.show_landing()
        if imported or known:
            key = "saves.imported_some" if imported and known else (
                "saves.imported" if imported else "saves.import_known")
            notices.say(key, count=imported, known=known)

