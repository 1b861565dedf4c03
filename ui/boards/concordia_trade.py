"""Concordia's Mercator as a trade sheet: the plan being filled in (``session.ui["trade"]``),
the decisions it stands for, whether they can be carried out, and the sheet itself."""

from __future__ import annotations

from typing import Any

from engine.concordia.components import GOODS
from engine.concordia.notation import DONE, Action
from ui.boards.concordia_cards import good_tile
from ui.boards.concordia_words import good_name, goods_text
from ui.html import Markup, tag
from ui.i18n import Catalogue


def trade_plan(session) -> dict[int, int]:
    """The Mercator sheet being filled in: good -> amount (+ buy, − sell)."""
    plan = session.ui.get("trade")
    return dict(plan) if isinstance(plan, dict) else {}


def trade_actions(game, plan: dict[int, int]) -> list[Action]:
    """The decisions of a plan, sells first (their money pays the buys), then the end of the
    Mercator if the trades have not ended it already."""
    sells = [Action("sell", g, -n) for g, n in sorted(plan.items()) if n < 0]
    buys = [Action("buy", g, n) for g, n in sorted(plan.items()) if n > 0]
    trial = game.clone()
    for action in sells + buys:
        if action not in trial.legal_actions():
            return sells + buys
        trial.apply(action)
    return sells + buys + ([DONE] if DONE in trial.legal_actions() else [])


def trade_check(game, plan: dict[int, int]) -> tuple[Any, Any] | None:
    """None if the plan can be carried out now, else the engine's (reason, rule) for the first
    decision that cannot."""
    trial = game.clone()
    for action in trade_actions(game, plan):
        if action not in trial.legal_actions():
            return trial.why_illegal(action)
        trial.apply(action)
    return None


def trade_panel(session, cat: Catalogue, end: list[Markup]) -> Markup:
    """The Mercator as a trade sheet: per good a stepper (− sell, + buy) within what the rules
    allow, the money it makes or costs, and one "Trade" button that carries it all out, beside
    ``end`` (the button that ends trading). The money and the buttons stay in view at the foot
    of the sheet while its goods scroll (a phone's decision bar is short)."""
    game = session.view
    seat = game.current_player
    plan = trade_plan(session)
    rows = []
    for good in range(len(GOODS)):
        price = game.trade_price(good)
        amount = plan.get(good, 0)
        gname = good_name(cat, good)
        steppers = []
        for delta, sign, key in ((-1, "−", "cc.trade.fewer"), (1, "+", "cc.trade.more")):
            tried = {**plan, good: amount + delta}
            ok = trade_check(game, {g: n for g, n in tried.items() if n}) is None
            steppers.append(tag("button", {
                "type": "button", "class_": "cc-btn small step", "data_cmd": "board",
                "data_trade_good": good, "data_trade_delta": delta, "disabled": not ok,
                "aria_label": cat.t(key, good=gname)}, sign))
        shown = (cat.t("cc.trade.buy_n", n=amount) if amount > 0 else
                 cat.t("cc.trade.sell_n", n=-amount) if amount < 0 else cat.t("cc.trade.none"))
        rows.append(tag("tr", {"class_": "changed" if amount else None},
                        tag("th", {"scope": "row"}, good_tile(cat, good), " ", gname, tag("br", {}),
                            tag("small", {}, cat.t("cc.trade.line", price=price,
                                                   have=game.goods[seat][good]))),
                        tag("td", {"class_": "stepper"}, steppers[0],
                            tag("output", {"class_": "amount", "data_trade_amount": amount},
                                shown), steppers[1])))
    change = sum(-game.trade_price(g, n) for g, n in plan.items())
    free = game.free_space(seat) - sum(plan.values())
    head = tag("tr", {}, *[tag("th", {"scope": "col"}, cat.t(k)) for k in
                           ("cc.trade.good", "cc.trade.amount")])
    summary = goods_text(cat, [max(plan.get(g, 0), 0) for g in range(len(GOODS))])
    go = tag("button", {"type": "button", "class_": "cc-btn primary trade-go",
                        "data_cmd": "board", "data_trade": "go", "disabled": not plan,
                        "aria_label": cat.t("cc.trade.go_label", summary=summary)
                        if plan else None}, cat.t("cc.trade.go"))
    return tag("div", {"class_": "cc-trade"},
               tag("p", {}, cat.t("cc.trade.help")),
               tag("div", {"class_": "cc-trade-goods"},
                   tag("table", {}, tag("thead", {}, head), tag("tbody", {}, *rows))),
               tag("div", {"class_": "cc-trade-foot"},
                   tag("p", {"class_": "cc-trade-money", "aria_live": "polite"},
                       cat.t("cc.trade.money", before=game.money[seat],
                             after=game.money[seat] + change, free=free)),
                   go, *end))
