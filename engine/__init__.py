"""The rules of *Amritsar: The Golden Temple*, as pure Python.

What it is for: the one authoritative model of the game. It holds the
component catalog (data files beside this module), the game state, the atomic
actions with their legal-action generator, ``apply``, the observation a camera
can check, per-player views that hide secrets, scoring, and the solo
Maharajah's decision rules.

What it may import: the standard library only. No camera, socket, file or
clock access beyond reading its own catalog files, so every rule can be tested
and replayed deterministically.
"""
