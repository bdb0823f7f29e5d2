"""Start-up: the first calm table is not assumed calm.

Once the companion has watched the table, a hand is a blob against the calm
background (:mod:`vision.occlusion`). At start-up there is no background yet:
a hand held still over the board from the first frame looks like part of it,
and without the game's expectation (:mod:`vision.expect`: the companion's
first frames, the setup being read from the table) the zones it hides would
read empty. Colour cannot tell: skin, sleeves and a warm board print overlap.

What a hand cannot help doing is come from outside the board: its arm
crosses the board's edge, and where it does the edge's contrast is gone (the
arm is on both sides of it) and the outside is not the table's colour (a dark
print along the board's edge is not an arm: the table beside it is bare). :class:`StartupCheck` compares, all along the
four edges, the board view just inside with just outside; a stretch of at
least ``CROSSING_MM`` where the two look alike (much less contrast than the
edge has elsewhere) is something lying across the edge. Until a frame shows
no such stretch the table is *unverified*: the pipeline gives no values and
says "clear the board" (English and Spanish); the first frame without one is
the second look that verifies the view, and the board view's background is
taken from it.

Parts of the edge outside the frame, near the corner stickers, or blown to
white by glare say nothing either way. Near the glare's core the sensor's
ceiling squeezes the edge's contrast: the bright side is clipped at white, so
the edge can differ from the outside by no more than the outside's headroom
below white. A stretch that still differs by a good share of that headroom
keeps its printed edge (a lamp's halo lying across it, light seeds 50017 and
50060); an arm on both sides of the edge differs by almost none of it.
A shadow band across the edge does the same from below: it scales both sides
down, so the contrast shrinks with the light, but the two sides still differ
by a good share of the darker side's own level (light seeds 50068, 50092:
dark board print beside a shadowed table); an arm does not.

**Glare beside a stretch** (issue 34): a pale thing beside the board (the
market tray, as pale as the board) under a lamp's halo loses the edge between
them as an arm would. Where near-white glare lies on the same edge beside the
stretch (:data:`GLARE_NEAR_MM`) only glare may explain it: the table still
starts, the zones within a hand's reach of the stretch (:data:`GLARE_REACH_MM`)
stay unknown, and a problem (``glare-at-edge``, English and Spanish) says which
edge and how many zones, until a frame shows that edge clear. A pale sleeve
lit to near white beside the edge is taken for glare too: its hand's zones
within that reach stay unknown, never read.

**An uncalibrated lens that bends the board** (:func:`lens_refusal`): one
homography cannot follow a wide-angle lens; the fit self-check
(:class:`vision.register.FitCheck`) then finds printed markers millimetres
from their anchors. With a calibration the pipeline reads the quarters that
fit and leaves the others unknown, advising to recalibrate; without one the
camera's bend is known to be unmeasured everywhere, so nothing is read at all
(no value, not even from the quarters that happen to fit) and the player is
told, in English and Spanish, to print the sheet and run ``companion
calibrate``. A clear refusal, not a board of unknowns nobody explained.
Any three corner markers judge a strongly bent lens by themselves (their own
corner points fit no single homography), so a hidden corner and covered
printed markers do not hide the bend (:func:`lens_bent_at_the_corners`).
The refusal wins over "clear the board": through a bent lens the board's edge
lies millimetres from where the homography draws it, so the edge check above
samples across the wrong line and finds an arm where there is none (wide-lens
seeds 50031, 50035, 50046, 50052, 50059, 50062 said "clear the board" for
ever). The table stays unverified either way, so once calibrated the edge
check runs as before.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from .layout import Layout
from .messages import problem
from .occlusion import CELL_MM, BoardView
from .register import FIT_OK_MM, REGIONS, Registration
from .snapshot import Problem

#: A stretch of the board's edge at least this long (mm) that looks like its
#: outside is something lying across it (an arm is 60 mm wide or more).
CROSSING_MM = 40.0
#: Along an edge, stay this far (mm) from the board's corners (corner stickers).
CORNER_GAP_MM = 40.0
#: Inside and outside alike: a colour difference under this share of the
#: edge's median contrast, and under ``LOW_MAX`` grey levels in any channel.
LOW_SHARE = 0.4
LOW_MAX = 40.0
#: Something lying across the edge lies on the table outside it too: just
#: outside, the stretch must differ from the table's usual colour (the median
#: outside the edge) by at least this many grey levels in some channel. Board
#: art of the table's colour printed along the edge is no arm.
OUTSIDE_MIN = 20.0
#: An arm reaches well into the board (its hand is over a zone): the board
#: view this far inside (mm, and a cell further) must look like the outside
#: too. Printed words along the edge (the market headings, 7 mm high) do not.
DEEP_MM = 16.0
#: An arm whose sleeve has the table's own colour (issue 34: skin and sleeve
#: of any colour) does not differ from the table outside the edge; it is
#: told from print along the edge by reaching further in: this far (mm, and a
#: cell further) the board view still looks like the outside.
FAR_MM = 40.0
#: Edge samples where a side is at least this bright in every channel are
#: blown out by glare: no evidence.
BLOWN = 245
#: Glare's halo: a sample whose inside and outside differ, in some channel, by
#: at least this share of the headroom below white (of the darker side, at
#: least ``HEADROOM_FLOOR`` grey levels) still shows the board's printed edge.
HEADROOM_SHARE = 0.3
HEADROOM_FLOOR = 40.0
#: A shadow's band: a sample whose inside and outside differ, in some channel,
#: by at least this share of the darker side's level (at least
#: ``HEADROOM_FLOOR``) still shows the board's printed edge, only darker.
SHADOW_SHARE = 0.5
#: A cuff at the edge (:meth:`StartupCheck.crossing`): inside, something this
#: many grey levels (some channel) off the edge's own margin, and the two sides
#: not one light's scaling of margin and table (their brightness ratios this
#: far apart: a shadow band scales both alike).
MARGIN_MIN = 30.0
#: Skin of the table's colour: the inside's colour shares (:func:`_chroma`) this
#: far from the margin's in some channel (a palm on the tan board, hand-at-start
#: seed 134: 0.037; the margin under a shadow band, everything-at-once seed 115:
#: 0.003).
CHROMA_MIN = 0.02
SCALE_GAP = 2.0
#: With less than this contrast along most of the edge (a board on a table of
#: its own colour) the check cannot see anything: it does not hold the table up.
USABLE_MEDIAN = 30.0


#: Glare beside a stretch: a sample of the same edge within this distance (mm)
#: of the stretch whose inside or outside is near white, every channel at
#: least ``GLARE_WHITE``. The second renderer's glare seed 118 (development):
#: a lamp's halo over the market tray beside the east edge, the tray as pale as
#: the board, the edge's gap washed out for 36 mm; 240-255 beside it.
GLARE_NEAR_MM = 60.0
GLARE_WHITE = 235
#: A stretch only glare may explain does not hold the whole table up: the
#: zones within this distance (mm) of it, as far as a hand reaches in from the
#: edge, stay unknown; the rest is read.
GLARE_REACH_MM = 200.0


class StartupCheck:
    """Watches the board's edges until the view is verified free of arms."""

    def __init__(self, layout: Layout, view: BoardView) -> None:
        self.view = view
        self.verified = False
        bw, bh = layout.board_mm
        self._size_mm = (float(bw), float(bh))
        step = CELL_MM
        inward = (CELL_MM * 1.0, CELL_MM * 2.0)
        deep = (DEEP_MM, DEEP_MM + CELL_MM)
        far = (FAR_MM, FAR_MM + CELL_MM)
        rows: list[list[tuple[int, int]]] = []
        points: list[tuple[float, float]] = []
        edges: list[int] = []
        for edge, length in enumerate((bw, bh, bw, bh)):
            for t in np.arange(CORNER_GAP_MM, length - CORNER_GAP_MM + 1e-6, step):

                def at(t: float, d: float, edge: int = edge) -> tuple[float, float]:
                    """Board point ``t`` along an edge, ``d`` mm inside it (north, east,
                    south, west)."""
                    return ((t, d), (bw - d, t), (t, bh - d), (d, t))[edge]

                cells = [self.view.cell_of(*at(float(t), d)) for d in inward]
                cells += [self.view.cell_of(*at(float(t), -d)) for d in inward]
                cells += [self.view.cell_of(*at(float(t), d)) for d in deep]
                cells += [self.view.cell_of(*at(float(t), d)) for d in far]
                if any(c is None for c in cells):
                    continue
                rows.append([c for c in cells if c is not None])
                points.append(at(float(t), -inward[1]))
                edges.append(edge)
        cells_arr = np.array(rows, dtype=np.intp).reshape(-1, 8, 2)
        self._rows = cells_arr[..., 0]
        self._cols = cells_arr[..., 1]
        self._points = np.array(points, dtype=np.float64).reshape(-1, 2)
        self._edges = np.array(edges, dtype=np.intp)
        self._visible: tuple[object, NDArray[np.bool_]] | None = None
        #: The stretches (board mm, start and end points) last found across an edge.
        self.crossings: list[tuple[tuple[float, float], tuple[float, float]]] = []
        #: Whether the last :meth:`crossing` could judge the edge at all.
        self.judged = False
        #: Per stretch in ``crossings``: does near-white light lie along the edge
        #: beside it (:data:`GLARE_NEAR_MM`)? Only glare may explain it then.
        self.glare_lit: list[bool] = []
        #: The stretches the view was verified with because only glare lay
        #: there (:meth:`start_uncertain`); the zones near them stay unknown
        #: (:meth:`withhold`) until a frame shows the edge clear there.
        self.uncertain: tuple[tuple[tuple[float, float], tuple[float, float]], ...] = ()
        self._withheld: tuple[object, object, dict[str, bool]] | None = None
        self._glare_problem: Problem | None = None
        self._with: tuple[object, object, tuple[Problem, ...]] | None = None

    def crossing(self, view: NDArray[np.uint8], reg: Registration, size: tuple[int, int]) -> bool:
        """Does something lie across the board's edge in this board view?

        ``judged`` says afterwards whether the edge could be judged at all (enough
        of it in sight, not blown out, with contrast): "no" is then no proof
        that nothing crosses it."""
        self.judged = False
        visible = self._visible_in(reg, size)
        v = view[self._rows, self._cols].astype(np.float32)  # (n, 8, 3): inside, outside, deep, far
        inside = v[:, :2].mean(axis=1)
        outside = v[:, 2:4].mean(axis=1)
        further = v[:, 4:6].mean(axis=1)
        farther = v[:, 6:8].mean(axis=1)
        blown = (v[:, :2].min(axis=(1, 2)) >= BLOWN) | (v[:, 2:4].min(axis=(1, 2)) >= BLOWN)
        usable = visible & ~blown
        self.crossings = []
        if usable.sum() < 10:
            return False
        contrast = np.abs(inside - outside).max(axis=1)
        median = float(np.median(contrast[usable]))
        if median < USABLE_MEDIAN:
            return False
        self.judged = True
        table = np.median(outside[usable], axis=0)
        on_table = np.abs(outside - table).max(axis=1) >= OUTSIDE_MIN
        limit = min(LOW_SHARE * median, LOW_MAX)
        reaches = np.abs(further - outside).max(axis=1) < limit
        # Of the table's colour, only an arm that reaches far in (a sleeve like
        # the table); print along the edge beside a bare table does not.
        on_table |= np.abs(farther - outside).max(axis=1) < limit
        headroom = np.maximum(255.0 - np.minimum(inside, outside), HEADROOM_FLOOR)
        level = np.maximum(np.minimum(inside, outside), HEADROOM_FLOOR)
        step = np.abs(inside - outside)
        edge_kept = ((step / headroom).max(axis=1) >= HEADROOM_SHARE) | (
            (step / level).max(axis=1) >= SHADOW_SHARE
        )
        low = usable & on_table & reaches & (contrast < limit) & ~edge_kept
        # The board's margin: the median just inside the edges (an arm covers
        # part of one edge at most).
        margin = np.median(inside[usable], axis=0)
        # An arm whose sleeve ends at the edge: skin inside, the sleeve outside,
        # so the edge keeps its contrast. Something unlike the table outside and
        # unlike the board's margin inside, reaching in unchanged, is no print
        # (print along the edge lies beside a bare table) and, when the two sides
        # are not one light's scaling of table and margin (a shadow band), no
        # shadow either (hand-at-start seed 131: a navy cuff at the east edge).
        k_in = (inside.mean(axis=1) + 1.0) / (float(margin.mean()) + 1.0)
        k_out = (outside.mean(axis=1) + 1.0) / (float(table.mean()) + 1.0)
        unscaled = np.abs(np.log(k_in / k_out)) >= np.log(SCALE_GAP)
        # A lamp adds light on both sides (brighter than margin and table alike:
        # harsh light seed 50014, a halo over the east edge): no cuff, no skin.
        lit = (k_in > 1.0) & (k_out > 1.0)
        cuff = (
            usable
            & (np.abs(outside - table).max(axis=1) >= OUTSIDE_MIN)
            & (np.abs(inside - margin).max(axis=1) >= MARGIN_MIN)
            & (np.abs(further - inside).max(axis=1) < limit)
            & unscaled
            & ~lit
        )
        low |= cuff
        # Skin of the table's own colour (hand-at-start seed 134: a palm across
        # the east edge, 8-20 grey levels off the table): the outside tells
        # nothing, but the board just inside looks like the outside and neither
        # it nor the board 16-20 mm in is the board's margin. Print along the
        # edge beside a bare table is not so far from the margin so far in.
        skin = (
            usable
            & (contrast < limit)
            & ~edge_kept
            & (np.abs(inside - margin).max(axis=1) >= MARGIN_MIN)
            & (np.abs(further - margin).max(axis=1) >= MARGIN_MIN)
            & (np.abs(_chroma(inside) - _chroma(margin)).max(axis=1) >= CHROMA_MIN)
            & ~lit
        )
        low |= skin
        white = visible & (
            (inside.min(axis=1) >= GLARE_WHITE) | (outside.min(axis=1) >= GLARE_WHITE)
        )
        need = int(np.ceil(CROSSING_MM / CELL_MM))
        run = 0
        self.glare_lit = []
        for i in range(len(low)):
            same_edge = i > 0 and self._edges[i] == self._edges[i - 1]
            run = run + 1 if low[i] and (same_edge or run == 0) else int(low[i])
            if run == need:
                a = self._points[i - need + 1]
                b = self._points[i]
                self.crossings.append(((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))))
                near = (self._edges == self._edges[i]) & (
                    np.abs(self._points - (a + b) / 2).max(axis=1)
                    <= GLARE_NEAR_MM + CROSSING_MM / 2
                )
                self.glare_lit.append(bool((white & near).any()))
        return bool(self.crossings)

    @property
    def glare_only(self) -> bool:
        """Is every stretch the last :meth:`crossing` found lit by glare?"""
        return bool(self.crossings) and all(self.glare_lit)

    def start_uncertain(self) -> None:
        """Verify the view although stretches lie across the edge, because only
        glare lies there (:attr:`glare_only`): their zones stay unknown."""
        self.verified = True
        self.uncertain = tuple(self.crossings)

    def recheck(self, view: NDArray[np.uint8], reg: Registration, size: tuple[int, int]) -> None:
        """While the start left stretches uncertain: keep those this frame still
        shows (lit by glare); a frame with the edge clear there settles them."""
        self.crossing(view, reg, size)
        kept = tuple(c for c, g in zip(self.crossings, self.glare_lit, strict=True) if g)
        if kept != self.uncertain:
            self.uncertain = kept

    def withhold(
        self, inside: dict[str, bool], keys: Sequence[str], centres: NDArray[np.float64]
    ) -> dict[str, bool]:
        """``inside`` with the zones within :data:`GLARE_REACH_MM` of an uncertain
        stretch taken out (the same dict while nothing changes)."""
        if not self.uncertain:
            return inside
        memo = self._withheld
        if memo is not None and memo[0] is inside and memo[1] == self.uncertain:
            return memo[2]
        near = np.zeros(len(keys), dtype=bool)
        for a, b in self.uncertain:
            near |= _distance_to_segment(centres, a, b) <= GLARE_REACH_MM
        out = {k: inside[k] and not n for k, n in zip(keys, near, strict=True)}
        self._withheld = (inside, self.uncertain, out)
        return out

    def with_problem(
        self,
        problems: Sequence[Problem],
        keys: Sequence[str],
        centres: NDArray[np.float64],
    ) -> Sequence[Problem]:
        """``problems`` and :meth:`glare_problem`'s, if any (the same tuple object
        while neither changes, so the stabiliser stays steady)."""
        glare = self.glare_problem(keys, centres)
        if glare is None:
            return problems
        memo = self._with
        if memo is not None and memo[0] is problems and memo[1] is glare:
            return memo[2]
        out = (*problems, glare)
        self._with = (problems, glare, out)
        return out

    def glare_problem(self, keys: Sequence[str], centres: NDArray[np.float64]) -> Problem | None:
        """What is uncertain while :attr:`uncertain` stretches remain (English and
        Spanish, naming the zones), the same object while they do not change."""
        if not self.uncertain:
            self._glare_problem = None
            return None
        old = self._glare_problem
        if old is not None and old.components == tuple(map(str, self.uncertain)):
            return old
        near = np.zeros(len(keys), dtype=bool)
        for a, b in self.uncertain:
            near |= _distance_to_segment(centres, a, b) <= GLARE_REACH_MM
        zones = tuple(k for k, n in zip(keys, near, strict=True) if n)
        where = ", ".join(_edge_name(a, b, self._size_mm) for a, b in self.uncertain)
        self._glare_problem = Problem(
            "glare-at-edge",
            zones,
            tuple(map(str, self.uncertain)),
            f"Glare on the board's {where} edge hides whether something lies across it:"
            f" {len(zones)} zones near it stay unknown until the glare moves (shade the"
            " lamp or window if you can). The rest of the table is read.",
            f"Un reflejo en el borde {_edge_es(where)} del tablero impide ver si hay algo"
            f" encima: {len(zones)} zonas cercanas quedan desconocidas hasta que el reflejo"
            " se mueva (tapa la lámpara o la ventana si puedes). El resto de la mesa se lee.",
        )
        return self._glare_problem

    def _visible_in(self, reg: Registration, size: tuple[int, int]) -> NDArray[np.bool_]:
        if self._visible is not None and self._visible[0] is reg.board_to_image:
            return self._visible[1]
        img = reg.to_image(self._points)
        w, h = size
        ok = (img[:, 0] >= 0) & (img[:, 0] < w) & (img[:, 1] >= 0) & (img[:, 1] < h)
        self._visible = (reg.board_to_image, ok)
        return ok


