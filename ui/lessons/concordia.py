"""The Concordia lesson: a two-player game on the Italia map, you (red, seat 0) against the
computer (blue, seat 1), every city token, card and computer decision fixed in advance.

What it teaches, in order: the hand and playing a card; the Architect (movement points,
moving on land and sea routes, where houses go and what they cost, the doubled money of a
second house in a city); the Prefect (production for every house, the bonus, the marker's
coin side); the Mercator (3 sestertii, trading at most two kinds); the Senator (the display
and its surcharges, two specialists); the Praefectus Magnus; the Diplomat (copying Blue's
Prefect, taking the coins of the turned markers); the Tribune (cards back, the bonus, a new
colonist); the gods, the live score and the end of the game.

Moves are written in the engine's notation (``engine.concordia.notation``). City and route
numbers on the Italia map: Casinum 16, Neapolis 17, Spoletum 12, Roma 25; land route
Casinum–Roma 22, sea route Neapolis–Roma 55, land route Casinum–Spoletum 23; provinces
Umbria 6, Campania 7. A chance outcome is a good (city tokens: 0 brick … 4 cloth) or a card
(``engine.concordia.components.CARDS`` index).
"""

from __future__ import annotations

from engine.concordia.board import board
from ui.boards.concordia_labels import city_key
from ui.lessons import Lesson, Start, Step, Term

CASINUM, NEAPOLIS, SPOLETUM = (Term(city_key(board("italia"), c)) for c in (16, 17, 12))
"""City names go into the texts as parameters, said in the language of the text."""

BRICK, FOOD, TOOL, WINE, CLOTH = "01234"
TOKENS = (
    # Venetia: Bauzanum, Aquileia, Verona; Transpadana: Comum, Segusio; Liguria: Genua, Nicaea
    TOOL, WINE, BRICK, FOOD, BRICK, CLOTH, FOOD,
    # Aemilia: Mutina, Ravenna; Etruria: Florentia, Cosa
    FOOD, TOOL, CLOTH, WINE,
    # Umbria: Ancona, Spoletum, Hadria (marker: wine)
    TOOL, BRICK, WINE,
    # Corsica: Aleria, Olbia; Campania: Casinum (brick), Neapolis (food) (marker: food)
    TOOL, BRICK, BRICK, FOOD,
    # Apulia: Luceria, Brundisium; Lucania: Potentia, Croton; Sicilia: Messana, Panormus,
    # Syracusae
    FOOD, CLOTH, BRICK, TOOL, WINE, FOOD, BRICK,
)
ARCHITECT, PREFECT, MERCATOR, COLONIST, DIPLOMAT, MASON, FARMER, SMITH = (
    "6", "7", "8", "9", "10", "11", "12", "13")
CONSUL, VINTNER = "14", "15"
DISPLAY = (ARCHITECT, FARMER, MASON, PREFECT, MERCATOR, COLONIST, DIPLOMAT)
"""Slots 1-7 at the start; the Smith stays on top of the deck (pile I)."""


def key(name: str) -> str:
    return f"lesson.concordia.{name}"


LESSON = Lesson(
    start=Start("concordia", seats=("human", "ai:medium"),
                options=(("map", "italia"), ("start_player", 0)),
                moves=TOKENS + DISPLAY),
    steps=(
        Step(key("welcome"), target='[data-role="board"]'),
        Step(key("goal"), target='[data-role="board"]'),
        Step(key("hand"), target='[data-role="options"] .cc-hand', rule="C-3.1"),
        Step(key("play_architect"), expect="ARC", rule="C-4.2"),
        Step(key("points"), target='.cc-city[data-city="25"]', rule="C-4.2"),
        Step(key("move_land"), (("city", CASINUM),), expect="c0>r22", rule="C-4.2"),
        Step(key("move_sea"), (("city", NEAPOLIS),), expect="c1>r55", rule="C-4.2"),
        Step(key("build_casinum"), (("city", CASINUM),), expect="h16", rule="C-4.3"),
        Step(key("build_neapolis"), (("city", NEAPOLIS),), expect="h17", rule="C-4.3"),
        # Blue: Architect, land colonist two steps to Casinum–Spoletum, houses in Casinum
        # (the second there: money x2) and Spoletum.
        Step(key("blue_built"), (("city", CASINUM), ("second", SPOLETUM)),
             target='.cc-city[data-city="16"]', rule="C-4.3",
             before=("ARC", "c0>r23", "h16", "h12")),
        Step(key("play_prefect"), expect="PRE", rule="C-4.4"),
        Step(key("prefect_province"), (("city", CASINUM),), expect="p7",
             rule="C-4.4"),
        Step(key("prefect_coins"), target='.cc-province[data-province="7"]', rule="C-4.4"),
        # Blue: a Mercator, buys one food.
        Step(key("play_mercator"), expect="ME3", rule="C-4.5",
             before=("ME3", "+1F", "done")),
        Step(key("sell_wine"), expect="-1W", rule="C-4.5"),
        Step(key("buy_food"), expect="+1F", rule="C-4.5"),
        # Blue: a Senator, buys the Architect of slot 1; the Smith slides in.
        Step(key("play_senator"), expect="SEN", rule="C-4.8",
             before=("SEN", "s0", "done", SMITH)),
        Step(key("display"), target=".cc-display", rule="C-4.8"),
        Step(key("buy_farmer"), expect="s0", rule="C-4.8"),
        Step(key("buy_mason"), expect="s1/C", rule="C-4.8", after=(VINTNER, CONSUL)),
        # Blue: a Prefect in Umbria, doubled by the Praefectus Magnus, which passes to you.
        Step(key("blue_prefect"), target=".cc-flag.pm", rule="C-4.4", before=("PRE", "p6")),
        Step(key("play_diplomat"), expect="DIP", rule="C-4.7"),
        Step(key("copy"), expect="copy1", rule="C-4.7"),
        Step(key("cash"), expect="cash", rule="C-4.4"),
        # Blue: a Tribune (no colonist: it has no tool).
        Step(key("play_tribune"), expect="TRI", rule="C-4.1", before=("TRI",)),
        Step(key("colonist"), expect="L@25", rule="C-4.1"),
        # Blue: a Mercator, no trade; then it is your turn again (the lesson ends on it).
        Step(key("gods"), target='[data-role="options"] .cc-hand', before=("ME3", "done")),
        Step(key("gods_list"), target='[data-role="options"] .cc-hand'),
        # the Score tab until it is open, then its table
        Step(key("score"),
             target='#tab-score[aria-selected="false"], #panel-score:not([hidden])'),
        Step(key("end"), target=".cc-display", rule="C-5.1"),
    ),
    done=key("done"),
)
