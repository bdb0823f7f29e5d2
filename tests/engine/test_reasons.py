"""Refusals: every illegal action says which rule and why, in English and Spanish
(``why_illegal``, ``IllegalActionError``; engine/amritsar/reasons.py).

Besides the refusals asserted in each rule area's tests, this module plays
random games and asks ``why_illegal`` about every action the pending decision
could take but may not: each must come with a reason whose sentences are
complete in both languages (no placeholder left, no English clause inside the
Spanish sentence) and name a rulebook section.
"""

from __future__ import annotations

import random
import re
from string import Formatter

import pytest

from engine.amritsar.actions import Act, Action, parse_action
from engine.amritsar.decisions import Pending
from engine.amritsar.effects import Upgrade
from engine.amritsar.game import apply, legal_actions, new_game, why_illegal
from engine.amritsar.reasons import REASONS, TABLE_REASONS, IllegalActionError, Reason
from engine.amritsar.state import NONE, GameState
from tests.engine.build import at_turn, change, play, refusal, seat, table, with_frame
from tests.engine.could_take import could_take

#: Field values that read the same in both languages: ids, section names, numbers.
NAME = re.compile(r"^([A-Z]{1,2}[0-9]+|[0-9.]+)$")

#: Codes no position produces: placement targets are computed (a full section is
#: passed over, never chosen), and ``why_illegal`` is not told who is asking.
#: Produced by reconciliation from the table, not by the engine (tested in tests/companion).
NEVER_PRODUCED = set(TABLE_REASONS)


def spanish_complete(reason: Reason) -> list[str]:
    """Spanish placeholders that fall back to an English phrase."""
    template = REASONS[reason.code][2]
    missing = []
    for _, name, _, _ in Formatter().parse(template):
        if name and name.endswith("_es") and name not in reason.fields:
            english = reason.fields.get(name[:-3])
            if isinstance(english, str) and not NAME.match(english):
                missing.append(f"{name}: {english!r}")
    return missing


def check_reason(reason: Reason) -> None:
    assert reason.code in REASONS
    for text in (reason.en, reason.es, reason.rule):
        assert text and "{" not in text and "}" not in text, (reason.code, text)
    assert not spanish_complete(reason), (reason.code, reason.es, spanish_complete(reason))


def refusals_in_random_games() -> dict[str, Reason]:
    seen: dict[str, Reason] = {}
    for players, seed in ((2, 1), (3, 2), (4, 3), (2, 4), (3, 5)):
        rng = random.Random(seed)
        s = new_game(players, seed=seed)
        while not s.finished:
            actions = legal_actions(s)
            for candidate in could_take(s):
                if candidate not in actions:
                    reason = why_illegal(s, candidate)
                    assert reason is not None, candidate
                    seen.setdefault(reason.code, reason)
                    check_reason(reason)
            s, _ = apply(s, rng.choice(actions), check=False)
    return seen


@pytest.fixture(scope="module")
def seen_in_play() -> dict[str, Reason]:
    return refusals_in_random_games()


def test_refusals_in_spanish_have_no_english_clause(seen_in_play: dict[str, Reason]) -> None:
    assert len(seen_in_play) >= 15


def _naming_objectives() -> tuple[GameState, Action]:
    """House rule objectives_at_end, seed 20: seat 0 names its first objective of three."""
    rng = random.Random(20)
    s = new_game(3, seed=20, options=["objectives_at_end"])
    while s.pending[-1].kind != Pending.REVEAL_OBJECTIVE:
        s, _ = apply(s, rng.choice(legal_actions(s)))
    named = legal_actions(s)[0]
    s, _ = apply(s, named)
    assert s.pending[-1].player == 0  # its second space
    return s, named


