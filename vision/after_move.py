"""After a move: a zone's reading must account for what changed there.

A hand put a piece down and went away. Four ways the next reading can be
wrong with nothing in the frame itself to say so (whole games at the harsh
bench's "placement" condition found them, where pieces stand off their spots
and against their neighbours, and at "motion", where each frame is blurred
anew):

- **Hidden, not gone.** A piece the last calm table had is read nowhere now,
  and a piece read now stands where it stood, its top over the old sticker (a
  worker put down against its neighbour, a counter slid onto another), or
  came into its zone anywhere (no single move takes a worker out of a
  section and puts another in). Either the old piece was taken and the new
  one put in, or it is still there behind the new one; the camera cannot say
  which.
- **Changed, not read.** The zone's picture changed where the hand moved
  more than the pieces read coming, going or moving there explain (a
  piece's body appeared, no sticker with it): a worker put down beside one
  of its colour, its sticker hidden by the neighbour. Or, in glare, one of
  its spots blown to white before the move is seeable after it with nothing
  read there: a piece washed out, body and sticker, darkened it by less than
  the change test's level.
- **Missed, not gone.** A piece the last calm table had is read nowhere now,
  and its place looks as it did: a piece taken leaves the board showing, a
  sticker blurred past reading (an arm swept by, the camera shook) does not.
- **Still short.** A zone read fewer pieces than the game counts there
  before the move, and pieces came: they do not make up for the ones unread
  (a worker put in beside one hidden since an earlier move).

Such a zone is *in doubt*: withheld (unknown, never the old value nor the
short one). A zone still short leaves doubt when the game's count, moved on,
is what it reads, or when it reads the missing pieces with no hand there.
Another leaves doubt when it reads the pieces it missed on top of
what it read (the hidden sticker seen again), when it reads full, or when
the game, having moved on since, expects there the number of pieces it
reads (the game knows what a phone answered). A zone over pieces held hidden
stays in doubt through another move there (they may be there still) until it
reads as many more pieces as it held hidden; one over a change nobody read
leaves doubt with any new reading there once a hand went there again (kept
through later moves, those doubts cost placement games at the bench 5-10
times the phone answers), unless the game knows a piece is missing there. Doubts
are raised on the calm frames after a move, before the board view takes the
new table as its background, and only where the hand moved over: light that
drifts by itself raises none. Where no hand went since the background, a
zone reading fewer pieces than it did then is withheld too: pieces do not
leave by themselves.

Vision knows no rules: the expectation is the zone's piece count
(:mod:`vision.expect`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from engine.amritsar import SECTION_CAPACITY

from .closer import Spot
from .expect import pieces_in
from .geometry import foot_to_ground
from .layout import Zone
from .occlusion import CELL_MM, CHANGE_LEVEL, BoardView, change
from .read import Seen, Value, is_global

#: How far (mm) a piece may sit from where it was and still be "the same".
SAME_PLACE_MM = 6.0

#: Zones whose reading counts pieces standing in them (a worker, a counter):
#: where a piece can be put down unseen. (Printed spots read covered or clear,
#: not how many coins; tiles are read by their own large stickers.)
PIECE_ZONES = ("section:", "maharajah-worker:", "donation:", "market-space:")
#: Changed cells (4 mm each, after the change test's 12 mm smoothing) inside a
#: zone that count as a piece's body come or gone: a worker's or a counter's
#: top (15-16 mm across) changes about 20; a sticker re-blurred, a few.
CHANGED_CELLS = 8
#: Changed cells in a piece's body that say it came (was put down): light
#: seed 22's G2, put down in glare, changed 7-8; workers standing there, 0.
ARRIVED_CELLS = CHANGED_CELLS // 2
#: The mean change (see :func:`~vision.occlusion.change`) over a piece's body
#: below which it stands there still: at the test table, taking a worker
#: changed its body by 62, smudging its sticker past reading by 16, blurring
#: the whole frame by 2 px by 24.
STILL_THERE = 2 * CHANGE_LEVEL
#: Body radius over sticker side (a worker: 10 mm sticker on a 15 mm top).
BODY_PER_SIDE = 0.75


@dataclass(frozen=True)
class Doubt:
    """Why a zone is in doubt, and what ends it."""

    read: Value  # the zone's reading when raised (a hidden piece's: the latest)
    expected: int | None  # the game's count then: a new count can end it
    why: str  # "hidden", "unexplained" or "short"
    #: The pieces of the last calm table it holds hidden ("hidden" only).
    pieces: tuple[Seen, ...] = ()
    #: How many pieces the reading is short of, at least ("hidden": as many as
    #: it holds; "short": as many as the zone lacked before the move, less
    #: those found since; "unexplained": not known).
    missing: int = 1
    #: The board-view cells whose change nobody read ("unexplained" only).
    cells: NDArray[np.bool_] | None = field(default=None, compare=False)
    #: Has a hand moved over the zone since (a new reading may be a move)?
    touched: bool = False


class AfterMove:
    """The zones in doubt after moves, and the cells hands moved over since
    the board view last took a background."""

    def __init__(self, zones: Mapping[str, Zone], view: BoardView) -> None:
        self._view = view
        self._masks = {
            key: _mask(zone, view) for key, zone in zones.items() if key.startswith(PIECE_ZONES)
        }
        #: Zones with a place of their own (a printed coin spot, a market cell,
        #: a tile's slot): a change of their reading explains their cells and
        #: 8 mm around (coins stand wider than their printed spot; the change
        #: test smooths over a cell).
        wider = np.ones((5, 5), np.uint8)
        self._places = {
            key: cv2.dilate(_mask(zone, view).astype(np.uint8), wider).astype(bool)
            for key, zone in zones.items()
            if not is_global(key)
        }
        self._moved = np.zeros(view.shape, bool)
        #: The reading of the frame the board view took as its background: what
        #: the background's picture shows.
        self._background_read: dict[str, Value] = {}
        #: The pieces read on that frame: the last calm table's too, though a
        #: later calm frame may have missed one (a sticker read now and then).
        self._background_pieces: list[Seen] = []
        #: Its piece spots glare or shadow left unseeable.
        self._blind: frozenset[Spot] = frozenset()
        #: Zone key -> its doubt (see the module's docstring).
        self.doubts: dict[str, Doubt] = {}
        #: Pieces once held hidden, whose doubt a new reading ended since the
        #: last background: read again where they stood, they did not come.
        self._were_hidden: list[Seen] = []

    @property
    def pending(self) -> bool:
        """Has a hand moved over the board since the last background?"""
        return bool(self._moved.any())

    def moved(self, cells: NDArray[np.bool_]) -> None:
        """Cells that changed this frame under a hand or a moving piece."""
        self._moved |= cells
        for key, doubt in self.doubts.items():
            if not doubt.touched and bool((cells & self._masks[key]).any()):
                self.doubts[key] = replace(doubt, touched=True)

    def settled(
        self,
        values: Mapping[str, Value] | None = None,
        pieces: Sequence[Seen] = (),
        blind: frozenset[Spot] = frozenset(),
    ) -> None:
        """The board view took this calm frame as its background (where no
        hand hid it); ``values``: the frame's reading of the zones it showed,
        before any was withheld, ``pieces`` the pieces it read, and ``blind``
        its piece spots that glare or shadow left unseeable
        (:attr:`vision.closer.CloserLook.blind`). ``None``: a fresh
        background, nothing read.

        A zone that reads fewer pieces than before where no hand went keeps
        its old reading and pieces: a sticker missed on the calm frame is no
        reason to forget the piece."""
        kept = frozenset(self._fewer_unmoved(values)) if values is not None else frozenset()
        self._moved[:] = False
        self._blind = blind if values is not None else frozenset()
        self._were_hidden.clear()
        self._background_pieces = [
            *pieces,
            *(p for p in self._background_pieces if p.zone is not None and p.zone.key in kept),
        ]
        if values is None:
            self._background_read = {}
        else:
            self._background_read.update((k, v) for k, v in values.items() if k not in kept)

    def _fewer_unmoved(self, values: Mapping[str, Value]) -> list[str]:
        """Zones reading fewer pieces than the background's reading, where no
        hand moved since: pieces do not leave by themselves, a sticker was
        missed (motion seed 4: G3 read on the calm table after a hand, then
        lost to the blur of three frames with no hand anywhere, and S2 read
        empty: taken as sown)."""
        read, out = self._background_read, []
        for key, value in values.items():
            if key not in self._masks or key not in read or not _room(key, value):
                continue
            n, was = pieces_in(key, value), pieces_in(key, read[key])
            if n is None or was is None or n >= was:
                continue
            if not (self._moved & self._masks[key]).any():
                out.append(key)
        return out

    def check(
        self,
        view: NDArray[np.uint8],
        values: Mapping[str, Value],
        seen_now: Sequence[Seen],
        before: Sequence[Seen],
        expected: Mapping[str, int],
        camera: NDArray[np.float64],
        opened: frozenset[Spot] = frozenset(),
    ) -> None:
        """On a calm frame after a move: raise the doubts this reading earns.

        ``values``: this frame's zone readings; ``seen_now``: the pieces read;
        ``before``: the pieces of the last calm table (before the move);
        ``expected``: the game's piece counts; ``camera``: its position (x, y,
        height mm); ``opened``: piece spots where no marker was read and the
        picture is seeable (:attr:`vision.closer.CloserLook.open`)."""
        background = self._view.background
        if background is None or not self._moved.any():
            return
        near = cv2.dilate(self._moved.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
        differs = change(view, background)
        changed = (differs > CHANGE_LEVEL) & near
        then = _feet(before)
        missed = [p for p in self._background_pieces if _ident(p) not in then]
        held = (p for d in self.doubts.values() for p in d.pieces)
        before = [*before, *missed, *self._were_hidden, *held]
        self._another_came(values, seen_now, before, expected, camera, near)
        for key, pieces in self._hidden(seen_now, before, camera, near, differs).items():
            if key not in self._masks or key not in values or key in self.doubts:
                continue
            if _room(key, values[key]):
                doubt = Doubt(values[key], expected.get(key), "hidden", pieces, len(pieces))
                self.doubts[key] = doubt
        self._unblinded(values, expected, opened, near)
        arrived = self._arrivals(changed, seen_now, _feet(before), camera)
        self._still_short(values, expected, arrived, before)
        read = self._background_read
        explained: dict[str, NDArray[np.bool_]] | None = None
        news: list[str] = []
        for key, mask in self._masks.items():
            if key not in values or key not in read:
                continue
            standing = self.doubts.get(key)
            if standing is not None and (standing.pieces or standing.why == "short"):
                continue  # pieces held hidden or still unread: their own doubt's rules
            if not _room(key, values[key]):
                continue  # nothing can hide there beside what is read
            here = changed & mask
            if int(np.count_nonzero(here)) < CHANGED_CELLS:
                continue
            if explained is None:
                explained = self._explained(seen_now, before, camera)
                news = [k for k, v in values.items() if k in self._places and read.get(k, v) != v]
            left = here & ~explained.get(key, explained[""])
            for other in news:
                if other != key:
                    left &= ~self._places[other]  # a coin taken, a cube bought there
            if int(np.count_nonzero(left)) >= CHANGED_CELLS:
                # In doubt already: another change nobody read, after the
                # game's count then; the game must move on past this one too
                # (placement seed 29: a worker put into W1 unread while W1
                # was in doubt; the game then caught up with an older move,
                # agreed with the reading, and W1 read 3 for 4).
                if standing is not None and standing.cells is not None:
                    left = left | standing.cells
                self.doubts[key] = Doubt(values[key], expected.get(key), "unexplained", cells=left)

    def _unblinded(
        self,
        values: Mapping[str, Value],
        expected: Mapping[str, int],
        opened: frozenset[Spot],
        near: NDArray[np.bool_],
    ) -> None:
        """Changed, not read, in glare: a piece spot blown to white on the last
        calm table, where the hand went, that is seeable now with no marker
        read. Something darkened it: a piece whose body and sticker the glare
        washed out (light seed 56 at the whole-game bench: S1 unknown for its
        fourth slot, white; G3 put there, its body changed the picture by 14
        grey levels at most, under the change test's level, and S1 then read
        its three other workers, as the game counted: the sowing was taken a
        section short, and five false alerts followed). A change nobody read."""
        for key, row, col in self._blind & opened:
            if key not in self._masks or key not in values or key in self.doubts:
                continue
            if not near[row, col] or not _room(key, values[key]):
                continue
            body = np.zeros(self._view.shape, bool)  # the spot and 8 mm around
            body[max(0, row - 2) : row + 3, max(0, col - 2) : col + 3] = True
            body &= self._masks[key]
            self.doubts[key] = Doubt(values[key], expected.get(key), "unexplained", cells=body)

    def _another_came(
        self,
        values: Mapping[str, Value],
        seen_now: Sequence[Seen],
        before: Sequence[Seen],
        expected: Mapping[str, int],
        camera: NDArray[np.float64],
        near: NDArray[np.bool_],
    ) -> None:
        """A zone in doubt over a change nobody read, which the game since
        counts more pieces in than were read (a phone said what was put
        there), where a hand went again and a piece read now came: that piece
        is the one missed only if it stands over the unread change. Else
        another came (placement seed 24: a white worker put into E1 unread,
        then another beside it, read; the doubt ended with the new reading and
        the section read 3 for 4): the doubt holds, over the new reading and
        the game's count now. Where the game counts what was read, the change
        was something else (a neighbour nudged): any new reading ends it."""
        then = _feet(before)
        for key, doubt in list(self.doubts.items()):
            value = values.get(key)
            if doubt.cells is None or value is None or value == doubt.read:
                continue
            was, now = pieces_in(key, doubt.read), expected.get(key)
            if was is None or now is None or now <= was:
                continue  # not short of the game's count: nothing known missing
            if not (near & self._masks[key]).any():
                continue  # no hand there: a sticker read again, nothing came
            came = [p for p in seen_now if p.zone is not None and p.zone.key == key]
            came = [p for p in came if not _at(p, then)]
            if not came:
                continue
            over = sum(
                int(np.count_nonzero(self._body(p, camera).astype(bool) & doubt.cells))
                for p in came
            )
            if 2 * over < int(np.count_nonzero(doubt.cells)):
                self.doubts[key] = replace(doubt, read=value, expected=expected.get(key))

    def _explained(
        self, seen_now: Sequence[Seen], before: Sequence[Seen], camera: NDArray[np.float64]
    ) -> dict[str, NDArray[np.bool_]]:
        """Per zone key, the cells whose change the reading explains: where a
        piece of another zone stands or stood (leaning into this one in the
        view), and where a piece of this zone came, went or moved. Under
        ``""``, for a zone with no piece: every piece's cells."""
        now, then = _feet(seen_now), _feet(before)
        every = np.zeros(self._view.shape, np.uint8)
        own: dict[str, NDArray[np.uint8]] = {}
        moved: dict[str, NDArray[np.bool_]] = {}
        for pieces, other in ((seen_now, then), (before, now)):
            for p in pieces:
                key = p.zone.key if p.zone is not None else ""
                body = self._body(p, camera)
                every += body
                own[key] = own.get(key, np.zeros_like(body)) + body
                if not _at(p, other):
                    moved[key] = moved.get(key, np.zeros(body.shape, bool)) | body.astype(bool)
        out = {"": every > 0}
        for key in self._masks:
            mine = own.get(key)
            others = every > mine if mine is not None else every > 0
            out[key] = others | moved[key] if key in moved else others
        return out

    def _body(self, p: Seen, camera: NDArray[np.float64]) -> NDArray[np.uint8]:
        """The cells a piece covers as the camera sees it: foot to top, as wide
        as its body plus a cell (the change test's smoothing)."""
        one = np.zeros(self._view.shape, np.uint8)
        top = foot_to_ground(*p.foot, camera, p.height_mm)
        width = max(1, round(2 * (BODY_PER_SIDE * p.side_mm + CELL_MM) / CELL_MM))
        cv2.line(
            one, _fixed(self._view, *p.foot), _fixed(self._view, *top), 1, width, cv2.LINE_8, 4
        )
        return one

    def _hidden(
        self,
        seen_now: Sequence[Seen],
        before: Sequence[Seen],
        camera: NDArray[np.float64],
        near: NDArray[np.bool_],
        differs: NDArray[np.uint8],
    ) -> dict[str, tuple[Seen, ...]]:
        """Zones (and pieces) of last-table pieces read nowhere now: whose
        place looks as it did (``differs``: the change since the background),
        still standing there with their stickers missed (motion seed 4: an arm
        swept over S2, and G3's sticker, blurred, went unread; the section read
        empty and the companion took it as sown; a piece taken leaves the
        board showing where it stood); or where the hand went, whose place a
        piece read now stands over or whose zone a piece came into."""
        now, then = _feet(seen_now), _feet(before)
        tops = [(s, foot_to_ground(*s.foot, camera, s.height_mm)) for s in seen_now]
        #: Zones a piece came into (or moved in): one read gone there may stand
        #: behind it, wherever it was put down.
        came = {p.zone.key for p in seen_now if p.zone is not None and not _at(p, then)}
        out: dict[str, tuple[Seen, ...]] = {}
        for old in before:
            if old.zone is None:
                continue
            if _at(old, now) or (len(then[_ident(old)]) == 1 and _ident(old) in now):
                continue  # read where it stood; a piece of its own read anywhere
            if float(np.mean(differs[self._body(old, camera).astype(bool)])) < STILL_THERE:
                out[old.zone.key] = (*out.get(old.zone.key, ()), old)
                continue
            cell = self._view.cell_of(*old.foot)
            if cell is None or not near[cell]:
                continue
            ox, oy = foot_to_ground(*old.foot, camera, old.height_mm)
            reach = old.side_mm * math.sqrt(0.5)  # the old sticker's half-diagonal
            if old.zone.key in came or any(
                math.hypot(nx - ox, ny - oy) < BODY_PER_SIDE * new.side_mm + reach
                for new, (nx, ny) in tops
            ):
                out[old.zone.key] = (*out.get(old.zone.key, ()), old)
        return out

    def _still_short(
        self,
        values: Mapping[str, Value],
        expected: Mapping[str, int],
        arrived: Arrivals,
        before: Sequence[Seen],
    ) -> None:
        """A zone that read fewer pieces than the game counts there before the
        move, where pieces came: they do not make up for those unread
        (placement seed 33: Y2 stood unread in S2 beside W3, unknown as short
        of the game's 2; W1 put in made the reading 2, and S2 read 2 for 3).
        A piece read now where nothing changed was there before: one of those
        unread, found. ``arrived``: per zone, the pieces read now not where
        any stood, and how many of them changed the picture (came). A
        section the last calm table did not read has for its count before
        the pieces read in it then (light seed 22: S1 in glare, never read
        whole; Y1 put in unread, then G2 read, and S1 read 3 for 4)."""
        read = self._background_read
        sections = Counter(
            p.zone.key for p in before if p.zone is not None and p.zone.key.startswith("section:")
        )
        for key, (new, came) in arrived.items():
            standing, value = self.doubts.get(key), values.get(key)
            if not came or key not in expected or key not in self._masks or value is None:
                continue
            if not _room(key, value) or (standing is not None and standing.why != "short"):
                continue
            if standing is not None:
                # Already short: what came is another move, after the game's
                # count now; the unread pieces are as many as they were.
                self.doubts[key] = replace(
                    standing, read=value, expected=expected[key], touched=False
                )
                continue
            if key in read:
                was = pieces_in(key, read[key])
            elif key.startswith("section:") and sections[key]:
                was = sections[key]
            else:
                continue  # never read before (start-up): nothing known short
            if was is None or was >= expected[key]:
                continue
            missing = expected[key] - was - (new - came)
            if missing > 0:
                self.doubts[key] = Doubt(value, expected[key], "short", missing=missing)

    def _arrivals(
        self,
        changed: NDArray[np.bool_],
        seen_now: Sequence[Seen],
        then: Mapping[Ident, list[tuple[float, float]]],
        camera: NDArray[np.float64],
    ) -> Arrivals:
        """Per zone, the pieces read now where none of theirs stood (``then``)
        and how many of those changed the picture (``changed``): came."""
        out: dict[str, tuple[int, int]] = {}
        for p in seen_now:
            if p.zone is None or _at(p, then):
                continue
            body = self._body(p, camera).astype(bool)
            came = int(np.count_nonzero(changed & body) >= ARRIVED_CELLS)
            new, came_before = out.get(p.zone.key, (0, 0))
            out[p.zone.key] = (new + 1, came_before + came)
        return out

    def short_of(self, expected: Mapping[str, int]) -> frozenset[str]:
        """Zones in doubt whose reading was fewer pieces than the game's count:
        short before the next hand, as a zone the expectation withholds."""
        return frozenset(
            key
            for key, doubt in self.doubts.items()
            if key in expected
            and (n := pieces_in(key, doubt.read)) is not None
            and n < expected[key]
        )

    def withhold(self, values: dict[str, Value], expected: Mapping[str, int]) -> dict[str, Value]:
        """``values`` without the zones in doubt (the same object when none is).

        A doubt ends when the zone reads full, or when the game has moved on
        since and expects there the count read. One over pieces held hidden
        outlives a new reading there (another move in the zone: the pieces
        may be there still) and ends when the zone reads as many more pieces
        as it held hidden. One over a change nobody read ends with any new
        reading there after a hand went there again (with no hand, a new
        reading is a sticker lost or found): kept through later moves, such
        doubts (a picture that changes for other reasons: a neighbour nudged)
        left placement games at the bench with 5-10 times the phone answers."""
        fewer = self._fewer_unmoved(values) if self._background_read else []
        if not self.doubts and not fewer:
            return values
        out = {k: v for k, v in values.items() if k not in fewer} if fewer else values
        for key, doubt in list(self.doubts.items()):
            if key not in values:
                continue  # not seen this frame: nothing to say either way
            value = values[key]
            n, was = pieces_in(key, value), pieces_in(key, doubt.read)
            now = expected.get(key)
            if (
                (now is not None and now != doubt.expected and now == n)
                or _seen_again(key, doubt, value)
                or not _room(key, value)
            ):
                del self.doubts[key]
                self._were_hidden.extend(doubt.pieces)
                continue
            if value != doubt.read and value is not None:
                if doubt.why == "short":
                    # Pieces read since with no hand there: the unread ones
                    # found. After a hand, a new reading may be a move.
                    found = 0 if doubt.touched else max(0, (n or 0) - (was or 0))
                    if found >= doubt.missing:
                        del self.doubts[key]
                        continue
                    missing = doubt.missing - found
                    self.doubts[key] = replace(doubt, read=value, missing=missing, touched=False)
                elif doubt.pieces:
                    found = max(0, (n or 0) - (was or 0))  # pieces read since, maybe the missed
                    missing = max(1, doubt.missing - found)
                    self.doubts[key] = replace(doubt, read=value, missing=missing)
                elif doubt.touched:
                    lost = _lost(doubt.read, value)
                    if not lost:
                        del self.doubts[key]  # a change nobody read, then a move there
                        continue
                    # Workers read before are read nowhere now, beside others
                    # still there: hidden, not gone (placement seed 29: Y1
                    # lost from W1 with Y2 put in; W1 read 3 for 4).
                    missing = max(doubt.missing, len(lost))
                    self.doubts[key] = replace(doubt, read=value, touched=False, missing=missing)
                # Else no hand went there since: a sticker lost or found, not
                # a move (placement seed 29: W1 read for a moment without Y1
                # ended its doubt, and then read 3 for 4). Still in doubt.
            if out is values:
                out = dict(values)
            out.pop(key, None)
        return out


