"""What a camera above the table can check of an Imhotep state, and views per seat.

``ImhotepObservation`` holds one field per thing on the table. Most are seen
directly from above; the fields in its ``DERIVED`` (reasons in
``WHY_DERIVED``) cannot be (stacked stones hide the ones below them), so a
camera snapshot leaves them ``None`` (``as_seen``) and only the rules' record
fills them in. A camera's reading is ``None`` wherever it could not read: a
whole field, one item (a boat, a market space) or one slot of a boat whose
id and place it did read. ``view`` is the JSON a phone gets: everything
public, plus what only that seat may know (the side-B market pair it holds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.observation import Observation
from engine.imhotep.catalog import Catalog
from engine.imhotep.play import pending
from engine.imhotep.scoring import score_sheets
from engine.imhotep.sites import temple_visible, temple_width
from engine.imhotep.state import HARBOUR, PYRAMID_NAMES, SITE_NAMES, State

#: field -> why the camera cannot see it from above (the log derives it)
WHY_DERIVED: dict[str, str] = {
    "temple_covered": "lower temple levels are covered by the stones above them",
    "obelisk_heights": "stones stacked on an obelisk hide each other; the camera sees only the top colour",
    "pyramid_covered": "upper levels hide part of the stones below them",
}
DERIVED = WHY_DERIVED  # the name callers used before the core declared ``DERIVED``


@dataclass(frozen=True)
class ImhotepObservation(Observation):
    """The table seen from above (colours by name, "" for an empty slot)."""

    DERIVED: ClassVar[frozenset[str]] = frozenset(WHY_DERIVED)

    round_card: int | None  # the face-up round card's id
    boats: (
        tuple[tuple[int, str, tuple[str | None, ...]], ...] | None
    )  # (id, "harbour"/site, slot colours bow first; a camera's unread slot: None)
    pyramid_top: (
        tuple[str, ...] | None
    )  # the A pyramid's stones in placement order as seen; B: per pyramid joined
    pyramid_covered: tuple[str, ...] | None  # derived: every pyramid stone in placement order
    temple_top: tuple[str, ...] | None  # the colour on top of each temple column, left to right
    temple_covered: int | None  # derived: stones under the top level
    burial: tuple[str, ...] | None  # burial stones in placement order (column by column)
    obelisk_tops: tuple[str, ...] | None  # colours with a tower (A) or single stones (B)
    obelisk_heights: (
        tuple[int, ...] | None
    )  # derived: stones per colour (A: tower height; B: singles)
    towers: tuple[str, ...] | None  # side B: the owner colour of each 3-stone tower slot
    market: tuple[str, ...] | None  # face-up market cards by slot
    market_face_down: int | None  # side B: face-down cards still on the market
    cards: tuple[tuple[str, ...], ...] | None  # cards face up in front of each seat, sorted
    sleds: tuple[int, ...] | None  # stones on each seat's supply sled
    track: (
        tuple[int, ...] | None
    )  # each seat's marker on the 0/40 track (a lap past 40 is not visible)


def observe(state: State, catalog: Catalog) -> ImhotepObservation:
    width = temple_width(state.players, catalog)
    top = tuple(state.colour(o) for _, o in sorted(temple_visible(state.temple, width)))
    pyramid_all = tuple(state.colour(o) for p in state.pyramid for o in p)
    if state.sides[1] == "A":
        # level 2 rests on level 1's four 2x2 corners: once it is complete the
        # centre stone of level 1 is hidden from above; every other stone shows
        stones = state.pyramid[0]
        covered = {4} if len(stones) >= 13 else set()
        pyramid_top = tuple(state.colour(o) for i, o in enumerate(stones) if i not in covered)
    else:
        pyramid_top = pyramid_all
    # the score track: live points during play, the final totals once scored
    live = (
        [sheet.total for sheet in score_sheets(state, catalog)]
        if state.over
        else [sum(p) for p in state.points]
    )
    return ImhotepObservation(
        round_card=state.round_cards[-1] if state.boats else None,
        boats=tuple(
            (
                b.id,
                "harbour" if b.site == HARBOUR else SITE_NAMES[b.site],
                tuple(state.colour(o) for o in b.slots),
            )
            for b in state.boats
        ),
        pyramid_top=pyramid_top,
        pyramid_covered=pyramid_all,
        temple_top=top,
        temple_covered=max(0, len(state.temple) - width),
        burial=tuple(state.colour(o) for o in state.burial),
        obelisk_tops=tuple(state.colour(s) for s, h in enumerate(state.obelisk) if h),
        obelisk_heights=state.obelisk,
        towers=tuple(state.colour(s) for s in state.towers),
        market=tuple("" if k < 0 else catalog.cards[k].id for k in state.market),
        market_face_down=state.hidden,
        cards=tuple(
            tuple(sorted(catalog.cards[k].id for k, n in enumerate(hand) for _ in range(n)))
            for hand in state.hands
        ),
        sleds=state.sled,
        track=tuple(max(0, points) % 40 for points in live),
    )


def view(state: State, seat: int | None, catalog: Catalog) -> dict[str, Any]:
    """JSON-able state as ``seat`` may know it (``None``: anyone at the table)."""
    decision = pending(state)
    waiting = state.queue[0] if state.queue else None
    result: dict[str, Any] = {
        "game": "imhotep",
        "players": state.players,
        "colours": [state.colour(s) for s in range(state.players)],
        "sides": {SITE_NAMES[i]: state.sides[i] for i in range(5)},
        "wrath": state.wrath,
        "round": state.round,
        "first_player": state.first_player,
        "current": state.current,
        "decision": {"kind": decision.kind, "player": decision.player},
        "round_card": state.round_cards[-1] if state.boats else None,
        "boats": [
            {
                "id": b.id,
                "where": "harbour" if b.site == HARBOUR else SITE_NAMES[b.site],
                "slots": [state.colour(o) for o in b.slots],
                "minimum": catalog.boat(b.id).minimum,
            }
            for b in state.boats
        ],
        "market": ["" if k < 0 else catalog.cards[k].id for k in state.market],
        "market_face_down": state.hidden,
        "deck_size": state.pile(),
        "discard_size": sum(state.discard),
        "pyramid": {
            (
                PYRAMID_NAMES[i]
                if i < 3 and len(state.pyramid) > 1
                else "beside"
                if i == 3
                else "stones"
            ): [state.colour(o) for o in p]
            for i, p in enumerate(state.pyramid)
        },
        "temple": [state.colour(o) for o in state.temple],
        "burial": [state.colour(o) for o in state.burial],
        "obelisk": {state.colour(s): h for s, h in enumerate(state.obelisk)},
        "towers": [state.colour(s) for s in state.towers],
        "seats": [
            {
                "colour": state.colour(s),
                "sled": state.sled[s],
                "quarry": state.quarry[s],
                "cards": {catalog.cards[k].id: n for k, n in enumerate(state.hands[s]) if n},
                "points": sum(state.points[s]),
            }
            for s in range(state.players)
        ],
        "over": state.over,
        "house_rules": list(state.house),
    }
    looking = waiting is not None and waiting.kind in ("pair", "keep")
    if state.pair and looking and seat is not None and waiting is not None and waiting.seat == seat:
        result["pair"] = [catalog.cards[k].id for k in state.pair]
    return result
