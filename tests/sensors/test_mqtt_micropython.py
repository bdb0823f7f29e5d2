"""The board's MQTT path as it runs on the board: MicroPython, vendored umqtt.simple,
real Mosquitto. The board is a MicroPython unix-port process on fake hardware;
killing it is cutting its power, and the broker must then speak its last will."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from companion.games.amritsar.sensors.mqtt_link import MqttLink, MqttSettings
from companion.games.amritsar.sim.simboard import SimulatedBoard
from tests.firmware.runners import FIRMWARE, MICROPYTHON
from tests.sensors.helpers import BoardOffline, BoardState, changes, collect, count, n_changes
from tests.support.broker import MosquittoBroker


def test_micropython_board_over_mqtt(mosquitto: MosquittoBroker, tmp_path: Path) -> None:
    user, password = mosquitto.credentials("board")
    script = tmp_path / "board.json"
    script.write_text(
        json.dumps(
            {
                "board": "table-7",
                "seed": 51,
                "until": 60000,
                "mqtt": {
                    "server": mosquitto.host,
                    "port": mosquitto.port,
                    "user": user,
                    "password": password,
                },
                "steps": [
                    {"at": 1500, "do": "place", "district": "N", "uid": "04A1B2C3D4E501"},
                    {"at": 1800, "do": "press", "button": "done"},
                ],
            }
        )
    )
    env = dict(os.environ, MICROPYPATH=f"{FIRMWARE}:{FIRMWARE / 'lib'}")
    link = MqttLink(
        MqttSettings(
            host=mosquitto.host,
            port=mosquitto.port,
            username="companion",
            password=mosquitto.users["companion"],
            client_id="mp-test",
        ),
        SimulatedBoard.registry(),
    ).start()
    process = subprocess.Popen(
        [str(MICROPYTHON), str(FIRMWARE / "amritsar_sim" / "board_process.py"), str(script)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    try:
        link.wait_connected()
        events = collect(link, count(BoardState), timeout=15)
        collect(link, n_changes(2), into=events)
        assert changes(events) == [("ElephantArrived", "N", "purple"), ("ButtonPressed", "done")]
        assert {e.board for e in events} == {"table-7"}
        process.kill()  # power cut: no DISCONNECT, so the broker publishes the will
        process.wait(timeout=10)
        offline = collect(link, count(BoardOffline), timeout=30, into=events)
        assert "left the network" in next(e for e in offline if isinstance(e, BoardOffline)).reason
    finally:
        link.close()
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
        assert process.stderr is not None
        errors = process.stderr.read().decode()
        assert "Traceback" not in errors, errors
