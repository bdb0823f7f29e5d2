"""Seeing the main board: from camera frames to a stable table snapshot.

What it is for: camera sources, ArUco marker detection, board registration by
homography, mapping markers to board zones, temporal stabilisation (nothing is
reported while a hand is over the board), the synthetic table renderer used by
tests and the demo, and printing marker sticker sheets.

What it may import: numpy, OpenCV and ``engine`` (for zone and component names
only). It knows nothing of the rules.
"""
