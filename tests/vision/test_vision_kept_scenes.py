"""Kept harsh scenes (vision/harsh.py) that once read a wrong zone or a wrong id.

Each is one scene of ``bench/vision.py --only harsh --expect``'s groups that
failed there, run through the pipeline as the bench does (the game's piece
counts given), with the cause it showed pinned down.
"""

from __future__ import annotations

import math

import numpy as np

from vision.expect import counts
from vision.harsh import harsh_scene
from vision.pipeline import Pipeline
from vision.plan import Kind
from vision.snapshot import TableSnapshot, observable

FRAMES = 10


def settled(condition: str, seed: int) -> tuple[TableSnapshot, TableSnapshot, Pipeline]:
    """(reading, observable truth, pipeline) of a harsh scene's first settled frame."""
    scene = harsh_scene(seed, condition)
    pipe = Pipeline(scene.truth.players, focal_px=scene.focal_px, calibration=scene.calibration)
    pipe.expect(counts(scene.truth))
    snap = None
    for frame in scene.frames(FRAMES + scene.condition.hand_frames):
        snap = pipe.process(frame)
        if not snap.settling:
            break
    assert snap is not None and not snap.settling, "the scene never settled"
    return snap, observable(scene.truth), pipe


def printed_values_wrong(seen: TableSnapshot, truth: TableSnapshot) -> list[str]:
    """Market cells and coin spots read as a value (not None) that is wrong."""
    wrong = [
        f"market {res} row {n}: {v}"
        for res, row in seen.market.items()
        for n, v in enumerate(row, start=1)
        if v is not None
        and v != truth.market[res][n - 1]
        and f"market:{res}:{n}" not in seen.unseen
    ]
    wrong += [
        f"coin spot {s}: {v}"
        for s, v in seen.coins_present.items()
        if v is not None and v != truth.coins_present.get(s) and f"coins:{s}" not in seen.unseen
    ]
    return wrong


def test_an_undecoded_market_sticker_in_plain_view_is_not_read_as_a_cube() -> None:
    # Placement seed 50015: the copper row 5 sticker (ink bleed, 26 px) decoded
    # in some frames and not in the first; the closer look kept its first
    # answer, so the empty cell read "covered". Its pattern is in plain view.
    seen, truth, pipe = settled("placement", 50015)
    assert truth.market["copper"][4] is False
    assert seen.market["copper"][4] is not True
    assert printed_values_wrong(seen, truth) == []
    # OpenCV 5 (the PC's) still does not decode the sticker in the settled
    # frame: the closer look sees its pattern in plain view and leaves the cell
    # unknown. OpenCV 4.11 (the Pi's, constraints/pi.txt) decodes it and reads
    # the cell clear. Both are right; "covered" (a cube) is what was wrong.
    cell = seen.market["copper"][4]
    assert pipe.closer is not None
    assert cell is False or (cell is None and "market:copper:5" in pipe.closer.in_view)


def test_a_market_sticker_leant_on_by_a_cube_above_is_not_a_cube() -> None:
    # Placement seed 50004: the copper row 1 cube, set 2 mm off its cell, leans
    # over the quiet zone of row 2's sticker, which therefore never decodes.
    seen, truth, _ = settled("placement", 50004)
    assert truth.market["copper"][1] is False
    assert seen.market["copper"][1] is not True
    assert printed_values_wrong(seen, truth) == []


def test_a_market_sticker_in_a_cast_light_is_not_a_cube() -> None:
    # Light seed 50041: copper row 4 read "covered" under the colour cast.
    seen, truth, _ = settled("light", 50041)
    assert truth.market["copper"][3] is False
    assert printed_values_wrong(seen, truth) == []


def workers_read_at(pipe: Pipeline, x: float, y: float) -> list[str]:
    """Workers the reading took as standing within 15 mm of board point (x, y)."""
    return [
        s.component
        for s in pipe.pieces_seen
        if s.kind is Kind.WORKER and math.hypot(s.foot[0] - x, s.foot[1] - y) <= 15
    ]


def test_a_worker_id_read_off_the_printed_market_heading_is_refused() -> None:
    # Placement seed 50018: ink bleed makes a market column's printed heading
    # decode as worker W1 (id 13) at (91, 4) mm, where no worker can stand.
    _, _, pipe = settled("placement", 50018)
    assert any(d.marker_id == 13 for d in pipe.markers_read)  # still decoded there
    assert workers_read_at(pipe, 88, 10) == []


def test_a_worker_id_read_on_a_donation_space_is_refused() -> None:
    # Placement seed 50026: worker W4 (id 16) read at (316, 385) mm, on the
    # south donation space S:1:3; workers stand only in sections and beside
    # the Maharajah spaces.
    _, _, pipe = settled("placement", 50026)
    assert workers_read_at(pipe, 315, 384) == []


def test_a_table_under_blur_that_changes_every_frame_settles_with_no_wrong_zone() -> None:
    # Motion seed 50003 (blur 2-8 px drawn anew each frame, noise, JPEG): the
    # printed spots decoded in one frame and not the next, so the stabiliser
    # never saw three agreeing frames and the table never settled.
    seen, truth, _ = settled("motion", 50003)
    assert printed_values_wrong(seen, truth) == []
    wrong = [
        s
        for s, workers in seen.sections.items()
        if f"section:{s}" not in seen.unseen and workers != truth.sections[s]
    ]
    assert wrong == []


