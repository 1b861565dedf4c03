"""Saved games in localStorage: listing, damage, full storage, export and import."""

from __future__ import annotations

import json

import pytest

import engine
from ui.storage import PREFIX, BadSave, MemoryBackend, SaveRecord, SaveStore, StorageFull


def record(save_id="a1", updated=1.0, link="x", game="toy") -> SaveRecord:
    return SaveRecord(save_id, game, link, updated, {"seats": ["human", "human"]},
                      {"names": ["Ann", "Bo"], "moves": 3, "over": False})


def test_put_get_list_newest_first():
    store = SaveStore(MemoryBackend())
    store.put(record("old", 1.0))
    store.put(record("new", 5.0))
    good, bad = store.list()
    assert [r.id for r in good] == ["new", "old"] and bad == []
    assert store.get("old") == record("old", 1.0)


@pytest.mark.parametrize("text", ["{not json", "[1,2]", '{"v":1}', "null",
                                  '{"v":9,"id":"c","game":"toy","link":"x","updated":1}',
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
    saved = SaveRecord("abc", "toy", engine.encode(game), 2.0, {"seats": ["human"] * 2}, {})
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
    from ui.app import App
    from ui.session import Session

    game = engine.new_game("toy", 2, seed=3, names=["Ann", "Bo"])
    link = engine.encode(game)
    store = SaveStore(MemoryBackend())
    saved = Session.from_link(link).record()
    store.put(saved)
    exported = store.export(saved.id)
    for text in (exported, link, f"  https://ludi.example/#g={link}\n", f"#g={link}&lang=ja"):
        [record] = App.records_from_file(text)
        assert engine.decode(record.link).log == game.log
    for bad in ("hello", "{}", exported.replace(saved.link, saved.link[:-5])):
        with pytest.raises((BadSave, engine.LinkError)):
            App.records_from_file(bad)
