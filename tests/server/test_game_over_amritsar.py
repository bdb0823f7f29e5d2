"""Amritsar's end of game served by the shared module (``companion.server.game_over``).

Its ``Payloads`` sends the same ``view.game_over`` as every other game once
over, and nothing before: the score over the game has a point at the start of
every round of every decade (the rounds count from 1 again in each decade, so
each point says its decade, "Decade II" / "Década II") and ends on each sheet's
total; the side-by-side rows add up to the totals; no undo is offered to anyone
once over. A tie on PP is broken by the donations made to the Golden Temple
(rulebook, "Fin de partida"), the Spanish words naming the solo Maharajah
"Marajá". A game the table ended early names who was ahead, and no winner.
"""

from __future__ import annotations

import pytest

from companion.games.amritsar.payload import Payloads
from companion.server.game_over import outcome
from engine.amritsar import score
from engine.core.scoring import ScoreLine, ScoreSheet
from tests.server.games import finished, new_table, play_until


@pytest.mark.parametrize(
    ("players", "solo", "seed"), [(("Ana",), True, 12), (("Ana", "Ben"), False, 3)]
)
def test_a_finished_game_has_its_decades_rows_and_no_undo(
    players: tuple[str, ...], solo: bool, seed: int
) -> None:
    session = new_table(players, seed=seed, solo=solo)
    payloads = Payloads(session)
    assert payloads.view(None)["game_over"] is None  # not before the end
    play_until(session, finished)
    payloads.request_undo(0, session.state_id)  # asked just as the game ended
    sheets = sorted(score(session.state), key=lambda sheet: sheet.seat)
    totals = [sheet.total for sheet in sheets]
    for seat in (None, 0):
        view = payloads.view(seat)
        assert view["finished"] and view["can_undo"] is False and view["undo_what"] is None
        assert view["undo_requests"] == []
        over = view["game_over"]
        history = over["history"]
        assert history[-1]["final"] and history[-1]["points"] == totals
        marks = [(point["period"], point["round"]) for point in history[:-1]]
        assert len(set(marks)) == len(marks) and [m[0] for m in marks] == sorted(
            m[0] for m in marks
        )
        for decade in (1, 2, 3):
            rounds = [r for d, r in marks if d == decade]
            assert rounds == list(range(1, len(rounds) + 1)) and rounds, (decade, marks)
        second = next(point for point in history if point["period"] == 2)
        assert second["period_label"] == {"en": "Decade II", "es": "Década II"}
        assert over["period"] == {"en": "decade", "es": "década"}
        assert history[0]["points"] == [5] * len(totals)  # every seat starts on 5 PP
        for index, total in enumerate(totals):
            column = [
                c["amount"] for row in over["rows"] for c in row["cells"] if c["seat"] == index
            ]
            assert sum(column) == total
        winners = [sheet.seat for sheet in sheets if sheet.winner]
        assert over["outcome"]["winners"] == winners and winners
        assert not over["outcome"]["ended_early"]


def _sheet(seat: int, pp: int, donations: int, winner: bool) -> ScoreSheet:
    line = ScoreLine("donation", pp, "", "Donaciones", "Donation", "Donación")
    return ScoreSheet(seat, "grey", (line,), pp, pp, True, winner, {"donations": donations})


def test_a_tie_on_pp_is_broken_by_donations_and_the_maharajah_is_maraja_in_spanish() -> None:
    names, nombres = ["Ana", "Maharajah"], ["Ana", "Marajá"]
    decided = outcome(
        "amritsar", [_sheet(0, 30, 4, False), _sheet(1, 30, 6, True)], names,
        ended_early=False, names_es=nombres,
    )  # fmt: skip
    tie = decided["tie_break"]
    assert decided["winners"] == [1] and decided["order"] == [1, 0] and tie["decided"]
    assert tie["rule"] == "Fin de partida"
    assert "Ana and Maharajah tied on 30" in tie["en"] and "Maharajah 6, Ana 4" in tie["en"]
    assert "donations made to the Golden Temple" in tie["en"]
    assert "Ana y Marajá empataron a 30" in tie["es"] and "Marajá 6, Ana 4" in tie["es"]
    assert "Maharajah" not in tie["es"] and "Templo Dorado" in tie["es"]
    shared = outcome(
        "amritsar", [_sheet(0, 30, 5, True), _sheet(1, 30, 5, True)], names, ended_early=False
    )
    assert (
        not shared["tie_break"]["decided"] and "comparten la victoria" in shared["tie_break"]["es"]
    )


def test_a_game_the_table_ended_early_has_no_winner_and_no_undo() -> None:
    session = new_table(("Ana", "Ben"), seed=3)
    payloads = Payloads(session)
    play_until(session, lambda s: s.state.decade == 2)
    assert session.end().ok
    view = payloads.view(0)
    assert view["can_undo"] is False and view["undo_what"] is None
    over = view["game_over"]
    assert over["outcome"]["ended_early"] and over["outcome"]["winners"] == []
    totals = [sheet.total for sheet in sorted(score(session.state), key=lambda s: s.seat)]
    best = max(totals)
    assert over["outcome"]["leaders"] == [i for i, t in enumerate(totals) if t == best]
    assert over["history"][-1]["points"] == totals
    assert {point["period"] for point in over["history"]} == {1, 2}