def _chroma(bgr: NDArray[np.float32]) -> NDArray[np.float32]:
    """Each colour's share of its channels' sum (brightness taken out: a shadow or
    a lamp's level changes the sum, not the shares)."""
    out: NDArray[np.float32] = bgr / np.maximum(bgr.sum(axis=-1, keepdims=True), 1.0)
    return out


def _distance_to_segment(
    points: NDArray[np.float64], a: tuple[float, float], b: tuple[float, float]
) -> NDArray[np.float64]:
    """Distances (mm) of ``points`` (N, 2) from the segment ``a``-``b``."""
    pa, pb = np.array(a), np.array(b)
    d = pb - pa
    t = np.clip(((points - pa) @ d) / max(float(d @ d), 1e-9), 0.0, 1.0)
    out: NDArray[np.float64] = np.linalg.norm(points - (pa + t[:, None] * d), axis=1)
    return out


def _edge_name(a: tuple[float, float], b: tuple[float, float], size: tuple[float, float]) -> str:
    """The board edge a stretch lies along: "north", "east", "south" or "west"."""
    (ax, ay), (bx, by) = a, b
    w, h = size
    if abs(ax - bx) < abs(ay - by):  # along a west or east edge
        return "west" if ax < w / 2 else "east"
    return "north" if ay < h / 2 else "south"


