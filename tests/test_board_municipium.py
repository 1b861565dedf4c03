"""The Municipium board (ui/boards/municipium*.py) rendered in CPython: targets carry the right
decisions, every decision is reachable, clicks on illegal targets cite the rule, every string is
in both catalogues, names are escaped."""

from __future__ import annotations

import json
import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import engine
from engine.municipium import Municipium
from engine.municipium.actions import (
    ChamberChoice,
    DrawCard,
    ForumTake,
    Move,
    PlaceCitizen,
    PlaceMember,
    PlayFamily,
    Relocate,
    UsePower,
)
from engine.municipium.data import ADJACENT, CITIZEN_PLACES, INSTITUTIONS
from engine.municipium.messages import RULE_TITLES, TEMPLATES
from tests.playing import decide, play_out, stand, uniform
from ui.boards import municipium as board
from ui.boards.municipium_help import headline, result_details, rules_help
from ui.html import esc
from ui.i18n import Catalogue
from ui.screens.play import game_screen
from ui.session import Session

ROOT = Path(__file__).resolve().parent.parent
EMPTY_MOVE = (
    "3p t1 a2 s2 B:1112101/0000000,-,f0,d0,111 O:0121102/0000000,-,f0,d0,111 "
    "Y:0112102/0000000,-,f0,d0,111 T:byo I:p,s,m,m,a,a,s P4 C:FaFsFpFmFsFa bag:13,11,12,11 "
    "sup:9 wr:10 deck:3,3,3,3 disc:0,0,0,0/-1 ev:0 [end_turn:-3 card:2 move:2:0:-1:-1:0]")
"""Yellow moves, with no member at the Baths (M-5.1)."""
OFFER_NOT_LED = (
    "4p t3 a1 s3 B:0101113/0000000,-,f0,d0,101 O:0110221/0000000,s,f0,d0,110 "
    "Y:0212002/0000000,-,f0,d0,111 P:0012112/0000000,-,f1,d0,101 T:pboy I:p,s,m,m,a,a,s P5 "
    "C:FaFsFpFmFmFa bag:13,11,11,11 sup:8 wr:10 deck:3,3,3,3 disc:0,0,0,0/-1 ev:0 "
    "[end_turn:-3 your_powers:-3:1:5 offer:1:4]")
"""Orange is offered the Forum's power, and leads not everywhere (M-6.6, M-7.7)."""
SINGLE_SOLDIER = (
    "3p/single t0 a2 s2 B:0000000/0000000,-,f0,d0,111 O:0000000/0000000,-,f0,d0,111 "
    "Y:0000000/0000000,-,f0,d0,111 T:boy I:p,s,m,m,a,a,s P4 C:F_F_F_F_F_F_ bag:14,13,13,12 "
    "sup:9 wr:10 deck:3,3,3,3 disc:0,0,0,0/-1 ev:0 [temple_order:-3 placement:-3 "
    "single_place:2:3]")
"""Yellow places the chamber citizen, an advocate, that fits some chambers only (M-6.5)."""
CARD_OR_FAMILY = (
    "2p t1 a1 s1 B:0033001/0000000,-,f0,d0,111 O:1011112/0000000,-,f0,d0,111 T:ob I:p,s,m,m,a,"
    "a,s P4 C:F_F_F_F_F_F_ bag:14,13,13,13 sup:9 wr:10 deck:3,3,3,3 disc:0,0,0,0/-1 ev:0 "
    "[end_turn:-3 card:1]")