def built_refusals() -> list[Reason | None]:
    """Refusals random play rarely or never reaches, from built positions."""
    menu = at_turn(seat(table(2), 0, coins=0), 0, "actions", colour="G", district="W")
    first = at_turn(seat(table(2), 0, elephant=NONE), 0, "elephant")
    placed = at_turn(table(2), 0, "elephant")
    placing = play(at_turn(table(2), 0, "sow"), "sow N1")
    placing_n2 = play(at_turn(table(2), 0, "sow"), "sow N2")
    donating = with_frame(seat(menu, 0, on_elephant=0, market_space=7), Pending.DONATE, 0)
    upgrading = with_frame(
        seat(change(menu, revealed_storehouses=("S01",)), 0, resources="MC"),
        Pending.UPGRADE,
        0,
        a=1 << Upgrade.STOREHOUSE | 1 << Upgrade.OBJECTIVE,
    )
    full = seat(
        table(2, storehouses=("S01", "S02", "S03", "S04")), 0, storehouses=["S02", "S03", "S04"]
    )
    full = with_frame(
        seat(at_turn(full, 0, "actions", colour="G", district="W"), 0, resources="M"),
        Pending.UPGRADE,
        0,
        a=1 << Upgrade.STOREHOUSE,
    )
    setup = new_game(2, seed=1)
    other = next(
        o for o in range(24) if o not in setup.players[setup.starting_player].objective_hand
    )
    drawing = play(new_game(2), "chance temple T2")
    naming, named = _naming_objectives()
    same_type = next(
        i
        for i, o in enumerate(naming.catalog.objectives)
        if o.type == naming.catalog.objectives[named.a].type and i != named.a
    )
    used = seat(table(2), 0, elephant="N", coins=0)
    used = play(at_turn(used, 0, "actions", colour="Y", district="N"), "elephant-main C")
    closed = play(
        at_turn(seat(table(2), 0, coins=0), 0, "actions", colour="G", district="N"), "main C"
    )
    return [
        refusal(used, "elephant-main L"),
        refusal(closed, "secondary L"),
        refusal(menu, "exchange M C"),
        refusal(menu, "main L"),  # an upgrade with nothing to pay: nothing to do
        refusal(menu, "elephant-main L"),  # elephant elsewhere
        refusal(menu, "elephant-mahout B"),
        refusal(menu, "sow N1"),  # wrong decision
        why_illegal(menu, Action(Act.MAIN, 7)),
        refusal(change(menu, finished=True), "end"),
        refusal(first, "stay"),
        refusal(placed, "elephant W token"),
        refusal(placed, "elephant W teleport"),
        refusal(placing, "place G"),
        refusal(donating, "donate 1.1"),
        refusal(donating, "donate 5.1"),
        refusal(with_frame(menu, Pending.FOLLOW, 0, a=0), "follow"),
        refusal(with_frame(menu, Pending.CHOOSE_TRACK, 0, a=1, n=1), "track mon"),
        refusal(with_frame(menu, Pending.TWO_STEPS, 0), "steps mon dev"),
        refusal(upgrading, "upgrade mahout market space B pay G"),
        refusal(upgrading, "upgrade storehouse S09 slot 1 pay M"),
        refusal(upgrading, "upgrade storehouse S01 slot 1 pay C"),
        refusal(upgrading, "upgrade objective B1 space 1 pay C"),
        refusal(full, "upgrade storehouse S01 slot 1 pay M"),
        why_illegal(setup, Action(Act.SETUP_OBJECTIVE, other)),
        refusal(drawing, "chance temple T2"),
        why_illegal(naming, Action(Act.REVEAL_OBJECTIVE, named.a, naming.pending[-1].a)),
        why_illegal(naming, Action(Act.REVEAL_OBJECTIVE, same_type, naming.pending[-1].a)),
        # House rules (tests/engine/test_house_rules.py).
        refusal(
            change(
                at_turn(table(2), 0, "actions", colour="G", district="N"),
                options=("main_action_required",),
            ),
            "end",
        ),
        refusal(seat(placed, 0, resources="M", storehouses=["S13"]), "exchange M C"),
        refusal(
            play(
                change(seat(placing_n2, 0, storehouses=["S09"]), options=("skip_no_wrap",)),
                *["skip"] * 6,
            ),
            "skip",
        ),
    ]


def test_built_refusals_have_complete_sentences() -> None:
    for reason in built_refusals():
        assert reason is not None
        check_reason(reason)


def test_every_reason_code_is_produced_somewhere(seen_in_play: dict[str, Reason]) -> None:
    produced = set(seen_in_play) | {r.code for r in built_refusals() if r is not None}
    assert set(REASONS) - produced == NEVER_PRODUCED


def test_apply_refuses_with_the_reason() -> None:
    s = at_turn(seat(table(2), 0, coins=0), 0, "elephant")
    with pytest.raises(IllegalActionError) as caught:
        apply(s, parse_action("elephant W"))
    assert caught.value.reason.code == "elephant_cost"
    assert "(rulebook: Phase I. Move your elephant)" in str(caught.value)
    assert caught.value.reason.to_dict()["rule"] == "Phase I. Move your elephant"
    # The state given is unchanged, and unchecked apply is for trusted callers only.
    assert s.players[0].elephant == 0


def test_out_of_range_choices_are_refused_not_crashed() -> None:
    """Regression: asking about a mahout space outside the four colours raised
    ValueError inside why_illegal instead of refusing the action."""
    s = at_turn(table(2), 0, "sow")
    for action in (Action(Act.SOW, 9), Action(Act.SOW, -1)):
        reason = why_illegal(s, action)
        assert reason is not None and reason.code == "choice_out_of_range"
    s = at_turn(table(2), 0, "actions", colour="G", district="N")
    for action in (Action(Act.MAIN, 5), Action(Act.SECONDARY, -2), Action(Act.ELEPHANT_MAHOUT, 7)):
        reason = why_illegal(s, action)
        assert reason is not None and reason.code in ("choice_out_of_range", "no_mahout_there")


def test_text_that_is_not_an_action_says_what_is_wrong() -> None:
    for text, words in (
        ("", "empty action"),
        ("sow Z9", "unknown section 'Z9'"),
        ("place X", "unknown worker colour 'X'"),
        ("fly N", "unknown form"),
        ("upgrade storehouse S99 slot 1 pay M", "unknown storehouse 'S99'"),
    ):
        with pytest.raises(ValueError, match=re.escape(words)):
            parse_action(text)
