"""Game end and final scoring (rulebook: Fin de la partida y puntuación)."""

from __future__ import annotations

from engine.ceylon.state import OVER, PLAY, State
from tests.engine.ceylon.build import CAT, R, district, face, play, seat, table


def _dietmar() -> State:
    """The rulebook's example: 16 points in play, then 6 + 10 + 20 + 6 = 58."""
    state = table(3)
    state = seat(
        state, 0, plantations=["R1", "R2", "R3", "D1", "D2", "D3", "K1", "U1"], rupees=20, tech=5
    )
    state = seat(state, 1, plantations=["K2", "K3"], rupees=30, tech=2)
    state = seat(state, 2, plantations=["U2"], rupees=0, tech=0)
    state.players[0].hired = (1 << district("ruhuna")) | (1 << district("dimbula"))
    state.players[1].hired = 1 << district("kandy")
    state.players[2].hired = 1 << district("uva")
    state.players[0].points = [0, 6, 10, 0, 0]
    state.players[0].companies = [1, 1, 0, 1, 0]
    state.players[0].contracts = [0, 4, 12]
    state.phase = OVER
    return state


def test_the_rulebook_example_scores_58() -> None:
    sheets = R.score(_dietmar())
    dietmar = sheets[0]
    assert dietmar.final and dietmar.total == 58 and dietmar.winner
    cats = dietmar.by_category()
    assert (cats["money"], cats["tech_majority"], cats["district"], cats["companies"]) == (
        6,
        10,
        20,
        6,
    )
    assert "markers" not in cats  # every marker placed
    kandy = [line for line in dietmar.lines if line.component == "kandy"]
    assert not kandy  # a plantation in Kandy without its advisor scores nothing
    second = sheets[1].by_category()
    assert (second["money"], second["tech_majority"], second["district"], second["markers"]) == (
        10,
        6,
        10,
        -12,
    )
    third = sheets[2].by_category()
    assert "money" not in third and "tech_majority" not in third  # 0 rupees, 0 steps score nothing
    assert third["district"] == 10  # alone in Uva with its advisor (Dietmar lacks it)


def test_ties_go_to_the_player_further_on_the_tech_track_then_on_top() -> None:
    state = _dietmar()
    state.players[1].rupees = 20  # tie with Dietmar (tech 5 beats tech 2)
    sheets = R.score(state)
    assert sheets[0].by_category()["money"] == 10 and sheets[1].by_category()["money"] == 6
    state.players[1].tech = 5
    state.players[1].tech_order = state.players[0].tech_order + 1  # on top of Dietmar
    sheets = R.score(state)
    assert sheets[1].by_category()["money"] == 10 and sheets[1].by_category()["tech_majority"] == 10


def test_companies_score_1_3_6_10_15() -> None:
    state = _dietmar()
    for distinct, points in enumerate([1, 3, 6, 10, 15], start=1):
        state.players[2].companies = [1] * distinct + [0] * (5 - distinct)
        assert R.score(state)[2].by_category()["companies"] == points


def test_during_play_final_items_are_provisional() -> None:
    state = _dietmar()
    state.phase = PLAY
    sheet = R.score(state)[0]
    assert not sheet.final and sheet.total == 16 and sheet.provisional_total == 58
    assert all(line.provisional for line in sheet.lines if line.category == "money")


def test_the_last_card_drawn_ends_the_game_after_the_round() -> None:
    state = table(3).clone()
    state.deck = [0] * len(CAT.faces)
    state.deck[face("trade/tech")] = 1
    state.discards = 46 - 9 - 1
    state = play(
        state, "play plant/harvest as plant", "rupees", "rupees", "rupees", "draw trade/tech"
    )
    assert state.ending and state.phase == PLAY and state.active == 1
    state = play(state, "play plant/harvest as plant", "rupees", "rupees", "rupees")
    assert state.phase == PLAY and state.active == 2  # no card to draw: skipped
    state = play(state, "play plant/harvest as plant", "rupees", "rupees", "rupees")
    assert state.phase == OVER and R.decision(state).is_over and R.legal_actions(state) == []
    assert R.why_illegal(state, R.parse_action("rupees")).code == "game_over"  # type: ignore[union-attr]
    assert sum(1 for s in R.score(state) if s.winner) == 1