"""Orange turns over a common card or plays a family card (M-5.2)."""
BEFORE_EVENT = {
    "keep_same": (
        "3p t7 a2 s2 B:1101103/0000000,-,f0,d0,100 O:0320101/0000000,-,f0,d0,010 "
        "Y:0213001/0000000,a,f0,d0,000 T:yob I:p,ps,m,m,aa,-,s P5 C:FaFsFpFmFsFa "
        "bag:12,11,10,8 sup:9 wr:10 deck:3,3,3,3 disc:0,0,0,0/-1 ev:1 "
        "[end_turn:-3 place:2:0022:invite]", "a@4"),
    "keep_two_types": (
        "3p t11 a0 s2 B:1001113/0000000,maaa,f0,d0,000 O:0330100/0000000,ppmmaa,f0,d0,010 "
        "Y:1203001/0000000,smma,f0,d0,000 T:byo I:p,pss,-,p,-,-,s P5 C:FaFsFpFmFsFa "
        "bag:9,9,8,6 sup:9 wr:10 deck:3,1,3,2 disc:0,2,0,1/1 ev:7 "
        "[end_turn:-3 place:0:0011:invite keep:1:1]", "keep:ps"),
    "basilica": (
        "4p t29 a3 s3 B:1100121/1000000,ssa,f0,d3,000 O:5000101/0000000,ppa,f0,d3,000 "
        "Y:1023100/0000000,m,f0,d2,010 P:0312010/0000000,mma,f0,d2,000 T:boyp "
        "I:pp,pp,p,mm,pa,aa,s P5 C:FmFsFaFaFmFp bag:6,11,8,7 sup:9 wr:9 deck:1,1,2,2 "
        "disc:2,2,1,1/2 ev:11 [end_turn:-3 one_power:-3:2 basilica:0]", "ex:ssa"),
}
"""Positions one decision before a log event, and that decision (M-6.4, M-8.4)."""
CATALOGUES = {lang: json.loads((ROOT / "assets" / "i18n" / lang / "municipium.json")
                               .read_text(encoding="utf-8")) for lang in ("en", "ja")}
EN, JA = Catalogue("en"), Catalogue("ja")


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.text: list[str] = []

    def handle_starttag(self, name, attrs):
        self.tags.append((name, {k: v or "" for k, v in attrs}))

    def handle_data(self, data):
        self.text.append(data)


def parse(markup: str) -> Elements:
    parser = Elements()
    parser.feed(markup)
    return parser


def acts(markup: str) -> list[dict[str, str]]:
    return [a for _, a in parse(markup).tags if a.get("data-cmd") == "act"]


def session_at(kind: str, players: int = 3, seed: int = 1, tries: int = 400,
               **options) -> Session:
    """A session whose pending decision is ``kind`` (random legal play from a fixed seed)."""
    for attempt in range(tries):
        rng = random.Random(seed * 1000 + attempt)
        game = engine.new_game("municipium", players, seed=attempt, **options)
        session = Session(game, ["human"] * players, rng=rng)
        session.settle_chance()
        for _ in range(3000):
            if game.is_over:
                break
            if game.pending()["kind"] == kind:
                return session
            session.decide(rng.randrange(len(game.legal_actions())))
    raise AssertionError(f"no {kind} step reached")


def reachable(session: Session, cat: Catalogue = EN) -> set[int]:
    """Every action index the board offers, over every selection the player can make."""
    game = session.game
    found: set[int] = set()
    states: list[dict] = [{}]
    kind = game.pending()["kind"]
    if kind in ("move", "relocate", "tavern", "forum"):
        states += [{"src": i, "elect": e} for i in range(7) for e in (0, 1)]
    if kind == "place":
        states += [{"ctype": t} for t in range(4)]
    for state in states:
        session.ui.clear()
        session.ui.update(state)
        markup = board.render(session, cat)
        for attrs in acts(markup):
            found.add(int(attrs["data-index"]))
    session.ui.clear()
    return found


def session_from(text: str) -> Session:
    """A hot-seat session of the Municipium game standing at position ``text``."""
    game = stand("municipium", text)
    return Session(game, ["human"] * game.players, rng=random.Random(1))


# ------------------------------------------------------------------ catalogue checks
def test_catalogues_have_the_same_keys():
    assert set(CATALOGUES["en"]) == set(CATALOGUES["ja"])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_engine_message_key_is_translated(lang):
    messages = CATALOGUES[lang]
    missing = [key for key in TEMPLATES if f"event.municipium.{key}" not in messages]
    assert not missing
    for key in ("decurions", "favours_and_citizens", "favours", "citizens"):
        assert f"breakdown.municipium.{key}" in messages
    for rule in RULE_TITLES:
        assert f"municipium.rule_title.{rule}" in messages


