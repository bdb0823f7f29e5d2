"""Rajas of the Ganges on the generic board: every label and value in Spanish.

A game in the middle (workers out, dice on the statues, tiles in provinces)
is turned into the generic board's panels; every Spanish text is checked for
the English words Rajas's view would leak without its words (its keys, its
buildings, stacks, palace spaces and dice colours), and each player has a
board of their own with their colour.
"""

from __future__ import annotations

import random
import re

from companion.games import new_table_session
from companion.server.payload_generic import board

#: English a Rajas view shows without its words (keys, ids and values).
ENGLISH = {
    "fame", "money", "workers", "placed", "dice", "buildings", "province", "residence",
    "tile", "rotation", "stacks", "top", "below", "spaces", "ending", "hand", "boat",
    "temple", "palace", "fort", "mill", "snake", "cow", "tiger", "blue", "green",
    "orange", "purple", "red", "yellow", "take", "swap", "mogul", "dancer", "builder",
    "portuguese", "none", "start", "player", "you", "viewer",
}  # fmt: skip


def texts(node: object, lang: str) -> list[str]:
    if isinstance(node, dict):
        if set(node) == {"en", "es"}:
            return [str(node[lang])]
        return [t for v in node.values() for t in texts(v, lang)]
    if isinstance(node, list):
        return [t for v in node for t in texts(v, lang)]
    return []


def test_the_board_of_a_game_in_the_middle_reads_in_spanish() -> None:
    session = new_table_session("rajas", ["Ana", "Ben", "Cy"], seed=11)
    rng = random.Random(1)
    for _ in range(90):
        seat = session.seat_view(None)["decision"]["seat"]
        view = session.seat_view(seat)
        assert session.answer(seat, rng.choice(view["options"])["action"], view["state_id"]).ok
    drawn = board(session.seat_view(1)["game"], "rajas", session.seats)
    spanish = " ".join(texts(drawn, "es"))
    english = " ".join(texts(drawn, "en"))
    leaked = {w.lower() for w in re.findall(r"[A-Za-z]+", spanish)} & ENGLISH
    assert not leaked, leaked
    assert {"Fama", "Dinero", "Provincia", "residencia"} <= set(re.findall(r"\w+", spanish))
    assert "Fame" in english and "residence" in english  # the check above can fail
    assert [(p["name"], p["colour"]) for p in drawn["players"]] == [
        ("Ana", "red"),
        ("Ben", "blue"),
        ("Cy", "green"),
    ]
    assert all(len(p["rows"]) >= 8 for p in drawn["players"])
