"""Seeded random Amritsar games give exactly the same results as before the speed work.

The playout path (``legal_actions`` + the unchecked ``apply``, and
``random_chance`` behind ``new_game(seed=...)``) was made faster for issue 35
by building refusal words only when asked and by copying less. This pins its
behaviour with digests computed from the engine as it was before (commit
3b29b78): for seeded solo, 2-, 3- and 4-player games

- every action taken, every event, and the whole state (its JSON) after each
  step, and the final score sheets;
- along the way, for a grid of actions of the kinds the pending decision
  accepts (independent of the candidate generators, which may leave out more
  refused actions than they did), ``why_illegal``'s answer: its code, rulebook
  section and both sentences (so a refusal shown to a person keeps its words);
- the checked ``apply`` gives the same state and events as the unchecked one.

A digest that changes means the engine's behaviour changed, not only its speed.
The pinned values come from the engine at 3b29b78 (``git archive 3b29b78
engine | tar -x -C DIR``, then these functions run with ``PYTHONPATH=DIR:.``).
"""

from __future__ import annotations

import hashlib
import random

import pytest

from engine.amritsar.actions import Act, Action
from engine.amritsar.decisions import CHANCE_KINDS
from engine.amritsar.game import apply, legal_actions, new_game, random_chance, why_illegal
from engine.amritsar.options import OPTIONS
from engine.amritsar.rules.core import ANSWERS
from engine.amritsar.rules.scoring import score
from engine.amritsar.serialize import to_json
from engine.amritsar.state import GameState

#: (players, solo, hard, seed, every house rule) -> sha256 of the game's
#: playout record (pinned at 3b29b78).
PLAYOUTS: dict[tuple[int, bool, bool, int, bool], str] = {
    (1, True, False, 3, False): "a1af01f454d0b78e2d27c36ecbd8c0d73141d34da81cb030c31312fa8a01b517",
    (1, True, True, 4, False): "69c6f655864ae828e5e550ac129542643491dfad40d46e62bf7aea31d67fb588",
    (2, False, False, 1, False): "60afae998de457b1da73e5767965761f501aa2272ab85fde9b0d345f422b5133",
    (3, False, False, 2, False): "48eda6df814d0c2388080ae3f5181ce02f8f74af026a462ef2a41a1d7a73b845",
    (4, False, False, 5, False): "b711d8f9a81aa9148fafbf2dbf9d42398b0c5ee9bf6a7f4c3703559cfbc6d5eb",
    (4, False, False, 6, False): "6c64c2a5826583ea059eb5e143159449204986b421d2f3c297d689dfe18c5c18",
    (3, False, False, 7, True): "177b3479f660b1f7fab9893ebcd21d30298edfa95d55e19b9e15532bcc2bf149",
    (4, False, False, 8, True): "17d5fec38cda12c7cccf3948a1c1dd393c44d2e75479e00d9d7539bad497c036",
}

#: (players, seed) -> sha256 of every refusal met along the game (pinned at 3b29b78).
#: Re-pinned when the Spanish section names came (engine/amritsar/sections.py): the
#: digests without ``rule_en``/``rule_es`` are the same before and after that change.
REFUSALS: dict[tuple[int, int], str] = {
    (2, 11): "b6640702f83decd0ad320b143047a0aba5e789f5546a0963e80d28668e5d19cf",
    (4, 12): "760aee6a7005a793eea405cd3b705533ca0622961ffe00538fa4388ba1be4755",
}


def playout_digest(players: int, solo: bool, hard: bool, seed: int, options: bool = False) -> str:
    """Play one seeded random game as the bench does (``options``: every house
    rule on); digest what it did."""
    rng = random.Random(seed)
    # the house rules there were at 3b29b78 (objectives_at_end, added since, changes
    # what the table enters rather than a reading: tests/engine/test_objectives_at_end.py)
    chosen = tuple(o for o in OPTIONS if o != "objectives_at_end") if options else ()
    state = new_game(players, solo=solo, hard=hard, seed=seed, options=chosen)
    digest = hashlib.sha256(to_json(state).encode())
    while not state.finished:
        actions = legal_actions(state)
        digest.update(repr(actions).encode())
        action = rng.choice(actions)
        state, events = apply(state, action, check=False)
        digest.update(f"{action}|{events!r}|{to_json(state)}".encode())
    for sheet in score(state):
        digest.update(repr(sheet).encode())
    return digest.hexdigest()


#: Action kinds whose second and third numbers mean something (the rest take -1).
USES_B = {Act.CHANCE, Act.ELEPHANT, Act.DONATE, Act.TWO_STEPS, Act.EXCHANGE}
USES_C = {Act.UPGRADE_STOREHOUSE, Act.UPGRADE_OBJECTIVE, Act.UPGRADE_MAHOUT}


def grid(state: GameState) -> list[Action]:
    """Every action of the kinds the pending decision accepts, over a grid of
    numbers wider than the board's (so out-of-range ones too), whatever the
    engine's candidate generators list; and one action of a kind it does not."""
    top = state.pending[-1]
    actions = []
    for kind in sorted(ANSWERS.get(top.kind, ())):
        if kind is Act.CHANCE:
            actions += [Action(kind, a, top.kind) for a in range(-1, 46)]
            actions.append(Action(kind, 0, top.kind + 1))
            continue
        bs = range(-1, 5) if kind in USES_B | USES_C else (-1,)
        cs = (-1, 0, 1, 2) if kind in USES_C else (-1,)
        actions += [Action(kind, a, b, c) for a in range(-1, 10) for b in bs for c in cs]
    actions.append(Action(Act.PASS))
    return actions


def refusal_digest(players: int, seed: int) -> str:
    """Every refusal (code, section, English, Spanish) along one seeded game,
    its setup draws included (each drawn with ``random_chance``)."""
    rng = random.Random(seed)
    state = new_game(players)
    digest = hashlib.sha256()
    while not state.finished:
        for action in grid(state):
            try:
                reason = why_illegal(state, action)
                words = None if reason is None else (reason.to_dict(), reason.fields)
            except (IndexError, ValueError, KeyError) as error:  # out-of-range grid values
                digest.update(f"{action!r} raises {type(error).__name__}".encode())
                continue
            if words is not None:
                digest.update(repr((action, words)).encode())
        if state.pending[-1].kind in CHANCE_KINDS:
            action = random_chance(state, rng)
        else:
            action = rng.choice(legal_actions(state))
        checked = apply(state, action)
        unchecked = apply(state, action, check=False)
        assert to_json(checked[0]) == to_json(unchecked[0])
        assert checked[1] == unchecked[1]
        state = unchecked[0]
    return digest.hexdigest()


@pytest.mark.parametrize("game", sorted(PLAYOUTS))
def test_seeded_playouts_are_unchanged(game: tuple[int, bool, bool, int, bool]) -> None:
    assert playout_digest(*game) == PLAYOUTS[game]


@pytest.mark.parametrize(("players", "seed"), sorted(REFUSALS))
def test_refusal_words_along_a_game_are_unchanged(players: int, seed: int) -> None:
    assert refusal_digest(players, seed) == REFUSALS[(players, seed)]