def emitted_arguments() -> dict[str, set[str]]:
    """The argument names of every ``emit("key", rule, name=...)`` call in the engine."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / "engine" / "municipium").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        for match in re.finditer(r'emit\("(\w+)"', source):
            depth, end = 1, source.index("(", match.start()) + 1
            while depth:
                depth += {"(": 1, ")": -1}.get(source[end], 0)
                end += 1
            call = source[match.end():end]
            found.setdefault(match.group(1), set()).update(
                re.findall(r"(?<![\w.])(\w+)=(?!=)", call))
    return found


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_log_templates_use_only_the_event_arguments(lang):
    """A template names only arguments its events carry."""
    carried = emitted_arguments()
    assert set(carried) == set(TEMPLATES)
    for key in TEMPLATES:
        ours = {name.removeprefix("a_") for name in
                re.findall(r"{(\w+)}", CATALOGUES[lang][f"event.municipium.{key}"])}
        assert ours <= carried[key], (key, ours - carried[key])


def _played(seed: int, players: int = 4, **options) -> Municipium:
    game = engine.new_game("municipium", players, seed=seed, **options)
    rng = random.Random(seed)
    play_out(game, uniform(rng), rng)
    return game


def test_japanese_uses_the_rulebook_terms():
    ja = CATALOGUES["ja"]
    names = [ja[f"municipium.inst.{i}"] for i in range(7)]
    assert names == ["神殿", "居酒屋", "公衆浴場", "交易場", "公会堂", "広場", "兵舎"]
    assert [ja[f"municipium.citizen.{t}"] for t in ("priest", "soldier", "merchant",
                                                    "advocate")] == ["神官", "兵士", "商人",
                                                                     "弁護人"]
    assert ja["municipium.prefect"] == "知事"
    assert "都市参事会員" in ja["municipium.decurions_of"]


# --------------------------------------------------------------------- log lines
@pytest.mark.parametrize("cat", [EN, JA], ids=["en", "ja"])
def test_every_log_line_of_a_whole_game_reads_in_words(cat):
    game = _played(7)
    english_places = [name for name in INSTITUTIONS]
    for event in game.events:
        line = board.event_text(game, event, cat)
        assert "{" not in line and "municipium." not in line, line
        if cat.lang == "ja" and any(n in dict(event.args) for n in ("inst", "src", "dst")):
            assert not any(name in line for name in english_places), line


# ------------------------------------------------------------------- decisions
def test_initial_placement_targets_every_institution():
    session = session_at("initial")
    legal = session.game.legal_actions()
    parts = board.table(session, EN)
    found = acts(parts.board)
    assert len(found) == 7
    words = [a for _, a in parse(parts.options).tags if a.get("data-cmd") == "choose"]
    # the same seven in words, folded under the bar
    assert sorted(int(a["data-index"]) for a in words) == sorted(
        int(a["data-index"]) for a in found)
    for attrs in found:
        assert legal[int(attrs["data-index"])] == PlaceMember(int(attrs["data-inst"]))
        assert attrs["role"] == "button" and attrs["tabindex"] == "0" and attrs["aria-label"]


def test_move_picks_a_member_then_offers_the_roads():
    session = session_at("move")
    game = session.game
    seat = game.current_player
    markup = board.render(session, EN)
    picks = [a for _, a in parse(markup).tags if a.get("data-what") == "pick"]
    assert {int(a["data-inst"]) for a in picks} == {
        i for i in range(7) if game.plain[seat][i] or game.elect[seat][i]}
    src = int(picks[0]["data-inst"])
    session.ui["src"] = src
    legal = game.legal_actions()
    targets = [a for a in acts(board.render(session, EN)) if "data-inst" in a]
    assert {int(a["data-inst"]) for a in targets} == set(ADJACENT[src])
    for attrs in targets:
        action = legal[int(attrs["data-index"])]
        assert isinstance(action, Move) and action.src == src
        assert action.dst == int(attrs["data-inst"])


def test_move_and_card_decisions_are_all_reachable():
    for kind in ("move", "card", "initial"):
        session = session_at(kind)
        assert reachable(session) == set(range(len(session.game.legal_actions()))), kind


@pytest.mark.parametrize("kind", ["place", "keep", "offer", "tavern", "crown", "forum",
                                  "basilica", "emporium_choice", "great_family", "relocate"])
def test_every_decision_of_a_step_is_reachable(kind):
    session = session_at(kind, players=4, seed=3)
    assert reachable(session) == set(range(len(session.game.legal_actions())))


def test_citizen_placement_targets_the_corresponding_institutions():
    session = session_at("place")
    held = session.game.pending()["args"]["held"]
    ctype = next(t for t in range(4) if held[t])
    legal = session.game.legal_actions()
    targets = [a for a in acts(board.render(session, EN)) if "data-inst" in a]
    assert {int(a["data-inst"]) for a in targets} == set(CITIZEN_PLACES[ctype])
    for attrs in targets:
        assert legal[int(attrs["data-index"])] == PlaceCitizen(ctype, int(attrs["data-inst"]))


def test_card_step_targets_the_deck_and_the_family_cards():
    session = session_at("card")
    legal = session.game.legal_actions()
    found = acts(board.render(session, EN))
    kinds = {type(legal[int(a["data-index"])]) for a in found}
    assert kinds == {DrawCard, PlayFamily}
    deck = [a for a in found if "deck" in a.get("class", "").split()]
    assert len(deck) == 1 and legal[int(deck[0]["data-index"])] == DrawCard()


def test_offer_targets_the_institutions_whose_power_is_offered():
    session = session_at("offer", players=4, seed=2)
    legal = session.game.legal_actions()
    for attrs in acts(board.render(session, EN)):
        if "data-inst" in attrs:
            assert legal[int(attrs["data-index"])] == UsePower(int(attrs["data-inst"]))


def test_forum_offers_other_players_citizens_in_their_panels():
    session = session_at("forum", players=4, seed=2)
    legal = session.game.legal_actions()
    markup = board.render(session, EN)
    for attrs in acts(markup):
        action = legal[int(attrs["data-index"])]
        assert isinstance(action, ForumTake)
        if "data-inst" in attrs:
            assert action.inst == int(attrs["data-inst"])


def test_relocation_goes_anywhere():
    session = session_at("relocate", players=4, seed=3)
    game = session.game
    src = next(a.src for a in game.legal_actions() if isinstance(a, Relocate))
    session.ui.update(src=src)
    targets = [a for a in acts(board.render(session, EN)) if "data-inst" in a]
    assert {int(a["data-inst"]) for a in targets} <= set(range(7)) - {src}
    assert len(targets) >= 1


def test_no_targets_while_a_computer_decides_or_in_a_replay():
    session = session_at("move")
    session.seats = ["ai:easy"] * 3
    assert acts(board.render(session, EN)) == []
    session.seats = ["human"] * 3
    session.replay_to(3)
    assert acts(board.render(session, EN)) == []


# ------------------------------------------------------------------ illegal clicks
def test_a_click_on_an_unrelated_institution_explains_the_road_rule():
    session = session_at("move")
    game = session.game
    seat = game.current_player
    src = next(i for i in range(7) if game.plain[seat][i])
    far = next(i for i in range(7) if i != src and i not in ADJACENT[src])
    session.ui["src"] = src
    reply = board.on_board(session, EN, {"what": "inst", "inst": str(far)})
    assert reply.kind == "say" and reply.rule.startswith("M-5.1") and "road" in reply.text
    reply = board.on_board(session, JA, {"what": "inst", "inst": str(far)})
    assert reply.rule.startswith("M-5.1") and "道" in reply.text


def test_a_member_less_institution_says_so():
    session = session_from(EMPTY_MOVE)
    game = session.game
    seat = game.current_player
    empty = [i for i in range(7) if not game.plain[seat][i] and not game.elect[seat][i]]
    assert empty
    reply = board.on_board(session, EN, {"what": "inst", "inst": str(empty[0])})
    assert "no family member" in reply.text and reply.rule.startswith("M-5.1")


def test_a_citizen_on_the_wrong_institution_cites_m_1_3():
    for seed in range(1, 30):
        session = session_at("place", seed=seed)
        held = session.game.pending()["args"]["held"]
        ctype = next(t for t in range(4) if held[t])
        if ctype:  # not a priest: some institutions do not fit
            break
    wrong = next(i for i in range(7) if i not in CITIZEN_PLACES[ctype])
    reply = board.on_board(session, EN, {"what": "inst", "inst": str(wrong)})
    assert reply.rule.startswith("M-1.3") and "only at the" in reply.text
    ja = board.on_board(session, JA, {"what": "inst", "inst": str(wrong)})
    assert ja.rule.startswith("M-1.3") and "置ける" in ja.text


def test_a_power_not_led_cites_m_6_6():
    session = session_from(OFFER_NOT_LED)
    game = session.game
    seat = game.current_player
    other = next(i for i in range(7) if game.ranking_at(i)[:1] != [seat])
    reply = board.on_board(session, EN, {"what": "inst", "inst": str(other)})
    assert reply.rule.startswith("M-6.6")


def test_the_deck_outside_the_card_step_says_what_to_do_now():
    session = session_at("move")
    reply = board.on_board(session, EN, {"what": "deck"})
    assert reply.kind == "say" and reply.rule.startswith("M-5.1")


def test_a_chamber_that_does_not_fit_cites_m_6_5():
    session = session_from(SINGLE_SOLDIER)
    ctype = session.game.pending_step()["ctype"]
    legal = session.game.legal_actions()
    assert {legal[int(a["data-index"])] for a in acts(board.render(session, EN))} == {
        a for a in legal if isinstance(a, ChamberChoice)}
    wrong = [i for i in range(1, 7) if ChamberChoice(i) not in legal]
    assert ctype != 0 and wrong
    reply = board.on_board(session, EN, {"what": "inst", "inst": str(wrong[0])})
    assert reply.rule.startswith("M-6.5")


def test_picking_and_cancelling_change_the_selection():
    session = session_at("move")
    assert board.on_board(session, EN, {"what": "pick", "inst": "0"}).kind == "render"
    assert session.ui["src"] == 0
    board.on_board(session, EN, {"what": "deselect"})
    assert "src" not in session.ui


# ------------------------------------------------------------------ text safety
def test_player_names_are_escaped():
    game = engine.new_game("municipium", 3, seed=4, names=["<b>Evil</b>", "A&B", "\"Q\""])
    session = Session(game, ["human"] * 3, rng=random.Random(1))
    session.settle_chance()
    for _ in range(40):
        session.decide(0)
    markup = game_screen(session, EN) + board.render(session, EN)
    assert "<b>Evil" not in markup
    assert "&lt;b&gt;Evil&lt;/b&gt;" in markup and "A&amp;B" in markup


@pytest.mark.parametrize("kind", ["initial", "move", "card", "place", "offer", "forum",
                                  "basilica", "tavern"])
def test_japanese_render_has_no_untranslated_string(kind):
    session = session_at(kind, players=4, seed=2)
    session.ui["src"] = 0
    markup = board.render(session, JA) + rules_help(JA)
    assert "municipium." not in markup
    text = " ".join(parse(markup).text)
    english = [CATALOGUES["en"][k] for k in CATALOGUES["en"]
               if k.startswith(("municipium.inst.", "municipium.citizen.", "municipium.bar.",
                                "municipium.card."))]
    leaked = [word for word in english if len(word) > 3 and word in text]
    assert not leaked


def test_rules_help_covers_every_power_and_card_in_both_languages():
    for cat in (EN, JA):
        markup = rules_help(cat)
        for i in range(7):
            assert esc(cat.t(f"municipium.power.{i}")) in markup
        for card in ("prefect_visit", "citizens_visit", "one_power", "all_powers",
                     "invitation", "great_family", "your_powers"):
            assert esc(cat.t(f"municipium.card_help.{card}")) in markup


# ------------------------------------------------------------------------ the end
def _ended(decurions: tuple[int, ...], spare: tuple[str, ...]) -> Session:
    """A finished 3-player game with the given Decurions and citizens left (position text)."""
    text = _played(1, players=3).position()
    for seat, letter in enumerate("BOY"):
        block = f"{letter}:\\1,{spare[seat]},f0,d{decurions[seat]},"
        text = re.sub(rf"{letter}:(\S+?/\S+?),[^,]*,f\d+,d\d+,", block, text)
    ended = Municipium.from_position(text)
    return Session(ended, ["human"] * 3)


def end_words(session, cat) -> str:
    """The end banner's headline (the verdict) and the ranking with its rule."""
    return headline(session, cat) + result_details(session, cat)


