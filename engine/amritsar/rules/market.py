"""The market: buying, selling, and the exchange storehouse.

A column holding ``k`` resources fills rows 1..k from the top. Buying takes
the lowest one (row ``k``) at that row's price, or from the reserve at 2 when
the column is empty; selling fills row ``k + 1`` at its price plus any PP
printed there, or goes to the reserve at 1 when the column is full. One market
action may hold many trades, but no player buys and sells the same resource
type in one turn. A market action with at least one trade moves a donation
counter from the player's market space to their elephant; every market action
triggers the market bridge tile ("every time you perform the Market action";
house rule ``market_bridge_needs_trade``: only one with a trade). The discount
storehouse takes 1 coin off the purchase of each market action (house rule
``discount_once_per_turn``: of the turn's first). Rulebook: Economy; The
Storehouses.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.amritsar.actions import Act, Action
from engine.amritsar.board import Resource
from engine.amritsar.catalog import Perk, Requirement
from engine.amritsar.decisions import Pending
from engine.amritsar.options import has_option
from engine.amritsar.reasons import Reason
from engine.amritsar.rules.bridge import bridge_trigger
from engine.amritsar.rules.core import (
    Event,
    Events,
    applies,
    check,
    counter_from_market_space,
    decision,
    gain_coins,
    gain_pp,
    gain_resource,
    has_perk,
    pop,
    replace_top,
)
from engine.amritsar.state import Frame, GameState

#: Market frame flag bits (beside effects_run.FOLLOWING = 1).
DISCOUNT_USED = 2


def buy_price(s: GameState, resource: int) -> int:
    filled = s.market[resource]
    if filled == 0:
        return s.catalog.rules.buy_from_reserve_price
    return s.catalog.market[resource].price[filled - 1]


def sell_terms(s: GameState, resource: int) -> tuple[int, int]:
    """Coins and PP for selling one resource now."""
    column = s.catalog.market[resource]
    filled = s.market[resource]
    if filled >= len(column.price):
        return s.catalog.rules.sell_to_reserve_price, 0
    return column.price[filled], column.pp[filled]


def _discount(s: GameState, seat: int, flags: int) -> int:
    if flags & DISCOUNT_USED:
        return 0
    if has_option(s, "discount_once_per_turn") and s.bought[seat]:
        return 0  # the turn's first purchase had it
    return 1 if has_perk(s, s.players[seat], Perk.MARKET_DISCOUNT) else 0


def _trade_reason(s: GameState, seat: int, kind: Act, resource: int, flags: int) -> Reason | None:
    p = s.players[seat]
    if kind is Act.BUY:
        if s.sold[seat] >> resource & 1:
            return Reason(
                "bought_and_sold",
                lambda: {
                    **_names(resource),
                    "did": "sold",
                    "did_es": "vendido",
                    "verb": "buy",
                    "verb_es": "comprarlo",
                },
            )
        cost = max(0, buy_price(s, resource) - _discount(s, seat, flags))
        if p.coins < cost:
            have = p.coins
            return Reason(
                "cannot_afford", lambda: {**_names(resource), "coins": cost, "have": have}
            )
        return None
    if s.bought[seat] >> resource & 1:
        return Reason(
            "bought_and_sold",
            lambda: {
                **_names(resource),
                "did": "bought",
                "did_es": "comprado",
                "verb": "sell",
                "verb_es": "venderlo",
            },
        )
    if p.resources[resource] <= 0:
        return Reason("nothing_to_sell", lambda: _names(resource))
    return None


def _mark(bits: tuple[int, ...], seat: int, resource: int) -> tuple[int, ...]:
    return (*bits[:seat], bits[seat] | 1 << resource, *bits[seat + 1 :])


def _names(resource: int) -> dict[str, str]:
    return {"resource": Resource(resource).name.lower(), "resource_es": Resource(resource).es}


def can_trade(s: GameState, seat: int) -> bool:
    return any(
        _trade_reason(s, seat, kind, r, 0) is None for kind in (Act.BUY, Act.SELL) for r in range(3)
    )


@decision(Pending.MARKET, [Act.BUY, Act.SELL, Act.MARKET_DONE, Act.EXCHANGE])
def _market_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    yield from _TRADES
    yield from exchange_candidates(s, top.player)


_TRADES = (
    *(Action(Act.BUY, r) for r in range(3)),
    *(Action(Act.SELL, r) for r in range(3)),
    Action(Act.MARKET_DONE),
)


@check(Act.BUY)
def _check_buy(s: GameState, top: Frame, action: Action) -> Reason | None:
    if not 0 <= action.a < 3:
        return Reason("choice_out_of_range")
    return _trade_reason(s, top.player, Act.BUY, action.a, top.flags)


@check(Act.SELL)
def _check_sell(s: GameState, top: Frame, action: Action) -> Reason | None:
    if not 0 <= action.a < 3:
        return Reason("choice_out_of_range")
    return _trade_reason(s, top.player, Act.SELL, action.a, top.flags)


@check(Act.MARKET_DONE)
def _check_done(s: GameState, top: Frame, action: Action) -> Reason | None:
    from engine.amritsar.rules.effects_run import FOLLOWING

    if (
        top.flags & FOLLOWING
        and top.n == 0
        and can_trade(s, top.player)
        and not has_option(s, "follow_market_without_trade")
    ):
        return Reason("follow_needs_trade")
    return None


@applies(Act.BUY)
def _apply_buy(s: GameState, top: Frame, action: Action, events: Events) -> None:
    r = action.a
    discount = _discount(s, top.player, top.flags)
    cost = max(0, buy_price(s, r) - discount)
    flags = top.flags | (DISCOUNT_USED if discount else 0)
    replace_top(s, Frame(top.kind, top.player, top.steps, top.a, top.b, top.n + 1, top.src, flags))
    from_reserve = s.market[r] == 0
    if not from_reserve:
        counts = list(s.market)
        counts[r] -= 1
        s.market = (counts[0], counts[1], counts[2])
    s.bought = _mark(s.bought, top.player, r)
    gain_coins(s, top.player, -cost, events)
    gain_resource(s, top.player, r, 1, events)
    events.append(
        Event(
            "buy",
            top.player,
            cost,
            Resource(r).name.lower(),
            "reserve" if from_reserve else "market",
        )
    )


@applies(Act.SELL)
def _apply_sell(s: GameState, top: Frame, action: Action, events: Events) -> None:
    r = action.a
    coins, pp = sell_terms(s, r)
    to_reserve = s.market[r] >= len(s.catalog.market[r].price)
    replace_top(
        s, Frame(top.kind, top.player, top.steps, top.a, top.b, top.n + 1, top.src, top.flags)
    )
    if not to_reserve:
        counts = list(s.market)
        counts[r] += 1
        s.market = (counts[0], counts[1], counts[2])
        row = counts[r]
    s.sold = _mark(s.sold, top.player, r)
    gain_resource(s, top.player, r, -1, events)
    gain_coins(s, top.player, coins, events)
    if pp:
        gain_pp(s, top.player, pp, ("market", f"{Resource(r).name.lower()} row {row}"), events)
    events.append(
        Event(
            "sell",
            top.player,
            coins,
            Resource(r).name.lower(),
            "reserve" if to_reserve else "market",
        )
    )


@applies(Act.MARKET_DONE)
def _apply_done(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    if top.n > 0:
        counter_from_market_space(s, top.player, ("market", "market action"), events)
    if top.n > 0 or not has_option(s, "market_bridge_needs_trade"):
        bridge_trigger(s, top.player, Requirement.MARKET, events)


# -- the exchange storehouse (offered in the action menu and the market) -----


def exchange_candidates(s: GameState, seat: int) -> Iterable[Action]:
    """The four exchanges, for a player with the exchange storehouse."""
    if has_perk(s, s.players[seat], Perk.EXCHANGE):
        for give, take in ((0, 1), (1, 0), (1, 2), (2, 1)):
            yield Action(Act.EXCHANGE, give, take)


#: Where the exchange is offered by default; the house rule ``exchange_any_time``
#: adds every decision of the player's own turn (phases 1 and 3, moving workers).
EXCHANGE_DECISIONS = (Pending.ACTIONS, Pending.MARKET)


def any_time_exchange(s: GameState, top: Frame) -> Iterable[Action]:
    """The exchanges at another decision of one's own turn (house rule)."""
    if has_option(s, "exchange_any_time") and top.player == s.current:
        yield from exchange_candidates(s, top.player)


