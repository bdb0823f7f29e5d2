"""Run the board firmware through a scripted table on fake hardware; print what it sends.

Run: ``python scenario.py SCENARIO.json`` or ``micropython scenario.py SCENARIO.json``
with ``firmware`` on the path. The scenario names the board, a random seed
(which fixes the boot id), how long to run and timed steps acting on the
table (``place``, ``take``, ``token``, ``press``, ``unplug_reader``) or sending
a command (``command`` with a ``payload`` object). Time is a manual clock, so
a run is exact and takes milliseconds. Each message the board sends is
printed as one line: its frame in hex, a space, its payload. The tests run
the same scenario under CPython and the MicroPython unix port and require the
same lines.
"""

import json
import sys

from amritsar_fw.board import Board
from amritsar_fw.framing import encode_frame
from amritsar_fw.messages import dumps

from amritsar_sim.fake_hw import FakeHardware


def unhex(text):
    return bytes(int(text[i : i + 2], 16) for i in range(0, len(text), 2))


class RecordingLink:
    """A link that prints every frame the board hands it and feeds it scripted commands."""

    name = "serial"

    def __init__(self):
        self.inbox = []

    def connected(self):
        return True

    def send(self, payload, message):
        print("".join("%02x" % b for b in encode_frame(payload)) + " " + payload.decode())

    def poll(self):
        got = self.inbox
        self.inbox = []
        return got

    def service(self, board):
        pass


def act(hw, link, step):
    table = hw.table
    kind = step["do"]
    if kind == "place":
        table.place(step["district"], unhex(step["uid"]))
    elif kind == "take":
        table.take(unhex(step["uid"]))
    elif kind == "token":
        table.token(step.get("space"))
    elif kind == "press":
        table.press(step["button"], step.get("ms", 120))
    elif kind == "unplug_reader":
        table.unplug_reader(step["district"], step.get("unplugged", True))
    elif kind == "command":
        link.inbox.append(dumps(step["payload"]))
    else:
        raise ValueError("unknown step " + kind)


def main(path):
    with open(path) as f:
        scenario = json.load(f)
    hw = FakeHardware(seed=scenario.get("seed", 1))
    link = RecordingLink()
    steps = sorted(scenario["steps"], key=lambda s: s["at"])
    for step in [s for s in steps if s["at"] < 0]:
        act(hw, link, step)  # the table as it is before power-up
    board = Board(
        hw, scenario.get("board", "table-1"), link, heartbeat_ms=scenario.get("heartbeat_ms", 2000)
    )
    board.start()
    start = hw.ticks_ms()
    pending = [s for s in steps if s["at"] >= 0]
    until = scenario["until"]
    while hw.ticks_ms() - start < until:
        while pending and pending[0]["at"] <= hw.ticks_ms() - start:
            act(hw, link, pending.pop(0))
        board.step()
        hw.sleep_ms(board.step_ms)


if __name__ == "__main__":
    main(sys.argv[1])