def test_result_explains_a_tie_break():
    session = _ended((5, 5, 2), ("pps", "p", "-"))
    markup = end_words(session, EN)
    names = [session.game.player_name(s) for s in range(3)]
    assert f"{names[0]} wins the tie on 5 Decurions against {names[1]}" in markup
    assert "M-3.5" in markup


def test_result_shared_victory_and_clear_win():
    shared = _ended((5, 5, 1), ("p", "s", "-"))
    assert "share the victory" in end_words(shared, EN)
    clear = _ended((5, 3, 1), ("-", "-", "-"))
    assert "wins with 5 Decurions" in end_words(clear, EN)
    assert "都市参事会員" in end_words(clear, JA)


def test_english_log_uses_the_right_article():
    game = _played(7)
    lines = [board.event_text(game, e, EN) for e in game.events if e.key == "draw_citizen"]
    assert lines and all(re.search(r"draws (a (priest|soldier|merchant)|an advocate)\.", line)
                         for line in lines), lines[:5]
    assert not any(" a advocate" in board.event_text(game, e, EN) for e in game.events)


def test_unnamed_seats_are_called_by_their_colour_in_the_language():
    session = session_at("move")
    assert not session.game.setup.names
    ja = board.render(session, JA)
    assert "青" in ja and "Blue" not in ja
    assert "Blue" in board.render(session, EN)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_turn_that_reaches_the_decurions_says_it_is_the_last(lang):
    """M-3.4: the game ends at the end of the turn in which a family holds 5 Decurions (4 in
    the short game). Random games from fixed seeds, played to the first turn in which that
    happened with decisions still to make: the step says it is the last turn, and who reached
    them; before, it says nothing of the kind."""
    from engine.municipium import scoring

    cat = Catalogue(lang)

    def last_turn(seed: int) -> Session | None:
        rng = random.Random(seed)
        game = engine.new_game("municipium", 3, seed=seed, short=True)
        session = Session(game, ["human"] * 3, rng=rng)
        session.settle_chance()
        while not game.is_over:
            if scoring.game_ends(game) and game.current_player >= 0:
                return session
            assert 'data-role="end-notice"' not in board.render(session, cat)
            session.decide(rng.randrange(len(game.legal_actions())))
        return None

    session = next(s for s in map(last_turn, range(1, 60)) if s is not None)
    game = session.game
    reached = [s for s in range(3) if game.decurions[s] >= 4]
    names = cat.t("municipium.list_sep").join(board.seat_name(game, s, cat) for s in reached)
    markup = board.render(session, cat)
    assert 'data-role="end-notice"' in markup
    assert esc(cat.t("municipium.end_notice", names=names, target=4)) in markup


