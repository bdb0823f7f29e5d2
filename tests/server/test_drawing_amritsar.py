"""Amritsar's board drawing data (``companion.games.amritsar.board_drawing``) against the game.

Every piece the public view lists is in the drawing where it says (each section's
workers and coins, each elephant with its load in its district, the Maharajah's
token and the workers beside his spaces, every donation counter, the temple tile,
the market), every owner carries a mark, every word comes in both languages, and a
seat's drawing is the spectator's (it is built from the public view only).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.games.amritsar.board_drawing import amritsar_drawing
from companion.games.amritsar.payload import Payloads
from companion.games.amritsar.session import TableSession
from engine.amritsar import District, Resource, WorkerColour, legal_actions


def _played(names: list[str], *, solo: bool, moves: int, seed: int) -> TableSession:
    session = TableSession.new(names, seed=seed, solo=solo, pin="4821")
    rng = random.Random(seed)
    for _ in range(moves):
        if session.state.finished:
            break
        assert session.apply_actions([rng.choice(legal_actions(session.state))], "camera").ok
    return session


def _pairs(data: Any) -> list[dict[str, str]]:
    """Every {en, es} pair in the drawing."""
    found: list[dict[str, str]] = []
    if isinstance(data, dict):
        if set(data) == {"en", "es"}:
            return [data]
        for value in data.values():
            found.extend(_pairs(value))
    elif isinstance(data, list):
        for value in data:
            found.extend(_pairs(value))
    return found


@pytest.mark.parametrize(
    ("names", "solo", "moves", "seed"),
    [
        (["Ana", "Ben", "Cy"], False, 150, 5),
        (["Ana"], True, 90, 3),
        (["Ana", "Ben"], False, 400, 2),
    ],
)
def test_every_piece_the_view_lists_is_drawn_where_it_says(
    names: list[str], solo: bool, moves: int, seed: int
) -> None:
    session = _played(names, solo=solo, moves=moves, seed=seed)
    state = session.state
    drawing = amritsar_drawing(state, session.seats)
    assert drawing["game"] == "amritsar"
    districts = {d["letter"]: d for d in drawing["districts"]}
    assert list(districts) == [d.letter for d in District]
    for d in District:
        drawn = districts[d.letter]
        for k in range(2):
            section = drawn["sections"][k]
            index = int(d) * 2 + k
            assert section["index"] == index and section["place"] == f"section:{d.letter}{k + 1}"
            workers = "".join(WorkerColour(w).letter for w in state.sections[index])
            assert sorted(section["workers"]) == sorted(workers)
            assert section["coins"] == state.section_coins[index]
        here = {(e["seat"], e["load"]) for e in drawn["elephants"]}
        wanted = {
            (seat, p.on_elephant) for seat, p in enumerate(state.players) if p.elephant == int(d)
        }
        if state.maharajah is not None and state.maharajah.elephant == int(d):
            wanted.add((len(state.players), state.maharajah.on_elephant))
        assert here == wanted, d
        assert len(drawn["tiles"]) == 3 and all(t["words"] for t in drawn["tiles"])
    for tile in drawing["donations"]:
        d = next(x for x in District if x.letter == tile["letter"])
        assert tile["owners"] == list(state.donations[int(d)])
        assert sum(len(level) for level in tile["levels"]) == len(tile["owners"])
    spaces = [s for s in drawing["spaces"] if s["here"]]
    assert [s["name"] for s in spaces] == [("NE", "ES", "SW", "WN")[state.maharajah_space]]
    market = {m["resource"]: m["filled"] for m in drawing["market"]}
    assert market == {r.name.lower(): state.market[int(r)] for r in Resource}
    # every owner is marked by a letter as well as a colour, and the marks differ
    marks = [s["mark"] for s in drawing["seats"]]
    assert all(marks) and len(set(marks)) == len(marks)
    assert all(s["colour"] for s in drawing["seats"])
    # every word in both languages
    pairs = _pairs(drawing)
    assert pairs and all(p["en"] and p["es"] for p in pairs)
    assert any(p["en"] != p["es"] for p in pairs)


def test_a_seat_s_drawing_is_the_spectator_s() -> None:
    session = _played(["Ana", "Ben", "Cy"], solo=False, moves=120, seed=9)
    payloads = Payloads(session)
    watcher = payloads.view(None)["board"]["drawing"]
    for seat in range(3):
        assert payloads.view(seat)["board"]["drawing"] == watcher
    # the objectives, a seat's secret, appear nowhere in it
    secret = {o["id"] for o in payloads.view(0)["objectives"]}
    text = repr(watcher)
    assert secret and not any(f"'{ident}'" in text for ident in secret)


def test_an_alert_s_marks_are_drawn_data() -> None:
    session = _played(["Ana", "Ben"], solo=False, moves=60, seed=5)
    marks = [{"piece": "elephant", "seat": 0, "seen": "E", "belongs": "N"}]
    drawing = amritsar_drawing(session.state, session.seats, marks)
    assert drawing["marks"] == marks
    assert drawing["words"]["wrong"]["es"] == "mal"
