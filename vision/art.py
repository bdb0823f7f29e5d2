"""The board's printed art at the piece spots, learned from the frame (issue 34).

The closer look (:mod:`vision.closer`) keeps a donation space or a section slot
unknown when its middle holds a marker's black and white or the first pass saw
a marker-like square there: a sticker whose outline is broken looks so. So
does the board's own print: a donation space's icon, a slot's ring. On frames
of a renderer the pipeline was never tuned on, about two thirds of the unknown
zones on ideal frames were bare donation spaces whose printed icon the closer
look called marker-like (issue 34, item 6).

Every donation space of a board carries the same print, and so does every
section slot. The empty spaces of a frame therefore say what that print looks
like: each spot's patch is sampled on a board grid (0.5 mm, straight down,
through the registration and the lens), and per group of spots the median of
their patches, each brought to zero mean and unit spread, is the group's
printed art. A spot whose patch correlates with it at ``MATCH`` or more
(small shifts allowed for the registration's error), with about the art's
contrast, shows its own printed background clean: that print is no evidence
of a piece. A piece there hides the print (a counter covers its whole space,
a worker's body its slot's ring): on the second renderer's development seeds
an occupied spot correlated 0.53 at most, a bare one 0.95 typically.

A group's spaces need not all carry one print (our own renderer's donation
spaces of a 3-player table: a third of them on the 4-player spaces' filled
discs, the rest between them; their patches correlate -0.36 with each other):
where no single print is the consensus, up to ``MAX_PRINTS`` are learned,
each from ``MIN_SPOTS`` spots alike, and together they must cover ``AGREE``
of the group's empty spots. A piece's sticker is no such print: its marker
pattern differs from piece to piece.

The art is trusted only when it is the frame's consensus: at least
``MIN_SPOTS`` spots of the group contribute and ``AGREE`` of them match it
(pieces not read there, or a board whose spaces differ, break the consensus,
and then nothing is exempted: unknown as before). The last consensus is kept
(board millimetres, independent of the pose) for frames where none forms, as
the board's print does not change. Patches are learned and matched less the
plane of light over them (glare's slope), and a spot not matching whole is
matched again past the bodies of the workers read beside it
(:func:`_shown_beside`). Only the marker-like evidence of the print
is weighed so; a marker decoded and refused, a saturated patch or a spot
blown to white still make the spot unknown (:mod:`vision.closer`).

A group whose empty spots agree on no print at all (``AGREE`` of them flat in
their middle, ``MIDDLE_MM``: the harsh renderer's and the demo's section
slots) is ``plain``: a spot of it
shows its own board only flat, or holding nothing lighter than its ground
(ink printed there, a section's name, darkens it; a sticker's white ring
lightens it), over the part no standing piece read beside it hides. Before,
nothing was known of such slots and one whose worker no look decoded (its
sticker cut by the neighbour's body) counted as bare: its section read one
worker short at full confidence (harsh placement seeds 50002, 50010, 50014,
50019).
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

from .lens import PointLens
from .register import Registration

#: Board grid step (mm) of a spot's patch.
STEP_MM = 0.5
#: Half the side (mm) of the patch compared with the art: about a donation
#: space's radius, inside a section slot's printed ring.
RADIUS_MM = 7.0
#: Shifts (mm) tried either way for the registration's error.
SHIFT_MM = 1.5
#: Correlation with the learned art at or above which a spot shows its print clean.
MATCH = 0.8
#: Spots of a group that must contribute to its art, and the share of them
#: that must match it.
MIN_SPOTS = 5
AGREE = 2 / 3
#: A patch flatter than this (grey levels of spread) shows no print to match
#: (glare blown to white, shadow, or a flat piece top).
MIN_SPREAD = 4.0
#: A matching patch's spread relative to the art's typical spread.
SPREAD_RATIO = (0.5, 2.0)
#: In a group whose spots carry no print (``plain``), the most grey levels a
#: spot's light twentieth may lie above its median and still show only the
#: board: ink printed on it (a section's name by its slot) is darker than its
#: ground, a sticker's white ring and cells are lighter. Harsh renderer, 20
#: seeds of ideal, light, motion, placement: bare slots holding a printed
#: name 1-4 levels (noise and JPEG up to 8), slots holding a worker no look
#: decodes 26-160 out of glare.
INK_LIGHTER = 10.0
#: The least share of a plain spot's patch that must show (not under a piece
#: read beside it) for the spot to be seen bare.
VISIBLE_SHARE = 1 / 3
#: Half the side (mm) of a spot's middle, by which a group is known plain: its
#: empty spots' middles flat. The patch's edge is no part of that judgement: a
#: slot's printed name, a neighbour's body or shadow reach it, and how they
#: render there differs with the library (harsh placement seed 50002: the name
#: under 3 of the 22 empty slots of its section group spread 6-9 grey levels
#: at the edge with OpenCV 4.11, 2 with OpenCV 5: 12 of 22 flat, under the
#: two thirds, and the group not known plain on the Raspberry Pi; the middles
#: 15 of 22 with both). A worker no look decodes covers its slot's middle.
MIDDLE_MM = 4.0

#: A group's spots may show more than one print (the harsh renderer's
#: donation spaces of a 3-player table: some on a 4-player space's filled disc,
#: the rest between them): at most this many, each of patches correlating at
#: least ``SEED_MATCH`` unshifted with the one most alike (:func:`_prints`).
MAX_PRINTS = 3
SEED_MATCH = 0.7

#: The least share of a spot's patch that must show, past the bodies of the
#: pieces read beside it, for the rest to be matched with its group's print
#: (:func:`_shown_beside`).
PRINT_VISIBLE = 0.5

#: A learned print: (its art, zero mean and unit spread; its typical spread).
Print = tuple[NDArray[np.float32], float]

_N = round(2 * (RADIUS_MM + SHIFT_MM) / STEP_MM) + 1
_S = round(SHIFT_MM / STEP_MM)
_OFF = np.linspace(-(RADIUS_MM + SHIFT_MM), RADIUS_MM + SHIFT_MM, _N)
_GX, _GY = (g.ravel() for g in np.meshgrid(_OFF, _OFF))
_INNER = _OFF[_S : _N - _S]
#: The middle's bounds within the inner patch.
_M = slice(round((RADIUS_MM - MIDDLE_MM) / STEP_MM), round((RADIUS_MM + MIDDLE_MM) / STEP_MM) + 1)


class PrintedArt:
    """Per group of piece spots, the print learned from the frame's empty spots."""

    def __init__(self, points: NDArray[np.float64], groups: NDArray[np.intp]) -> None:
        """``points``: every spot's board point (mm, (n, 2)); ``groups``: each
        spot's group (spots sharing one print), -1 for spots not judged so."""
        self._points = points
        self._groups = groups
        #: Per group: its prints, each (the art, zero mean and unit spread; its
        #: typical spread); most groups have one (:meth:`_learn`).
        self.learned: dict[int, tuple[Print, ...]] = {}
        #: Groups whose spots the frame agreed carry no print at all.
        self.plain: set[int] = set()

    def bare(
        self,
        grey: NDArray[np.uint8],
        reg: Registration,
        lens: PointLens | None,
        judge: NDArray[np.bool_],
        contribute: NDArray[np.bool_],
        bodies: NDArray[np.float64] | None = None,
    ) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
        """Spots of ``judge`` that show their group's printed art clean, and
        those whose group's art is known (so a spot of them not showing it
        holds something). ``contribute``: the empty spots the art may be
        learned from. ``bodies``: the pieces read, each as where its foot
        and its top meet the board and its body's radius there (mm, (m, 5)):
        what they hide of a spot with no print is not judged."""
        out = np.zeros(len(judge), bool)
        known = np.zeros(len(judge), bool)
        grouped = self._groups >= 0
        judge = judge & grouped
        if not judge.any():
            return out, known
        contribute = contribute & grouped
        idx = np.nonzero(judge | contribute)[0]
        patches = self._patches(grey, reg, lens, idx)
        inner = patches[:, _S : _N - _S, _S : _N - _S]
        spread = inner.reshape(len(idx), -1).std(axis=1)
        # Prints are learned and matched past the light's slope over a patch
        # (glare, vignetting, a shadow band's edge: second renderer, glare seed
        # 2007: bare slots 0.77-0.80 with the slope, 0.86-0.93 without).
        level = _level(patches)
        level_inner = level[:, _S : _N - _S, _S : _N - _S]
        level_spread = level_inner.reshape(len(idx), -1).std(axis=1)
        where = {int(i): k for k, i in enumerate(idx.tolist())}
        for g in np.unique(self._groups[judge]).tolist():
            mine = [where[i] for i in np.nonzero(contribute & (self._groups == g))[0].tolist()]
            fits = self._learn(g, level, level_inner, level_spread, mine)
            arts = self.learned.get(g)
            if arts is None:
                self._plain(g, spread, mine, judge, where, inner, known, out, bodies)
                continue
            for i in np.nonzero(judge & (self._groups == g))[0].tolist():
                k = where[i]
                known[i] = True
                out[i] = (
                    fits[k] if k in fits else _matches_any(level[k], float(level_spread[k]), arts)
                )
                if not out[i]:
                    hidden = _under(self._points[i], bodies, _OFF)
                    out[i] = hidden is not None and _shown_beside(patches[k], hidden, arts)
        return out, known

    def _plain(
        self,
        g: int,
        spread: NDArray[np.float64],
        mine: list[int],
        judge: NDArray[np.bool_],
        where: dict[int, int],
        inner: NDArray[np.float32],
        known: NDArray[np.bool_],
        out: NDArray[np.bool_],
        bodies: NDArray[np.float64] | None,
    ) -> None:
        """A group whose empty spots show no print (the harsh renderer's and
        the demo's section slots): once ``MIN_SPOTS`` and ``AGREE`` of its
        empty spots are flat in their middle (``MIDDLE_MM``; kept for later
        frames), a spot shows its own
        board only flat, or holding nothing lighter than its ground (printed
        ink, ``INK_LIGHTER``), over the part of it no piece read beside it
        hides (a worker's body leaning over the next slot), and any other
        spot holds something (issue 34: a worker whose sticker a neighbour's
        body cut read as a bare slot, its section one worker short). A spot
        under a third of whose patch shows is not seen bare either."""
        flat = sum(1 for k in mine if float(inner[k, _M, _M].std()) < MIN_SPREAD)
        if len(mine) >= MIN_SPOTS and flat >= AGREE * len(mine):
            self.plain.add(g)
        if g not in self.plain:
            return
        for i in np.nonzero(judge & (self._groups == g))[0].tolist():
            k = where[i]
            known[i] = True
            if spread[k] < MIN_SPREAD:
                out[i] = True
                continue
            shown = inner[k].ravel()
            hidden = _under(self._points[i], bodies)
            if hidden is not None:
                shown = shown[~hidden]
                if len(shown) < VISIBLE_SHARE * inner[k].size:
                    continue
                if float(shown.std()) < MIN_SPREAD:
                    out[i] = True
                    continue
            # Its light twentieth and its median (np.percentile costs ten times more).
            n = len(shown)
            ranks = sorted({(n - 1) // 2, (95 * (n - 1)) // 100})
            at = np.partition(shown, ranks)
            light, middle = float(at[ranks[-1]]), float(at[ranks[0]])
            out[i] = light - middle <= INK_LIGHTER

    def _learn(
        self,
        g: int,
        patches: NDArray[np.float32],
        inner: NDArray[np.float32],
        spread: NDArray[np.float64],
        mine: list[int],
    ) -> dict[int, bool]:
        """The group's art from this frame, kept if the frame agrees on it;
        then whether each contributing patch matches it (else nothing)."""
        live = [k for k in mine if spread[k] >= MIN_SPREAD]
        # The print is the group's only if most of its empty spots show one: a
        # few patterned patches among flat bare ones (a board printing nothing
        # there, a neighbour's shadow) are no print of the group, and learned
        # they made every flat bare spot "holding something" (the Amritsar
        # demo, seed 1: 5 of 24 empty section slots, every section unknown
        # from the fourth round, 28 phone answers more).
        if len(live) < MIN_SPOTS or len(live) < AGREE * len(mine):
            return {}
        norm = (inner[live] - inner[live].mean(axis=(1, 2), keepdims=True)) / spread[
            live, None, None
        ].astype(np.float32)
        art = np.median(norm, axis=0).astype(np.float32)
        typical = float(np.median(spread[live]))
        fits = (
            {k: _matches(patches[k], float(spread[k]), (art, typical)) for k in live}
            if float(art.std()) >= 1e-3
            else {}
        )
        if sum(fits.values()) >= AGREE * len(live):
            self.learned[g] = ((art, typical),)
            return fits
        prints, fits = _prints(norm, patches, spread, live)
        if not prints:
            return {}
        self.learned[g] = prints
        return fits

    def _patches(
        self,
        grey: NDArray[np.uint8],
        reg: Registration,
        lens: PointLens | None,
        idx: NDArray[np.intp],
    ) -> NDArray[np.float32]:
        """The image over each spot of ``idx`` on a board grid: (k, n, n)."""
        pts = self._points[idx]
        board = np.stack([(pts[:, 0, None] + _GX).ravel(), (pts[:, 1, None] + _GY).ravel()], axis=1)
        image = reg.to_image(board)
        if lens is not None:
            image = lens.to_raw(image)
        mx = image[:, 0].reshape(-1, _N).astype(np.float32)
        my = image[:, 1].reshape(-1, _N).astype(np.float32)
        out = cv2.remap(grey, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        patches: NDArray[np.float32] = out.astype(np.float32).reshape(len(idx), _N, _N)
        return patches


def _under(
    point: NDArray[np.float64],
    bodies: NDArray[np.float64] | None,
    grid: NDArray[np.float64] = _INNER,
) -> NDArray[np.bool_] | None:
    """Which points of a spot's inner patch (around board ``point``; ``grid``:
    its offsets either way, the whole patch's with ``_OFF``) lie under a
    piece's body: within its radius of the segment from its foot to where its
    top meets the board. None: no body reaches the patch."""
    if bodies is None or not len(bodies):
        return None
    foot, top, radius = bodies[:, 0:2], bodies[:, 2:4], bodies[:, 4]
    axis = top - foot
    length2 = np.maximum((axis**2).sum(axis=1), 1e-9)
    # Only the bodies within reach of the patch (its half-diagonal).
    t = np.clip(((point - foot) * axis).sum(axis=1) / length2, 0.0, 1.0)
    gap = np.linalg.norm(point - (foot + t[:, None] * axis), axis=1)
    near = gap <= radius + float(grid[-1]) * np.sqrt(2)
    if not near.any():
        return None
    foot, radius, axis, length2 = foot[near], radius[near], axis[near], length2[near]
    gx, gy = (g.ravel() for g in np.meshgrid(grid + point[0], grid + point[1]))
    pts = np.stack([gx, gy], axis=1)
    t = np.clip(((pts[:, None, :] - foot[None]) * axis[None]).sum(axis=2) / length2, 0.0, 1.0)
    near = foot[None] + t[..., None] * axis[None]
    gap = np.linalg.norm(pts[:, None, :] - near, axis=2)
    hidden: NDArray[np.bool_] = (gap <= radius[None]).any(axis=1)
    return hidden


def _prints(
    norm: NDArray[np.float32],
    patches: NDArray[np.float32],
    spread: NDArray[np.float64],
    live: list[int],
) -> tuple[tuple[Print, ...], dict[int, bool]]:
    """A group's empty spots showing up to ``MAX_PRINTS`` prints: each the
    median of the patches alike (``SEED_MATCH``, unshifted) to the one with the
    most such, kept if ``MIN_SPOTS`` match it (shifts allowed); together they
    must account for ``AGREE`` of the spots (``live``: the patches showing a
    print; ``norm``: theirs, zero mean and unit spread), else nothing."""
    flat = norm.reshape(len(live), -1)
    # Correlation, unshifted. Not a BLAS product: its threads spin on after a
    # call this small, and their CPU time outweighs the product's.
    alike = np.einsum("ij,kj->ik", flat, flat) / flat.shape[1] >= SEED_MATCH
    left = np.ones(len(live), bool)
    prints: list[Print] = []
    fits = dict.fromkeys(live, False)
    while len(prints) < MAX_PRINTS:
        near = alike & left[None, :] & left[:, None]
        counts = near.sum(axis=1)
        seed = int(np.argmax(counts))
        if counts[seed] < MIN_SPOTS:
            break
        members = np.nonzero(near[seed])[0]
        art = np.median(norm[members], axis=0).astype(np.float32)
        if float(art.std()) < 1e-3:
            break
        found: Print = (art, float(np.median(spread[[live[j] for j in members]])))
        matched = [
            j
            for j in np.nonzero(left)[0].tolist()
            if _matches(patches[live[j]], float(spread[live[j]]), found)
        ]
        if len(matched) < MIN_SPOTS:
            break
        prints.append(found)
        left[matched] = False
        fits.update(dict.fromkeys((live[j] for j in matched), True))
    if sum(fits.values()) < AGREE * len(live):
        return (), {}
    return tuple(prints), fits


#: A plane's terms over a patch (1, x, y; (n * n, 3)). On the patch's grid,
#: symmetric about its middle, they are orthogonal: a patch's best plane is
#: its mean and its sums along x and y over theirs (:func:`_level`).
_PLANE = np.stack([np.ones(_N * _N), _GX, _GY], axis=1)
_X = _GX.reshape(_N, _N).astype(np.float32)
_Y = _GY.reshape(_N, _N).astype(np.float32)
_XX = float((_GX**2).sum())


def _level(patches: NDArray[np.float32]) -> NDArray[np.float32]:
    """Each patch less the plane fitting it best: the light's slope over it
    gone, the print left."""
    mean = patches.mean(axis=(1, 2))
    along_x = np.einsum("kij,ij->k", patches, _X) / _XX
    along_y = np.einsum("kij,ij->k", patches, _Y) / _XX
    plane = mean[:, None, None] + along_x[:, None, None] * _X + along_y[:, None, None] * _Y
    level: NDArray[np.float32] = (patches - plane).astype(np.float32)
    return level


def _shown_beside(
    patch: NDArray[np.float32], hidden: NDArray[np.bool_], arts: tuple[Print, ...]
) -> bool:
    """Does the part of ``patch`` (the whole patch, shifts included) that no
    piece read beside its spot hides (``hidden``, (n * n,)) show one of
    ``arts``, at about its contrast? A worker leaning over the next slot hides
    part of its print, and the slot matched whole read as holding something
    (second renderer, sloppy and glare seeds 2000-2009: 5 bare slots at
    0.44-0.68 whole, 0.85-0.97 past the bodies; slots holding a worker no look
    decoded 0.24 at most). At least ``PRINT_VISIBLE`` of it must show."""
    shown = ~hidden.reshape(_N, _N)
    n = _N - 2 * _S
    if shown[_S : _N - _S, _S : _N - _S].mean() < PRINT_VISIBLE:
        return False
    # The light's slope from the part shown only (a dark body tilts a plane
    # fitted to the whole patch).
    rows = shown.ravel()
    coef, *_ = np.linalg.lstsq(_PLANE[rows], patch.ravel()[rows].astype(np.float64), rcond=None)
    level = patch - (_PLANE @ coef).reshape(_N, _N)
    windows = np.lib.stride_tricks.sliding_window_view(level, (n, n)).reshape(-1, n * n)
    masks = np.lib.stride_tricks.sliding_window_view(shown, (n, n)).reshape(-1, n * n)
    weight = masks.astype(np.float64)
    count = weight.sum(axis=1)
    usable = count >= PRINT_VISIBLE * n * n
    count = np.maximum(count, 1.0)
    w_mean = (windows * weight).sum(axis=1) / count
    w_var = (windows**2 * weight).sum(axis=1) / count - w_mean**2
    centre = (2 * _S + 1) ** 2 // 2
    for template, typical in arts:
        t = template.ravel().astype(np.float64)
        t_mean = (weight * t).sum(axis=1) / count
        t_var = (weight * t**2).sum(axis=1) / count - t_mean**2
        cov = (windows * weight * t).sum(axis=1) / count - w_mean * t_mean
        score = cov / np.sqrt(np.maximum(w_var * t_var, 1e-12))
        spread = float(np.sqrt(max(w_var[centre], 0.0)))
        if spread < MIN_SPREAD or not SPREAD_RATIO[0] <= spread / typical <= SPREAD_RATIO[1]:
            continue
        if float(np.where(usable, score, -1.0).max()) >= MATCH:
            return True
    return False


def _matches_any(patch: NDArray[np.float32], spread: float, arts: tuple[Print, ...]) -> bool:
    """Does ``patch`` show one of ``arts`` (:func:`_matches`)?"""
    return any(_matches(patch, spread, art) for art in arts)


def _matches(patch: NDArray[np.float32], spread: float, art: Print) -> bool:
    """Does ``patch`` (with shifts) show ``art``, at about its contrast?"""
    template, typical = art
    if spread < MIN_SPREAD or not SPREAD_RATIO[0] <= spread / typical <= SPREAD_RATIO[1]:
        return False
    score = cv2.matchTemplate(patch, template, cv2.TM_CCOEFF_NORMED)
    return bool(float(score.max()) >= MATCH)
