"""The text check: every word a player reads, in both languages.

Renders every catalogue entry with sample arguments (counts 0, 1, 2 and 5, and words), and the
texts of random games (log lines, prompts, refusals, hints, the whole game screen now and then)
and fails on: "(s)", a number followed by the wrong English plural form, a catalogue key or a
``key:value`` list left in the text, an unfilled placeholder, CamelCase run-ons, a rule id
inside a sentence (rule ids live in the small rule links), and Latin letters in a Japanese
sentence other than names, numbers and rule links.

100 random games of Municipium and 40 of Concordia in CPython; ``LUDI_QUICK`` (the Pyodide run)
plays fewer, ``LUDI_TEXT_GAMES`` more.
"""

from __future__ import annotations

import os
import random
import re
from html.parser import HTMLParser

import pytest

import engine
from engine.ai import reason as ai_reason
from ui.boards.concordia_help import SOURCE
from ui.i18n import LANGUAGES, Catalogue, load, placeholders
from ui.links import NewGameRequest
from ui.screens.parts import board_module, event_line, refusal_sentence
from ui.screens.play import game_screen
from ui.session import Session

GAMES = {"municipium": 100, "concordia": 40}
"""Random games read per title in ``make test`` (a Concordia game is about four times as
long; twice these until 2026-12-07, 134 s of the suite's 480 s in CI: ``make test`` has to
stay under 20 minutes); ``LUDI_TEXT_GAMES=<n>`` reads more (or fewer) of each (200 for a
release), ``LUDI_QUICK`` three."""


def games_per_title(title: str) -> int:
    if os.environ.get("LUDI_TEXT_GAMES"):
        return int(os.environ["LUDI_TEXT_GAMES"])
    return 3 if os.environ.get("LUDI_QUICK") else GAMES[title]


COUNTS = (0, 1, 2, 5)
LIMIT = int(os.environ.get("LUDI_TEXT_LIMIT", "40"))
CATS = {lang: Catalogue(lang) for lang in LANGUAGES}

NOUNS = {"card": "cards", "point": "points", "sestertius": "sestertii", "step": "steps",
         "favour": "favours", "member": "members", "citizen": "citizens", "game": "games",
         "good": "goods", "colonist": "colonists", "house": "houses", "entry": "entries",
         "Decurion": "Decurions", "space": "spaces", "wreath": "wreaths",
         "character": "characters", "move": "moves", "player": "players", "seat": "seats",
         "item": "items", "brick": "bricks", "tool": "tools", "turn": "turns",
         "round": "rounds", "decision": "decisions", "elect member": "elect members",
         "movement point": "movement points", "family member": "family members"}
_SINGULAR = "|".join(sorted(NOUNS, key=len, reverse=True))
_PLURAL = "|".join(sorted(NOUNS.values(), key=len, reverse=True))
WRONG_ONE = re.compile(rf"(?<![\d.,-])\b1 (?:more )?({_PLURAL})\b")
WRONG_MANY = re.compile(rf"(?<![\d.,–-])\b(?:0|[2-9]|\d\d+) (?:more )?({_SINGULAR})\b(?! of)")
KEY_RESIDUE = re.compile(
    r"\b(?:cc|municipium|event|refusal|hint|saves|share|play|seat|setup|rules|link|new|option|"
    r"result|replay|pace|breakdown|colour|common|game|confirm|page|badge|import|load)\.[a-z_]")
KEY_VALUE = re.compile(r"\b[a-z]+:\d+\b")
PLACEHOLDER = re.compile(r"[{}]")
CAMEL = re.compile(r"\b[A-Za-z]*[a-z][A-Z][A-Za-z]*\b")
RULE_ID = re.compile(r"\b(?:[MC]-\d|ENGINE-\d|RULING\b)")
ROMAN = re.compile(r"\b(?:[IVX]+|[A-Z])\b")
"""Roman numerals (the institutions) and single capital letters (the map's city letters)."""
ALLOWED_LATIN = ("Ludi", SOURCE, "Natural Earth", "Python", "Tab", "Enter", "Home", "End", "MB",
                 ".json", ".txt", "human、ai、ai:easy、ai:medium、ai:hard、ai:expert",
                 "slow、normal、fast")
"""Names that stay Latin in Japanese: the product, a data source, keys of the keyboard, units,
file types, and the seat words a link is written with."""


