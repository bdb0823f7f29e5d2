"""The position notation (engine.amritsar.position): a screenful a person writes, read back exactly.

The rulebook examples here are written as positions, so they read like the
rulebook's pictures: who sits where, what lies on each board, whose decision.
"""

from __future__ import annotations

import random

import pytest

from engine.amritsar.decisions import Pending
from engine.amritsar.game import apply, legal_actions, new_game
from engine.amritsar.position import (
    PositionError,
    at_turn,
    format_position,
    parse_position,
    position_problems,
)
from engine.amritsar.position_long import format_position as format_long
from engine.amritsar.position_words import in_words
from engine.amritsar.state import GameState
from tests.engine.build import pending, table


def test_format_then_parse_gives_the_same_state_at_every_step_of_whole_games() -> None:
    """Every frame the games reach (setup draws, effects half done, follows,
    the Maharajah's turn, game over) reads back as the same state, and a
    3-player position fits on a screen."""
    games = (
        (2, False, False, 4, ["skip_no_wrap"]),
        (3, False, False, None, ["free_skip_once", "discount_once_per_turn"]),
        (4, False, False, 6, []),
        (1, True, True, 7, []),
    )
    seen = set()
    for players, solo, hard, seed, options in games:
        # Without a seed the setup draws are decisions too (chance frames).
        s = new_game(players, solo=solo, hard=hard, seed=seed, options=options)
        rng = random.Random(seed or players)
        while True:
            text = format_position(s)
            assert parse_position(text) == s, text
            assert format_position(parse_position(text)) == text
            if players <= 3 and Pending.START_GAME not in {f.kind for f in s.pending}:
                assert len(text.splitlines()) <= 25, text
            seen.add(Pending(s.pending[-1].kind))
            if s.finished:
                break
            s, _ = apply(s, rng.choice(legal_actions(s)), check=False)
    assert {Pending.CHANCE_TEMPLE, Pending.MAHARAJAH_TURN, Pending.GAME_OVER} <= seen


def test_a_new_table_is_a_dozen_lines_and_reads_like_the_setup() -> None:
    text = format_position(table(3))
    assert text == (
        "game: 3 players, decade 1, round 1, turn 1, starting player 1, current player 1\n"
        "sections: N1 YB, N2 W, E1 GY, E2 B, S1 WG, S2 Y, W1 BW, W2 G\n"
        "maharajah token: WN\n"
        "district tiles: N DY1 DB1 DW1, E DB2 DW2 DG1, S DW3 DG2 DY2, W DG3 DY3 DB3\n"
        "temple tiles: T1 T2 T3\n"
        "bridge tiles: BR1 BR2 BR3\n"
        "market: marble 3, copper 3, gold 3\n"
        "player 1: pp 5, coins 1, elephant N, on elephant 2, mahouts Y=donate, objectives A1, "
        "face down B1 C1 D1\n"
        "player 2: pp 5, coins 1, elephant E, on elephant 2, mahouts B=donate, objectives A2, "
        "face down B2 C2 D2\n"
        "player 3: pp 5, coins 1, elephant S, on elephant 2, mahouts W=donate, objectives A3, "
        "face down B3 C3 D3\n"
        "decision: player 1 elephant\n"
    )


def test_spaces_case_comments_and_line_order_do_not_matter() -> None:
    s = at_turn(table(3), 1, "actions", colour="W", district="E")
    text = format_position(s)
    messy = ["# pasted from a bug report", ""]
    for line in reversed(text.splitlines()):
        key, _, rest = line.partition(":")
        messy.append(f"  {key.upper()}  :   {'  '.join(rest.split(' '))}  ")
    assert parse_position("\n".join(messy)) == s


def test_the_pending_decision_reads_as_written() -> None:
    s = at_turn(table(3), 1, "actions", colour="W", district="E")
    text = format_position(s)
    assert "this turn: active worker W, active district E" in text
    assert text.endswith("decision: player 2 actions\n")
    assert pending(parse_position(text)) is Pending.ACTIONS
    # The same decision as the frames of the stack, one 'pending:' line each.
    frames = "\n".join(
        f"pending: {kind} player 2{extra}"
        for kind, extra in (("end-turn", ""), ("elephant", " a=3"), ("actions", ""))
    )
    assert parse_position(text.replace("decision: player 2 actions", frames)) == s