Ident = tuple[object, str, str]
#: Per zone key: pieces read now where none of theirs stood, and how many came.
Arrivals = Mapping[str, tuple[int, int]]


def _ident(p: Seen) -> Ident:
    """What a sticker says: unique for a worker, shared by a colour's counters."""
    return (p.kind, p.component, p.face)


def _feet(pieces: Sequence[Seen]) -> dict[Ident, list[tuple[float, float]]]:
    out: dict[Ident, list[tuple[float, float]]] = {}
    for p in pieces:
        out.setdefault(_ident(p), []).append(p.foot)
    return out


def _at(p: Seen, feet: Mapping[Ident, list[tuple[float, float]]]) -> bool:
    """Is a piece with ``p``'s sticker among ``feet`` where ``p`` stands?"""
    return any(math.dist(f, p.foot) < SAME_PLACE_MM for f in feet.get(_ident(p), ()))


def _lost(read: Value, value: Value) -> tuple[str, ...]:
    """The workers ``read`` named that ``value`` (the same zone's later
    reading) does not, where it still names some: a section is only ever
    emptied whole. Counts and colours name no piece: none."""
    if not isinstance(read, tuple) or not isinstance(value, tuple) or not value:
        return ()
    return tuple(w for w in read if w not in value)


def _seen_again(key: str, doubt: Doubt, value: Value) -> bool:
    """Does ``value`` (zone ``key``'s reading) show the pieces ``doubt`` holds
    hidden? A section names its workers: those very workers. A space of
    counters (one sticker per colour) only counts them: as many more as were
    hidden."""
    if not doubt.pieces:
        return False  # a change nobody read: no reading says which piece it was
    if isinstance(value, tuple):
        return all(p.component in value for p in doubt.pieces)
    n, was = pieces_in(key, value), pieces_in(key, doubt.read)
    return n is not None and was is not None and n >= was + doubt.missing


def _room(key: str, value: Value) -> bool:
    """Could a piece stand unseen in zone ``key`` beside what it reads? Not
    in a full section, nor where the count was not measured."""
    if value is None and key.startswith("market-space:"):
        return False  # not measured: nothing to doubt
    if key.startswith("section:") and isinstance(value, tuple):
        return len(value) < SECTION_CAPACITY
    return not (key.startswith(("maharajah-worker:", "donation:")) and value is not None)


def _fixed(view: BoardView, x: float, y: float) -> tuple[int, int]:
    """A board point (mm) on the board view's cell grid, in OpenCV's fixed
    point with 4 fractional bits (the drawing calls' ``shift=4``)."""
    x0, y0 = view.origin
    return round((x - x0) / CELL_MM * 16), round((y - y0) / CELL_MM * 16)


def _mask(zone: Zone, view: BoardView) -> NDArray[np.bool_]:
    """The board-view cells inside a zone's outline."""
    pts = np.array([_fixed(view, x, y) for x, y in zone.polygon], np.int32)
    mask = np.zeros(view.shape, np.uint8)
    cv2.fillPoly(mask, [pts], 1, cv2.LINE_8, 4)
    return mask.astype(bool)
