"""The broker's name is looked up with a bounded wait (firmware/amritsar_fw/resolve.py).

The board's ``getaddrinfo`` waits for the name server as long as lwIP likes,
and the scan loop with it. The MQTT link now asks the name server itself over
UDP, each try bounded. Under CPython and the MicroPython unix port
(``amritsar_sim/slow_dns.py``), against a test name server on loopback: a
silent one costs the link's ``service`` call a few seconds, not for ever, and
the link tries again later; one that answers gives the broker's address, and
the link comes up on it.
"""

from __future__ import annotations

import json
import socket
import struct
import threading
from collections.abc import Iterator

import pytest

from tests.firmware.runners import INTERPRETERS, SIM, run_firmware_script
from tests.firmware.test_mqtt_timeouts import SETUP_REPLIES, _broker


def _name_server(answer: bool) -> tuple[int, socket.socket]:
    """A UDP name server on loopback: silent, or answering every A question with 127.0.0.1."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    sock.settimeout(30)

    def serve() -> None:
        while True:
            try:
                data, client = sock.recvfrom(512)
            except OSError:
                return
            if not answer:
                continue
            qid = data[:2]
            question = data[12:]
            reply = qid + b"\x81\x80" + struct.pack(">HHHH", 1, 1, 0, 0) + question
            reply += b"\xc0\x0c" + struct.pack(">HHIH", 1, 1, 60, 4) + bytes([127, 0, 0, 1])
            sock.sendto(reply, client)

    threading.Thread(target=serve, daemon=True).start()
    return sock.getsockname()[1], sock


@pytest.fixture
def broker() -> Iterator[int]:
    port, server = _broker(SETUP_REPLIES)
    try:
        yield port
    finally:
        server.close()


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_a_silent_name_server_costs_the_loop_seconds_not_for_ever(
    interpreter: str, broker: int
) -> None:
    dns_port, dns = _name_server(answer=False)
    try:
        out = json.loads(
            run_firmware_script(interpreter, SIM / "slow_dns.py", str(dns_port), str(broker))
        )
    finally:
        dns.close()
    assert not out["up"] and "no answer for broker.table" in out["error"]
    assert 3500 <= out["ms"] <= 7000  # DNS_TIMEOUT_S = 2, DNS_TRIES = 2
    assert out["known"] == ""  # nothing kept: the next try asks again


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_an_answering_name_server_gives_the_broker(interpreter: str, broker: int) -> None:
    dns_port, dns = _name_server(answer=True)
    try:
        out = json.loads(
            run_firmware_script(interpreter, SIM / "slow_dns.py", str(dns_port), str(broker))
        )
    finally:
        dns.close()
    assert out["up"], out["error"]
    assert out["known"] == "127.0.0.1" and out["ms"] < 3000
