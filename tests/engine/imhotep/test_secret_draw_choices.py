"""A face-down market card named on its picker's phone: the list gives nothing away (issue 36).

Side B of the market: the picker of the face-down pair names each card on their
phone (the one secret draw of Imhotep). Offering only the kinds still counted in
the draw pile told the picker that the last copies of a missing kind were in the
discard pile unseen (another player's pair). The phone now offers every kind the
picker cannot rule out, as Ceylon's draw does; such a kind entered when the
entries leave none is refused blaming the entries, never naming the deck.
"""

from __future__ import annotations

import random
from pathlib import Path

from companion.resume import open_any_session
from companion.rules_session import RulesSession
from engine.imhotep.actions import Action
from engine.imhotep.draws import draw_choices
from engine.imhotep.rules_object import ImhotepRules
from engine.imhotep.state import State


def _first_pair_with_a_kind_only_in_the_discard(seeds: range) -> tuple[ImhotepRules, State]:
    """A real game (side B market, random play) at a face-down card being named, with a
    kind whose every unseen copy lies in the discard pile."""
    rules = ImhotepRules()
    for seed in seeds:
        rng = random.Random(seed)
        state = rules.new_game(3, seed=seed, options=["market-b"])
        for _ in range(3000):
            decision = rules.decision(state)
            if decision.is_over:
                break
            task = state.queue[0] if state.queue else None
            unseen = zip(state.deck, state.discard, strict=True)
            if task is not None and task.kind == "pair" and any(d == 0 < c for d, c in unseen):
                return rules, state
            actions = rules.legal_actions(state)
            action = rules.random_chance(state, rng) if decision.is_chance else rng.choice(actions)
            state, _ = rules.apply(state, action)
    raise AssertionError("no such moment in these games")


def test_the_picker_is_offered_every_kind_they_cannot_rule_out() -> None:
    rules, state = _first_pair_with_a_kind_only_in_the_discard(range(1, 40))
    offered = rules.draw_choices(state)
    legal = rules.legal_actions(state)
    hidden = [
        k for k, (d, c) in enumerate(zip(state.deck, state.discard, strict=True)) if d == 0 < c
    ]
    for kind in hidden:
        # The legal outcomes lack it (the deck has none) ...
        assert Action("card", (kind,)) not in legal
        # ... the phone offers it all the same: the picker cannot know where the copies are.
        assert Action("card", (kind,)) in offered
    assert set(legal) <= set(offered)
    assert offered == draw_choices(state, rules.catalog)
    # Entered anyway, it is refused blaming the entries, never saying the deck has none.
    reason = rules.why_illegal(state, Action("card", (hidden[0],)))
    assert reason is not None and reason.code == "pair_unaccounted"
    assert "deck" not in reason.en and "mazo" not in reason.es
    # A kind no copy of which is unseen at all (all face up) is not offered.
    gone = [k for k, (d, c) in enumerate(zip(state.deck, state.discard, strict=True)) if d + c == 0]
    assert all(Action("card", (k,)) not in offered for k in gone)


def test_the_picker_s_phone_gets_that_list(tmp_path: Path) -> None:
    """Through the table session (``draws="phones"``): the generic phone's draw answers."""
    rules, state = _first_pair_with_a_kind_only_in_the_discard(range(1, 40))
    session = open_any_session(
        tmp_path / "imhotep.sqlite",
        "imhotep",
        ["Ana", "Ben", "Cy"],
        options=["market-b"],
        draws="phones",
    )
    assert isinstance(session, RulesSession)
    # The table reached that moment (the record rebuilt from the found state).
    session.game.states[-1] = state
    picker = state.queue[0].seat
    answers = session.answers_for(picker)
    assert answers == rules.draw_choices(state)
    assert len(answers) > len(rules.legal_actions(state))
    assert all(session.answers_for(s) == [] for s in range(3) if s != picker)
