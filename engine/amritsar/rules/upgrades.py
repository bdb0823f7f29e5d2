"""Upgrades of the personal board: storehouses, objectives, mahout tiles.

A storehouse costs 1 marble and goes on a free storehouse space; an objective
costs 1 copper and goes face down on a free objective space, giving that
space's benefit; a mahout tile costs 1 gold and goes on a free mahout space
(one per worker colour). Each upgrade moves the tax counter up one step per
tax icon it carries, and the donation counter it covers goes to the elephant
(or to the market space when the elephant holds 6). The any-resource
storehouse lets any resource pay; a free upgrade pays nothing. Each upgrade
triggers the upgrade bridge tiles. Rulebook: Mahout and upgrades.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.amritsar.actions import Act, Action
from engine.amritsar.board import Resource, WorkerColour
from engine.amritsar.catalog import Perk, Requirement
from engine.amritsar.decisions import Pending
from engine.amritsar.describe import mahout_words, storehouse_words
from engine.amritsar.effects import ALL_UPGRADES, Upgrade
from engine.amritsar.reasons import Reason
from engine.amritsar.rules.bridge import bridge_trigger
from engine.amritsar.rules.core import (
    Event,
    Events,
    applies,
    check,
    counter_from_board,
    decision,
    gain_resource,
    has_perk,
    pop,
    push_effect,
)
from engine.amritsar.rules.objectives_at_end import without_one
from engine.amritsar.state import NONE, UNNAMED, Frame, GameState, PlayerState

KIND_OF = {
    Act.UPGRADE_STOREHOUSE: Upgrade.STOREHOUSE,
    Act.UPGRADE_OBJECTIVE: Upgrade.OBJECTIVE,
    Act.UPGRADE_MAHOUT: Upgrade.MAHOUT,
}
_KIND_WORDS = {
    Upgrade.STOREHOUSE: ("storehouse", "almacén"),
    Upgrade.OBJECTIVE: ("objective", "objetivo"),
    Upgrade.MAHOUT: ("mahout", "mahout"),
}


def payments(s: GameState, p: PlayerState, kind: Upgrade, free: bool) -> tuple[int, ...]:
    """Resources the player may pay this upgrade with (``(-1,)`` when free)."""
    if free:
        return (NONE,)
    cost = int(s.catalog.rules.upgrade_cost[kind])
    if has_perk(s, p, Perk.ANY_RESOURCE_UPGRADE):
        return tuple(r for r in range(3) if p.resources[r] > 0)
    return (cost,) if p.resources[cost] > 0 else ()


def _targets(s: GameState, p: PlayerState, kind: Upgrade) -> Iterable[tuple[int, int]]:
    """(what, where) pairs the player could place for this kind."""
    if kind is Upgrade.STOREHOUSE:
        slots = [i for i, v in enumerate(p.storehouses) if v == NONE]
        return ((h, b) for h in s.revealed_storehouses for b in slots)
    if kind is Upgrade.OBJECTIVE:
        spaces = [i for i, v in enumerate(p.objectives) if v == NONE]
        hand = p.objective_hand
        if UNNAMED in hand:  # house rule objectives_at_end: unnamed ones are alike
            hand = (UNNAMED,)
        return ((o, b) for o in hand for b in spaces)
    spaces = [c for c in WorkerColour if p.mahouts[c] == NONE]
    return ((t, b) for t in p.mahout_hand for b in spaces)


def can_upgrade(s: GameState, seat: int, mask: int, *, free: bool) -> bool:
    p = s.players[seat]
    for kind in Upgrade:
        if mask >> kind & 1 and payments(s, p, kind, free):
            for _ in _targets(s, p, kind):
                return True
    return False


@decision(Pending.UPGRADE, [Act.UPGRADE_STOREHOUSE, Act.UPGRADE_OBJECTIVE, Act.UPGRADE_MAHOUT])
def _upgrade_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    p = s.players[top.player]
    for act, kind in KIND_OF.items():
        if top.a >> kind & 1:
            pays = payments(s, p, kind, bool(top.b))
            for what, where in _targets(s, p, kind):
                for resource in pays:
                    yield Action(act, what, where, resource)


def upgrade_reason(s: GameState, top: Frame, action: Action) -> Reason | None:
    kind = KIND_OF[action.kind]
    words = _KIND_WORDS[kind]
    fields = {"kind": words[0], "kind_es": words[1]}
    if not top.a >> kind & 1:
        return Reason("upgrade_kind", fields)
    p = s.players[top.player]
    what, where, paid = action.a, action.b, action.c
    catalog = s.catalog
    if kind is Upgrade.STOREHOUSE:
        if what not in s.revealed_storehouses:

            def storehouse_missing() -> dict[str, Any]:
                if 0 <= what < len(catalog.storehouses):
                    house = catalog.storehouses[what]
                    en, es = storehouse_words(house, "en"), storehouse_words(house, "es")
                else:
                    en, es = f"the storehouse number {what}", f"el almacén número {what}"
                return {"what": en[0].upper() + en[1:], "what_es": es[0].upper() + es[1:]}

            return Reason("upgrade_not_available", storehouse_missing)
        spaces: tuple[int, ...] = p.storehouses
    elif kind is Upgrade.OBJECTIVE:
        if what not in p.objective_hand:
            return Reason("objective_not_in_hand")
        spaces = p.objectives
    else:
        if what not in p.mahout_hand:

            def mahout_missing() -> dict[str, Any]:
                if 0 <= what < len(catalog.mahout_tiles):
                    printed = catalog.mahout_tiles[what].action
                    en, es = mahout_words(printed, "en"), mahout_words(printed, "es")
                else:
                    en, es = f"the mahout tile number {what}", f"la loseta de mahout número {what}"
                return {"what": en[0].upper() + en[1:], "what_es": es[0].upper() + es[1:]}

            return Reason("upgrade_not_available", mahout_missing)
        spaces = p.mahouts
    if NONE not in spaces:
        return Reason("upgrade_no_space", fields)
    if not 0 <= where < len(spaces):
        return Reason("choice_out_of_range")
    if spaces[where] != NONE:
        return Reason("upgrade_space_taken", fields)
    if top.b:
        if paid != NONE:
            cost = Resource(catalog.rules.upgrade_cost[kind])
            why = ("this upgrade is free, pay nothing", "esta mejora es gratis, no pagues nada")
            return Reason("upgrade_payment", lambda: _payment_words(fields, cost, why))
        return None
    allowed = payments(s, p, kind, False)
    if paid not in allowed:
        cost = Resource(catalog.rules.upgrade_cost[kind])
        if paid == NONE:
            why = ("it is not free", "no es gratis")
        elif not 0 <= paid < 3 or p.resources[paid] <= 0:
            why = ("you do not have that resource", "no tienes ese recurso")
        else:
            why = (f"you must pay {cost.name.lower()}", f"debes pagar {cost.es}")
        return Reason("upgrade_payment", lambda: _payment_words(fields, cost, why))
    return None


def _payment_words(fields: dict[str, Any], cost: Resource, why: tuple[str, str]) -> dict[str, Any]:
    return {
        **fields,
        "cost": cost.name.lower(),
        "cost_es": cost.es,
        "why": why[0],
        "why_es": why[1],
    }


for _act in KIND_OF:
    check(_act)(upgrade_reason)


def _apply_upgrade(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    seat = top.player
    p = s.own(seat)
    kind = KIND_OF[action.kind]
    catalog = s.catalog
    what, where, paid = action.a, action.b, action.c
    if paid != NONE:
        gain_resource(s, seat, paid, -1, events)
    if kind is Upgrade.STOREHOUSE:
        storehouse = catalog.storehouses[what]
        s.revealed_storehouses = tuple(h for h in s.revealed_storehouses if h != what)
        slots = list(p.storehouses)
        slots[where] = what
        p.storehouses = tuple(slots)
        icons = storehouse.tax_icons
        benefit, src = storehouse.immediate, ("storehouse", storehouse.id)
        name = storehouse.id
    elif kind is Upgrade.OBJECTIVE:
        p.objective_hand = without_one(p.objective_hand, what)
        spaces = list(p.objectives)
        spaces[where] = what
        p.objectives = (spaces[0], spaces[1], spaces[2], spaces[3])
        icons = catalog.rules.objective_tax_icons
        benefit, src = (
            catalog.board.objective_benefits[where],
            ("objective_space", f"space {where + 1}"),
        )
        name = "objective"  # face down: the table does not learn which
    else:
        tile = catalog.mahout_tiles[what]
        p.mahout_hand = tuple(t for t in p.mahout_hand if t != what)
        spaces = list(p.mahouts)
        spaces[where] = what
        p.mahouts = (spaces[0], spaces[1], spaces[2], spaces[3])
        icons = tile.tax_icons
        benefit, src = (), ("mahout", tile.id)
        name = tile.id
    p.tax += icons
    events.append(Event("upgrade", seat, icons, _KIND_WORDS[kind][0], name))
    counter_from_board(s, seat, events)
    # Pushed last runs first: the bridge benefit after the upgrade's own benefit.
    bridge_trigger(s, seat, Requirement.UPGRADE, events)
    push_effect(s, seat, benefit, src)


for _act in KIND_OF:
    applies(_act)(_apply_upgrade)

__all__ = ["ALL_UPGRADES", "can_upgrade", "payments"]
