"""The sensor board's link as ``companion run`` opens it: MQTT or USB serial, from its options.

What it is for: ``companion run`` opens the table's devices before a game is
chosen; the sensor board under the board is Amritsar's (``firmware/amritsar_fw``),
so its link is opened here, reached through ``companion.adapters.sensor_board``.
Over MQTT without ``--board`` no board is followed until the table screen binds
one (``companion.board_binding``).
"""

from __future__ import annotations

import argparse
import os

from companion.games.amritsar.sensors.link import SensorLink


def open_link(args: argparse.Namespace) -> SensorLink | None:
    """The started link ``args`` ask for (``--mqtt`` or ``--serial``), or None."""
    if args.mqtt:
        from companion.games.amritsar.sensors.mqtt_link import MqttLink, MqttSettings, TlsOptions

        host, _, port = args.mqtt.partition(":")
        tls = TlsOptions(ca_certs=args.tls_ca) if args.tls_ca else None
        link = MqttLink(
            MqttSettings(
                host=host,
                port=int(port) if port else (8883 if tls else 1883),
                username=args.mqtt_user,
                password=args.mqtt_password or os.environ.get("AMRITSAR_MQTT_PASSWORD"),
                tls=tls,
            ),
            args.elephants,
        )
        link.accept_board = args.board
        if args.board is None:
            link.pair_at_table()  # no board followed until the table screen binds one
        link.start()
        return link
    if args.serial != "none":
        from companion.games.amritsar.sensors.serial_link import SerialLink

        return SerialLink(None if args.serial == "auto" else args.serial, args.elephants).start()
    return None
