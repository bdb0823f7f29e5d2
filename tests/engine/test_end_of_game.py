"""The end of the game (rulebook: End of Game): after decade III, the knowledge
end spaces, then the objectives placed on each board, then the winner: most
PP, then most donations to the temple, else a shared victory.
"""

from __future__ import annotations

from engine.amritsar.actions import Action
from engine.amritsar.decisions import Pending
from engine.amritsar.game import legal_actions, why_illegal
from engine.amritsar.rules.scoring import score, winners
from engine.amritsar.state import GameState
from tests.engine.build import (
    at_turn,
    change,
    donated,
    ledger,
    pending,
    play,
    seat,
    table,
)

SW = 2


def end_game(s: GameState) -> GameState:
    s = change(s, round=4, maharajah_space=SW, decade=3)
    last = (s.starting_player + s.player_count - 1) % s.player_count
    return play(at_turn(s, last, "actions", colour="G", district="W"), "end")


def with_pp(s: GameState, number: int, pp: int) -> GameState:
    return seat(s, number, pp=pp, ledger=(("donation", "test", pp - 5),))


def test_knowledge_end_spaces_score_what_they_count() -> None:
    # Development 6: 1 PP per counter on the elephant; resources 6: per resource;
    # money 6: per coin. Money 6 also discounts the tax (1 coin) to 0.
    s = seat(table(3), 0, tracks=(6, 6, 6), coins=1, resources="MG", on_elephant=2)
    s = end_game(s)
    # Income first: a counter (development 2), two resources of choice
    # (resources 2 and 4), 1 coin and 1 PP (money 2).
    s = play(s, "gain C", "gain C")
    assert pending(s) is Pending.DISCARD  # 2 coins + 4 resources in 4 spaces
    s = play(s, "discard C", "discard C")
    assert s.finished
    p = s.players[0]
    assert (p.on_elephant, sum(p.resources), p.coins) == (3, 2, 2)
    assert ledger(s, 0, "knowledge_end") == 3 + 2 + 2
    lines = {line.component: line.amount for line in score(s)[0].lines}
    assert lines["development 6 (per_counter)"] == 3
    assert lines["resources 6 (per_resource)"] == 2
    assert lines["money 6 (per_coin)"] == 2


def test_below_the_last_space_nothing_scores_at_the_end() -> None:
    s = end_game(seat(table(3), 0, tracks=(5, 5, 5), coins=0))
    s = play(s, "gain M", "gain M")
    assert s.finished and ledger(s, 0, "knowledge_end") == 0


def test_only_objectives_placed_on_the_board_score() -> None:
    # Seat 0: A1 (North majority) placed, C1 (1 PP per North counter) in hand.
    s = donated(table(3), {"N1.1": 0, "N1.2": 0})
    s = end_game(s)
    assert s.finished
    objective_lines = [
        (line.component, line.amount) for line in score(s)[0].lines if line.category == "objective"
    ]
    assert objective_lines == [("A1", 5)]


def test_the_game_is_over() -> None:
    s = end_game(table(3))
    assert s.finished and pending(s) is Pending.GAME_OVER
    assert legal_actions(s) == []
    reason = why_illegal(s, Action.from_dict({"kind": "stay"}))
    assert reason is not None and reason.code == "game_over"
    assert all(sheet.final for sheet in score(s))


def test_most_pp_wins() -> None:
    s = with_pp(with_pp(table(3), 0, 30), 1, 31)
    assert winners(s) == (1,)


def test_a_tie_goes_to_the_most_donations_then_is_shared() -> None:
    s = donated(table(3), {"N1.1": 0, "N1.2": 0, "E1.1": 1, "S1.1": 2, "S1.2": 2})
    s = with_pp(with_pp(with_pp(s, 0, 30), 1, 30), 2, 29)
    assert winners(s) == (0,)
    s = with_pp(s, 2, 30)
    assert winners(s) == (0, 2)  # equal PP and equal donations: a shared victory


def test_the_final_score_sheet_itemises_every_pp() -> None:
    s = donated(table(3), {"N1.1": 0, "N1.2": 0})
    s = end_game(s)
    for sheet in score(s):
        assert sheet.total == s.players[sheet.seat].pp
        assert sum(line.amount for line in sheet.lines) == sheet.total
        assert all(line.rule for line in sheet.lines)
        assert not any(line.provisional for line in sheet.lines)
    assert [sheet.winner for sheet in score(s)] == [True, False, False]
