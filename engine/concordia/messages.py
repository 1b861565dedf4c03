"""English templates of the Concordia log events, by key (the UI translates by key).

Placeholders: ``{p}``/``{q}`` a seat (shown as the player's name), ``{city}`` a city id,
``{province}`` a province index, ``{route}``/``{origin}`` a route index, ``{good}`` a good's name,
``{card}`` a card's name, ``{goods}`` goods written ``food:2,wine:1``; anything else as is.
``c.cash`` on a map whose cash option gives more (Creta, C-M.creta.2) also carries ``bonus``: the
sestertii of ``money`` that the map's rule adds.
"""

MESSAGES: dict[str, str] = {
    "c.start_player": "{p} is the start player.",
    "c.start_money": "{p} starts with {money} sestertii.",
    "c.praefectus_magnus": "{p} takes the Praefectus Magnus.",
    "c.token": "{city} produces {good}.",
    "c.marker": "{province} gets the {good} bonus marker.",
    "c.display": "{card} is turned up into the display.",
    "c.turn": "{p}'s turn.",
    "c.play": "{p} plays the {card}.",
    "c.copy": "{p} copies {q}'s {card} with the Diplomat.",
    "c.take_back": "{p} takes back the played cards ({cards}) and receives {money} sestertii.",
    "c.colonist_placed": "{p} pays 1 food and 1 tool and puts a {kind} colonist into {city}.",
    "c.move_from_city": "{p} moves a {kind} colonist from {city} to {route} ({steps} of "
                        "{points} movement points).",
    "c.move": "{p} moves a {kind} colonist from {origin} to {route} ({steps} of {points} "
              "movement points).",
    "c.build": "{p} builds a house in {city} for {goods} and {money} sestertii.",
    "c.production": "{province} produces: {p} receives {goods}.",
    "c.bonus": "{p} takes the bonus of {province}: {goods}.",
    "c.pm_passes": "The Praefectus Magnus passes from {p} to {q}.",
    "c.cash": "{p} takes {money} sestertii from the bonus markers and turns them back.",
    "c.colonist_cash": "{p} takes {money} sestertii.",
    "c.mercator_money": "{p} takes {money} sestertii.",
    "c.buy": "{p} buys {n} {good} for {money} sestertii.",
    "c.sell": "{p} sells {n} {good} for {money} sestertii.",
    "c.buy_card": "{p} buys the {card} for {goods}.",
    "c.specialist": "{p}'s {card} produces {goods}.",
    "c.keep": "{p}'s storehouse is full: keeps {goods}, loses {lost}.",
    "c.lost": "{p}'s storehouse is full: {lost} lost.",
    "c.end_trigger": "{p} takes the Concordia card: everybody else plays one more turn.",
    "c.game_over": "The game is over.",
    "c.pass": "{p} does nothing more.",
}
