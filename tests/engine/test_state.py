"""The flat state's copy: every field, shallowly, and nothing shared that mutates."""

from __future__ import annotations

from engine.amritsar.game import new_game
from engine.amritsar.state import GameState, MaharajahState, PlayerState


def test_copy_keeps_every_field() -> None:
    """A field added to ``__slots__`` but forgotten in a hand-written ``copy``
    would be missing from the copy: reading it raises AttributeError."""
    for s in (new_game(4, seed=1), new_game(1, solo=True, seed=2)):
        new = s.copy()
        for name in GameState.__slots__:
            assert getattr(new, name) == getattr(s, name), name
        for old, copied in zip(s.players, new.players, strict=True):
            assert copied is not old
            for name in PlayerState.__slots__:
                assert getattr(copied, name) == getattr(old, name), name
        if s.maharajah is not None:
            assert new.maharajah is not s.maharajah
            for name in MaharajahState.__slots__:
                assert getattr(new.maharajah, name) == getattr(s.maharajah, name), name
        assert new == s


def test_changing_a_copy_leaves_the_original() -> None:
    s = new_game(2, seed=3)
    new = s.copy()
    new.players[0].coins += 5
    new.pending = ()
    assert s.players[0].coins == 1 and s.pending
