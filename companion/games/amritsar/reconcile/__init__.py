"""Amritsar's reconciler: the engine's state against what camera and sensor board saw.

The game-independent parts (``companion.reconcile``: the field diff, the
generic search and the answers that leave no trace) serve every game; these
modules know Amritsar's board (sections, districts, donation spaces, the
Maharajah's spaces) and its camera and sensor readings.
"""
