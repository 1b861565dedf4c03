"""Municipium's board after the player review: the legal targets are the strongest mark, rank
badges never cover pieces, institution names fit their heads, and the words say what is meant
(the Emporium's first draw, "any institution" for a priest, names read without numerals)."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import engine
from engine.municipium.actions import DrawCitizen, PlaceCitizen
from engine.municipium.data import INSTITUTIONS
from tests.test_board_municipium import EN, JA, acts, parse, session_at
from ui.boards import municipium as board
from ui.boards import municipium_svg as svg
from ui.boards.municipium_plan import place_hint
from ui.i18n import Catalogue
from ui.session import Session

ROOT = Path(__file__).resolve().parent.parent
CSS = (ROOT / "assets" / "css" / "municipium.css").read_text(encoding="utf-8")

Box = tuple[float, float, float, float]


def inst_tags(markup: str) -> dict[int, dict[str, str]]:
    """The attributes of each institution's group (``g.mu-inst``), by institution."""
    return {int(a["data-inst"]): a for name, a in parse(markup).tags
            if name == "g" and "mu-inst" in a.get("class", "").split()}


def classes(attrs: dict[str, str]) -> set[str]:
    return set(attrs.get("class", "").split())


# ------------------------------------------------------------------ 1. the strongest mark
def test_a_picked_member_makes_its_destinations_the_strongest_mark():
    """Before a pick every place with a member is ringed (``pick``); once one is picked its
    destinations are targets drawn twice (a frame and a halo) and the other places recede."""
    session = session_at("move", players=4, seed=2)
    before = inst_tags(board.render(session, EN))
    picks = {i for i, a in before.items() if "pick" in classes(a)}
    assert picks and not any("recede" in classes(a) for a in before.values())
    src = min(picks)
    session.ui["src"] = src
    markup = board.render(session, EN)
    after = inst_tags(markup)
    targets = {i for i, a in after.items() if "target" in classes(a)}
    assert targets and "selected" in classes(after[src])
    for inst in picks - targets - {src}:
        assert {"pick", "recede"} <= classes(after[inst]), inst
    halos = [a for name, a in parse(markup).tags if a.get("class") == "halo"]
    assert len(halos) == len(targets)
    assert re.search(r'<svg class="mu-svg choosing"', markup)


def _rule(selector: str) -> str:
    match = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS)
    assert match, selector
    return match.group(1)


def _width(selector: str) -> float:
    return float(re.search(r"stroke-width:\s*([\d.]+)", _rule(selector)).group(1))


def test_targets_outweigh_every_other_mark_in_the_stylesheet():
    """A target's frame is solid and at least as heavy as a pick's, it never fades (only its
    halo breathes), and a receding pick is thinner than both."""
    target = _width(".mu-svg .mu-inst.target .frame")
    assert target >= _width(".mu-svg .mu-inst.pick .frame")
    assert "dasharray" not in _rule(".mu-svg .mu-inst.target .frame")
    assert _width(".mu-svg .mu-inst.pick.recede .frame") < target / 2
    assert not re.search(r"\.mu-inst\.target \.frame[^{]*\{[^}]*animation", CSS)
    assert "outline-color" in _rule(".mu-svg.choosing [data-changed]")


# ------------------------------------------------------------------ 2. pieces and labels
class Shapes(HTMLParser):
    """Each member token's box and each rank badge's box (in SVG units) of an institution."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[set[str]] = []
        self.tokens: list[Box] = []
        self.badges: list[Box] = []

    def handle_starttag(self, name, attrs):
        values = {k: v or "" for k, v in attrs}
        if name == "g":
            self.stack.append(set(values.get("class", "").split()))
            if "mu-member" in self.stack[-1]:
                self.tokens.append((1e9, 1e9, -1e9, -1e9))
            return
        box = shape_box(name, values)
        if box is None or not any("mu-member" in c for c in self.stack):
            return
        if any("rank" in c for c in self.stack):
            self.badges.append(box)
        else:
            old = self.tokens[-1]
            self.tokens[-1] = (min(old[0], box[0]), min(old[1], box[1]),
                               max(old[2], box[2]), max(old[3], box[3]))

    def handle_endtag(self, name):
        if name == "g":
            self.stack.pop()


def shape_box(name: str, a: dict[str, str]) -> Box | None:
    """A shape's box, its stroke included."""
    half = float(a.get("stroke-width", "0")) / 2
    if name == "circle":
        cx, cy, r = float(a["cx"]), float(a["cy"]), float(a["r"]) + half
        return cx - r, cy - r, cx + r, cy + r
    if name == "rect":
        x, y = float(a["x"]), float(a["y"])
        return x - half, y - half, x + float(a["width"]) + half, y + float(a["height"]) + half
    if name == "polygon":
        points = [tuple(map(float, p.split(","))) for p in a["points"].split()]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half
    return None


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def crowded_games(count: int = 6) -> list:
    """Four-player positions with many members about (random play)."""
    games = []
    for seed in range(count):
        game = engine.new_game("municipium", 4, seed=seed)
        session = Session(game, ["human"] * 4, rng=random.Random(seed))
        session.settle_chance()
        rng = random.Random(seed)
        for _ in range(60 + 30 * seed):
            if game.is_over:
                break
            session.decide(rng.randrange(len(game.legal_actions())))
        games.append(game)
    return games


@pytest.mark.parametrize("count", range(1, 9))
def test_member_tokens_fit_one_row_without_touching(count):
    spacing, r = svg.member_layout(count)
    assert 2 * 1.42 * r <= spacing  # a wreath round each: still apart
    assert (count - 1) * spacing + 2 * 1.42 * r <= 2 * svg.HALF_W