def _edge_es(where: str) -> str:
    """The edge names of :func:`_edge_name` in Spanish."""
    words = {"north": "norte", "east": "este", "south": "sur", "west": "oeste"}
    return ", ".join(words.get(w.strip(), w) for w in where.split(","))


def clear_the_board_at_start() -> Problem:
    """Something lies across the board's edge at start-up: no values until it goes."""
    return problem("clear-the-board-start", (), ())


#: Corner markers a registration must see before a poor fit is taken for the
#: lens: all four. With a corner hidden (a hand, an arm) the fit reaches into
#: that corner's quarter by extrapolation: printed markers there land 15 mm
#: off through a perfect lens (two hidden: light seed 1's whole game at the
#: bench, frame 537; one hidden, the NW: placement seed 3's, printed markers
#: 15.3 mm off in the NW quarter, 3-6 mm elsewhere), and a lens refusal then
#: would tell players to calibrate a camera that needs nothing. Until all
#: four are seen, a poor quarter is only unknown.
LENS_CORNERS = 4


def lens_judged(reg: Registration) -> bool:
    """Does ``reg`` see enough corner markers for its fit to speak of the lens?"""
    return len(reg.corners_seen) >= LENS_CORNERS


def lens_bent_without_a_corner(reg: Registration) -> bool:
    """With one corner marker hidden, do the printed markers of the three
    quarters whose corners are seen, fitted on their own, land too far from
    their anchors (:attr:`vision.register.FitCheck.seen_quarters_mm`)? No
    extrapolation into the hidden quarter enters that fit: harsh seeds with a
    corner painted out gave 0.14-0.24 mm through an ideal lens and 6.3-7.6 mm
    through an uncalibrated wide one (issue 34: with one corner lost, the
    quarters that happened to fit were read, 8 values missed and 1 false)."""
    fit = reg.fit
    mm = None if fit is None else fit.seen_quarters_mm
    return mm is not None and mm > FIT_OK_MM


