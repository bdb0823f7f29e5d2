"""``TableSnapshot``: what the camera says is on the table, zone by zone.

This is the vision layer's one output and the reconciler's input. It names
things with the project's ids (workers ``Y1``..``G4``, player colours for
elephants and donation counters, tiles ``DY1``.., ``T1``.., ``BR1``..,
``S01``..) and the board vocabulary of ``engine.amritsar.board``. Everything is plain
data and round-trips through JSON (:meth:`TableSnapshot.to_dict`,
:meth:`TableSnapshot.from_dict`).

The same class serves as the *truth* given to the synthetic camera; there
``coins`` holds real counts, and :func:`observable` turns such a truth into the
snapshot a perfect camera would report (a covered coin spot says "coins here,
count unknown").
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from engine.amritsar import (
    MAHARAJAH_SPACE_NAMES,
    PLAYER_COLOURS,
    SECTION_NAMES,
    District,
    Resource,
)

from .layout import DECADES, MARKET_ROWS, donation_space_names

#: Where an elephant can be: a district letter, ``off`` (seen, but not on a
#: path), or ``None`` (not seen at all).
ELEPHANT_OFF = "off"
ROTATIONS = (0, 90, 180, 270)


@dataclass(frozen=True)
class Problem:
    """Something impossible or doubtful in what was seen, for a person to fix.

    ``code`` is machine-readable (``worker-twice``, ``section-overfull``,
    ``too-many``, ``unsupported-donation``, ``maharajah-twice``,
    ``off-zone``); ``zones`` are the zone keys it concerns; ``en`` and ``es``
    say it in English and Spanish.
    """

    code: str
    zones: tuple[str, ...]
    components: tuple[str, ...]
    en: str
    es: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "zones": list(self.zones),
            "components": list(self.components),
            "en": self.en,
            "es": self.es,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Problem:
        return cls(
            code=str(data["code"]),
            zones=tuple(data["zones"]),
            components=tuple(data["components"]),
            en=str(data["en"]),
            es=str(data["es"]),
        )


@dataclass(frozen=True)
class SetupReading:
    """The random setup as it lies on the table.

    ``district_tiles``: district letter -> (left, centre, right) tile ids as
    seen from outside the board facing the temple, ``None`` for an empty slot.
    ``temple_rotation``: degrees clockwise from the board's north to the
    active temple tile's north (0 when set up correctly). ``bridges``: decade
    ``I``/``II``/``III`` -> (tile id, face up) or ``None``. ``storehouses``:
    the revealed storehouses in the display, in reading order.
    """

    district_tiles: dict[str, tuple[str | None, str | None, str | None]]
    temple_active: str | None
    temple_rotation: int | None
    temple_stack: dict[str, str | None]
    bridges: dict[str, tuple[str, bool] | None]
    storehouses: tuple[str, ...]

    @classmethod
    def empty(cls) -> SetupReading:
        return cls(
            district_tiles={d.letter: (None, None, None) for d in District},
            temple_active=None,
            temple_rotation=None,
            temple_stack={"lower": None, "middle": None},
            bridges=dict.fromkeys(DECADES),
            storehouses=(),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "district_tiles": {k: list(v) for k, v in self.district_tiles.items()},
            "temple_active": self.temple_active,
            "temple_rotation": self.temple_rotation,
            "temple_stack": dict(self.temple_stack),
            "bridges": {k: (list(v) if v else None) for k, v in self.bridges.items()},
            "storehouses": list(self.storehouses),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SetupReading:
        tiles = {}
        for k, v in data["district_tiles"].items():
            if len(v) != 3:
                raise ValueError(f"setup.district_tiles.{k}: expected 3 slots, got {len(v)}")
            tiles[str(k)] = (v[0], v[1], v[2])
        rotation = data["temple_rotation"]
        if rotation is not None and rotation not in ROTATIONS:
            raise ValueError(f"setup.temple_rotation: {rotation!r} is not 0, 90, 180 or 270")
        return cls(
            district_tiles=tiles,
            temple_active=data["temple_active"],
            temple_rotation=rotation,
            temple_stack=dict(data["temple_stack"]),
            bridges={
                k: ((str(v[0]), bool(v[1])) if v else None) for k, v in data["bridges"].items()
            },
            storehouses=tuple(data["storehouses"]),
        )


@dataclass(frozen=True)
class TableSnapshot:
    """The stabilised state of the main board at one frame.

    Pieces:
      ``sections``: section name -> worker ids in slot order (slot 0 first).
      ``maharajah_workers``: Maharajah space -> the worker beside it (2-player
      and solo games), or ``None``.
      ``elephants``: player colour -> district letter, ``"off"`` or ``None``.
      ``maharajah``: the space (``NE`` ``ES`` ``SW`` ``WN``) of the board's
      Maharajah token, or ``None`` when not seen on one.
      ``donations``: donation space (``N:1:0``) -> counter colour or ``None``.
      ``market_counters``: player colour -> counters on their market space.
      ``coins``: section -> coins there when measured, else ``None``. The
      camera measures only "none" (the printed coin spot is clear); a covered
      spot gives ``None`` with ``coins_present`` True.
      ``market``: resource name -> occupancy of rows 1..5 (row 1 at the top),
      ``None`` per cell when not measured.
    Reading quality:
      ``settling``: something is moving or a hand is over the board; the
      pieces above are the last settled state.
      ``confidence``: zone key (``section:N1``, ``path:E``, ``donation:N:1:0``,
      ...) -> 0..1. ``unseen``: zone keys not visible now.
      ``problems``: impossible or doubtful things seen, to put right.
    """

    frame: int
    time: float
    settling: bool
    players: int
    sections: dict[str, tuple[str, ...]]
    maharajah_workers: dict[str, str | None]
    elephants: dict[str, str | None]
    maharajah: str | None
    donations: dict[str, str | None]
    market_counters: dict[str, int | None]
    coins: dict[str, int | None]
    coins_present: dict[str, bool | None]
    market: dict[str, tuple[bool | None, ...]]
    setup: SetupReading
    confidence: dict[str, float] = field(default_factory=dict)
    unseen: tuple[str, ...] = ()
    problems: tuple[Problem, ...] = ()

    @classmethod
    def empty(cls, players: int, frame: int = 0, time: float = 0.0) -> TableSnapshot:
        """An empty table (nothing seen yet) for ``players`` (1 = solo)."""
        if players not in (1, 2, 3, 4):
            raise ValueError(f"players must be 1 (solo), 2, 3 or 4, not {players!r}")
        return cls(
            frame=frame,
            time=time,
            settling=False,
            players=players,
            sections={s: () for s in SECTION_NAMES},
            maharajah_workers=dict.fromkeys(MAHARAJAH_SPACE_NAMES),
            elephants=dict.fromkeys(PLAYER_COLOURS),
            maharajah=None,
            donations=dict.fromkeys(donation_space_names(players)),
            market_counters=dict.fromkeys(PLAYER_COLOURS, 0),
            coins=dict.fromkeys(SECTION_NAMES, 0),
            coins_present=dict.fromkeys(SECTION_NAMES, False),
            market={r.name.lower(): (False,) * MARKET_ROWS for r in Resource},
            setup=SetupReading.empty(),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "frame": self.frame,
            "time": self.time,
            "settling": self.settling,
            "players": self.players,
            "sections": {k: list(v) for k, v in self.sections.items()},
            "maharajah_workers": dict(self.maharajah_workers),
            "elephants": dict(self.elephants),
            "maharajah": self.maharajah,
            "donations": dict(self.donations),
            "market_counters": dict(self.market_counters),
            "coins": dict(self.coins),
            "coins_present": dict(self.coins_present),
            "market": {k: list(v) for k, v in self.market.items()},
            "setup": self.setup.to_dict(),
            "confidence": dict(self.confidence),
            "unseen": list(self.unseen),
            "problems": [p.to_dict() for p in self.problems],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSnapshot:
        """Rebuild from :meth:`to_dict`; a missing or malformed field is named."""
        names = [f.name for f in fields(cls)]
        missing = [n for n in names if n not in data]
        if missing:
            raise ValueError(f"snapshot is missing fields: {', '.join(missing)}")
        try:
            return cls(
                frame=int(data["frame"]),
                time=float(data["time"]),
                settling=bool(data["settling"]),
                players=int(data["players"]),
                sections={k: tuple(v) for k, v in data["sections"].items()},
                maharajah_workers=dict(data["maharajah_workers"]),
                elephants=dict(data["elephants"]),
                maharajah=data["maharajah"],
                donations=dict(data["donations"]),
                market_counters=dict(data["market_counters"]),
                coins=dict(data["coins"]),
                coins_present=dict(data["coins_present"]),
                market={k: tuple(v) for k, v in data["market"].items()},
                setup=SetupReading.from_dict(data["setup"]),
                confidence={k: float(v) for k, v in data["confidence"].items()},
                unseen=tuple(data["unseen"]),
                problems=tuple(Problem.from_dict(p) for p in data["problems"]),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"snapshot field malformed: {exc!r}") from exc

    def pieces(self) -> dict[str, Any]:
        """The table content only (no frame, time, confidence): for comparing readings."""
        d = self.to_dict()
        for key in ("frame", "time", "settling", "confidence", "unseen", "problems"):
            d.pop(key)
        return d


def observable(truth: TableSnapshot) -> TableSnapshot:
    """What a perfect camera reports for this truth: coin counts above 0 become
    unknown (``None``) with ``coins_present`` set, as the coin spot is covered."""
    coins = {s: (0 if not n else None) for s, n in truth.coins.items()}
    present: dict[str, bool | None] = {s: bool(n) for s, n in truth.coins.items()}
    return replace(truth, coins=coins, coins_present=present)


def compare(seen: TableSnapshot, truth: TableSnapshot) -> tuple[list[str], list[str]]:
    """Zone-by-zone comparison of a reading with the observable truth.

    Returns (wrong, unmeasured): ``wrong`` lists every zone where the reading
    says something else than the truth; ``unmeasured`` the market cells, coin
    spots and market-space counts the reading honestly left ``None`` (a cube
    hid the spot, or the camera sees it too small to trust), and every zone the
    reading lists in ``unseen`` (unknown: hidden, too small, doubtful) whose
    held value differs from the truth.
    """
    a, b = seen.pieces(), observable(truth).pieces()
    wrong: list[str] = []
    unmeasured: list[str] = []
    unknown = {p for key in seen.unseen for p in zone_paths(key)}

    def walk(x: Any, y: Any, path: str) -> None:
        if path in unknown:
            if x != y:
                unmeasured.append(path)
        elif isinstance(x, dict) and isinstance(y, dict):
            for key in sorted(set(x) | set(y)):
                walk(x.get(key), y.get(key), f"{path}.{key}" if path else key)
        elif path.startswith("market.") and isinstance(x, list) and isinstance(y, list):
            for row, (u, v) in enumerate(zip(x, y, strict=False), start=1):
                if (u is None or f"{path}:{row}" in unknown) and u != v:
                    unmeasured.append(f"{path}:{row}")
                elif u != v:
                    wrong.append(f"{path}:{row}: seen {u!r}, truth {v!r}")
        elif (
            x is None
            and y is not None
            and path.startswith(("coins.", "coins_present.", "market_counters."))
        ):
            unmeasured.append(path)
        elif x != y:
            wrong.append(f"{path}: seen {x!r}, truth {y!r}")

    walk(a, b, "")
    return wrong, unmeasured


#: Zone key prefix -> the snapshot fields it decides (``{}``: the zone's name).
_FIELDS = {
    "section": ("sections.{}",),
    "coins": ("coins.{}", "coins_present.{}"),
    "maharajah-worker": ("maharajah_workers.{}",),
    "elephant": ("elephants.{}",),
    "market-space": ("market_counters.{}",),
    "donation": ("donations.{}",),
    "bridge": ("setup.bridges.{}",),
}


def zone_paths(key: str) -> tuple[str, ...]:
    """The paths :func:`compare` walks that a zone key (``section:N1``) decides."""
    kind, _, name = key.partition(":")
    if kind in _FIELDS:
        return tuple(f.format(name) for f in _FIELDS[kind])
    if kind == "maharajah":
        return ("maharajah",)
    if kind == "market":
        return (f"market.{name}",)
    if kind == "district-slot":
        return (f"setup.district_tiles.{name.split(':')[0]}",)
    if kind == "temple":
        if name == "active":
            return ("setup.temple_active", "setup.temple_rotation")
        return (f"setup.temple_stack.{name}",)
    if kind == "storehouses":
        return ("setup.storehouses",)
    return ()


def differences(seen: TableSnapshot, truth: TableSnapshot) -> list[str]:
    """Every difference between a reading and the observable truth (strict:
    an unmeasured cell counts too)."""
    wrong, unmeasured = compare(seen, truth)
    return wrong + [f"{u}: not measured" for u in unmeasured]
