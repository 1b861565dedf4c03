"""Saved games in localStorage: listing, damage, full storage, export and import."""

from __future__ import annotations

import json

import pytest

import engine
from engine.core.codec import FORMAT_VERSION
from ui.links import NewGameRequest
from ui.storage import (
    EXPORT_AFTER,
    PREFIX,
    RECORD_VERSION,
    BadSave,
    MemoryBackend,
    NewerSave,
    SaveConflict,
    SaveRecord,
    SaveStore,
    StorageFull,
)

pytestmark = pytest.mark.usefixtures("toy")


def record(save_id="a1", updated=1.0, link="x", game="toy") -> SaveRecord:
    return SaveRecord(save_id, game, link, updated, {"seats": ["human", "human"]},
                      {"names": ["Ann", "Bo"], "moves": 3, "over": False}, created=updated,
                      rev=1)  # as it reads back after its first write


def test_put_get_list_newest_first():
    store = SaveStore(MemoryBackend())
    store.put(record("old", 1.0))
    store.put(record("new", 5.0))
    good, bad = store.list()
    assert [r.id for r in good] == ["new", "old"] and bad == []
    assert store.get("old") == record("old", 1.0)


@pytest.mark.parametrize("text", ["{not json", "[1,2]", '{"v":1}', "null",
                                  '{"v":1,"id":"c","game":"toy","link":"x","updated":"1"}',
                                  '{"v":0,"id":"c","game":"toy","link":"x","updated":1}',
                                  '{"v":2,"format":"1","id":"c","game":"toy","link":"x",'
                                  '"updated":1}',
                                  '{"v":1,"id":"other","game":"toy","link":"x","updated":1}'])
def test_damaged_entries_are_reported_and_skipped(text):
    backend = MemoryBackend()
    store = SaveStore(backend)
    store.put(record("good"))
    backend.items[PREFIX + "c"] = text
    backend.items["other.app.key"] = "{}"
    good, bad = store.list()
    assert [r.id for r in good] == ["good"]
    assert [key for key, _ in bad] == [PREFIX + "c"]
    assert isinstance(bad[0][1], BadSave)
    store.delete_key("other.app.key")
    assert "other.app.key" in backend.items


def test_full_storage_raises_and_keeps_everything():
    backend = MemoryBackend(quota=400)
    store = SaveStore(backend)
    store.put(record("a"))
    before = dict(backend.items)
    with pytest.raises(StorageFull):
        store.put(record("b", link="y" * 500))
    assert backend.items == before
    assert store.set_pref("lang", "ja" * 400) is False
    assert store.list()[0] == [record("a")]


def test_broken_backend_reads_as_empty():
    class Broken:
        @property
        def length(self):
            raise RuntimeError("SecurityError: storage disabled")

        def getItem(self, key):  # noqa: N802
            raise RuntimeError("SecurityError")

    store = SaveStore(Broken())
    assert store.list() == ([], [])
    assert store.pref("lang") is None


def test_export_then_import_round_trip(toy):
    game = engine.new_game("toy", 2, seed=3)
    saved = SaveRecord("abc", "toy", engine.encode(game), 2.0, {"seats": ["human"] * 2}, {},
                       created=2.0, rev=1)
    store = SaveStore(MemoryBackend())
    store.put(saved)
    text = store.export("abc")
    assert json.loads(text)["saves"][0]["link"] == saved.link
    assert SaveStore.parse_file(text) == [saved]


@pytest.mark.parametrize(("text", "code"), [
    ("garbage", "not_json"), ("{}", "not_ours"), ('{"saves": []}', "empty"),
    ('{"saves": [{"v": 1}]}', "missing"),
])
def test_bad_import_files(text, code):
    with pytest.raises(BadSave) as caught:
        SaveStore.parse_file(text)
    assert caught.value.code == code


def test_preferences():
    store = SaveStore(MemoryBackend())
    assert store.pref("lang") is None
    assert store.set_pref("lang", "ja")
    assert store.pref("lang") == "ja"
    assert store.list() == ([], [])


def test_import_accepts_exports_and_link_texts(toy):
    from ui.persistence import records_from_file
    from ui.session import Session

    game = engine.new_game("toy", 2, seed=3, names=["Ann", "Bo"])
    link = engine.encode(game)
    store = SaveStore(MemoryBackend())
    saved = Session.from_link(link).record()
    store.put(saved)
    exported = store.export(saved.id)
    for text in (exported, link, f"  https://ludi.example/#g={link}\n", f"#g={link}&lang=ja"):
        [record] = records_from_file(text)
        assert engine.decode(record.link).log == game.log
    for bad in ("hello", "{}", exported.replace(saved.link, saved.link[:-5])):
        with pytest.raises((BadSave, engine.LinkError)):
            records_from_file(bad)


def newer_entries(toy) -> dict[str, str]:
    """Records a newer Ludi could write: each version field above ours, a title we lack."""
    base = {"v": RECORD_VERSION, "format": FORMAT_VERSION, "rules": toy.rules_version,
            "game": "toy", "link": "a link this version cannot read", "updated": 9.0,
            "summary": {"names": ["Ann", "Bo"], "moves": 40}, "extra": {"future": [1, 2]}}
    changes = {"n1": {"v": RECORD_VERSION + 1}, "n2": {"format": FORMAT_VERSION + 1},
               "n3": {"rules": toy.rules_version + 1}, "n4": {"game": "roma-nova"}}
    return {PREFIX + key: json.dumps({**base, **change, "id": key})
            for key, change in changes.items()}


