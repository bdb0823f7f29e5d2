"""What a game's board drawing already shows, so the page folds those words away.

What it is for: the generic page used to repeat every area of the board as
worded panels below the drawing (``board.panels``, ``board.players``), which
made Rajas's table screen thousands of pixels tall. With a drawing, the panels
and rows named here go into one closed "The board in words" section (screen
readers still reach it); only what the drawing does not show stays open.

``drawn(game)`` is sent as ``board.drawn``: ``panels`` are the keys of the
panels the drawing shows whole; ``rows`` are the keys of the rows of the
general panel (``game``) and of each player's board that it shows (whose
turn it is counts as shown: the question above says it). Each set was read
off the game's drawer (``drawings.py``, ``drawing_ceylon.py``,
``drawing_rajas.py``): a key missing here only stays open, never hidden.
"""

from __future__ import annotations

from typing import NamedTuple


class Drawn(NamedTuple):
    """The panel keys and row keys a game's drawing shows."""

    panels: frozenset[str]
    rows: frozenset[str]


DRAWN: dict[str, Drawn] = {
    # The round and its card, the boats, the five sites (with their sides, the market's
    # cards face up and down, the towers), each player's sled and quarry. Not drawn: the
    # Pharaoh's wrath, who starts, the deck, each player's cards and points.
    "imhotep": Drawn(
        panels=frozenset(
            {"sides", "boats", "market", "pyramid", "temple", "burial", "obelisk", "towers"}
        ),
        rows=frozenset({"round", "round_card", "market_face_down", "sled", "quarry", "current"}),
    ),
    # The island (elevations, plantations, pawns), the advisors, the train, the card in
    # play, the district bonuses, the status line, the deck, each player's personal board.
    "ceylon": Drawn(
        panels=frozenset(
            {"districts", "levels", "plantations", "advisors", "train", "card", "bonus_stack"}
        ),
        rows=frozenset(
            {"first", "active", "turn", "ending", "contracts_left", "deck_left", "discards"}
            | {"pawn", "rupees", "cubes", "tech", "tech_order", "tokens", "markers_left"}
            | {"companies", "contracts", "points", "hired", "start_tile", "start_used"}
            | {"district_bonus", "hand_count"}
        ),
    ),
    # The round, the start player, the last round, the tile in hand, the action spaces
    # with their workers, the stacks, the race, the river, the scrolls, the provinces,
    # each player's karma, workers and dice.
    "rajas": Drawn(
        panels=frozenset({"spaces", "stacks"}),
        rows=frozenset(
            {"round", "first_player", "ending", "tile_in_hand"}
            | {"fame", "money", "karma", "boat", "workers", "workers_placed", "dice"}
            | {"buildings", "province"}
        ),
    ),
}


def drawn(game: str) -> dict[str, list[str]] | None:
    """``board.drawn`` for ``game``: what its drawing shows (None: fold nothing)."""
    found = DRAWN.get(game)
    if found is None:
        return None
    return {"panels": sorted(found.panels), "rows": sorted(found.rows)}
