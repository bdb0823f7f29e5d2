"""Donations to the Golden Temple (rulebook: The Golden Temple and Donations).

Only in the district where the player's elephant stands, with a counter on
the elephant, on a free space whose level the player can pay for; a space
above level 1 needs both spaces below it occupied, by anyone. The donor earns
the space's PP and each owner of the two counters below earns 1 PP per counter
(the donor too, for their own). Each donation triggers the donation bridge
tile.

Spaces of a donation tile are numbered level by level, left to right:
``space_index(tile, level, i)``; the two spaces below space ``i`` of level
``L`` are spaces ``i`` and ``i + 1`` of level ``L - 1``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.amritsar.actions import Act, Action
from engine.amritsar.board import District, Resource
from engine.amritsar.catalog import DonationTile, Requirement
from engine.amritsar.decisions import Pending
from engine.amritsar.reasons import Reason
from engine.amritsar.rules.bridge import bridge_trigger
from engine.amritsar.rules.core import (
    Event,
    Events,
    applies,
    can_pay,
    check,
    decision,
    gain_pp,
    pay,
    pop,
)
from engine.amritsar.state import MAHARAJAH_SEAT, NONE, Frame, GameState


def level_offsets(tile: DonationTile) -> tuple[int, ...]:
    return tile.offsets


def space_index(tile: DonationTile, level: int, index: int) -> int:
    return tile.offsets[level - 1] + index


def tile_for(s: GameState, district: int) -> DonationTile:
    return s.catalog.donation_tile(s.donation_players, district)


def space_problem(
    tile: DonationTile,
    owners: tuple[int, ...],
    level: int,
    index: int,
    counters: int,
    resources: tuple[int, int, int],
) -> str | None:
    """The reason code refusing a donation on an existing space, or ``None``.

    Cheap (no sentences), so ``can_donate`` can ask it of every space;
    ``donation_reason`` turns the code into a refusal a player reads.
    """
    if counters <= 0:
        return "donation_no_counter"
    position = tile.offsets[level - 1] + index
    if owners[position] != NONE:
        return "donation_space_taken"
    if level > 1:
        below = tile.offsets[level - 2] + index
        if owners[below] == NONE or owners[below + 1] == NONE:
            return "donation_needs_below"
    cost = tile.levels[level - 1].cost
    r = resources
    if r[0] < cost[0] or r[1] < cost[1] or r[2] < cost[2]:
        return "donation_cost"
    return None


def donation_reason(
    s: GameState,
    seat: int,
    district: int,
    level: int,
    index: int,
    *,
    counters: int,
    resources: tuple[int, int, int],
) -> Reason | None:
    """Why a donation on this space is refused (``None`` when allowed)."""
    tile = tile_for(s, district)
    exists = 1 <= level <= len(tile.levels) and 0 <= index < len(tile.levels[level - 1].pp)
    code = (
        space_problem(tile, s.donations[district], level, index, counters, resources)
        if exists
        else "donation_space"
    )
    if code is None:
        return None
    named = District(district)

    def words() -> dict[str, Any]:
        fields: dict[str, Any] = {
            "level": level,
            "space": index + 1,
            "district": named.in_text,
            "district_es": named.es,
        }
        if code == "donation_cost":
            cost = tile.levels[level - 1].cost
            fields["cost"] = describe_cost(cost)
            fields["cost_es"] = describe_cost(cost, "es")
            fields["have"] = describe_cost(resources) or "nothing"
            fields["have_es"] = describe_cost(resources, "es") or "nada"
        return fields

    return Reason(code, words)


def describe_cost(cost: tuple[int, int, int], lang: str = "en") -> str:
    return ", ".join(
        f"{n} {Resource(r).es if lang == 'es' else Resource(r).name.lower()}"
        for r, n in enumerate(cost)
        if n
    )


def open_spaces(s: GameState, district: int) -> Iterable[tuple[int, int]]:
    tile = tile_for(s, district)
    for level, row in enumerate(tile.levels, start=1):
        for index in range(len(row.pp)):
            yield level, index


def can_donate(s: GameState, seat: int) -> bool:
    """Is there a space where the player could donate now (same test as the refusals)?"""
    p = s.players[seat]
    if p.elephant < 0 or p.on_elephant <= 0:
        return False
    tile = tile_for(s, p.elephant)
    owners = s.donations[p.elephant]
    r = p.resources
    offsets = tile.offsets
    # space_problem(...) is None for some space, a level at a time: a level
    # the player cannot pay for is passed over whole.
    for level, row in enumerate(tile.levels, start=1):
        cost = row.cost
        if r[0] < cost[0] or r[1] < cost[1] or r[2] < cost[2]:
            continue
        first = offsets[level - 1]
        below = offsets[level - 2] if level > 1 else -1
        for index in range(len(row.pp)):
            if owners[first + index] != NONE:
                continue
            if below >= 0 and (owners[below + index] == NONE or owners[below + index + 1] == NONE):
                continue
            return True
    return False


def why_no_donation(s: GameState, seat: int) -> tuple[str, str]:
    """Why the player cannot donate now, in English and Spanish."""
    p = s.players[seat]
    if p.elephant < 0:
        return ("your elephant is not on the board", "tu elefante no está en el tablero")
    if p.on_elephant <= 0:
        return (
            "your elephant carries no donation counters",
            "tu elefante no lleva contadores de donación",
        )
    district = District(p.elephant)
    return (
        f"no free space in {District(district).in_text} that you can pay for",
        f"no hay espacio libre en {district.es} que puedas pagar",
    )


def place_donation(
    s: GameState,
    seat: int,
    district: int,
    level: int,
    index: int,
    src: tuple[str, str],
    events: Events,
) -> None:
    """Put the counter on the space and pay out its PP (payment done by the caller)."""
    tile = tile_for(s, district)
    position = space_index(tile, level, index)
    owners = list(s.donations[district])
    owners[position] = seat
    rows = list(s.donations)
    rows[district] = tuple(owners)
    s.donations = tuple(rows)
    where = f"{District(district).title} {level}.{index + 1}"
    events.append(Event("donation", seat, 1, District(district).letter, f"{level}.{index + 1}"))
    gain_pp(s, seat, tile.levels[level - 1].pp[index], ("donation", where), events)
    if level > 1:
        below = space_index(tile, level - 1, index)
        for owner in (owners[below], owners[below + 1]):
            gain_pp(s, owner, 1, ("donation_below", where), events)
    if not (s.maharajah is not None and seat == MAHARAJAH_SEAT):
        bridge_trigger(s, seat, Requirement.DONATION, events)


@decision(Pending.DONATE, [Act.DONATE])
def _donate_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    p = s.players[top.player]
    if p.elephant < 0:
        return ()
    # Spaces refused anyway are left out (the check still explains them).
    tile = tile_for(s, p.elephant)
    owners = s.donations[p.elephant]
    counters, resources = p.on_elephant, p.resources
    return (
        Action(Act.DONATE, level, i)
        for level, i in open_spaces(s, p.elephant)
        if space_problem(tile, owners, level, i, counters, resources) is None
    )


@check(Act.DONATE)
def _check_donate(s: GameState, top: Frame, action: Action) -> Reason | None:
    p = s.players[top.player]
    return donation_reason(
        s, top.player, p.elephant, action.a, action.b, counters=p.on_elephant, resources=p.resources
    )


@applies(Act.DONATE)
def _apply_donate(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    p = s.own(top.player)
    tile = tile_for(s, p.elephant)
    pay(s, top.player, tile.levels[action.a - 1].cost, events)
    p.on_elephant -= 1
    p.donation_counters_placed += 1
    place_donation(s, top.player, p.elephant, action.a, action.b, top.src, events)


__all__ = ["can_donate", "can_pay", "donation_reason", "place_donation"]