def test_a_newer_save_is_listed_and_kept_untouched(toy):
    backend = MemoryBackend()
    store = SaveStore(backend)
    store.put(record("mine"))
    newer = newer_entries(toy)
    backend.items.update(newer)
    listing = store.listing()
    assert [r.id for r in listing.good] == ["mine"] and listing.bad == []
    assert sorted(key for key, _ in listing.newer) == sorted(newer)
    assert {entry.names[0] for _, entry in listing.newer} == {"Ann"}
    assert store.list() == ([record("mine")], [])  # neither a game to open nor damage
    for key in newer:
        save_id = key[len(PREFIX):]
        with pytest.raises(NewerSave):
            store.get(save_id)
        with pytest.raises(NewerSave):
            store.put(record(save_id, updated=99.0))
        store.delete(save_id)
        store.delete_key(key)
    assert {k: v for k, v in backend.items.items() if k in newer} == newer


def test_purge_and_import_leave_newer_saves_alone(toy):
    backend = MemoryBackend()
    backend.items.update(newer_entries(toy))
    backend.items[PREFIX + "broken"] = "{broken"
    before = dict(backend.items)
    store = SaveStore(backend)
    assert store.purge() == 1
    del before[PREFIX + "broken"]
    assert backend.items == before
    game = engine.new_game("toy", 2, seed=4)
    imported = SaveRecord("n1", "toy", engine.encode(game), 5.0, {}, {"moves": 0})
    assert store.add_imported([imported, imported], now=7.0) == (2, False)
    assert {k: v for k, v in backend.items.items() if k in before} == before
    assert len(backend.items) == len(before) + 2
    assert all(r.meta["backup"] == {"at": 7.0, "moves": 0} for r in store.list()[0])


def test_records_carry_their_versions_and_version_1_records_still_open(toy):
    store = SaveStore(MemoryBackend())
    store.put(record("a"))
    data = json.loads(store.backend.getItem(PREFIX + "a"))
    assert (data["v"], data["format"], data["rules"]) == (RECORD_VERSION, FORMAT_VERSION,
                                                          toy.rules_version)
    old = {"v": 1, "id": "old", "game": "toy", "link": "x", "updated": 3.0, "meta": {},
           "summary": {}}
    store.backend.setItem(PREFIX + "old", json.dumps(old))
    assert store.get("old").created is None
    store.put(store.get("old"))
    assert store.get("old").created == 3.0


def test_created_is_kept_across_saves():
    store = SaveStore(MemoryBackend())
    store.put(SaveRecord("g", "toy", "x", 10.0))
    store.put(SaveRecord("g", "toy", "x", 50.0))
    assert (store.get("g").created, store.get("g").updated) == (10.0, 50.0)


def test_storage_that_refuses_every_write():
    class Refusing(MemoryBackend):
        def setItem(self, key, value):  # noqa: N802
            raise RuntimeError("SecurityError: The operation is insecure.")

    assert SaveStore(MemoryBackend()).writable()
    store = SaveStore(Refusing())
    assert not store.writable()
    with pytest.raises(StorageFull):
        store.put(record("a"))
    assert store.list() == ([], [])


def test_export_is_offered_for_games_only_in_this_browser():
    day = 24 * 3600
    store = SaveStore(MemoryBackend())
    store.put(SaveRecord("g", "toy", "x", 0.0, {}, {"moves": 12}))
    assert not store.get("g").needs_export(now=EXPORT_AFTER - 1)
    assert store.get("g").needs_export(now=EXPORT_AFTER + 1)
    store.mark_backup("g", now=10 * day)
    assert not store.get("g").needs_export(now=30 * day)  # nothing new since the export
    later = store.get("g")
    later.summary["moves"] = 13
    later.updated = 11 * day
    store.put(later)
    assert not store.get("g").needs_export(now=10 * day + EXPORT_AFTER - 1)
    assert store.get("g").needs_export(now=10 * day + EXPORT_AFTER + 1)
    assert store.get("g").created == 0.0


def test_two_tabs_on_one_save_never_write_over_a_decision_they_have_not_seen(toy):
    """Each tab writes only over the revision it read or wrote last: the second of two tabs
    deciding on the same position is refused (and told what the save holds now)."""
    from ui.session import Session

    store = SaveStore(MemoryBackend())
    first = Session.start(NewGameRequest("toy", 2, ["human", "human"]))
    first.settle_chance()
    first.rev = store.put(first.record(), expect=first.rev)
    tab_a = Session.from_record(store.get(first.save_id))
    tab_b = Session.from_record(store.get(first.save_id))
    tab_a.decide(0)
    tab_a.rev = store.put(tab_a.record(), expect=tab_a.rev)
    after_a = store.get(first.save_id)
    tab_b.decide(len(tab_b.game.legal_actions()) - 1)
    with pytest.raises(SaveConflict) as caught:
        store.put(tab_b.record(), expect=tab_b.rev)
    assert caught.value.latest == after_a == store.get(first.save_id)
    # B takes the latest save and decides on it: both decisions are kept, in order
    tab_b = Session.from_record(caught.value.latest)
    tab_b.decide(0)
    tab_b.rev = store.put(tab_b.record(), expect=tab_b.rev)
    final = engine.decode(store.get(first.save_id).link).log.entries
    assert final[:len(tab_a.game.log.entries)] == tab_a.game.log.entries
    assert len(final) > len(tab_a.game.log.entries)
    # the save wiped meanwhile (site data cleared): the game is written anew, not lost
    store.backend.items.clear()
    tab_b.decide(0)
    assert store.put(tab_b.record(), expect=tab_b.rev) == 1
    assert engine.decode(store.get(first.save_id).link).log == tab_b.game.log
