"""The solo Maharajah at the table: his card, ticked by the camera, his moves checked."""

from __future__ import annotations

import pytest

from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.simulate import PerfectTable, ScriptedTable
from engine.amritsar import Game, legal_actions, observe, score
from engine.amritsar.state import MAHARAJAH_SEAT


@pytest.mark.parametrize("hard", [False, True])
def test_solo_game_through_the_table_equals_the_engine(hard: bool) -> None:
    session = TableSession.new(["Ana"], solo=True, hard=hard, seed=21)
    report = ScriptedTable(session, Reconciler(session), PerfectTable(), seed=21).play()
    direct = Game.new(1, solo=True, hard=hard, seed=21)
    for entry in session.game.entries[len(direct.entries) :]:
        direct.play(entry.action)
    assert direct.state == session.state
    assert [s.total for s in score(direct.state)] == [s.total for s in score(session.state)]
    assert report.maharajah_turns == 12 and not session.alerts


def _after_his_turn() -> tuple[TableSession, Reconciler, Seen]:
    """A solo session right after a turn of his that donates; the table not yet moved.

    The human's moves are entered on the phone and shown on the table; his turn
    follows at once in the session, so the table still shows the board before it.
    """
    for seed in range(40):
        session = TableSession.new(["Ana"], solo=True, seed=seed)
        reconciler = Reconciler(session)
        table = Seen.of(observe(session.state))
        reconciler.on_seen(table)
        while session.maharajah_turn is None and not session.state.finished:
            session.apply_actions([legal_actions(session.state)[0]], "phone")
            if session.maharajah_turn is None:
                table = Seen.of(observe(session.state))
                reconciler.on_seen(table)
        turn = session.maharajah_turn
        if turn is not None and any(i.kind == "donation" for i in turn.instructions):
            return session, reconciler, table
    raise AssertionError("no seed gave a donating Maharajah turn")


def test_his_card_is_ticked_as_the_camera_sees_each_move() -> None:
    session, reconciler, table_before = _after_his_turn()
    card = session.maharajah_card
    assert card is not None and card["trace"] and card["instructions"]
    reconciler.on_seen(table_before)  # nothing moved yet
    checked = [i for i in session.maharajah_card["instructions"] if i["checked"]]
    assert checked and not any(i["done"] for i in checked)
    reconciler.on_seen(Seen.of(observe(session.state)))  # the person moved everything
    assert all(i["done"] for i in session.maharajah_card["instructions"] if i["checked"])
    assert reconciler.checklist() is None and not session.alerts


def test_his_counter_put_on_the_wrong_space_is_flagged() -> None:
    session, reconciler, _ = _after_his_turn()
    turn = session.maharajah_turn
    assert turn is not None
    donation = next(i for i in turn.instructions if i.kind == "donation")
    should = observe(session.state)
    seen = Seen.of(should)
    # Move his new counter one district clockwise, onto the same level and space.
    rows = [list(r) for r in should.donations]
    from engine.amritsar.rules.donation import space_index, tile_for

    right = space_index(
        tile_for(session.state, donation.district), donation.level, donation.space - 1
    )
    wrong_district = next(d for d in range(4) if d != donation.district and rows[d][0] == -1)
    rows[donation.district][right] = -1
    rows[wrong_district][0] = MAHARAJAH_SEAT
    seen = Seen(**{**seen.__dict__, "donations": tuple(tuple(r) for r in rows)})
    reconciler.on_seen(seen)
    alerts = [a for a in session.alerts if a.code == "misplaced_piece"]
    assert len(alerts) == 1
    assert alerts[0].en.startswith("His counter went to ")
    assert "level 1, space 1; it belongs to " in alerts[0].en
    assert alerts[0].es.startswith("Su contador ha ido al ")  # "a el Norte" contracted
    assert "; va en el " in alerts[0].es
    reconciler.on_seen(Seen.of(should))  # put right
    assert not session.alerts and reconciler.checklist() is None


def test_his_elephant_put_in_the_wrong_district_is_named_in_words() -> None:
    """The alert names districts as the rulebook does, and in Spanish with the
    contracted article ("ha ido al Oeste; va en el Sur")."""
    session, reconciler, before = _after_his_turn()
    should = observe(session.state)
    elephants = list(should.elephants)
    stray = next(
        d
        for d in range(4)
        if d not in (should.elephants[MAHARAJAH_SEAT], before.elephants[MAHARAJAH_SEAT])
    )
    elephants[MAHARAJAH_SEAT] = stray
    reconciler.on_seen(Seen(**{**Seen.of(should).__dict__, "elephants": tuple(elephants)}))
    alerts = [a for a in session.alerts if a.code == "misplaced_piece"]
    assert len(alerts) == 1
    assert alerts[0].en.startswith("His elephant went to the ")
    assert "District; it belongs to the " in alerts[0].en
    assert alerts[0].es.startswith("Su elefante ha ido al ")
    assert "; va en el " in alerts[0].es


def test_his_pp_from_a_human_action_reaches_his_card() -> None:
    """An end of decade carried on by the human's decision (a follow, an
    income choice) moves his PP with the human's action: his card shows it."""
    import random

    for seed in range(8):
        session = TableSession.new(["Ana"], solo=True, seed=seed)
        rng = random.Random(seed)
        while not session.state.finished:
            shown = session.maharajah_turn
            assert session.state.maharajah is not None
            before = session.state.maharajah.pp
            session.apply_actions([rng.choice(legal_actions(session.state))], "phone")
            turn = session.maharajah_turn
            if turn is None or turn is shown or turn.trace[0].code != "after_your_action":
                continue
            assert session.state.maharajah is not None
            assert turn.pp_gained == session.state.maharajah.pp - before
            lines = [i["en"] for i in session.maharajah_card["instructions"]]
            assert any(line.startswith("Move the Maharajah's PP counter") for line in lines)
            return
    raise AssertionError("no seed had his PP moved by a human action")