def test_every_problem_is_named_at_once_in_english_and_spanish() -> None:
    text = format_position(table(2))
    text = text.replace("decade 1", "decade [1").replace("elephant N,", "elephant Q,")
    text = text.replace("player 2: pp 5, coins 1", "player 2: pp 5, coins -3")
    text += "not a line\nplayer 9: pp 5\nmarket: marble 3\n"
    en = position_problems(text)
    es = position_problems(text, "es")
    assert len(en) == len(es) >= 5
    assert any("line 1" in p and "decade" in p and "whole number" in p for p in en), en
    assert any("línea 1" in p and "número entero" in p for p in es), es
    assert any("unknown district 'Q'" in p for p in en)
    assert any("expected 'area: items'" in p for p in en)
    assert any("player 9: the game line says 2 players" in p for p in en)
    assert any("jugador 9: la línea de partida dice 2 jugadores" in p for p in es)
    assert any("'market' is given twice" in p for p in en)
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    assert caught.value.problems == en
    assert position_problems(format_position(table(2))) == []


def test_broken_rules_are_named_by_the_notations_words() -> None:
    text = format_position(table(3)).replace(
        "player 1: pp 5, coins 1", "player 1 score: bridge BR1 +1\nplayer 1: pp 7, coins -2, tax 3"
    )
    # each with its line (docs/position-notation.md: "each with its line"): player 1's
    assert position_problems(text) == [
        "line 9: player 1: fewer than 0 coins or resources",
        "line 9: player 1: pp 7 is not 5 plus the score line",
        "line 9: player 1: tax 3, but the upgrades on the board show 1 tax icon",
    ]
    assert position_problems(text, "es") == [
        "línea 9: jugador 1: menos de 0 monedas o recursos",
        "línea 9: jugador 1: 7 PP no son 5 más la línea de puntuación",
        "línea 9: jugador 1: impuestos 3, pero las mejoras del tablero muestran 1 icono de impuestos",
    ]


def _broken(s: GameState) -> GameState:
    """A copy breaking as many of status's rules as one state can."""
    b = s.copy()
    b.decade, b.round = 9, 0
    b.sections = (*b.sections[:7], (0, 0, 0, 0, 0))
    b.section_coins = (-1, *b.section_coins[1:])
    b.maharajah_workers = (0, 0)
    b.district_tiles = (b.district_tiles[0], b.district_tiles[0], (), b.district_tiles[3])
    b.temple = (0, 0)
    b.bridge = (0, 0)
    b.donations = ((5, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0), (), (), ())
    b.market = (9, 3, 3)
    b.revealed_storehouses = (0, 0)
    p = b.players[0]
    p.coins, p.on_elephant, p.pp, p.tax = -1, 9, 1, 7
    p.mahouts = (NONE_, NONE_, NONE_, NONE_)
    p.objective_hand = p.objective_hand + p.objectives[:1]
    p.tracks = (99, 0, 0)
    p.storehouse_flipped = (True,)
    p.donation_counters_placed = 4
    b.pending = ()
    return b


NONE_ = -1


def test_every_status_problem_has_player_words_in_both_languages() -> None:
    from engine.amritsar.serialize import status

    solo = new_game(1, solo=True, seed=3)
    while solo.pending[-1].kind != Pending.ELEPHANT:
        solo, _ = apply(solo, legal_actions(solo)[0], check=False)
    assert solo.maharajah is not None
    broken = _broken(table(3))
    broken.maharajah = m = solo.maharajah.copy()  # and not a solo game
    m.pp, m.white, m.board_counters = 1, 99, -5
    m.quarry = (2, *m.quarry[1:])
    problems = status(broken)
    assert len(problems) >= 30
    for problem in problems:
        words = in_words(problem)
        assert words.en != problem or "[" not in problem, problem
        assert words.es != words.en, problem


def test_the_long_form_of_earlier_versions_is_still_read() -> None:
    s = at_turn(table(3), 1, "actions", colour="W", district="E")
    long = format_long(s)
    assert len(long.splitlines()) > 100
    assert parse_position(long) == s
    assert position_problems(long.replace("seats.0.coins: 1", "seats.0.coins: -1")) == [
        "seats[0]: negative coins or resources"
    ]


def test_the_builder_and_the_decision_line_refuse_what_they_cannot_build() -> None:
    with pytest.raises(ValueError, match="colour= and district="):
        at_turn(table(2), 0, "actions")
    with pytest.raises(ValueError, match="seats 0 to 1"):
        at_turn(table(2), 2)
    with pytest.raises(ValueError, match="stage 'lunch'"):
        at_turn(table(2), 0, "lunch")
    text = format_position(table(2))
    assert position_problems(text.replace("player 1 elephant", "player 1 actions")) == [
        "decision: at the actions or phase 3, 'this turn:' names the active worker "
        "and the active district"
    ]
    assert position_problems(text.replace("player 1 elephant", "player 1 lunch"), "es") == [
        "línea 11: decisión: 'lunch' no es un punto del turno (elephant, sow, actions, phase3)"
    ]