def problems(text: str, lang: str, names: tuple[str, ...] = ()) -> list[str]:
    """What is wrong with ``text`` shown in ``lang`` (``names``: proper names it may hold)."""
    found = []
    if "(s)" in text:
        found.append('"(s)"')
    if lang == "en":
        for pattern in (WRONG_ONE, WRONG_MANY):
            match = pattern.search(text)
            if match:
                found.append(f"plural: {match.group(0)!r}")
    for label, pattern in (("key", KEY_RESIDUE), ("key:value", KEY_VALUE),
                           ("placeholder", PLACEHOLDER), ("CamelCase", CAMEL),
                           ("rule id", RULE_ID)):
        match = pattern.search(text)
        if match:
            found.append(f"{label}: {match.group(0)!r}")
    if lang == "ja":
        rest = text
        for name in sorted(set(names) | set(ALLOWED_LATIN), key=len, reverse=True):
            rest = rest.replace(name, "")
        rest = ROMAN.sub("", rest)
        match = re.search(r"[A-Za-z]+", rest)
        if match:
            found.append(f"Latin letters: {match.group(0)!r}")
    return found


def assert_clean(texts: list[tuple[str, str, str]], names: tuple[str, ...] = ()) -> None:
    """``texts``: (where, lang, text); fails listing every problem found."""
    bad = [f"{where} [{lang}] {text!r}: {', '.join(found)}"
           for where, lang, text in texts if (found := problems(text, lang, names))]
    assert not bad, "\n".join(bad[:LIMIT]) + (f"\n… {len(bad)} in all" if len(bad) > LIMIT else "")


# ---------------------------------------------------------------------------- the checker
@pytest.mark.parametrize("text, lang", [
    ("Took 1 card(s).", "en"), ("You have 1 cards.", "en"), ("2 card left", "en"),
    ("costs wine:1,cloth:2", "en"), ("cc.good.wine", "en"), ("Hello {name}", "en"),
    ("Marcus playsArchitect", "en"), ("Setup done (M-2.6)", "en"), ("建築家を使うwith", "ja"),
    ("2 step left", "en"), ("1 movement points left", "en"),
])
def test_the_checker_catches(text, lang):
    assert problems(text, lang)


@pytest.mark.parametrize("text, lang", [
    ("You have 1 card and 2 cards in the display.", "en"), ("5 sestertii", "en"),
    ("1 sestertius", "en"), ("Marcusが建築家を使いました", "ja"), ("IV 公会堂", "ja"),
    ("Player 2's turn.", "en"), ("1 of 5 members", "en"),
])
def test_the_checker_lets_pass(text, lang):
    assert not problems(text, lang, ("Marcus",))


# ----------------------------------------------------------------------- the catalogues
WORD_ARGS = {
    "p", "q", "seat", "owner", "other", "name", "names", "city", "origin", "route", "province",
    "good", "card", "kind", "inst", "src", "dst", "what", "a_what", "ctype", "a_ctype", "first",
    "second", "a_first", "a_second", "items", "order", "purpose", "goods", "lost", "cost", "have",
    "have_goods", "reason", "action", "title", "rule", "game", "option", "value", "detail",
    "insts", "places", "step", "summary", "who", "holder", "text", "source", "where", "letter",
    "top", "does", "numeral", "gets", "incoming", "players_list", "seat_kind", "turn", "date",
    "progress", "computer", "level", "start"}
"""Arguments that are words (names, places, goods); every other argument is a number."""


def _samples(text: str, lang: str) -> list[dict[str, object]]:
    names = placeholders(text)
    word = "花子" if lang == "ja" else "Ann"
    words = {name: word for name in names if name in WORD_ARGS}
    return [{**{name: count for name in names}, **words} for count in COUNTS] + [
        {name: word for name in names}]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalogue_entry_reads_well_with_counts_0_1_2_5(lang):
    cat = CATS[lang]
    texts = []
    for key, template in load(lang).items():
        for args in _samples(template, lang):
            texts.append((key, lang, cat.t(key, **args)))
    assert_clean(texts, ("Ann",))


BARE_POINT = re.compile(r"(?<!movement )(?<!victory )\bpoints?\b")
"""English "point(s)" that does not say which: a Concordia Architect's movement points or
victory points (C-4.2, C-6)."""
MOVING = re.compile(r"\b(?:mov(?:e|es|ing|ement)|steps?)\b", re.IGNORECASE)


def test_english_never_says_points_for_movement_and_score_in_one_sentence():
    """Issue 45: "points" meant movement and score in one hint. A message that speaks of
    moving says which points it means, and the hint's two halves (the action, from
    ``story.*``, and its reason, from ``hint.*``: one sentence on screen) never say a bare
    "point"."""
    cat = CATS["en"]
    bad = []
    for key, template in load("en").items():
        for args in _samples(template, "en"):
            text = cat.t(key, **args)
            hint_part = key.startswith(("story.cc.", "hint."))
            if BARE_POINT.search(text) and (hint_part or MOVING.search(text)):
                bad.append(f"{key}: {text}")
                break
    assert not bad, "\n".join(bad)


