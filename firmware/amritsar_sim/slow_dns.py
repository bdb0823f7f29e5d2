"""How long the broker's name lookup can hold up the board loop.

Run by ``tests/firmware/test_dns_timeout.py`` under CPython and under the
MicroPython unix port: ``slow_dns.py DNS_PORT BROKER_PORT`` gives the board's
MQTT link the broker as ``broker.table`` and a name server on
``127.0.0.1:DNS_PORT`` (a test one: silent, or answering 127.0.0.1), calls
``service`` once and prints one JSON line: how long the call took, whether
the link came up, what it says went wrong and the address it resolved.
"""

import json
import sys

try:
    import usocket  # noqa: F401 - MicroPython has it built in
except ImportError:  # CPython: the firmware's stand-ins
    sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/cpython_port")

import umqtt.simple as umqtt_simple
from amritsar_fw.messages import BUTTONS, DISTRICTS
from amritsar_fw.mqtt_link import MqttLink

from amritsar_sim.fake_hw import RealClock


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


class Hardware(RealClock):
    def __init__(self, dns_port):
        RealClock.__init__(self)
        self.dns_port = dns_port

    def ticks_diff(self, a, b):
        return a - b

    def dns_server(self):
        return ("127.0.0.1", self.dns_port)


def main():
    dns_port, broker_port = int(sys.argv[1]), int(sys.argv[2])
    hw = Hardware(dns_port)
    link = MqttLink(hw, "named", "broker.table", broker_port)
    start = hw.ticks_ms()
    link.service(QuietBoard())
    took = hw.ticks_ms() - start
    known = umqtt_simple.socket.resolver.known
    print(
        json.dumps(
            {
                "ms": took,
                "up": link.connected(),
                "error": link.last_error or "",
                "known": known.get("broker.table", ""),
            }
        )
    )


main()
