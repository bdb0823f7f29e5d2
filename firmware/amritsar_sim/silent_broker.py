"""How long the MQTT link can hold up the board loop when the broker goes quiet.

Run by ``tests/firmware/test_mqtt_timeouts.py`` under CPython and under the
MicroPython unix port: ``silent_broker.py PORT MODE`` connects the board's
MQTT link to a test broker on ``127.0.0.1:PORT`` that never answers
(``MODE=connect``) or stops answering after the connection is set up
(``MODE=publish``), and prints one JSON line: how long each ``service`` call
took, and what the link says went wrong.
"""

import json
import sys

try:
    import usocket  # noqa: F401 - MicroPython has it built in
except ImportError:  # CPython: the firmware's stand-ins
    sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/cpython_port")

from amritsar_fw.messages import BUTTONS, DISTRICTS
from amritsar_fw.mqtt_link import MqttLink

from amritsar_sim.fake_hw import RealClock


class Hardware(RealClock):
    def ticks_diff(self, a, b):
        return a - b


class QuietBoard:
    def snapshot(self):
        return {
            "tags": {d: [] for d in DISTRICTS},
            "token": [],
            "presses": {b: 0 for b in BUTTONS},
            "faults": [],
        }

    def on_link_up(self):
        pass


def main():
    port, mode = int(sys.argv[1]), sys.argv[2]
    hw = Hardware()
    link = MqttLink(hw, "quiet", "127.0.0.1", port)
    board = QuietBoard()
    calls = []
    for _ in range(3 if mode == "publish" else 1):
        if mode == "publish" and link.connected():
            link.send(b'{"t":"hb"}', None)
        start = hw.ticks_ms()
        link.service(board)
        calls.append(hw.ticks_ms() - start)
    print(json.dumps({"ms": calls, "up": link.connected(), "error": link.last_error or ""}))


main()