def test_the_end_statistics_list_a_turn_for_every_decurion():
    """M-3.2 and M-8.4: a Decurion comes from a set exchanged or from the Basilica's power; the
    end statistics list the turn of each (the Basilica's were left out)."""
    basilica = 0
    for seed in range(12):
        game = _played(seed, players=3)
        basilica += sum(1 for event in game.events if event.key == "basilica_exchange")
        cells = [re.findall(r"<td[^>]*>([^<]*)</td>", row)[0] for row in re.findall(
            r"<tr><th scope=\"row\">.*?</tr>", board.result_stats(Session(game, ["human"] * 3),
                                                               EN))]
        listed = [0 if cell == "–" else len(cell.split(" · ")) for cell in cells]
        assert listed == game.decurions, (seed, cells)
    assert basilica, "no game of these seeds used the Basilica's power: pick others"


# ------------------------------------------------------- citizens counted, the key
def _event_after(name: str, key: str) -> tuple[Municipium, object]:
    """The game at ``BEFORE_EVENT[name]`` after its decision, and the ``key`` event that
    decision caused."""
    text, decision = BEFORE_EVENT[name]
    game = stand("municipium", text)
    decide(game, decision)
    return game, next(event for event in game.events if event.key == key)


def test_M_6_4_two_kept_citizens_of_one_type_are_counted():
    """M-6.4a: the first player at a citizen event keeps two of the three citizens; two of one
    type read as a count ("two soldiers", 兵士2人), never "a soldier and a soldier"."""
    game, event = _event_after("keep_same", "keep_two")
    assert dict(event.args)["first"] == dict(event.args)["second"]
    ctype = dict(event.args)["first"]
    en, ja = board.event_text(game, event, EN), board.event_text(game, event, JA)
    plural = {"priest": "priests", "soldier": "soldiers", "merchant": "merchants",
              "advocate": "advocates"}[ctype]
    assert f"keeps two {plural} from the" in en, en
    assert f" and a {ctype}" not in en and f" and an {ctype}" not in en, en
    word = JA.t(f"municipium.citizen.{ctype}")
    assert f"{word}2人を受け取りました" in ja and f"{word}と{word}" not in ja, ja
    assert f"keeps two {plural}" in game.event_text(event)  # the engine's own English log too


