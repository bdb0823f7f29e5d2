"""A lamp's glare clipped to white over a whole spot makes it unknown, never a
value (issue 34: no confident empty under glare).

The glare here is larger than a sticker: its clipped core hides the sticker
and the print around it. Whatever the table read without it, the glare may
only turn a zone unknown; it must never turn "something is there" into
"nothing is there", nor a clear printed spot into a covered one.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tests.support.vision_table import busy_table
from vision.detect import MarkerDetector
from vision.geometry import CameraPose
from vision.pipeline import Pipeline
from vision.plan import DEFAULT_PLAN, Kind
from vision.snapshot import TableSnapshot
from vision.sources import Frame
from vision.synthetic import SyntheticCamera


def _glare(image: np.ndarray, centre: np.ndarray, radius: float) -> np.ndarray:
    """Clipped white within ``radius / 2`` of ``centre``, fading out to 1.5 ``radius``."""
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    add = 400 * np.clip(1.5 - np.hypot(xx - centre[0], yy - centre[1]) / radius, 0, 1)
    return np.clip(image.astype(np.float32) + add[..., None], 0, 255).astype(np.uint8)


def _settled(
    players: tuple[str, ...], focal: float, frame: Frame, image: np.ndarray
) -> TableSnapshot:
    pipe = Pipeline(players, focal_px=focal)
    snap = pipe.snapshot
    for n in range(4):
        snap = pipe.process(replace(frame, image=image, number=n))
    assert not snap.settling
    return snap


def _values(snap: TableSnapshot) -> dict[str, object]:
    """Zone -> value of the zones glare may touch (sections, donation spaces,
    coin spots, market cells); None where the snapshot leaves it unknown."""
    out: dict[str, object] = {f"section:{k}": v for k, v in snap.sections.items()}
    out |= {f"donation:{k}": v for k, v in snap.donations.items()}
    out = {k: (None if k in snap.unseen else v) for k, v in out.items()}
    out |= {f"coin-spot:{k}": v for k, v in snap.coins_present.items()}
    for good, cells in snap.market.items():
        out |= {f"market:{good}:{i}": v for i, v in enumerate(cells)}
    return out


@pytest.mark.parametrize(
    ("kind", "component"),
    [
        (Kind.COUNTER, "purple"),  # a donation counter
        (Kind.COIN_SPOT, "coin-spot"),  # a clear printed spot
        (Kind.MARKET_CELL, "market-cell"),
    ],
)
def test_a_spot_under_clipped_glare_is_unknown_never_a_value(kind: Kind, component: str) -> None:
    truth = busy_table()
    cam = SyntheticCamera(truth, pose=CameraPose(tilt_deg=10), size=(3200, 2400))
    frame = cam.read()
    mid = DEFAULT_PLAN.find(kind, component).marker_id
    d = next(x for x in MarkerDetector().detect(frame.image) if x.marker_id == mid)
    clean = _values(_settled(truth.players, cam.focal_px, frame, frame.image))
    image = _glare(frame.image, np.array(d.centre), d.side_px * 2.5)
    glared = _values(_settled(truth.players, cam.focal_px, frame, image))
    changed = {k: (clean[k], v) for k, v in glared.items() if v != clean[k]}
    assert changed  # the glare hid something
    # ... and only made it unknown.
    assert all(v is None for _, v in changed.values()), changed
