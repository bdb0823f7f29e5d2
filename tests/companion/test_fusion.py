"""Sensors and camera fused: sensors win for elephants and the token, disagreements reported."""

from __future__ import annotations

from companion.games.amritsar.reconcile.fusion import SensorTable, fuse
from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.sensors.events import (
    BoardOffline,
    BoardState,
    Elephant,
    ElephantArrived,
    ElephantLeft,
    MaharajahLifted,
    MaharajahPlaced,
    ReaderFault,
)
from engine.amritsar.board import District

HEAD = {"board": "b1", "boot": "x", "seq": 0}
COLOURS = ("purple", "grey")


def _table() -> SensorTable:
    table = SensorTable()
    table.apply(
        BoardState(
            **HEAD,
            elephants={
                District.NORTH: (Elephant("04AA", "purple"),),
                District.SOUTH: (Elephant("04BB", "grey"),),
            },
            token_spaces=frozenset({3}),
            presses={},
        )
    )
    return table


def test_sensor_positions_override_the_camera_and_disagreement_is_reported() -> None:
    table = _table()
    camera = Seen(elephants=(District.EAST, District.SOUTH), maharajah_space=3)
    fused, disagreements = fuse(camera, table, COLOURS)
    assert fused.elephants == (District.NORTH, District.SOUTH)
    assert [d.what_en for d in disagreements] == ["the purple elephant"]
    assert disagreements[0].camera == District.EAST and disagreements[0].sensors == District.NORTH


def test_an_elephant_in_a_hand_is_unknown_not_off_the_board() -> None:
    table = _table()
    table.apply(ElephantLeft(**HEAD, district=District.NORTH, uid="04AA", colour="purple"))
    fused, _ = fuse(Seen(elephants=(None, None)), table, COLOURS)
    assert fused.elephants == (None, District.SOUTH)
    table.apply(ElephantArrived(**HEAD, district=District.WEST, uid="04AA", colour="purple"))
    assert fuse(None, table, COLOURS)[0].elephants == (District.WEST, District.SOUTH)


def test_token_lifted_and_placed() -> None:
    table = _table()
    table.apply(MaharajahLifted(**HEAD, space=3))
    assert fuse(Seen(maharajah_space=3), table, COLOURS)[0].maharajah_space == 3  # camera only
    table.apply(MaharajahPlaced(**HEAD, space=0))
    fused, disagreements = fuse(Seen(maharajah_space=3), table, COLOURS)
    assert fused.maharajah_space == 0 and disagreements


def test_faulty_reader_and_offline_board_fall_back_to_the_camera() -> None:
    table = _table()
    table.apply(ReaderFault(**HEAD, district=District.NORTH, ok=False))
    assert fuse(Seen(elephants=(District.NORTH, None)), table, COLOURS)[0].elephants == (
        District.NORTH,
        District.SOUTH,
    )
    table.apply(BoardOffline(**HEAD, reason="unplugged", reason_es="desenchufada"))
    camera = Seen(elephants=(District.EAST, District.WEST), maharajah_space=1)
    assert fuse(camera, table, COLOURS) == (camera, [])