#: The corner markers seen (three or four), their own points fitted alone
#: (:attr:`vision.register.FitCheck.corners_mm`), land farther than this (mm)
#: only through a strongly bent lens. Second renderer, development seeds
#: 100-119, each corner left out in turn: 0.2-1.0 mm through straight lenses
#: (ideal, glare, blur/noise/JPEG, sloppy, 12 MP, 1080p, hand at start),
#: 5.5-7.5 mm through its uncalibrated wide lens; the harsh renderer's k1 =
#: -0.7: 3.9 mm. A corner sticker printed off scale mimics the bend: the harsh
#: placement group (stickers up to 8 % off) gives up to 2.0 mm (seeds
#: 50004-50035). Its milder wide lenses (k1 -0.2 to -0.35) give 0.9-1.8 mm,
#: too close to those: for them the printed markers decide.
CORNERS_BENT_MM = FIT_OK_MM


def lens_bent_at_the_corners(reg: Registration) -> bool:
    """Do the corner markers seen (three or more) show a bent lens on their
    own? It needs no printed marker matched to its anchor: with a corner hidden
    those in its quarter are matched through an extrapolated fit, or not at
    all, and a poorly fitting quarter may then look fine (issue 34: one corner
    lost, 8 values missed and 1 false; a wide lens read whole, 37 missed and 12
    false)."""
    fit = reg.fit
    mm = None if fit is None else fit.corners_mm
    return mm is not None and mm > CORNERS_BENT_MM