def test_dark_board_art_along_the_edge_is_no_arm_at_start() -> None:
    # Seed 50025 (in every group): a dark print along the north edge looks like
    # the table beside it, so the start-up check saw an arm across the edge
    # and the table never started. The table beside it is bare: no arm.
    seen, truth, pipe = settled("ideal", 50025)
    assert pipe.startup.verified and pipe.startup.crossings == []
    assert printed_values_wrong(seen, truth) == []
    assert pipe.startup.judged


def test_an_edge_that_cannot_be_judged_is_no_proof_that_no_arm_crosses_it() -> None:
    # A board view with no contrast at the edge (glare, darkness): "no
    # crossing" then says nothing. A change of light is taken as a move made
    # under it only when nothing is *seen* across the edge (``judged``).
    _, _, pipe = settled("ideal", 50025)
    assert pipe.registration is not None
    flat = np.full((*pipe.view.shape, 3), 128, np.uint8)
    size = harsh_scene(50025, "ideal").size
    assert not pipe.startup.crossing(flat, pipe.registration, size)
    assert not pipe.startup.judged


def test_a_hand_across_the_edge_still_holds_the_start() -> None:
    scene = harsh_scene(50000, "hand-start")
    pipe = Pipeline(scene.truth.players, focal_px=scene.focal_px)
    (frame,) = scene.frames(1)
    snap = pipe.process(frame)
    assert not pipe.startup.verified and pipe.startup.crossings
    assert snap.settling and "clear-the-board-start" in {p.code for p in snap.problems}


def test_printed_words_along_the_edge_in_a_shadow_are_no_arm_at_start() -> None:
    # Light seed 50024: the market headings printed 1-8 mm inside the north
    # edge, with the table beside them darkened by the light, looked like an
    # arm across the edge. An arm reaches well into the board; words do not.
    _, _, pipe = settled("light", 50024)
    assert pipe.startup.verified and pipe.startup.crossings == []


def test_a_lamps_glare_lying_across_the_edge_is_no_arm_at_start() -> None:
    # Light seeds 50017 (south edge) and 50060 (east edge): a lamp's glare on
    # the edge clips the board's bright print at white, so inside and outside
    # differed by less than the edge elsewhere and the start-up check saw an
    # arm; the table never started. They still differ by a good share of the
    # headroom below white (the printed edge is kept); an arm does not.
    for seed in (50017, 50060):
        seen, truth, pipe = settled("light", seed)
        assert pipe.startup.verified and pipe.startup.crossings == []
        assert printed_values_wrong(seen, truth) == []


def test_a_shadow_band_across_the_edge_is_no_arm_at_start() -> None:
    # Light seeds 50068 (east edge; 50075 alike) and 50092 (south edge): a shadow band over
    # dark board print and the table beside it scaled the edge's contrast down
    # below the arm's limit, and the table never started. The two sides still
    # differ by a good share of the darker side's own level; an arm does not.
    for seed in (50068, 50092):
        seen, truth, pipe = settled("light", seed)
        assert pipe.startup.verified and pipe.startup.crossings == []
        assert printed_values_wrong(seen, truth) == []


def test_a_1080p_sticker_read_once_does_not_hold_the_table_up() -> None:
    # 1080p seed 50020: coin spots N1, E1, W1, W2 decoded "clear" in one calm
    # frame, then never again; never accepted, they kept the table settling.
    seen, truth, _ = settled("1080p", 50020)
    assert printed_values_wrong(seen, truth) == []


def test_a_blur_unlike_the_backgrounds_is_no_hand_and_a_flickering_cell_is_unknown() -> None:
    # Motion seed 50026: a frame blurred unlike the background view made a
    # blob of 222 cells, none of them flat, which hid markers the blur had
    # washed out: taken for a hand, it restarted the calm count. Seed 50027:
    # the gold row 2 cell (clear) read "covered" in one blurred frame and
    # "clear" in the others; it held the table settling for ever. Neither
    # scene settled in 10 frames before.
    seen, truth, _ = settled("motion", 50026)
    assert printed_values_wrong(seen, truth) == []
    seen, truth, _ = settled("motion", 50027)
    assert truth.market["gold"][1] is False
    assert seen.market["gold"][1] is not True or "market:gold:2" in seen.unseen
    assert printed_values_wrong(seen, truth) == []


def test_one_changed_cell_does_not_let_a_missed_worker_read_as_none() -> None:
    # Motion seed 50047: one board-view cell changed between two calm frames
    # (noise, no hand); it counted as a touch, the expectation stopped
    # doubting the Maharajah's WN space, and a worker missed under blur was
    # accepted as "no worker" there (the table never settled, so it was not
    # reported; three such frames in a row would have been).
    seen, truth, pipe = settled("motion", 50047)
    assert truth.maharajah_workers["WN"] is not None
    assert pipe.stabiliser.accepted.get("maharajah-worker:WN", "unread") is not None
    assert (
        seen.maharajah_workers["WN"] == truth.maharajah_workers["WN"]
        or "maharajah-worker:WN" in seen.unseen
    )
