"""A fake board as a process: the firmware on fake hardware, over serial or MQTT.

Run: ``micropython board_process.py SCRIPT.json`` (or ``python``) with
``firmware`` and ``firmware/lib`` on the path. Over serial (the default) the
board speaks on stdin/stdout, which the tests connect to one end of a pty;
with ``"mqtt": {"server": ..., "port": ..., "user": ..., "password": ...}`` in
the script it connects to that broker through the vendored ``umqtt.simple``.
It runs in real time: the script's steps act on the fake table at their
``at`` milliseconds after boot (``at < 0``: before power-up), as in
``scenario.py``; the process ends after ``until`` ms, or when killed (the
cable pulled, the power cut).
"""

import json
import sys

from amritsar_fw.board import Board
from amritsar_fw.links import SerialLink, StdioPort

from amritsar_sim.fake_hw import FakeHardware, RealClock
from amritsar_sim.scenario import act


def main(path):
    with open(path) as f:
        script = json.load(f)
    hw = FakeHardware(clock=RealClock(), seed=script.get("seed", 1))
    board_id = script.get("board", "table-1")
    mqtt = script.get("mqtt")
    if mqtt:
        from amritsar_fw.mqtt_link import MqttLink

        link = MqttLink(
            hw,
            board_id,
            mqtt["server"],
            mqtt["port"],
            mqtt.get("user"),
            mqtt.get("password"),
            keepalive=10,
        )
    else:
        link = SerialLink(StdioPort())
    steps = sorted(script["steps"], key=lambda s: s["at"])
    for step in [s for s in steps if s["at"] < 0]:
        act(hw, link, step)
    board = Board(hw, board_id, link)
    board.start()
    start = hw.ticks_ms()
    pending = [s for s in steps if s["at"] >= 0]
    while hw.ticks_diff(hw.ticks_ms(), start) < script["until"]:
        while pending and pending[0]["at"] <= hw.ticks_diff(hw.ticks_ms(), start):
            act(hw, link, pending.pop(0))
        board.step()
        hw.sleep_ms(board.step_ms)


main(sys.argv[1])
