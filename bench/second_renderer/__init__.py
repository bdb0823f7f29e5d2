"""A second camera renderer for the vision tests, written without reading `vision/`.

Built only from the kit a player has (hardware/[<game>/]layout.json and markers.csv,
the sticker sheets' sizes), OpenCV's public ArUco dictionary and camera physics: a board
of printed art, tokens as physical prisms with stickers placed by hand, a pinhole
camera with a Brown-Conrady lens, lamp glare with bloom, vignetting, shadow bands,
colour casts, rolling-shutter motion, Bayer sensor noise and demosaicing, JPEG.

    from bench.second_renderer import render_scene, CONDITIONS
    scene = render_scene("amritsar", 900123, "glare")

HELD-OUT SEEDS: 900000-999999 (`HELD_OUT_SEEDS`) are never used to tune this renderer
nor the camera pipeline; report results on them. Tune, debug and test on seeds below.

See README.md in this folder for what is modelled and what is not, and
CONTRACT.md for the contract.
"""

from __future__ import annotations

from .conditions import CONDITIONS
from .model import CameraModel, MarkerTruth, Scene
from .render import GAMES, render_scene

HELD_OUT_SEEDS = range(900000, 1000000)

__all__ = [
    "CONDITIONS",
    "GAMES",
    "HELD_OUT_SEEDS",
    "CameraModel",
    "MarkerTruth",
    "Scene",
    "render_scene",
]
