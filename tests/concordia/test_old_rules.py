"""Creta games started before rules revision 2 (issue 44): their links and saves still open
and replay exactly as they were played, under the rules they were played with
(``RULES_REVISION`` in ``engine/concordia/rulings.py``); new games are revision 2.

The links and the save below were made by Ludi's main branch before the change (commit
1376576), not by these tests."""

from __future__ import annotations

import base64
import hashlib
import json
import zlib

import pytest

import engine
from engine.concordia import Concordia, rulings
from engine.concordia.cards import marker_coins
from engine.concordia.notation import CASH
from engine.core.codec import FORMAT_VERSION, LinkError, _varint, unpack_link
from engine.core.registry import make_setup
from ui.storage import SaveRecord

OLD_GAVDOS = (
    "eNolikEKwjAURH-GIC7sJWadhUhXuYmIyMcGFBpb0riQkrv3F2czb4bn4K4rZ8ZL4MS4MqsNPkuqysClaqmPedRf"
    "KoznFph36T2YM41D3-9O0row3vj6Zv3Y8e97awQcnAg8IBAjy8F5Y0GHk5fjBsjHHKQ"
)
"""Creta, two seats, seed 5 (Gavdos's city produces brick), start player Red: Red's Prefect
takes the cash at once (2 sestertii alone); Blue's Prefect takes Gavdos's bonus as cloth; Red's
Diplomat copies that Prefect and takes the coins: Gavdos by its token (2) and Creta's 2."""

OLD_RANDOM = (
    "eNolUMtOAzEQG3se2W3pYytUCXEioHLh1lv_pkIcEQhxq_pHfCReNdpNJs7YM2MQj5f-3U_Ht_7VT5f-edalv_98"
    "_J779frnQNi8wCDIOdJf5m7mw5ArHSZYH7aBQO2Z4IqjmAimicRyb44IwFxXLV9TGoxaGlKaAW1iwleWinlDzCdJ"
    "ZFmok4UgNomNoZqQYHOySQ-dRYg4OQcKXBM4ANBh6Y4XJrfNsKAlbaAin-a5KlQI08IypM95QvisjgFZrKXEiCg3"
    "dYmQFLiMttFA4M7ZmnqWHDgNskQ-QAxhClV6nsVUd3TPprcnZR6VJudUNZvVzc4BbfRDPaM00t1MlXk-JV7lTnpZ"
    "NmU-OIrp8DS_X4eezDd7TOG7nSz9B22UD9s"
)
"""Creta, three seats, seed 44, 400 random decisions (an empty cash at entry 55, Gavdos
prefected four times, three more cashes)."""
OLD_RANDOM_POSITION = ("creta t190 a2 s1 pm2 cc-1", "fc5e4471aae8bde6")
"""The head of the position it held under the old rules and the first 16 hex digits of the
position's SHA-256 (the position text then had no ``fb`` part: it is left out to compare)."""

OLD_SAVE = json.dumps({**json.loads(
    '{"v":2,"format":1,"rules":1,"id":"old44","game":"concordia",'
    '"updated":1700000000.0,"created":1700000000.0,"rev":0,"meta":{"id":"old44"},'
    '"summary":{"names":["Red","Blue"],"players":2,"moves":34}}'),
    "link": ("eNoVijEKgDAQBO-WIBb6ia1TiFil8SkS1EJQlJhGJH_3nGoGRqHjy4uh9zwZXh7RgnNac6TnnWPK07XH"
             "Z00MXfE8_mlb7Dn3ZRhYCgGFisABAjEzKnXmghaNk_oDLj8UIg")}, separators=(",", ":"))
"""The save of the Gavdos game above as that Ludi wrote it to localStorage (its own link:
without the seats in its meta)."""


def old_position(game) -> str:
    """The position as the old text form wrote it (without Gavdos's chosen good)."""
    return " | ".join(p for p in game.position().split(" | ") if not p.startswith("fb "))


def test_an_old_creta_link_opens_under_the_old_rules():
    """Revision 1: the empty cash was legal and paid 2; Gavdos paid by its token (brick: 2)
    though cloth was chosen. The link opens, replays as played and is written back the same."""
    game = engine.decode(OLD_GAVDOS)
    assert game.revision == 1 and not game.creta_as_source
    assert game.setup.option("rules") == 1
    cashes = [dict(e.args) for e in game.events if e.key == "c.cash"]
    assert cashes == [{"p": 0, "money": 2, "bonus": 2}, {"p": 0, "money": 4, "bonus": 2}]
    assert game.money == [11, 6]
    assert engine.encode(game, {"id": "old44", "seats": ["human", "human"]}) == OLD_GAVDOS
    assert engine.decode(engine.encode(game)).revision == 1
    assert engine.replay(game.log).money == [11, 6]  # a replayed log keeps its setup's revision
    gavdos = game.board.province_names.index("Gavdos")
    assert marker_coins(game, gavdos) == 2  # by its token under revision 1


