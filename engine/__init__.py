"""The rules of the games the companion serves, as pure Python.

What it is for: one authoritative model per game. ``engine/core/`` holds what
every game shares (the ``Rules`` protocol, the registry of games by name,
reasons, observations, score sheets, the record with undo and redaction);
each game is a package beside it (``engine/amritsar/``, ...) with its own
catalog (``data/``) and its rule modules (Amritsar's rule areas in
``rules/``; the smaller games' in a few flat modules: ``play.py``,
``scoring.py``, ...).

What it may import: the standard library only. No camera, socket, file or
clock access beyond reading a game's own catalog files, so every rule can be
tested and replayed deterministically.
"""