def test_M_6_4_two_kept_citizens_of_two_types_are_named_each():
    game, event = _event_after("keep_two_types", "keep_two")
    first, second = dict(event.args)["first"], dict(event.args)["second"]
    en = board.event_text(game, event, EN)
    assert re.search(rf"keeps an? {first} and an? {second} from the", en), en
    ja = board.event_text(game, event, JA)
    assert f"{JA.t(f'municipium.citizen.{first}')}と{JA.t(f'municipium.citizen.{second}')}" in ja


def test_M_8_4_a_basilica_exchange_counts_what_is_handed_in():
    """M-8.4: three items (citizens and/or favours) for a Decurion, in words and counted."""
    game, event = _event_after("basilica", "basilica_exchange")
    assert max(dict(event.args)["items"].count(c) for c in "psmaf") > 1
    en, ja = board.event_text(game, event, EN), board.event_text(game, event, JA)
    assert re.search(r"hands in (two|three) \w+", en), en
    assert not re.search(r"×|\b([a-z]+), \1\b", en), en
    assert re.search(r"\d+(人|個)", ja) and "×" not in ja, ja
    decurions = dict(event.args)["decurions"]
    assert en.endswith(f"now has {decurions} Decurion{'s' if decurions != 1 else ''}."), en
    assert re.search(r"hands in (two|three) \w+", game.event_text(event))  # the engine's log


