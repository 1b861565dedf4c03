"""The link codec (engine/core/codec.py): round trips and every kind of damage."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

import engine
from engine import LinkError
from engine.core.codec import FORMAT_VERSION, _varint
from tests.test_protocol import play_out


def pack(payload: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(payload)).rstrip(b"=").decode()


def payload(header: dict, indices=(), version=FORMAT_VERSION, code=99, rules=1,
            count=None) -> bytes:
    out = bytearray([version])
    _varint(code, out)
    _varint(rules, out)
    head = json.dumps(header).encode()
    _varint(len(head), out)
    out += head
    _varint(len(indices) if count is None else count, out)
    for index in indices:
        _varint(index, out)
    return bytes(out)


def test_round_trip_of_a_whole_game(toy):
    game = play_out(engine.new_game("toy", 3, seed=7, names=["Ann", "Bo", "Çé 漢字"], target=20))
    text = engine.encode(game, meta={"seats": ["human", "ai:hard", "ai"]})
    assert set(text) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    again, meta = engine.decode_link(text)
    assert again.position() == game.position()
    assert again.log == game.log
    assert again.setup == game.setup
    assert meta == {"seats": ["human", "ai:hard", "ai"]}
    assert engine.decode(text).log == game.log


def test_round_trip_mid_game_and_fresh_game(toy):
    game = engine.new_game("toy", 2, start_player=1)
    assert engine.decode(engine.encode(game)).position() == game.position()
    rng = random.Random(4)
    for _ in range(7):
        if game.is_chance:
            game.resolve_chance(rng)
        else:
            game.apply(game.legal_actions()[-1])
    again = engine.decode(engine.encode(game))
    assert again.log == game.log and again.current_player == game.current_player


def test_link_reveals_no_future_draw(toy):
    """Two games from the same seed diverge after decoding: the seed is not in the link."""
    game = engine.new_game("toy", 2, seed=3)
    text = engine.encode(game)
    assert "seed" not in zlib.decompress(base64.urlsafe_b64decode(text + "==")).decode("latin1")
    draws = set()
    for _ in range(30):
        copy = engine.decode(text)
        while not copy.is_chance:
            copy.apply(copy.legal_actions()[0])
        draws.add(copy.resolve_chance())
    assert len(draws) > 1


def test_defaults_are_not_spelled_out(toy):
    def header_of(game) -> bytes:
        return zlib.decompress(base64.urlsafe_b64decode(engine.encode(game) + "=="))

    assert b"target" not in header_of(engine.new_game("toy", 2, start_player=0))
    assert b'"target":20' in header_of(engine.new_game("toy", 2, start_player=0, target=20))


@pytest.mark.parametrize(("text", "code"), [
    ("", "empty"),
    ("   ", "empty"),
    ("abc$%^", "damaged"),
    ("AAAA", "damaged"),
    ("x" * 300_000, "too_long"),
])
def test_garbage_is_refused(text, code):
    with pytest.raises(LinkError) as caught:
        engine.decode(text)
    assert caught.value.code == code
    assert str(caught.value)


def test_truncated_link_is_refused_at_every_length(toy):
    text = engine.encode(play_out(engine.new_game("toy", 2, seed=12)))
    for cut in range(1, len(text)):
        with pytest.raises(LinkError) as caught:
            engine.decode(text[:cut])
        assert caught.value.code in {"truncated", "damaged"}


def test_every_changed_character_is_caught(toy):
    game = play_out(engine.new_game("toy", 2, seed=13))
    text = engine.encode(game)
    alphabet = "AQgw-_09"
    for i in range(len(text)):
        for ch in alphabet:
            if ch == text[i]:
                continue
            tampered = text[:i] + ch + text[i + 1:]
            try:
                other = engine.decode(tampered)
            except LinkError:
                continue
            # base64's last character may carry unused bits: then the game is the same one.
            assert other.log == game.log


def test_other_format_version(toy):
    with pytest.raises(LinkError) as caught:
        engine.decode(pack(payload({"p": 2}, version=FORMAT_VERSION + 1)))
    assert caught.value.code == "version"


def test_unknown_game_code():
    with pytest.raises(LinkError) as caught:
        engine.decode(pack(payload({"p": 2}, code=77)))
    assert caught.value.code == "unknown_game"


def test_other_rules_version(toy):
    with pytest.raises(LinkError) as caught:
        engine.decode(pack(payload({"p": 2}, rules=2)))
    assert caught.value.code == "rules_version"


@pytest.mark.parametrize("header", [
    {"p": 9}, {"p": "2"}, {}, {"p": 2, "o": {"target": 11}}, {"p": 2, "o": {"nope": 1}},
    {"p": 2, "n": ["only one"]},
])
def test_bad_settings(toy, header):
    with pytest.raises(LinkError) as caught:
        engine.decode(pack(payload(header)))
    assert caught.value.code == "bad_setup"


@pytest.mark.parametrize("head", [b"not json", b"[1,2]", b'{"p":2,"n":"ab"}', b"\xff\xfe"])
def test_unreadable_header(toy, head):
    out = bytearray([FORMAT_VERSION, 99, 1, len(head)]) + head + bytes([0])
    with pytest.raises(LinkError) as caught:
        engine.decode(pack(bytes(out)))
    assert caught.value.code == "damaged"


def test_illegal_move_names_its_number(toy):
    # start player 0, then "hold" (index 1) before any roll is not open: move 1 is illegal.
    with pytest.raises(LinkError) as caught:
        engine.decode(pack(payload({"p": 2, "o": {"start_player": 0}}, indices=[1])))
    assert caught.value.code == "illegal"
    assert caught.value.args_["move"] == 1
    assert "move 1" in str(caught.value)


def test_moves_after_the_end_and_trailing_bytes(toy):
    game = play_out(engine.new_game("toy", 2, seed=14))
    extra = payload({"p": 2}, indices=list(game.indices) + [0])
    with pytest.raises(LinkError) as caught:
        engine.decode(pack(extra))
    assert caught.value.code == "illegal"
    trailing = payload({"p": 2}, indices=list(game.indices)) + b"\x00"
    with pytest.raises(LinkError) as caught:
        engine.decode(pack(trailing))
    assert caught.value.code == "damaged"


def test_count_larger_than_entries_is_truncated(toy):
    with pytest.raises(LinkError) as caught:
        engine.decode(pack(payload({"p": 2, "o": {"start_player": 0}}, indices=[0], count=3)))
    assert caught.value.code == "truncated"


def test_zip_bomb_is_refused(toy):
    bomb = base64.urlsafe_b64encode(zlib.compress(b"\x80" * 5_000_000)).rstrip(b"=").decode()
    with pytest.raises(LinkError) as caught:
        engine.decode(bomb)
    assert caught.value.code in {"too_long", "damaged"}


def test_long_names_are_cut(toy):
    game = engine.new_game("toy", 2, names=["x" * 100, "y"], start_player=0)
    again = engine.decode(engine.encode(game))
    assert again.setup.names == ("x" * 24, "y")


def padded_to_whole_groups(toy_seed: int) -> str:
    """A link text whose length is a multiple of 4 (so that text stuck after it decodes to
    whole bytes after the compressed stream, the case a lax decoder accepts)."""
    for width in range(1, 20):
        game = engine.new_game("toy", 2, seed=toy_seed, names=["a" * width, "b"])
        text = engine.encode(play_out(game))
        if len(text) % 4 == 0:
            return text
    raise AssertionError("no link of a whole number of base64 groups")


@pytest.mark.parametrize("suffix", ["AAAA", "AAAAAAAA", "QUJD", "twice"])
def test_data_after_the_end_of_the_stream_is_damage(toy, suffix):
    text = padded_to_whole_groups(20)
    engine.decode(text)  # the clean link opens
    tail = text if suffix == "twice" else suffix
    with pytest.raises(LinkError) as caught:
        engine.decode(text + tail)
    assert caught.value.code == "damaged"
    assert "after its end" in str(caught.value)


def test_any_link_with_a_second_link_stuck_to_it_is_refused(toy):
    for seed in range(30, 42):
        text = engine.encode(play_out(engine.new_game("toy", 2, seed=seed)))
        for stuck in (text + text, text + "A", text + "AA", text + "AAA", text + "-_"):
            with pytest.raises(LinkError) as caught:
                engine.decode(stuck)
            assert caught.value.code in {"damaged", "truncated"}


def test_non_canonical_last_character_and_foreign_characters_are_damage(toy):
    text = engine.encode(play_out(engine.new_game("toy", 2, seed=15)))
    if len(text) % 4:
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        spare = alphabet[alphabet.index(text[-1]) + 1]  # same bytes, an unused bit set
        other = text[:-1] + spare
        if base64.urlsafe_b64decode(other + "=" * (-len(other) % 4)) == \
                base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)):
            with pytest.raises(LinkError) as caught:
                engine.decode(other)
            assert caught.value.code == "damaged"
    for bad in (text + "=", text[:5] + "+" + text[6:], text[:5] + "/" + text[6:],
                text[:5] + "." + text[5:], text[:5] + "\u00e9" + text[6:]):
        with pytest.raises(LinkError) as caught:
            engine.decode(bad)
        assert caught.value.code == "damaged"


def test_trailing_bytes_after_the_payload_are_damage_at_any_length(toy):
    game = play_out(engine.new_game("toy", 2, seed=16))
    clean = payload({"p": 2}, indices=list(game.indices))
    assert engine.decode(pack(clean)).log == game.log
    for extra in (b"\x00", b"\x01\x02", b"\x80\x00", b"x" * 50):
        with pytest.raises(LinkError) as caught:
            engine.decode(pack(clean + extra))
        assert caught.value.code == "damaged"


def test_names_lose_direction_overrides_and_control_characters(toy):
    names = ["\u202eevil\u202c", "a\u2066b\u2069\u200f\n\x00c"]
    game = engine.new_game("toy", 2, names=names)
    assert game.setup.names == ("evil", "abc")
    header = json.dumps({"p": 2, "n": names}).encode()
    out = bytearray([FORMAT_VERSION, 99, 1, len(header)]) + header + bytes([0])
    assert engine.decode(pack(bytes(out))).setup.names == ("evil", "abc")
    kept = ["<img src=x onerror=alert(1)>", "ゆき\u200dこ"]  # markup is text; ZWJ stays
    assert engine.new_game("toy", 2, names=kept).setup.names == tuple(kept)


OLD_LINKS = {
    "eNodjjEOAkEMA-04ya0EQhTQUW1NRXm_ufIkEBR0Jx7DT8nS2eOMFBovW3_1-Xbtzz5v_bFU6et7ua9L_3y-pMxIwE0g"
    "rBJcGBk5RkQkwrGHXIRynIJFTkwzw2SRJQ5Dw1dQAR4RcIDMwsU9qqhGNuEwwQoQcZYT7hktaDtrFmqp_z8GNUb7Aev6C"
    "y0": ("italia t60 a1 s1 pm0 cc-1", "76b83628bc6cd09b"),
    "eNodjk0KAlEMg_PTN09nM-7cCANzBXfiodyLx_GeplIoJA1fSnG-j9fxuH--lEkoWyhFIbIHdha05NIWt_ZoFVUQLI8Cl4p"
    "bRWqY0TmwAoS8egGvPAq3E1je1tFt5xlqap6-YITb2M7PwKZR_7LGJJYHnMz-A2smBN0":
        ("imperium t59 a1 s2 pm2 cc-1", "a56bdbece11d59c6"),
}
"""Concordia links made before the later maps were offered (issue 35): an Italia and an
Imperium game after 120 decisions each, with the head of the position they hold and the first 16
hex digits of the position's SHA-256. Appending map choices must not change what they open."""


@pytest.mark.parametrize("text", sorted(OLD_LINKS))
def test_concordia_links_made_before_the_later_maps_still_open(text):
    import hashlib

    head, digest = OLD_LINKS[text]
    game = engine.decode(text)
    position = game.position()
    assert position.split(" | ")[0] == head
    assert hashlib.sha256(position.encode()).hexdigest()[:16] == digest
    assert engine.encode(game) == text


@pytest.mark.parametrize("board", ["hellas", "ionium", "hispania", "cyprus", "creta"])
def test_a_link_carries_a_later_map(board):
    """Issue 35: the map is an option like any other; a link names it and opens on it."""
    game = engine.new_game("concordia", 2, seed=35, map=board)
    rng = random.Random(35)
    for _ in range(40):
        if game.is_chance:
            game.resolve_chance(rng)
        else:
            game.apply_index(rng.randrange(len(game.legal_actions())))
    text = engine.encode(game)
    header = zlib.decompress(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    assert f'"o":{{"map":"{board}"}}'.encode() in header
    again = engine.decode(text)
    assert again.setup.option("map") == board and again.position() == game.position()
