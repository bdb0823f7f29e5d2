"""The named camera conditions: resolution, lens, light, sensor, placement, hand."""

from __future__ import annotations

from dataclasses import dataclass

from .camera import Lens


@dataclass(frozen=True)
class Condition:
    name: str
    size: tuple[int, int]
    lens: str  # key of LENSES
    calibrated: bool = True
    tilt: tuple[float, float] = (0.0, 30.0)
    glare: bool = False
    vignette: float = 0.08  # light lost at the frame's corners after the ISP's shading correction
    shadow_band: bool = False
    cast: bool = False
    motion: bool = False
    high_iso: bool = False
    jpeg: tuple[int, int] | None = None
    sloppy: bool = False
    hand: bool = False


LENSES: dict[str, Lens] = {
    # A Camera-Module-3-like standard lens: nearly rectilinear.
    "standard": Lens("standard", (-0.02, 0.015, 0.0, 0.0, 0.0), 62.0),
    # A cheap M12 lens: visible barrel distortion.
    "moderate": Lens("moderate", (-0.12, 0.035, 0.0006, -0.0004, 0.0), 66.0),
    # A wide-angle module (about 105-110 degrees across): strong barrel distortion.
    "wide": Lens("wide", (-0.28, 0.07, 0.0008, -0.0005, -0.004), 100.0),
}

SPECS: dict[str, Condition] = {
    c.name: c
    for c in (
        Condition("ideal", (3200, 2400), "standard"),
        Condition("12mp", (4056, 3040), "standard"),
        Condition(
            "glare",
            (3200, 2400),
            "standard",
            glare=True,
            vignette=0.40,
            shadow_band=True,
            cast=True,
        ),
        Condition(
            "blur_noise_jpeg", (3200, 2400), "standard", motion=True, high_iso=True, jpeg=(60, 80)
        ),
        Condition("sloppy", (3200, 2400), "standard", sloppy=True),
        Condition(
            "everything_calibrated",
            (3200, 2400),
            "moderate",
            glare=True,
            vignette=0.40,
            shadow_band=True,
            cast=True,
            motion=True,
            high_iso=True,
            jpeg=(60, 80),
            sloppy=True,
        ),
        Condition("wide_calibrated", (3200, 2400), "wide", tilt=(0.0, 12.0), vignette=0.18),
        Condition(
            "wide_uncalibrated",
            (3200, 2400),
            "wide",
            calibrated=False,
            tilt=(0.0, 12.0),
            vignette=0.18,
        ),
        Condition("1080p", (1920, 1080), "standard"),
        Condition("hand_at_start", (3200, 2400), "standard", hand=True),
    )
}

CONDITIONS: tuple[str, ...] = tuple(SPECS)