def lens_refusal(reg: Registration, calibrated: bool) -> Problem | None:
    """The refusal to read a board an uncalibrated lens bends (None: read it).

    ``calibrated``: the pipeline has the camera's lens (then a poor fit only
    makes its quarters unknown). Any three corner markers judge the lens by
    themselves (:func:`lens_bent_at_the_corners`), even where every printed
    marker seems to fit. Otherwise a fit from fewer than :data:`LENS_CORNERS`
    corner markers speaks of the lens only through the quarters whose corners
    are seen (:func:`lens_bent_without_a_corner`); failing that, no refusal,
    and the pipeline reads nothing anywhere while the fit is poor
    (``poor-fit``, naming the hidden corners)."""
    fit = reg.fit
    if calibrated or fit is None:
        return None
    bent = lens_bent_at_the_corners(reg)
    if fit.good and not bent:
        return None
    if not bent and not lens_judged(reg) and not lens_bent_without_a_corner(reg):
        return None
    where = ", ".join(r for r in REGIONS if not fit.ok[r]) or ", ".join(sorted(reg.corners_seen))
    mm = max(fit.worst_mm, fit.corners_mm or 0.0)
    return problem("lens-uncalibrated", (), (), mm=mm, where=where)


#: Camera-wide problems a player must act on (shown on the table screen while
#: they last), not a zone's: the refusal to read through an uncalibrated lens,
#: something across the board's edge at start-up, a calibrated lens that no
#: longer fits, and markers too small for the camera's resolution.
NOTICES = ("lens-uncalibrated", "clear-the-board-start", "poor-fit", "resolution")
#: The resolution is worth a notice when at least this share of the table's
#: zones stays unknown for it (a 12 MP camera tilted to 35 degrees leaves a
#: few far spots; a 1920x1080 one about half the table).
RESOLUTION_NOTICE_SHARE = 0.1


