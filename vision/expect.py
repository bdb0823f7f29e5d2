"""What the game says is on the table: a count lower than that is a reason to doubt.

Pieces are conserved: the reconciler knows (from the rules engine) that five
purple counters lie on the purple market space until an action moves them,
and an action needs a hand. So when the camera reads fewer pieces in a zone
than expected and nothing has moved over that zone since the expectation was
set, the reading is a miss (a dark piece, glare, a hand held still since
start-up), not a move: the zone is looked at again (the closer look, at every
size and with another threshold, :meth:`vision.closer.CloserLook.expect`) and,
still short, reads *unknown*, never the new, lower count.

Vision knows no rules: the expectation is plain zone keys and piece counts
(:func:`counts` makes them from a :class:`~vision.snapshot.TableSnapshot`; the
reconcile layer builds that snapshot from the engine's state).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np
from numpy.typing import NDArray

from .layout import Zone
from .occlusion import BoardView
from .read import Value, is_global
from .snapshot import TableSnapshot

#: Zone keys whose pieces can be counted from a reading (see :func:`pieces_in`).
COUNTED = (
    "section:",
    "maharajah-worker:",
    "donation:",
    "market-space:",
    "district-slot:",
    "temple:",
    "bridge:",
    "storehouses",
    "elephant:",
    "maharajah",
)
#: Zones where only fewer pieces than expected is doubtful: an elephant the
#: game has off the board may lie beside it, seen "off".
LOWER_ONLY = ("elephant:",)
#: Printed spots: 1 when covered (coins on a coin spot, a cube on a market cell).
PRINTED = ("coins:", "market:")


def pieces_in(key: str, value: Value) -> int | None:
    """How many pieces a zone's reading shows (None: not a counted zone)."""
    if key.startswith(PRINTED):
        return None if value is None else int(bool(value))  # covered: 1
    if not key.startswith(COUNTED):
        return None
    if value is None:
        return 0
    if is_global(key) or isinstance(value, bool):
        return 1
    if isinstance(value, int):
        return value  # a market space's counters
    if key.startswith(("section:", "storehouses")) and isinstance(value, tuple):
        return len(value)
    return 1


def counts(truth: TableSnapshot) -> dict[str, int]:
    """Pieces per zone key in a table's truth (what the game says lies there)."""
    out: dict[str, int] = {}
    for name, workers in truth.sections.items():
        out[f"section:{name}"] = len(workers)
    for colour, where in truth.elephants.items():
        out[f"elephant:{colour}"] = int(where is not None)
    out["maharajah"] = int(truth.maharajah is not None)
    for space, worker in truth.maharajah_workers.items():
        out[f"maharajah-worker:{space}"] = int(worker is not None)
    for space, donor in truth.donations.items():
        out[f"donation:{space}"] = int(donor is not None)
    for colour, n in truth.market_counters.items():
        out[f"market-space:{colour}"] = int(n or 0)
    for district, slots in truth.setup.district_tiles.items():
        for slot, tile in zip(("left", "centre", "right"), slots, strict=True):
            out[f"district-slot:{district}:{slot}"] = int(tile is not None)
    out["temple:active"] = int(truth.setup.temple_active is not None)
    for slot, tile in truth.setup.temple_stack.items():
        out[f"temple:{slot}"] = int(tile is not None)
    for decade, bridge in truth.setup.bridges.items():
        out[f"bridge:{decade}"] = int(bridge is not None)
    out["storehouses"] = len(truth.setup.storehouses)
    for section, coins in truth.coins.items():
        out[f"coins:{section}"] = int(bool(coins))
    # Not the market cells: the game knows how many cubes a column holds, not
    # which of its cells players left them in.
    return out


class Expectation:
    """The expected piece counts, and which board cells moved since they were set."""

    def __init__(self, zones: Mapping[str, Zone], view: BoardView) -> None:
        self.counts: dict[str, int] = {}
        self._view = view
        everywhere = np.nonzero(np.ones(view.shape, bool))
        # An elephant or the Maharajah token may be anywhere: any move counts.
        self._cells = {
            key: everywhere if is_global(key) else _cells(zone, view) for key, zone in zones.items()
        }
        self._touched = np.zeros(view.shape, bool)
        #: The zones the last :meth:`withhold` left unknown.
        self.short: frozenset[str] = frozenset()
        self._memo: tuple[object, int, frozenset[str], dict[str, Value]] | None = None
        self._version = 0

    def set(self, counts: Mapping[str, int]) -> bool:
        """New expected counts (from the reconciler); returns True when they
        changed, and then nothing counts as moved any more."""
        new = {k: int(n) for k, n in counts.items() if k in self._cells}
        if new == self.counts:
            return False
        self.counts = new
        self._touched[:] = False
        self._version += 1
        return True

    def touch(self, moved: NDArray[np.bool_]) -> None:
        """Board-view cells that changed this frame (a hand, a piece moved)."""
        if self.counts and moved.any():
            self._touched |= moved
            self._version += 1

    def keys_with_pieces(self) -> Iterable[str]:
        """Zones where pieces stand (not printed spots: there, a piece hides the marker)."""
        return (k for k, n in self.counts.items() if n > 0 and not k.startswith(PRINTED))

    def withhold(self, values: dict[str, Value]) -> dict[str, Value]:
        """``values`` without the zones that read other than expected while
        nothing moved over them (the same object when none does): fewer pieces
        is a miss, more (a covered printed spot, a piece from nowhere) a pattern
        misread or a hand held still."""
        if not self.counts:
            self.short = frozenset()
            return values
        memo = self._memo
        if memo is not None and memo[0] is values and memo[1] == self._version:
            self.short = memo[2]
            return memo[3]
        short = frozenset(
            key
            for key, value in values.items()
            if (n := pieces_in(key, value)) is not None
            and key in self.counts
            and (n < self.counts[key] if key.startswith(LOWER_ONLY) else n != self.counts[key])
            and not bool(self._touched[self._cells[key]].any())
        )
        out = {k: v for k, v in values.items() if k not in short} if short else values
        self.short = short
        self._memo = (values, self._version, short, out)
        return out


def _cells(zone: Zone, view: BoardView) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """The board-view cells of a zone's bounding box."""
    xs = [p[0] for p in zone.polygon]
    ys = [p[1] for p in zone.polygon]
    a = view.cell_of(min(xs), min(ys)) or (0, 0)
    b = view.cell_of(max(xs), max(ys)) or (view.shape[0] - 1, view.shape[1] - 1)
    rr, cc = np.mgrid[a[0] : b[0] + 1, a[1] : b[1] + 1]
    return rr.ravel(), cc.ravel()
