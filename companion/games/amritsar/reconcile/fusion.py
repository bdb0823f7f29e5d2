"""Camera and sensors fused into one view of the table.

The sensor board is trusted for what it senses: which elephant stands on which
district path, and where the Maharajah token is. The camera is trusted for the
rest. When both see an elephant or the token and disagree, the sensor board
wins and the disagreement is reported, never hidden.

``SensorTable`` folds the sensor events into positions. An elephant that left
its path and arrived nowhere yet is in someone's hand: unknown, not "off the
board". A reader at fault makes its district unknown. While the board is
offline nothing it said is trusted and the camera alone is used.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace

from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.sensors.events import (
    BoardOffline,
    BoardOnline,
    BoardState,
    ButtonPressed,
    ElephantArrived,
    ElephantLeft,
    MaharajahLifted,
    MaharajahPlaced,
    ReaderFault,
    SensorEvent,
)


@dataclass
class SensorTable:
    """What the sensor board currently reports. Thread-safe."""

    elephants: dict[str, int] = field(default_factory=dict)  # colour -> district
    token: int | None = None
    online: bool = False
    faulty: set[int] = field(default_factory=set)
    unknown_tags: dict[str, int] = field(default_factory=dict)  # uid -> district
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def apply(self, event: SensorEvent) -> ButtonPressed | None:
        """Fold one event in; a button press is handed back to the caller."""
        with self._lock:
            if isinstance(event, ButtonPressed):
                return event
            if isinstance(event, BoardState):
                self.online = True
                self.elephants = {}
                self.unknown_tags = {}
                for district, tags in event.elephants.items():
                    for tag in tags:
                        if tag.colour is None:
                            self.unknown_tags[tag.uid] = int(district)
                        else:
                            self.elephants[tag.colour] = int(district)
                self.token = event.maharajah_space
                self.faulty = {int(d) for d in event.faulty_readers}
            elif isinstance(event, ElephantArrived):
                if event.colour is None:
                    self.unknown_tags[event.uid] = int(event.district)
                else:
                    self.elephants[event.colour] = int(event.district)
            elif isinstance(event, ElephantLeft):
                if event.colour is None:
                    self.unknown_tags.pop(event.uid, None)
                elif self.elephants.get(event.colour) == int(event.district):
                    del self.elephants[event.colour]
            elif isinstance(event, MaharajahPlaced):
                self.token = event.space
            elif isinstance(event, MaharajahLifted):
                if self.token == event.space:
                    self.token = None
            elif isinstance(event, ReaderFault):
                if event.ok:
                    self.faulty.discard(int(event.district))
                else:
                    self.faulty.add(int(event.district))
            elif isinstance(event, BoardOnline):
                self.online = True
            elif isinstance(event, BoardOffline):
                self.online = False
            return None

    def elephant_of(self, colour: str) -> int | None:
        """The district, or ``None`` when unknown (in a hand, reader at fault, offline)."""
        with self._lock:
            if not self.online:
                return None
            district = self.elephants.get(colour)
            if district is None or district in self.faulty:
                return None
            return district


@dataclass(frozen=True)
class Disagreement:
    """The camera saw something the sensor board contradicts."""

    what_en: str
    what_es: str
    camera: int | None
    sensors: int | None


def fuse(
    camera: Seen | None, sensors: SensorTable | None, colours: tuple[str, ...]
) -> tuple[Seen, list[Disagreement]]:
    """One ``Seen`` from both sources; ``colours`` gives each seat's player colour."""
    seen = camera or Seen()
    disagreements: list[Disagreement] = []
    if sensors is None or not sensors.online:
        return seen, disagreements
    by_camera = seen.elephants
    elephants: list[int | None] = []
    for seat, colour in enumerate(colours):
        sensed = sensors.elephant_of(colour)
        camera_says = by_camera[seat] if by_camera is not None and seat < len(by_camera) else None
        if (
            sensed is not None
            and camera_says is not None
            and camera_says >= 0
            and camera_says != sensed
        ):
            disagreements.append(
                Disagreement(f"the {colour} elephant", f"el elefante {colour}", camera_says, sensed)
            )
        elephants.append(sensed if sensed is not None else camera_says)
    token = sensors.token
    if token is not None and seen.maharajah_space is not None and seen.maharajah_space != token:
        disagreements.append(
            Disagreement("the Maharajah token", "la ficha del marajá", seen.maharajah_space, token)
        )
    fused = replace(
        seen,
        elephants=tuple(elephants),
        maharajah_space=token if token is not None else seen.maharajah_space,
    )
    return fused, disagreements