POINTER_ONLY = {"en": (re.compile(r"\b(?:hover|point at|mouse)", re.IGNORECASE),
                       re.compile(r"\btap", re.IGNORECASE)),
                "ja": (re.compile("ポインターを合わせ|ホバー|マウス"), re.compile("タップ"))}
"""A tip for the pointer alone, and the touch word that must come with it."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_tip_is_for_a_mouse_alone(lang):
    """Issue 45: a phone has no hover; a tip that says to point at something says to tap it
    too."""
    pointer, touch = POINTER_ONLY[lang]
    bad = [key for key, text in load(lang).items()
           if pointer.search(text) and not touch.search(text)]
    assert not bad, bad


@pytest.mark.parametrize("lang, words", [("en", ("on the board", "of them elect", "counts 2")),
                                         ("ja", ("盤上", "選ばれし者1人", "影響力2"))])
def test_a_familys_members_say_where_they_are_and_what_elect_means(lang, words):
    """Issue 45: "7 members (1 elect)" was unexplained: the members on the board, and that an
    elect member counts 2 (M-4.1)."""
    text = CATS[lang].t("municipium.members_n", count=7, elect=1)
    assert all(word in text for word in words), text
    assert "elect" not in CATS[lang].t("municipium.members_n", count=7, elect=0)


# ------------------------------------------------------------------------ random games
SETUPS = {
    "municipium": [(2, {}), (3, {}), (4, {}), (3, {"chamber_citizens": "single"}),
                   (4, {"short": True})],
    "concordia": [(3, {"map": "imperium"}), (5, {"map": "imperium"}), (2, {"map": "italia"}),
                  (4, {"map": "italia"}), (2, {"map": "hellas"}), (5, {"map": "ionium"}),
                  (3, {"map": "cyprus"}), (3, {"map": "creta"}),
                  (3, {"map": "hispania"})],
}
NAMES = ["Marcus", "Livia", "Gaius", "Julia", "Titus"]


def _session(title: str, number: int) -> Session:
    players, options = SETUPS[title][number % len(SETUPS[title])]
    names = NAMES[:players] if number % 2 else []
    session = Session.start(NewGameRequest(title, players, ["human"] * players, options, names))
    session.rng = random.Random(number)
    return session


class _Text(HTMLParser):
    """The texts of a screen: text nodes and labels (aria-label, title, alt), without the rule
    links and rule tags (rule ids belong there)."""

    SKIP = ("rule-link", "rule-id")

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.skip = 0
        self.stack: list[bool] = []

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        skipped = any(c in (values.get("class") or "").split() for c in self.SKIP)
        if tag not in ("input", "br", "img", "meta", "link", "hr", "path", "circle", "rect",
                       "line", "use", "polygon", "ellipse"):
            self.stack.append(skipped)
            self.skip += skipped
        if self.skip or skipped:
            return
        for name in ("aria-label", "title", "alt", "placeholder"):
            if values.get(name):
                self.texts.append(values[name])

    def handle_endtag(self, tag):
        if self.stack and tag not in ("input", "br", "img"):
            self.skip -= self.stack.pop()

    def handle_data(self, data):
        if not self.skip and data.strip() and not data.strip().startswith(("<", "M ", "M0")):
            self.texts.append(data.strip())


def screen_texts(markup: str) -> list[str]:
    parser = _Text()
    parser.feed(markup)
    return parser.texts


def _refusal_candidates(game, rng: random.Random) -> list:
    """A few decisions to try now, most of them not legal (the refusals to word)."""
    if game.setup.game == "concordia":
        from engine.concordia import Action

        verbs = ("play", "move", "build", "province", "cash", "buy", "sell", "place", "copy",
                 "card", "keep", "done")
        return [Action(rng.choice(verbs), rng.randrange(-1, 40), rng.randrange(-1, 6))
                for _ in range(3)]
    from engine.municipium import actions as a

    return [rng.choice([a.Move(rng.randrange(7), rng.randrange(7), rng.random() < 0.3),
                        a.PlaceCitizen(rng.randrange(4), rng.randrange(7)),
                        a.UsePower(rng.randrange(7)), a.PlayFamily(rng.randrange(3)),
                        a.ForumTake(rng.randrange(4), seat=rng.randrange(game.players)),
                        a.ChamberChoice(rng.randrange(1, 7)), a.DrawCard(), a.DrawCitizen(),
                        a.Tavern(rng.randrange(7), rng.randrange(game.players), 1),
                        a.Relocate(rng.randrange(7), rng.randrange(7), False)])
            for _ in range(3)]


def _board_clicks(game, rng: random.Random) -> list[dict[str, str]]:
    if game.setup.game == "concordia":
        b = game.board
        return [{"route": str(rng.randrange(b.nroutes))}, {"city": str(rng.randrange(b.ncities))},
                {"province": str(rng.randrange(len(game.flipped)))},
                {"slot": str(rng.randrange(len(game.display)))}]
    return [{"what": "inst", "inst": str(rng.randrange(7))}, {"what": "deck"}, {"what": "bag"},
            {"what": "family", "card": str(rng.randrange(3))}]


def _prompt(session, cat) -> str:
    module = board_module(session.game.setup.game)
    return module.prompt_text(session.view, cat) if hasattr(module, "prompt_text") else ""


def _check_game(title: str, number: int, keys: set[str]) -> None:
    session = _session(title, number)
    game = session.game
    rng = random.Random(number)
    module = board_module(title)
    names = tuple(NAMES)  # players' names; cities are named in the language, Latin in English
    texts: list[tuple[str, str, str]] = []
    seen = 0
    show_at = rng.randrange(40, 200) if number < 16 else -1
    step = 0
    while not game.is_over:
        legal = game.legal_actions()
        if step % 4 == 0:
            for action in _refusal_candidates(game, rng):
                if action in legal:
                    continue
                reason, _rule = game.why_illegal(action)
                keys.add(getattr(reason, "key", None) or "(no key)")
                for lang, cat in CATS.items():
                    texts.append((f"refusal {reason.key}", lang,
                                  refusal_sentence(game, cat, reason)))
            hinted = rng.choice(legal)  # its reason is the same in both languages
            hint_key, hint_args = ai_reason(game, hinted)
            for lang, cat in CATS.items():
                texts.append(("prompt", lang, _prompt(session, cat)))
                texts.append((f"hint {hint_key}", lang, cat.t(f"hint.{hint_key}", **hint_args)))
                texts.append(("decision", lang, module.action_text(game, hinted, cat)))
        if step == show_at:
            for data in _board_clicks(game, rng):
                for lang, cat in CATS.items():
                    reply = module.on_board(session, cat, dict(data))
                    if reply is not None and reply.kind == "say":
                        texts.append((f"click {data}", lang, reply.text))
            for lang, cat in CATS.items():
                texts += [("screen", lang, t) for t in screen_texts(game_screen(session, cat))]
        session.decide(rng.randrange(len(legal)))
        step += 1
        for event in game.events[seen:]:
            for lang, cat in CATS.items():
                texts.append((f"log {event.key}", lang, event_line(game, event, cat)))
        seen = len(game.events)
    if number < 16:
        for lang, cat in CATS.items():
            texts += [("end screen", lang, t) for t in screen_texts(game_screen(session, cat))]
        for length in rng.sample(range(len(game.log)), 3):  # replayed positions, draws too
            session.replay_to(length)
            for lang, cat in CATS.items():
                texts.append((f"replay {length}", lang, _prompt(session, cat)))
        session.replay_to(None)
    assert_clean(texts, names)


@pytest.mark.parametrize("title", ["municipium", "concordia"])
def test_random_games_read_well_in_both_languages(title):
    keys: set[str] = set()
    for number in range(games_per_title(title)):
        _check_game(title, number, keys)
    missing = sorted(k for k in keys if not CATS["en"].has(f"refusal.{k}"))
    assert not missing, missing


def test_every_refusal_key_of_the_engines_is_worded_in_both_languages():
    """The keys written in the engines' sources (``_why("key", …)``, ``reason(REFUSALS, …)``)
    all have a ``refusal.<key>`` entry in both catalogues."""
    from pathlib import Path

    root = Path(engine.__file__).parent
    keys = set()
    for prefix, package in (("c.", "concordia"), ("m.", "municipium")):
        for path in (root / package).glob("*.py"):
            keys |= {prefix + k for k in re.findall(r'_why\(\s*"([a-z_]+)"', path.read_text())}
    from engine.core.protocol import REFUSALS

    keys |= set(REFUSALS)
    assert len(keys) > 40
    for lang in LANGUAGES:
        messages = load(lang)
        assert sorted(k for k in keys if f"refusal.{k}" not in messages) == [], lang