def test_rank_badges_never_cover_pieces():
    """Under every token, beside the others, above the banner: a badge covers no piece."""
    seen_badges = seen_crowded = 0
    for game in crowded_games():
        for inst in range(len(INSTITUTIONS)):
            x, y = svg.centre(inst)
            shapes = Shapes()
            shapes.feed(svg.members(game, inst, x, y))
            seen_badges += len(shapes.badges)
            seen_crowded += len(shapes.tokens) > 4
            boxes = shapes.tokens + shapes.badges
            for k, box in enumerate(boxes):
                assert x - svg.HALF_W <= box[0] and box[2] <= x + svg.HALF_W, (inst, box)
                assert y - svg.HALF_H + 36 <= box[1] and box[3] <= y + 22, (inst, box)
                for other in boxes[k + 1:]:
                    assert not overlap(box, other), (inst, box, other)
    assert seen_badges and seen_crowded


@pytest.mark.parametrize("cat", [EN, JA], ids=["en", "ja"])
def test_the_name_fits_beside_the_numeral_in_both_sizes(cat: Catalogue):
    """The numeral has its own plaque; the name alone shares the rest, shrunk when long (the
    generous width estimate times the scale given stays inside the room)."""
    session = session_at("move")
    markup = board.render(session, cat)
    names = [a for name, a in parse(markup).tags if a.get("class") == "inst-name"]
    assert len(names) == len(INSTITUTIONS)
    for inst, attrs in enumerate(names):
        name = board.inst_name(cat, inst)
        fit = dict(part.split(":") for part in attrs["style"].split(";"))
        em = svg.text_em(name)
        for key, size in zip(("--fit", "--fit-narrow"), svg.NAME_SIZES, strict=True):
            assert em * size * float(fit[key]) <= svg.NAME_ROOM + 1, (name, key)
    assert float(dict(p.split(":") for p in names[6]["style"].split(";"))["--fit-narrow"]) < 1 \
        or cat is JA  # "Praetorium" is shrunk on a phone
    nums = [t for t in re.findall(r'class="inst-num"[^>]*>([^<]*)<', markup)]
    assert nums == [cat.t(f"municipium.numeral.{i}") for i in range(len(INSTITUTIONS))]


# ------------------------------------------------------------------ 3. words
def _emporium_offers(cat: Catalogue) -> list[str]:
    """The prompt and hint of the first two Emporium offers of one exertion."""
    for seed in range(1, 30):
        session = session_at("emporium_choice", players=4, seed=seed)
        game = session.game
        texts = [board.render(session, cat)]
        session.decide(game.legal_actions().index(DrawCitizen()))
        rng = random.Random(seed)
        while game.pending()["kind"] in ("place", "single_place", "keep"):
            legal = game.legal_actions()
            places = [i for i, a in enumerate(legal) if isinstance(a, PlaceCitizen)]
            session.decide(places[0] if places else rng.randrange(len(legal)))
        if game.pending()["kind"] == "emporium_choice":
            return [*texts, board.render(session, cat)]
    raise AssertionError("no second Emporium offer")


def _prompt(markup: str) -> str:
    return " ".join(re.findall(r'<p class="mu-(?:step|hint)">([^<]*)</p>', markup))


@pytest.mark.parametrize(("cat", "another"), [(EN, "another"), (JA, "もう1人")],
                         ids=["en", "ja"])
def test_the_emporium_asks_for_another_citizen_only_after_the_first(cat, another):
    first, second = (_prompt(m) for m in _emporium_offers(cat))
    assert first and another not in first and "さらに" not in first, first
    assert another in second, second


@pytest.mark.parametrize(("cat", "words"), [(EN, "any institution"), (JA, "どの施設にも")],
                         ids=["en", "ja"])
def test_a_priest_may_go_to_any_institution_in_so_many_words(cat, words):
    for seed in range(1, 40):
        session = session_at("place", players=4, seed=seed)
        if session.game.pending()["args"]["held"][0]:
            break
    session.ui["ctype"] = 0
    markup = board.render(session, cat)
    hint = _prompt(markup)
    assert len(acts(markup)) >= len(INSTITUTIONS)  # the seven are still every target
    assert words in hint and board.inst_name(cat, 6) not in hint, hint
    soldier = place_hint(cat, 1, [1, 6])
    assert board.inst_name(cat, 1) in soldier and board.inst_name(cat, 6) in soldier


NUMBERED = {"en": r"\b(?:0|I|II|III|IV|V|VI) (?:Temple|Tavern|Baths|Emporium|Basilica|Forum"
                  r"|Praetorium)",
            "ja": r"[0ⅠⅡⅢⅣⅤⅥ] ?(?:神殿|居酒屋|公衆浴場|交易場|公会堂|広場|兵舎)"}


@pytest.mark.parametrize("cat", [EN, JA], ids=["en", "ja"])
def test_screen_readers_hear_names_without_numerals(cat: Catalogue):
    session = session_at("move", players=4, seed=2)
    labels = [a["aria-label"] for _, a in parse(board.render(session, cat)).tags
              if a.get("data-inst") and "aria-label" in a]
    src = next(int(a["data-inst"]) for _, a in parse(board.render(session, cat)).tags
               if a.get("data-what") == "pick")
    session.ui["src"] = src
    labels += [a["aria-label"] for _, a in parse(board.render(session, cat)).tags
               if a.get("data-inst") and "aria-label" in a]
    assert len(labels) >= 2 * len(INSTITUTIONS)
    for label in labels:
        assert not re.search(NUMBERED[cat.lang], label), label
    assert any(label.startswith(cat.t("municipium.aria.pick", inst=board.inst_name(cat, 0)))
               or label.startswith(cat.t("municipium.aria.selected",
                                         inst=board.inst_name(cat, src)))
               for label in labels)
