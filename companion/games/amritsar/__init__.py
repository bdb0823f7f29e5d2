"""Amritsar: The Golden Temple at the table: everything of the companion that is Amritsar's alone.

What it is for (issue 32, "one table path"): the shared modules under
``companion/`` name no game; what only Amritsar has lives here and is reached
through its adapter (``adapter.py``, registered in ``companion.adapters``):
its session with the Maharajah (``session.py``, dealt by ``dealing.py``), the
view's Amritsar parts (``payload.py``, ``menu.py``, ``grouped.py``), the
reconciler that reads its table from camera and sensor board together
(``reconcile/``), the sensor board under its board (``sensors/``, with the
firmware in ``firmware/amritsar_fw``), the unattended table loop
(``runner.py``), its replay of a log against the camera's evidence
(``replay.py``) and its simulated table for the demo and tests (``sim/``).
"""
