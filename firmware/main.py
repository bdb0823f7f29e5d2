"""Sensor board entry point: MicroPython runs this file at power-up.

Reads ``config.json`` (see ``config.example.json``), builds the hardware shim
and the link (USB serial by default, MQTT over Wi-Fi when configured) and runs
the board loop for ever. A crash restarts the board after two seconds rather
than leaving the table without sensors, and the hardware watchdog restarts it
when the loop hangs (``WATCHDOG_MS`` without a step).
"""

import json
import time

import machine
from amritsar_fw.board import Board
from amritsar_fw.hw_pico import PicoHardware, UsbSerial

WATCHDOG_MS = 8000


def load_config():
    try:
        with open("config.json") as f:
            return json.load(f)
    except OSError:
        return {}


def main():
    config = load_config()
    hw = PicoHardware(config.get("hardware", "pico_w"), config.get("wifi"))
    if hw.buttons["undo"].value() == 0:
        print("undo held at power-up: firmware not started, REPL free")
        return
    board_id = config.get("board_id") or "board-" + hw.unique_id()[-6:]
    mqtt = config.get("mqtt")
    if config.get("link", "serial") == "mqtt" and mqtt:
        from amritsar_fw.mqtt_link import MqttLink

        ssl = None
        if mqtt.get("tls"):
            import ssl as ssl_module

            ssl = ssl_module.SSLContext(ssl_module.PROTOCOL_TLS_CLIENT)
            ssl.verify_mode = ssl_module.CERT_REQUIRED
            ssl.load_verify_locations(cafile=mqtt.get("ca_file", "ca.der"))
        link = MqttLink(
            hw,
            board_id,
            mqtt["server"],
            mqtt.get("port", 8883 if ssl else 1883),
            mqtt.get("user"),
            mqtt.get("password"),
            mqtt.get("prefix", "amritsar"),
            ssl=ssl,
            ha_discovery=mqtt.get("ha_discovery", False),
        )
    else:
        from amritsar_fw.links import SerialLink

        link = SerialLink(UsbSerial())
    hw.start_watchdog(WATCHDOG_MS)  # after the REPL check: a held "undo" stays unwatched
    Board(hw, board_id, link).run()


try:
    main()
except Exception as e:
    import sys

    sys.print_exception(e)
    time.sleep(2)
    machine.reset()