def camera_notices(problems: Sequence[Problem], zones: int) -> tuple[Problem, ...]:
    """Of a snapshot's ``problems``, the camera-wide ones to show the players
    (``zones``: how many zones the table has), one per code."""
    out: dict[str, Problem] = {}
    for p in problems:
        if p.code not in NOTICES or p.code in out:
            continue
        if p.code == "resolution" and len(p.zones) < RESOLUTION_NOTICE_SHARE * zones:
            continue
        out[p.code] = p
    return tuple(out.values())


#: The frame sizes the reading is measured to cover the whole table at (12 MP
#: stills; the harsh renderer's 3200x2400 is the low end: 1-5 % of zones
#: unknown up to 35 degrees of tilt, bench/RESULTS.md).
SUPPORTED_PIXELS = 3200 * 2400


def resolution_words(size: tuple[int, int]) -> tuple[str, str, bool]:
    """What to say at start-up about the camera's frame size ``(width, height)``:
    (English, Spanish, supported)."""
    w, h = size
    if w * h >= SUPPORTED_PIXELS:
        return (
            f"The camera gives {w}x{h} frames: supported (12 MP stills read the whole"
            " table at up to 35 degrees of tilt).",
            f"La cámara da imágenes de {w}x{h}: admitido (las fotos de 12 MP leen toda"
            " la mesa con hasta 35 grados de inclinación).",
            True,
        )
    return (
        f"The camera gives {w}x{h} frames, less than the supported 12 MP stills (Camera"
        " Module 3: 4608x2592; HQ Camera: 4056x3040). Markers come out too small over part"
        " of the table, which stays unknown and is asked on the phones: about half of it"
        " at 1920x1080. Use a 12 MP camera at full resolution, or bring this one closer"
        " and straight down.",
        f"La cámara da imágenes de {w}x{h}, menos que las fotos de 12 MP admitidas"
        " (Camera Module 3: 4608x2592; HQ Camera: 4056x3040). Los marcadores salen"
        " demasiado pequeños en parte de la mesa, que queda como desconocida y se pregunta"
        " a los móviles: casi la mitad a 1920x1080. Usa una cámara de 12 MP a resolución"
        " completa o acerca esta y ponla mirando recto hacia abajo.",
        False,
    )
