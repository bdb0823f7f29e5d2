"""Simulation for any game: stand-ins for the people and the camera.

What it is for: ``companion demo``, the tests and the benches play whole
games without hardware. Nothing here runs at a real table: production code
never imports this package.

- ``generic_demo``: ``companion demo --game imhotep|ceylon|rajas``, simulated
  phones answering every decision a game served through its ``Rules`` asks;
- ``camera_demo``, ``fake_camera``, ``ahead``, ``real_hands``: the same games
  with a rendered camera table, the moves players make before the companion
  has caught up, and hands only their holders know;
- ``demo_watch``: the address a demo's table screen is watched at.

Amritsar's own simulated table (its players, the sensor board's firmware on a
pty, the rendered table and its demo) is in ``companion.games.amritsar.sim``.
"""
