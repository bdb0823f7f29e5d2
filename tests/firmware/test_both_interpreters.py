"""The same firmware files give the same bytes under CPython and MicroPython.

Two checks run under both interpreters: the shared protocol vectors
(``check_vectors.py``) and a scripted game on the fake table
(``scenario.py``), whose every frame must match byte for byte and decode, in
the companion, to the messages the table's changes call for.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games.amritsar.sensors.events import BoardButton
from companion.games.amritsar.sensors.protocol import (
    Arrive,
    Button,
    Fault,
    FullState,
    Hello,
    Leave,
    Token,
    decode_frame,
    parse_message,
)
from engine.amritsar.board import District
from tests.firmware.runners import INTERPRETERS, SIM, VECTORS, run_firmware_script


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_firmware_codec_matches_shared_vectors(interpreter: str) -> None:
    out = run_firmware_script(interpreter, SIM / "check_vectors.py", str(VECTORS))
    lines = out.strip().splitlines()
    failures = [line for line in lines if line.startswith("FAIL")]
    assert not failures
    assert lines[-1] == "checked 99 failed 0"


PURPLE, GREY, PINK, ORANGE = (f"04A1B2C3D4E5{i:02X}" for i in range(1, 5))
SHORT_UID = "DEADBEEF"
LONG_UID = "0102030405060708090A"

SCENARIO = {
    "board": "table-1",
    "seed": 99,
    "until": 6000,
    "steps": [
        {"at": -1, "do": "place", "district": "W", "uid": ORANGE},  # on the table before boot
        {"at": 100, "do": "place", "district": "N", "uid": PURPLE},
        {"at": 100, "do": "place", "district": "N", "uid": GREY},
        {"at": 100, "do": "place", "district": "N", "uid": PINK},
        {"at": 100, "do": "place", "district": "N", "uid": SHORT_UID},
        {"at": 100, "do": "place", "district": "E", "uid": LONG_UID},
        {"at": 600, "do": "token", "space": "NE"},
        {"at": 900, "do": "press", "button": "done"},
        {"at": 1200, "do": "press", "button": "undo", "ms": 10},  # a bounce, not a press
        {"at": 1500, "do": "place", "district": "S", "uid": GREY},  # grey moves N -> S
        {"at": 2000, "do": "unplug_reader", "district": "E"},
        {"at": 2500, "do": "command", "payload": {"v": 1, "t": "state"}},
        {"at": 2600, "do": "command", "payload": {"v": 1, "t": "resend", "from": 3}},
        {"at": 2700, "do": "command", "payload": {"v": 9, "t": "state"}},  # refused
        {"at": 3000, "do": "token", "space": None},
        {"at": 3200, "do": "command", "payload": {"v": 1, "t": "hello"}},
    ],
}


def _run(interpreter: str, tmp_path: Path) -> list[str]:
    script = tmp_path / "scenario.json"
    script.write_text(json.dumps(SCENARIO))
    return run_firmware_script(interpreter, SIM / "scenario.py", str(script)).splitlines()


def test_scripted_game_gives_identical_frames_on_both_interpreters(tmp_path: Path) -> None:
    cpython = _run("cpython", tmp_path)
    micropython = _run("micropython", tmp_path)
    assert cpython == micropython
    assert len(cpython) > 15

    messages = []
    for line in cpython:
        frame_hex, payload = line.split(" ", 1)
        frame = bytes.fromhex(frame_hex)
        assert frame.endswith(b"\x00") and decode_frame(frame[:-1]) == payload.encode()
        messages.append(parse_message(payload.encode()))
    assert [m.header.seq for m in messages[:2]] == [1, 2]
    hello, boot_state = messages[0], messages[1]
    assert isinstance(hello, Hello) and hello.readers == frozenset(District)
    # The boot state already holds the elephant that stood there before power-up.
    assert isinstance(boot_state, FullState)
    assert boot_state.tags[District.WEST] == {ORANGE}

    # The resend from 3 repeats messages 3.. byte for byte, in order.
    seqs = [m.header.seq for m in messages]
    again = seqs.index(3, 3)
    replayed = cpython[again : again + seqs[again - 1] - 2]
    assert replayed == cpython[2 : 2 + len(replayed)]
    assert [m.header.seq for m in messages[again : again + len(replayed)]] == list(
        range(3, 3 + len(replayed))
    )

    unique = sorted({m.header.seq: m for m in messages}.values(), key=lambda m: m.header.seq)
    assert [m.header.seq for m in unique] == list(range(1, len(unique) + 1))
    arrivals = [(m.district, m.uid) for m in unique if isinstance(m, Arrive)]
    north = District.NORTH
    expected = {(north, PURPLE), (north, GREY), (north, PINK), (north, SHORT_UID)}
    assert sorted(arrivals[:5]) == sorted(expected | {(District.EAST, LONG_UID)})
    assert arrivals[5:] == [(District.SOUTH, GREY)]
    assert [(m.district, m.uid) for m in unique if isinstance(m, Leave)] == [(north, GREY)]
    assert [(m.space, m.on) for m in unique if isinstance(m, Token)] == [(0, True), (0, False)]
    presses = [(m.button.value, m.presses) for m in unique if isinstance(m, Button)]
    assert presses == [("done", 1)]  # the 10 ms bounce on undo was no press
    faults = [(m.district, m.ok) for m in unique if isinstance(m, Fault)]
    assert faults == [(District.EAST, False)]
    asked = [m for m in unique if isinstance(m, FullState)][1]  # the state the command asked for
    assert asked.tags[north] == {PURPLE, PINK, SHORT_UID}
    assert asked.tags[District.SOUTH] == {GREY}
    assert asked.faults == {District.EAST} and asked.token == {0}
    assert asked.presses[BoardButton.DONE] == 1
    # The command with protocol version 9 got no answer; the last hello did.
    assert sum(isinstance(m, Hello) for m in unique) == 2
    assert sum(isinstance(m, FullState) for m in unique) == 2
