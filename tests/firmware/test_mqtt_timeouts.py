"""A broker that does not answer holds the board loop up for seconds, not for ever.

A test "broker" on loopback takes the TCP connection and then never answers
(or answers the connection and then stops answering); the firmware's MQTT link
runs against it under CPython and the MicroPython unix port
(``amritsar_sim/silent_broker.py``).
"""

from __future__ import annotations

import json
import socket
import threading

import pytest

from tests.firmware.runners import INTERPRETERS, SIM, run_firmware_script

# What a broker sends to set up the link: CONNACK, the PUBACK of "online" (packet 1),
# the SUBACK of the command topic (packet 2).
SETUP_REPLIES = (b"\x20\x02\x00\x00", b"\x40\x02\x00\x01", b"\x90\x03\x00\x02\x01")


def _broker(answers: tuple[bytes, ...]) -> tuple[int, socket.socket]:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)

    def serve() -> None:
        try:
            conn, _ = server.accept()
        except OSError:
            return
        with conn:
            for reply in answers:
                if not conn.recv(4096):
                    return
                conn.sendall(reply)
            while conn.recv(4096):  # then silence: everything read, nothing answered
                pass

    threading.Thread(target=serve, daemon=True).start()
    return server.getsockname()[1], server


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_a_broker_that_never_answers_costs_one_timeout(interpreter: str) -> None:
    port, server = _broker(())
    try:
        out = json.loads(
            run_firmware_script(interpreter, SIM / "silent_broker.py", str(port), "connect")
        )
    finally:
        server.close()
    assert not out["up"] and "cannot reach the broker" in out["error"]
    assert 1500 <= out["ms"][0] <= 4000  # SOCKET_TIMEOUT_S = 2, not for ever


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_a_qos1_publish_without_puback_gives_up_and_reconnects_later(interpreter: str) -> None:
    port, server = _broker(SETUP_REPLIES)
    try:
        out = json.loads(
            run_firmware_script(interpreter, SIM / "silent_broker.py", str(port), "publish")
        )
    finally:
        server.close()
    connect, publish, _ = out["ms"]
    assert connect < 1500  # the setup was answered
    assert 1500 <= publish <= 4000 and "connection lost" in out["error"] and not out["up"]
