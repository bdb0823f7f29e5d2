"""Temporal stabilisation: a zone changes only on consistent evidence.

The table is *calm* when nothing moves and no hand is over it. A zone's
accepted value changes only when its reading has been the same in the last
``confirm_frames`` calm frames; any frame that is not calm (motion, a hand, a
lost registration) starts the count again for every zone. So a change made
under a hand is never reported half-done: it appears, all of it, on the
``confirm_frames``-th calm frame after the hand has gone.

The snapshot says ``settling`` while the table is not yet calm for that long
or a zone's reading differs from its accepted value.

Within one calm spell, a frame that says nothing about a zone is no evidence
either way: the zone missing from the frame's values (out of sight, held back
by the expectation), or a *measured* zone (printed coin spots and market
cells, market-space counts: :data:`MEASURED`) reading ``None`` ("could not
tell"), leaves the zone's recent readings as they were instead of restarting
its count. Blur that changes every frame (a camera on a shaky mount) lets a
sticker decode in one frame and not the next; counting those frames as
disagreement kept such a table settling for ever. A move still needs a hand,
and a hand (or any motion) restarts every count.

A measured zone's accepted value that no frame of the calm spell measured
(every frame "could not tell", since the last hand) is held as for a zone out
of sight: listed unseen, never passed on as seen.

A zone whose readings disagree with each other within one calm spell (a
donation counter decoding in one blurred frame and not the next, a market cell
read "covered" then "clear") cannot be read now: nothing moved, so one of
those readings is wrong, and which one is not known. Such a zone holds the
table settling for ``DOUBT_AFTER`` calm frames at most (time for a change
made under a hand to show whole); after that it is *in doubt*: listed unseen
(unknown, its last accepted value held as for a zone out of sight, confidence
halved), and no longer keeping the rest of the table from settling. It leaves
doubt as any change is accepted: ``confirm_frames`` agreeing calm readings.
Unknown, never a guess between the readings. The same holds for a zone whose
reading is simply not confirmed yet after ``DOUBT_AFTER`` calm frames (read
for the first time late in the spell: under blur new each frame, a sticker
decodes in frames 8, 10 and 11 only): it is in doubt until it confirms, so no
calm table is held settling longer than ``DOUBT_AFTER`` frames.

Pieces never go without a hand. A zone that holds pieces (:data:`HOLDS_PIECES`:
workers on a section, a counter on a donation space or a market space, the
storehouse tiles) whose reading lacks a piece read earlier in the same calm
spell has *lost* it to the camera, not to a player: a sticker decoded in one
blurred frame and missed in the next three. Such a reading is never
confirmed, and the zone is in doubt until a hand or until the pieces are read
again; a decoded marker is strong evidence, a missed one is weak. (Motion seed
13 at the whole-game bench: three workers read in some calm frames and missed
in three in a row became a confirmed "empty" and a wrong sowing.)
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Mapping
from dataclasses import replace

from engine.amritsar import (
    MAHARAJAH_SPACE_NAMES,
    PLAYER_COLOURS,
    SECTION_NAMES,
    District,
    Resource,
)

from .layout import DECADES, DISTRICT_SLOT_NAMES, MARKET_ROWS, donation_space_names
from .read import Value
from .snapshot import Problem, SetupReading, TableSnapshot

CONFIRM_FRAMES = 3
#: Zones whose ``None`` means "not measured" (for the others it is a value:
#: an empty donation space, no worker beside the Maharajah).
MEASURED = ("coins:", "market:", "market-space:")
#: Zones whose value is the pieces on them: a reading lacking a piece read
#: earlier in the calm spell is a miss (see the module's docstring).
HOLDS_PIECES = ("section:", "donation:", "maharajah-worker:", "market-space:", "storehouses")
#: Confidence of a value held while its zone is out of sight.
HELD_CONFIDENCE = 0.5
#: Calm frames a zone whose readings disagree may hold the table settling.
DOUBT_AFTER = 2 * CONFIRM_FRAMES


class Stabiliser:
    """Accepted zone values, with the recent calm readings behind them."""

    def __init__(
        self,
        keys: Iterable[str],
        players: int,
        confirm_frames: int = CONFIRM_FRAMES,
        doubt_after: int = DOUBT_AFTER,
    ) -> None:
        if confirm_frames < 1:
            raise ValueError("confirm_frames must be at least 1")
        if doubt_after < confirm_frames:
            raise ValueError("doubt_after must be at least confirm_frames")
        self.doubt_after = doubt_after
        #: Zones whose readings disagreed within this calm spell.
        self.disagreed: set[str] = set()
        #: Zones in doubt (see the module's docstring): unseen, not holding the table.
        self.doubt: frozenset[str] = frozenset()
        self.keys = tuple(keys)
        self.players = players
        self.confirm = confirm_frames
        self.accepted: dict[str, Value] = {}
        self.history: dict[str, deque[Value]] = {k: deque(maxlen=confirm_frames) for k in self.keys}
        #: Measured zones: calm frames in a row that read ``None`` (not measured).
        self.blank: dict[str, int] = dict.fromkeys(self.keys, 0)
        self._measured = frozenset(k for k in self.keys if k.startswith(MEASURED))
        self._counted = frozenset(k for k in self.keys if k.startswith(HOLDS_PIECES))
        #: Counted zones: every piece read in this calm spell (the most of each).
        self.spell_pieces: dict[str, Counter[object]] = {}
        #: Counted zones whose latest calm reading lacks a piece in ``spell_pieces``.
        self.lost: set[str] = set()
        self.calm_streak = 0
        self.problems: tuple[Problem, ...] = ()
        self.settling = True
        self.unseen: tuple[str, ...] = self.keys
        self._last: tuple[object, TableSnapshot] | None = None
        # The reading (values and problems objects) the stabiliser is steady on.
        self._steady: tuple[object, object] | None = None
        self._unchanged = False

    def update(self, values: Mapping[str, Value], calm: bool, problems: Iterable[Problem]) -> bool:
        """Feed one frame's reading; returns True when something was committed."""
        if (
            calm
            and self._steady is not None
            and self._steady[0] is values
            and self._steady[1] is problems
        ):
            # The very reading every history is already full of: nothing changes.
            self.calm_streak += 1
            self._unchanged = True
            return False
        self._unchanged = False
        committed = False
        measured = self._measured
        if not calm:
            self.calm_streak = 0
            for h in self.history.values():
                h.clear()
            for key in self.blank:
                self.blank[key] = 0
            self.disagreed.clear()
            self.spell_pieces.clear()
            self.lost.clear()
        else:
            self.calm_streak += 1
            for key in self.keys:
                if key not in values:
                    continue  # nothing seen of it this frame: no evidence
                h = self.history[key]
                value = values[key]
                if value is None and key in measured:
                    # Not measured this frame. Only a zone never measured in
                    # this calm spell, or never accepted at all (measured too
                    # rarely to confirm: a 1080p sticker decoding once), settles
                    # on "not measured".
                    self.blank[key] += 1
                    if (
                        (not h or key not in self.accepted)
                        and self.blank[key] >= self.confirm
                        and (key not in self.accepted or self.accepted[key] is not None)
                    ):
                        self.accepted[key] = None
                        committed = True
                    continue
                self.blank[key] = 0
                if h and h[-1] != value:
                    self.disagreed.add(key)
                h.append(value)
                if key in self._counted and self._loses(key, value):
                    continue  # a miss is never confirmed
                confirmed = len(h) == self.confirm and all(v == h[0] for v in h)
                if confirmed and (key not in self.accepted or self.accepted[key] != h[0]):
                    self.accepted[key] = h[0]
                    committed = True
        unconfirmed = frozenset(
            k
            for k in values
            if k not in self.accepted
            or (values[k] != self.accepted[k] and not (values[k] is None and k in measured))
        )
        doubt = (
            self._doubt() | unconfirmed
            if calm and self.calm_streak >= self.doubt_after
            else frozenset()
        )
        doubt |= self.lost
        self.doubt = doubt
        pending = bool(unconfirmed - doubt)
        self.settling = self.calm_streak < self.confirm or pending
        if calm and self.calm_streak >= self.confirm:
            self.problems = tuple(problems)
        self.unseen = tuple(
            k
            for k in self.keys
            if k not in values
            or k not in self.accepted
            or k in doubt
            or (values[k] is None and k in measured and self._stale(k))
        )
        steady = (
            calm
            and not self.settling
            and not committed
            and all(self._steady_on(k, values[k]) for k in values)
        )
        self._steady = (values, problems) if steady else None
        return committed

    def _loses(self, key: str, value: Value) -> bool:
        """Record ``value``'s pieces for ``key`` in this calm spell; does it
        lack one read earlier in the spell (a miss: see the module's docstring)?"""
        pieces = _pieces(value)
        seen = self.spell_pieces.setdefault(key, Counter())
        lacks = bool(seen - pieces)
        seen |= pieces
        if lacks:
            self.lost.add(key)
        else:
            self.lost.discard(key)
        return lacks

    def _stale(self, key: str) -> bool:
        """Is ``key``'s accepted value one not measured since the last hand
        (a measured zone "could not tell" all this calm spell)? Then it is
        held as for a zone out of sight: unseen, never passed on as seen
        (shadows seed 13 at the whole-game bench: a market space's count of 5,
        from before it went out of sight and a counter left it, raised a false
        alert when the count read "not measured" next to a hand)."""
        return not self.history[key] and self.accepted.get(key) is not None

    def _doubt(self) -> frozenset[str]:
        """Zones whose readings disagreed in this calm spell and have not agreed
        ``confirm_frames`` times in a row since."""
        if not self.disagreed:
            return frozenset()
        out = set()
        for key in self.disagreed:
            h = self.history[key]
            if len(h) == self.confirm and all(v == h[0] for v in h):
                continue
            out.add(key)
        return frozenset(out)

    def _steady_on(self, key: str, value: Value) -> bool:
        """Would reading ``value`` for ``key`` again change nothing?"""
        h = self.history[key]
        if value is None and key in self._measured:
            return bool(h) or self.blank[key] >= self.confirm
        return len(h) == self.confirm and all(v == value for v in h)

    def confidence(self) -> dict[str, float]:
        troubled = {z for p in self.problems for z in p.zones}
        unseen = set(self.unseen)
        out: dict[str, float] = {}
        for key in self.keys:
            if key not in self.accepted:
                out[key] = 0.0
                continue
            h = self.history[key]
            if key in unseen:
                c = HELD_CONFIDENCE
            elif h:
                c = sum(1 for v in h if v == self.accepted[key]) / self.confirm
            else:
                c = HELD_CONFIDENCE if self.settling else 1.0
            out[key] = round(c * (0.5 if key in troubled else 1.0), 3)
        return out

    def snapshot(self, frame: int, time: float) -> TableSnapshot:
        """The accepted state as a snapshot (rebuilt only when something changed)."""
        if self._unchanged and self._last is not None:
            return replace(self._last[1], frame=frame, time=time)
        state = (
            self.settling,
            self.unseen,
            self.problems,
            tuple(self.accepted.items()),
            tuple(tuple(h) for h in self.history.values()),
        )
        if self._last is not None and self._last[0] == state:
            return replace(self._last[1], frame=frame, time=time)
        snap = self._build(frame, time)
        self._last = (state, snap)
        return snap

    def _build(self, frame: int, time: float) -> TableSnapshot:
        a = self.accepted

        def get(key: str, default: Value = None) -> Value:
            return a.get(key, default)

        coins: dict[str, int | None] = {}
        present: dict[str, bool | None] = {}
        for s in SECTION_NAMES:
            covered = a.get(f"coins:{s}")
            present[s] = None if covered is None else bool(covered)
            coins[s] = 0 if covered is False else None
        market = {
            r.name.lower(): tuple(
                _opt_bool(a.get(f"market:{r.name.lower()}:{row}"))
                for row in range(1, MARKET_ROWS + 1)
            )
            for r in Resource
        }
        active = a.get("temple:active")
        setup = SetupReading(
            district_tiles={
                d.letter: tuple(get(f"district-slot:{d.letter}:{s}") for s in DISTRICT_SLOT_NAMES)  # type: ignore[misc]
                for d in District
            },
            temple_active=active[0] if isinstance(active, tuple) else None,
            temple_rotation=active[1] if isinstance(active, tuple) else None,
            temple_stack={s: get(f"temple:{s}") for s in ("lower", "middle")},  # type: ignore[misc]
            bridges={dec: get(f"bridge:{dec}") for dec in DECADES},  # type: ignore[misc]
            storehouses=get("storehouses", ()),  # type: ignore[arg-type]
        )
        return TableSnapshot(
            frame=frame,
            time=time,
            settling=self.settling,
            players=self.players,
            sections={s: get(f"section:{s}", ()) for s in SECTION_NAMES},  # type: ignore[misc]
            maharajah_workers={sp: get(f"maharajah-worker:{sp}") for sp in MAHARAJAH_SPACE_NAMES},  # type: ignore[misc]
            elephants={c: get(f"elephant:{c}") for c in PLAYER_COLOURS},  # type: ignore[misc]
            maharajah=get("maharajah"),  # type: ignore[arg-type]
            donations={n: get(f"donation:{n}") for n in donation_space_names(self.players)},  # type: ignore[misc]
            market_counters={c: get(f"market-space:{c}") for c in PLAYER_COLOURS},  # type: ignore[misc]
            coins=coins,
            coins_present=present,
            market=market,
            setup=setup,
            confidence=self.confidence(),
            unseen=self.unseen,
            problems=self.problems,
        )


def _pieces(value: Value) -> Counter[object]:
    """The pieces a counted zone's value says are there: the workers or tiles of
    a tuple, a counter's colour, a market space's count (as that many counters)."""
    if value is None:
        return Counter()
    if isinstance(value, tuple):
        return Counter(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return Counter({"counter": value})
    return Counter([value])


def _opt_bool(v: Value) -> bool | None:
    return None if v is None else bool(v)