@pytest.mark.parametrize("counts, en, ja", [
    ((0, 2, 0, 0), "two soldiers", "兵士2人"),
    ((1, 0, 1, 0), "a priest and a merchant", "神官と商人"),
    ((2, 0, 0, 0, 1), "two priests and a favour", "神官2人と支持トークン"),
    ((1, 1, 0, 1), "a priest, a soldier and an advocate", "神官、兵士と弁護人"),
    ((0, 0, 0, 3), "three advocates", "弁護人3人"),
])
def test_citizens_in_words_are_counted(counts, en, ja):
    assert board.items_text(EN, counts) == en
    assert board.items_text(JA, counts) == ja


def test_the_board_key_explains_the_rank_badges():
    """M-4.2: the gold 1 and grey 2 on a family's members at an institution mark who ranks
    first and second there (a tie goes to the higher on the Temple track); the key under the
    board shows both badges with their meaning, in both languages."""
    session = Session(_played(3, players=2), ["human"] * 2)
    for cat, words in ((EN, ("leads here", "second", "Temple track")),
                       (JA, ("影響力1位", "影響力2位", "神殿順位"))):
        svg = str(board.table(session, cat).board)
        key = svg[svg.index('class="mu-corner-legend"'):]
        assert 'class="rank rank-1"' in key and 'class="rank rank-2"' in key
        text = re.sub(r"<[^>]+>", " ", key)
        for word in words:
            assert word in text, (cat.lang, word)
        assert 'class="rank rank-1"' in svg[:svg.index('class="mu-corner-legend"')]


def _piece_tags(markup: str, prefix: str) -> dict[str, tuple[str | None, str | None]]:
    """The pieces whose id starts with ``prefix``: what the page compares between two
    drawings of an HTML piece (``assets/js/motion.js``): its state and count."""
    found = {}
    for attrs in (a for _n, a in parse(markup).tags if a.get("data-pid", "").startswith(prefix)):
        found[attrs["data-pid"]] = (attrs.get("data-state"), attrs.get("data-count"))
    return found


def test_a_family_card_is_the_same_piece_whether_it_can_be_played_or_not():
    """M-5.2: once the common card is turned over the family cards cannot be played this
    turn; they did not change, so the page must not mark them as changed: it marks a piece
    (``data-pid``) that appears, or whose state or count changes, between two drawings."""
    session = session_from(CARD_OR_FAMILY)
    game = session.game
    legal = game.legal_actions()
    assert any(isinstance(a, DrawCard) for a in legal) and \
        any(isinstance(a, PlayFamily) for a in legal)
    seat = game.current_player
    markup = str(board.render(session, EN))
    before = _piece_tags(markup, f"fam-{seat}-")
    assert f'data-pid="fam-{seat}-0"' in markup, "a playable card is no piece"
    assert 'data-cmd="act"' in markup.split(f'data-pid="fam-{seat}-0"')[1][:200]
    session.decide(next(i for i, a in enumerate(legal) if isinstance(a, DrawCard)))
    after = _piece_tags(str(board.render(session, EN)), f"fam-{seat}-")
    assert len(before) == 3 and before == after, (before, after)
