"""The board's printed art is no evidence of a piece; a spot not showing it is (issue 34).

A dark icon printed in the middle of every donation space is marker-like to
the closer look (its middle holds black and white): before ``vision/art.py``
every bare donation space of such a board read unknown. The print is learned
from the frame's empty spaces, so bare spaces read empty, and a space whose
counter no look decodes (here: its sticker painted over) shows no print and
stays unknown, never empty.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.support.vision_table import busy_table, settled
from vision.art import PrintedArt
from vision.geometry import CameraPose
from vision.layout import ZoneKind
from vision.register import Registration
from vision.sources import Frame
from vision.synthetic import SyntheticCamera


def _diamond(x: float, y: float, s: float) -> np.ndarray:
    return np.array([(x, y - s), (x + s * 0.8, y), (x, y + s), (x - s * 0.8, y)])


def _printed(frame: Frame, reg: Registration, shapes: list[np.ndarray]) -> np.ndarray:
    """``frame``'s image with ``shapes`` (board mm) printed dark on the board."""
    image = frame.image.copy()
    for poly in shapes:
        cv2.fillConvexPoly(image, reg.to_image(poly).round().astype(np.int32), (40, 40, 96))
    return image


@pytest.fixture(scope="module")
def table() -> tuple[Frame, Registration, float, list[tuple[str, tuple[float, float]]]]:
    truth = busy_table()
    cam = SyntheticCamera(truth, pose=CameraPose(tilt_deg=10), size=(3200, 2400))
    frame = cam.read()
    pipe = settled(truth.players, cam.focal_px, frame)
    assert pipe.registration is not None
    spaces = [
        (f"donation:{z.name}", z.anchors[0] if z.anchors else z.centre)
        for z in pipe.reader.layout.of_kind(ZoneKind.DONATION, truth.players)
    ]
    return frame, pipe.registration, cam.focal_px, spaces


def test_printed_icons_read_bare_and_a_counter_not_decoded_stays_unknown(table) -> None:  # type: ignore[no-untyped-def]
    frame, reg, focal, spaces = table
    truth = busy_table()
    # The icon on every space, over the counters too: their stickers, half
    # painted over, no longer decode.
    image = _printed(frame, reg, [_diamond(x, y, 3.2) for _, (x, y) in spaces])
    pipe = settled(truth.players, focal, frame, image)
    snap = pipe.snapshot
    held = {f"donation:{k}" for k, v in truth.donations.items() if v}
    unknown = {k for k in snap.unseen if k.startswith("donation:")}
    # Never empty where a counter stands.
    assert held <= unknown
    # Every bare space reads empty (the icon learned as the board's print).
    assert unknown == held
    assert all(snap.donations[k.split(":", 1)[1]] is None for k, _ in spaces if k not in held)
    assert 0 in pipe.closer.art.learned  # the donation spaces' print


def test_print_that_differs_from_space_to_space_is_not_learned(table) -> None:  # type: ignore[no-untyped-def]
    frame, reg, focal, spaces = table
    truth = busy_table()
    rng = np.random.default_rng(5)
    shapes = []
    for _, (x, y) in spaces:
        # A bar at a random angle and offset: no print shared by the spaces.
        a = rng.uniform(0, np.pi)
        dx, dy = rng.uniform(-2, 2, 2)
        u = np.array([np.cos(a), np.sin(a)])
        v = np.array([-u[1], u[0]])
        c = np.array([x + dx, y + dy])
        shapes.append(
            np.array(
                [c + 4 * u + 1.2 * v, c + 4 * u - 1.2 * v, c - 4 * u - 1.2 * v, c - 4 * u + 1.2 * v]
            )
        )
    held = {f"donation:{k}" for k, v in truth.donations.items() if v}
    bare = [k for k, _ in spaces if k not in held]
    pipe = settled(truth.players, focal, frame, _printed(frame, reg, shapes))
    assert 0 not in pipe.closer.art.learned
    # As before the print was learned: marker-like print keeps spaces unknown.
    unknown = set(pipe.snapshot.unseen)
    assert sum(k in unknown for k in bare) >= len(bare) // 2


def test_a_spot_matches_the_learned_art_only_with_its_contrast() -> None:
    # A board seen straight down at 4 px/mm: 12 spots in a row, each with the
    # same dark diamond; spot 3 holds a flat bright patch, spot 7 a sticker-like
    # square with a black border.
    scale = 4.0
    h = np.array([[scale, 0, 0], [0, scale, 0], [0, 0, 1]], dtype=np.float64)
    reg = Registration(h, np.linalg.inv(h), np.array([0.0, 0.0, 900.0]), (), "fresh", 0.0)
    grey = np.full((200, 1100), 200, np.uint8)
    points = np.array([[20.0 + 20 * k, 25.0] for k in range(12)])
    for k, (x, y) in enumerate(points.tolist()):
        if k == 3:
            cv2.rectangle(
                grey,
                (int((x - 6) * scale), int((y - 6) * scale)),
                (int((x + 6) * scale), int((y + 6) * scale)),
                250,
                -1,
            )
        elif k == 7:
            cv2.rectangle(
                grey,
                (int((x - 5) * scale), int((y - 5) * scale)),
                (int((x + 5) * scale), int((y + 5) * scale)),
                20,
                -1,
            )
            cv2.rectangle(
                grey,
                (int((x - 2) * scale), int((y - 2) * scale)),
                (int(x * scale), int((y + 2) * scale)),
                240,
                -1,
            )
        else:
            poly = (_diamond(x, y, 3.2) * scale).round().astype(np.int32)
            cv2.fillConvexPoly(grey, poly, 60)
    art = PrintedArt(points, np.zeros(12, np.intp))
    every = np.ones(12, bool)
    bare, known = art.bare(grey, reg, None, every, every)
    assert known.all()
    assert bare.tolist() == [k not in (3, 7) for k in range(12)]
    # Too few spots to agree on a print: nothing is judged.
    art = PrintedArt(points[:4], np.zeros(4, np.intp))
    few = np.ones(4, bool)
    bare, known = art.bare(grey, reg, None, few, few)
    assert not known.any() and not bare.any()
