"""The typed sensor events the rest of the companion consumes.

Whatever the link (USB serial or MQTT), reconciliation sees one stream of
these frozen dataclasses. Every event names the board it came from, the
board's boot id and the sequence number of the protocol message behind it, so
a log can show exactly which report caused what. Events that the link
derived from a full-state message after a gap or a reconnect (instead of
from the change message itself) carry ``resync=True``: the change is real,
only its moment is approximate.

An elephant is named by its NFC tag UID; ``colour`` is the player colour the
owner paired with that UID (``companion.games.amritsar.sensors.elephants``), or ``None`` for
a UID nobody paired: never a guess.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from engine.amritsar import MAHARAJAH_SPACE_NAMES, District


class BoardButton(StrEnum):
    """The two push buttons on the sensor board."""

    DONE = "done"
    UNDO = "undo"


@dataclass(frozen=True, kw_only=True)
class SensorEvent:
    """Common header: which board, which power-up, which protocol message."""

    board: str
    boot: str
    seq: int
    resync: bool = False


@dataclass(frozen=True, kw_only=True)
class ElephantEvent(SensorEvent):
    """An elephant's tag on a district's path: ``ElephantArrived`` or ``ElephantLeft``."""

    district: District
    uid: str
    colour: str | None

    @property
    def known(self) -> bool:
        return self.colour is not None


@dataclass(frozen=True, kw_only=True)
class ElephantArrived(ElephantEvent):
    """A tag entered the reader under a district's elephant path."""


@dataclass(frozen=True, kw_only=True)
class ElephantLeft(ElephantEvent):
    """A tag is no longer on a district's elephant path."""


@dataclass(frozen=True, kw_only=True)
class MaharajahEvent(SensorEvent):
    """The Maharajah token and space ``space`` (index; ``space_name`` gives NE, ES, SW or WN)."""

    space: int

    @property
    def space_name(self) -> str:
        return MAHARAJAH_SPACE_NAMES[self.space]


@dataclass(frozen=True, kw_only=True)
class MaharajahPlaced(MaharajahEvent):
    """The token's magnet is over Maharajah space ``space``."""


@dataclass(frozen=True, kw_only=True)
class MaharajahLifted(MaharajahEvent):
    """The token left Maharajah space ``space``."""


@dataclass(frozen=True, kw_only=True)
class ButtonPressed(SensorEvent):
    """A button went down; ``presses`` counts that button's presses since the board's boot."""

    button: BoardButton
    presses: int


@dataclass(frozen=True, kw_only=True)
class ReaderFault(SensorEvent):
    """A district's reader stopped answering (``ok=False``) or came back (``ok=True``).

    While a reader is at fault nothing is known about the elephants on its
    path: the board reports neither arrivals nor departures there.
    """

    district: District
    ok: bool


@dataclass(frozen=True, kw_only=True)
class BoardOnline(SensorEvent):
    """The board introduced itself (boot, reconnect or on request)."""

    firmware: str
    link: str
    readers: frozenset[District]


@dataclass(frozen=True, kw_only=True)
class BoardOffline(SensorEvent):
    """The companion lost the board: unplugged, silent, or the broker said so."""

    reason: str
    reason_es: str


@dataclass(frozen=True, kw_only=True)
class ReportRefused(SensorEvent):
    """A report the companion refused as implausible: never applied, shown to the table.

    A press counter that jumps (one message undoing the whole game), a counter
    that runs backwards, a message whose topic names another board: the board,
    its firmware or someone with its credentials is not to be believed.
    """

    what: str
    what_es: str


@dataclass(frozen=True)
class Elephant:
    """One tag on a path in a full-state report."""

    uid: str
    colour: str | None


@dataclass(frozen=True, kw_only=True)
class BoardState(SensorEvent):
    """Everything the board senses at once; sent after every resynchronisation.

    ``token_spaces`` holds every Maharajah space whose hall sensor feels the
    magnet (normally one; two while the token slides across a gap).
    """

    elephants: Mapping[District, tuple[Elephant, ...]]
    token_spaces: frozenset[int]
    presses: Mapping[BoardButton, int]
    faulty_readers: frozenset[District] = field(default_factory=frozenset)

    @property
    def maharajah_space(self) -> int | None:
        """The token's space when exactly one sensor feels it, else ``None``."""
        if len(self.token_spaces) == 1:
            return next(iter(self.token_spaces))
        return None

    def district_of(self, uid: str) -> District | None:
        for district, tags in self.elephants.items():
            if any(e.uid == uid for e in tags):
                return district
        return None
