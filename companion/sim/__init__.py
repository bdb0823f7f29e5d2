"""Simulation: stand-ins for the people, the camera and the sensor board.

What it is for: ``companion demo``, the tests and the benches play whole
games without hardware. Nothing here runs at a real table: production code
(``companion.session``, ``reconcile``, ``sensors``, ``server``, ``runner``) never
imports this package.

- ``players``: random and greedy stand-in players;
- ``simulate``: a scripted table, players acting on a simulated physical table;
- ``camera_table``: that table seen the way a real one is, through rendered
  frames and a simulated sensor board;
- ``simboard`` and ``firmware``: the real firmware on fake hardware, on a pty;
- ``demo``: ``companion demo``, a whole simulated solo game;
- ``generic_demo``: ``companion demo --game imhotep|ceylon``, simulated phones
  answering every decision of a game served in manual mode.
"""
