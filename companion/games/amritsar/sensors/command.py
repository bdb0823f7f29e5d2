"""``companion sensors``: watch the sensor board and pair elephants with their tags.

- ``companion sensors watch`` prints every sensor event in words (English or
  Spanish), to check the wiring and the stickers.
- ``companion sensors pair --colour purple`` waits for an elephant to be put
  on any path and saves its tag as the purple elephant in the pairing file.

The board is reached over USB (found by itself, or ``--port``) or MQTT
(``--mqtt host[:port]``, with ``--user`` and the password from
``--password`` or the ``AMRITSAR_MQTT_PASSWORD`` environment variable).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any


def default_elephants_file() -> Path:
    override = os.environ.get("AMRITSAR_ELEPHANTS")
    if override:
        return Path(override)
    return Path.home() / ".config" / "amritsar" / "elephants.toml"


def _add_link_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", help="serial port of the board (default: find it)")
    parser.add_argument("--mqtt", metavar="HOST[:PORT]", help="use MQTT through this broker")
    parser.add_argument("--user", help="MQTT user name")
    parser.add_argument("--password", help="MQTT password (or AMRITSAR_MQTT_PASSWORD)")
    parser.add_argument("--tls-ca", metavar="FILE", help="CA certificate: connect with TLS")
    parser.add_argument("--prefix", default="amritsar", help="MQTT topic prefix")
    parser.add_argument(
        "--elephants",
        type=Path,
        default=None,
        help="pairing file (default: ~/.config/amritsar/elephants.toml or AMRITSAR_ELEPHANTS)",
    )
    parser.add_argument("--lang", choices=("en", "es"), default="en", help="language of messages")


def _open_link(args: argparse.Namespace) -> Any:
    from companion.games.amritsar.sensors.elephants import ElephantRegistry

    registry = ElephantRegistry.load(args.elephants or default_elephants_file())
    if args.mqtt:
        from companion.games.amritsar.sensors.mqtt_link import MqttLink, MqttSettings, TlsOptions

        host, _, port = args.mqtt.partition(":")
        tls = TlsOptions(ca_certs=args.tls_ca) if args.tls_ca else None
        settings = MqttSettings(
            host=host,
            port=int(port) if port else (8883 if tls else 1883),
            username=args.user,
            password=args.password or os.environ.get("AMRITSAR_MQTT_PASSWORD"),
            tls=tls,
            prefix=args.prefix,
        )
        return MqttLink(settings, registry).start()
    from companion.games.amritsar.sensors.serial_link import SerialLink

    return SerialLink(args.port, registry).start()


def watch(args: argparse.Namespace) -> int:
    from companion.games.amritsar.sensors.link import SensorLinkError
    from companion.games.amritsar.sensors.texts import describe

    link = _open_link(args)
    deadline = None if args.seconds is None else time.monotonic() + args.seconds
    try:
        while deadline is None or time.monotonic() < deadline:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            event = link.get(timeout=min(0.5, left) if left is not None else 0.5)
            if event is not None:
                print(describe(event, args.lang), flush=True)
    except SensorLinkError as error:
        print(error.message_es if args.lang == "es" else str(error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    finally:
        link.close()
    return 0


PAIR_PROMPT = {
    "en": "Put the {colour} elephant on any path (lift it and put it back if it is on one).",
    "es": (
        "Ponga el elefante {colour} en cualquier senda "
        "(levántelo y vuelva a ponerlo si ya está en una)."
    ),
}


def pair(args: argparse.Namespace) -> int:
    from companion.games.amritsar.sensors.elephants import ElephantRegistry
    from companion.games.amritsar.sensors.events import ElephantArrived
    from companion.games.amritsar.sensors.link import SensorLinkError
    from companion.games.amritsar.sensors.texts import COLOUR_ES

    path: Path = args.elephants or default_elephants_file()
    registry = ElephantRegistry.load(path)
    shown = COLOUR_ES[args.colour] if args.lang == "es" else args.colour
    print(PAIR_PROMPT[args.lang].format(colour=shown), flush=True)
    link = _open_link(args)
    deadline = time.monotonic() + args.timeout
    try:
        while time.monotonic() < deadline:
            event = link.get(timeout=0.5)
            if isinstance(event, ElephantArrived):
                registry.paired(args.colour, event.uid).save(path)
                if args.lang == "es":
                    print(f"Elefante {shown} emparejado con la etiqueta {event.uid} ({path})")
                else:
                    print(f"Paired the {args.colour} elephant with tag {event.uid} ({path})")
                return 0
    except SensorLinkError as error:
        print(error.message_es if args.lang == "es" else str(error), file=sys.stderr)
        return 2
    finally:
        link.close()
    print(
        "Ningún elefante llegó a una senda." if args.lang == "es" else "No elephant arrived.",
        file=sys.stderr,
    )
    return 1


def register(subparsers: Any) -> None:
    from engine.amritsar import PLAYER_COLOURS

    parser = subparsers.add_parser("sensors", help="watch the sensor board, pair elephants")
    sub = parser.add_subparsers(dest="sensors_command", required=True, metavar="ACTION")
    watch_parser = sub.add_parser("watch", help="print every sensor event")
    _add_link_options(watch_parser)
    watch_parser.add_argument("--seconds", type=float, default=None, help="stop after this long")
    watch_parser.set_defaults(func=watch)
    pair_parser = sub.add_parser("pair", help="save the tag of one elephant")
    _add_link_options(pair_parser)
    pair_parser.add_argument("--colour", required=True, choices=PLAYER_COLOURS)
    pair_parser.add_argument("--timeout", type=float, default=120.0, help="seconds to wait")
    pair_parser.set_defaults(func=pair)