def test_an_old_creta_game_plays_on_under_the_old_rules():
    """Carried on, an old game keeps offering the empty cash at a Prefect on Creta."""
    game = engine.decode(OLD_GAVDOS)
    game.apply(engine.concordia.parse("PRE"))  # Blue
    assert not any(game.flipped) and CASH in game.legal_actions()
    money = game.money[1]
    game.apply(CASH)
    assert game.money[1] == money + 2


def test_the_old_log_would_not_replay_the_same_under_the_new_rules():
    """Why old games keep their revision: under revision 2 the same entries (indices among the
    options open) are other decisions: Red's empty cash becomes a 'done' (the cash is no
    longer offered, C-M.creta.4) and the later cash pays Gavdos's cloth, 1 (C-M.creta.1): 8
    sestertii instead of 11, silently another game."""
    setup, _meta, indices = unpack_link(OLD_GAVDOS)
    new = make_setup("concordia", 2, (), map="creta", start_player=0, rules=2)
    assert setup != new and setup.options_dict["rules"] == 1
    game = Concordia(new)
    for index in indices:
        game.apply_index(index)
    played = [str(e.action) for e in engine.decode(OLD_GAVDOS).log.entries[27:]]
    assert played == ["PRE", "cash", "PRE", "p8/C", "DIP", "copy1", "cash"]
    assert [str(e.action) for e in game.log.entries[27:]] == [
        "PRE", "done", "PRE", "p8/C", "DIP", "copy1", "cash"]
    assert game.money == [8, 6]


def test_a_longer_old_creta_game_replays_as_before():
    head, digest = OLD_RANDOM_POSITION
    game = engine.decode(OLD_RANDOM)
    position = old_position(game)
    assert position.split(" | ")[0] == head
    assert hashlib.sha256(position.encode()).hexdigest()[:16] == digest
    assert engine.encode(game) == OLD_RANDOM


def test_an_old_save_opens():
    """The save record of the old Ludi opens (its link decodes to the old game)."""
    record = SaveRecord.from_json(OLD_SAVE)
    game = engine.decode(record.link)
    assert game.revision == 1 and game.money == [11, 6]


def test_new_games_record_the_new_revision():
    """Every new game is revision 2 (the setup default); its link says so in its rules
    version, never in its header, and opens as revision 2."""
    assert engine.GAMES["concordia"].rules_version == rulings.RULES_REVISION == 2
    assert engine.GAMES["concordia"].option("rules").default == rulings.RULES_REVISION
    game = engine.new_game("concordia", 2, seed=5, map="creta")
    assert game.revision == 2 and game.creta_as_source
    raw = zlib.decompress(base64.urlsafe_b64decode(
        (text := engine.encode(game)) + "=" * (-len(text) % 4)))
    assert raw[2] == 2 and b"rules" not in raw
    assert engine.decode(text).revision == 2


def _link(rules: int, header: dict) -> str:
    out = bytearray([FORMAT_VERSION])
    _varint(engine.GAMES["concordia"].code, out)
    _varint(rules, out)
    head = json.dumps(header).encode()
    _varint(len(head), out)
    out += head
    _varint(0, out)
    return base64.urlsafe_b64encode(zlib.compress(bytes(out))).rstrip(b"=").decode()


@pytest.mark.parametrize("rules, header, code", [
    (3, {"p": 2}, "rules_version"),  # a newer Ludi's rules: refused, not guessed
    (0, {"p": 2}, "rules_version"),  # a revision never played
    (1, {"p": 2, "o": {"rules": 2}}, "damaged"),  # the revision goes only in the version
    (2, {"p": 2, "o": {"rules": 1}}, "damaged"),
])
def test_a_link_of_unknown_rules_is_refused_clearly(rules, header, code):
    with pytest.raises(LinkError) as caught:
        engine.decode(_link(rules, header))
    assert caught.value.code == code


def test_a_rules_revision_is_no_choice_of_a_new_game():
    """The revision is hidden: no field in the new-game form, no ``#new=`` parameter, and a
    game played again after an old one is a new game of the current revision."""
    from ui.i18n import Catalogue
    from ui.links import FragmentError, parse_fragment
    from ui.screens.setup import default_request, new_game_form

    info = engine.GAMES["concordia"]
    assert info.option("rules").hidden
    assert 'id="option-rules"' not in new_game_form(info, default_request(info), Catalogue("en"))
    with pytest.raises(FragmentError):
        parse_fragment("#new=concordia&players=2&rules=1")
    assert engine.decode(_link(1, {"p": 3})).revision == 1
