"""Sensor links: the board under the table, as one stream of typed events.

What it is for: the sensor board (``firmware/``) reports elephants on the
district paths, the Maharajah token and two buttons over USB serial or MQTT.
This package turns either link into the same ``SensorEvent`` stream
(``events``), dropping repeats, recovering gaps and resynchronising from full
states (``session``), so reconciliation never needs to know the link.

Public API::

    from companion.games.amritsar.sensors import SerialLink, MqttLink, MqttSettings

    with SerialLink(port=None, registry=Path("elephants.toml")) as link:  # None: find it
        for event in link:              # SensorEvent subclasses, see events.py
            ...

The simulated board (the real firmware on a pty) lives in ``companion.sim``.

What it may import: ``engine.amritsar`` for the board's names, pyserial, paho-mqtt.
"""

from typing import TYPE_CHECKING, Any

from companion.games.amritsar.sensors.elephants import ElephantRegistry, PairingError
from companion.games.amritsar.sensors.events import (
    BoardButton,
    BoardOffline,
    BoardOnline,
    BoardState,
    ButtonPressed,
    Elephant,
    ElephantArrived,
    ElephantEvent,
    ElephantLeft,
    MaharajahEvent,
    MaharajahLifted,
    MaharajahPlaced,
    ReaderFault,
    ReportRefused,
    SensorEvent,
)
from companion.games.amritsar.sensors.link import LinkRefused, SensorLink, SensorLinkError
from companion.games.amritsar.sensors.serial_link import SerialLink
from companion.games.amritsar.sensors.texts import describe

if TYPE_CHECKING:
    from companion.games.amritsar.sensors.mqtt_link import MqttLink, MqttSettings, TlsOptions

#: Imported when first asked for: paho-mqtt (and with it ssl, email, urllib's
#: request module: 2.7 MiB resident) only for a table that reads its board over
#: MQTT, not for every ``companion`` command (issue 35: memory).
_MQTT_NAMES = ("MqttLink", "MqttSettings", "TlsOptions")


def __getattr__(name: str) -> Any:
    if name in _MQTT_NAMES:
        from companion.games.amritsar.sensors import mqtt_link

        return getattr(mqtt_link, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BoardButton",
    "BoardOffline",
    "BoardOnline",
    "BoardState",
    "ButtonPressed",
    "Elephant",
    "ElephantArrived",
    "ElephantEvent",
    "ElephantLeft",
    "ElephantRegistry",
    "LinkRefused",
    "MaharajahEvent",
    "MaharajahLifted",
    "MaharajahPlaced",
    "MqttLink",
    "MqttSettings",
    "PairingError",
    "ReaderFault",
    "ReportRefused",
    "SensorEvent",
    "SensorLink",
    "SensorLinkError",
    "SerialLink",
    "TlsOptions",
    "describe",
]