@check(Act.EXCHANGE)
def _check_exchange(s: GameState, top: Frame, action: Action) -> Reason | None:
    from engine.amritsar.rules.effects_run import FOLLOWING

    seat = top.player
    p = s.players[seat]
    if not has_perk(s, p, Perk.EXCHANGE):
        return Reason(
            "exchange_unavailable",
            {
                "why": "You have no exchange storehouse",
                "why_es": "No tienes el almacén de intercambio",
            },
        )
    if top.kind not in EXCHANGE_DECISIONS and not has_option(s, "exchange_any_time"):
        return Reason("exchange_not_now")
    if seat != s.current or top.flags & FOLLOWING:
        return Reason(
            "exchange_unavailable",
            {
                "why": "The exchange is only on your own turn",
                "why_es": "El intercambio solo es en tu turno",
            },
        )
    if s.exchange_used:
        return Reason(
            "exchange_unavailable",
            {
                "why": "You have already exchanged this turn",
                "why_es": "Ya has intercambiado este turno",
            },
        )
    if abs(action.a - action.b) != 1 or not (0 <= action.a < 3 and 0 <= action.b < 3):
        return Reason(
            "exchange_unavailable",
            {
                "why": "Exchange marble and copper, or copper and gold",
                "why_es": "Intercambia mármol y cobre, o cobre y oro",
            },
        )
    if p.resources[action.a] <= 0:
        give = Resource(action.a)
        return Reason(
            "exchange_unavailable",
            lambda: {
                "why": f"You have no {give.name.lower()} to give",
                "why_es": f"No tienes {give.es} para dar",
            },
        )
    return None


@applies(Act.EXCHANGE)
def _apply_exchange(s: GameState, top: Frame, action: Action, events: Events) -> None:
    s.exchange_used = True
    gain_resource(s, top.player, action.a, -1, events)
    gain_resource(s, top.player, action.b, 1, events)
