"""The position notations of Imhotep, Ceylon and Rajas of the Ganges, through the ``Rules`` capability.

Every position of seeded random games reads back equal to the state written
(``read_position(write_position(s)) == s``, and the same saved form); a
text with mistakes names each one with its line, in English and Spanish; a
position that cannot arise is refused naming its line and field; the
builder puts a case's lines into a new game's position. Amritsar's notation
has its own tests; here only that its ``Rules`` offers it the same way.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.game import WritesPositions, position_notation
from engine.core.position_text import PositionError, replace_lines
from engine.core.registry import get_rules

GAMES = ("imhotep", "ceylon", "rajas")
#: house rules mixed into the random games, per game
OPTIONS: dict[str, list[tuple[str, ...]]] = {
    "imhotep": [
        (),
        ("all-b", "pharaohs-wrath", "market-stone-back-at-once"),
        ("market-b", "pyramid-b", "obelisk-b", "market-pick-compulsory", "burial-b-fourth-point"),
    ],
    "ceylon": [(), ("start_tiles",)],
    "rajas": [()],
}


def _notation(game: str) -> WritesPositions:
    notation = position_notation(get_rules(game))
    assert notation is not None
    return notation


def _positions(game: str, seed: int, steps: int = 260) -> list[Any]:
    """Every state of a seeded random game (random legal answers and chance through ``Rules``)."""
    rules = get_rules(game)
    rng = random.Random(seed)
    players = rng.randint(rules.min_players, rules.max_players)
    state = rules.new_game(players, seed=seed, options=OPTIONS[game][seed % len(OPTIONS[game])])
    states = [state]
    for _ in range(steps):
        decision = rules.decision(state)
        if decision.is_over:
            break
        chance = decision.is_chance
        action = (
            rules.random_chance(state, rng) if chance else rng.choice(rules.legal_actions(state))
        )
        state, _ = rules.apply(state, action)
        states.append(state)
    return states


@pytest.mark.parametrize("game", GAMES)
def test_every_position_of_random_games_reads_back_equal(game: str) -> None:
    rules = get_rules(game)
    notation = _notation(game)
    checked = longest = 0
    phases = set()
    for seed in range(6):
        for state in _positions(game, seed):
            text = notation.write_position(state)
            back = notation.read_position(text)
            assert back == state, text
            assert rules.to_dict(back) == rules.to_dict(state)
            assert notation.position_problems(text) == []
            checked += 1
            longest = max(longest, len(text.splitlines()))
            phases.add(rules.decision(state).kind)
    assert checked > 300
    assert longest <= 14  # a screen: one line per area and per player
    assert len(phases) >= 4  # mid-turn decisions and chance draws, not only turns


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_reads_back_equal(game: str) -> None:
    rules = get_rules(game)
    state = _positions(game, 11, steps=20_000)[-1]
    assert rules.decision(state).is_over
    assert _notation(game).read_position(_notation(game).write_position(state)) == state


def test_amritsar_offers_its_notation_the_same_way() -> None:
    rules = get_rules("amritsar")
    notation = _notation("amritsar")
    state = rules.new_game(3, seed=2)
    assert notation.read_position(notation.write_position(state)) == state
    assert notation.position_problems("game: 9 players", "en")


#: a mistake per line: an unknown area, a word that is not a number, a name not in the game
BROKEN = {
    "imhotep": (
        "game: imhotep, 2 players, current player 1\n"
        "player 1: colour black, sled five\n"
        "player 2: colour purple, sled 3\n"
        "harbor: 3\n",
        ["line 2 (player 1): sled: 'five' is not a whole number",
         "line 3 (player 2): colour: 'purple' is not one of: black, white, brown, grey",
         "line 4 (harbor): not an area of the table"],
        "línea 2 (jugador 1): sled: 'five' no es un número entero",
    ),
    "ceylon": (
        "game: ceylon, 2 players, turn 0, starting player 1, decision play, decides 1\n"
        "districts: in play kandy ruhuna narnia\n"
        "player 1: rupees ten\n"
        "player 2: rupees 15, pawn Z9\n",
        ["line 2 (districts): in play: 'narnia' is not one of: dimbula, kandy, ruhuna, uva",
         "line 3 (player 1): rupees: 'ten' is not a whole number",
         "line 4 (player 2): pawn: 'Z9' is not one of: D1"],
        "línea 3 (jugador 1): rupees: 'ten' no es un número entero",
    ),
    "rajas": (
        "game: rajas, 2 players, round 1, start player 1, decision place, decides 1\n"
        "player 1: money 3, karma 1, dice red7\n"
        "player 2: money 4, karma one\n"
        "player 3: money 1, karma 1\n",
        ["line 2 (player 1): dice: 'red7' is not one of: blue1",
         "line 3 (player 2): karma: 'one' is not a whole number",
         "line 4 (player): there is no player 3 in a game of 2"],
        "línea 3 (jugador 2): karma: 'one' no es un número entero",
    ),
}  # fmt: skip


@pytest.mark.parametrize("game", GAMES)
def test_a_text_with_mistakes_names_each_with_its_line(game: str) -> None:
    text, expected, spanish = BROKEN[game]
    notation = _notation(game)
    problems = notation.position_problems(text)
    assert len(problems) == len(expected), problems
    for want, got in zip(expected, problems, strict=True):
        assert got.startswith(want), (want, got)
    assert spanish in notation.position_problems(text, "es")
    with pytest.raises(PositionError) as error:
        notation.read_position(text)
    assert error.value.problems == problems


@pytest.mark.parametrize("game", GAMES)
def test_a_text_without_its_game_line_or_of_another_game_is_refused(game: str) -> None:
    notation = _notation(game)
    assert notation.position_problems("player 1: sled 2\n") == [
        f"there is no game line ('game: {game}, 3 players, ...')"
    ]
    (problem,) = notation.position_problems("game: chess, 2 players\n")
    assert problem.startswith(f"line 1 (game): the game line starts with '{game}', not 'chess'")


def test_imhotep_refuses_more_stones_or_cards_than_the_box_holds() -> None:
    from engine.imhotep.position import build_position

    with pytest.raises(PositionError) as error:
        build_position(2, {"temple": " ".join(["black"] * 31)})
    assert error.value.problems == [
        "player 1: more black stones on the table than the 30 of the box"
    ]
    with pytest.raises(PositionError) as error:
        build_position(2, {"player 2": "colour white, sled 3, cards statue 11"})
    assert error.value.problems == ["market: more statue cards on the table than the 10 of the box"]


def test_imhotep_builder_puts_a_case_in_a_new_game() -> None:
    from engine.imhotep.position import build_position

    state = build_position(
        3, {"temple": "white black", "player 2": "colour white, sled 5, cards statue 2"}, seed=4
    )
    assert state.temple == (1, 0)
    rules: Any = get_rules("imhotep")
    assert state.sled[1] == 5 and state.hands[1][rules.catalog.card_index("statue")] == 2
    # the quarry is worked out: the 30 stones less those on the sled and the temple
    assert state.quarry[1] == 30 - 5 - 1


def test_a_derived_item_that_disagrees_is_refused_naming_its_line() -> None:
    notation = _notation("ceylon")
    text = notation.write_position(get_rules("ceylon").new_game(2, seed=3))
    assert "leaf markers" not in text  # worked out from the plantations, so left out
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("player 1:"))
    broken = text.replace("player 1: rupees 15", "player 1: rupees 15, leaf markers 3")
    with pytest.raises(PositionError) as error:
        notation.read_position(broken)
    (problem,) = error.value.problems
    assert problem == (
        f"line {line} (player 1): this position cannot arise: "
        "player 1 markers: 3 but 0 leaf markers on the map"
    )
    assert error.value.in_language("es")[0].startswith(
        f"línea {line} (jugador 1): esta posición no puede darse"
    )


def test_rajas_refuses_a_tile_in_two_places() -> None:
    from engine.rajas.position import build_position

    state = build_position(2, seed=1)
    top = state.top[0]
    rules: Any = get_rules("rajas")
    tile = rules.catalog.tiles[top].id
    with pytest.raises(PositionError) as error:
        build_position(2, {"player 1": f"money 3, karma 1, province B2={tile}/0"}, seed=1)
    (problem,) = error.value.problems
    assert (
        "this position cannot arise: stacks/top/provinces: a province tile is in two places"
        in problem
    )
    assert problem.startswith("line ")


def test_replace_lines_puts_adds_and_clears_areas() -> None:
    text = "game: imhotep, 2 players, round 1\ntemple: black\nplayer 1: sled 2\n"
    out = replace_lines(
        text, {"game": "round 2", "temple": "", "pending": "draw player 1"}, "imhotep", 2
    )
    assert out == "game: imhotep, 2 players, round 2\nplayer 1: sled 2\npending: draw player 1\n"


@pytest.mark.parametrize(
    ("game", "title"),
    [("imhotep", "## Imhotep"), ("ceylon", "## Ceylon"), ("rajas", "## Rajas of the Ganges")],
)
def test_the_documented_example_reads_back_as_written(game: str, title: str) -> None:
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "position-notation.md").read_text("utf-8")
    section = doc[doc.index(title + "\n") :]
    example = section.split("```\n")[1]
    notation = _notation(game)
    assert notation.position_problems(example) == []
    assert notation.write_position(notation.read_position(example)) == example


def test_comments_case_blank_lines_and_a_line_going_on_after_a_comma() -> None:
    notation = _notation("imhotep")
    text = (
        "# a case written by hand\n"
        "GAME: imhotep, 2 players, round 1, starting player 1,   # the first round\n"
        "   current player 2, round cards 21\n"
        "boats: 3 harbour black - -, 6 harbour - -,\n"
        "  7 harbour - -, 8 harbour -\n"
        "\n"
        "Player 1: colour black, sled 1\n"
        "player 2: colour WHITE, sled 3\n"
        "market: face up statue entrance hammer chisel\n"
    )
    state = notation.read_position(text)
    assert state.current == 1 and state.boats[0].slots == (0, -1, -1)
    assert notation.write_position(state) == (
        "game: imhotep, 2 players, round 1, starting player 1, current player 2, round cards 21\n"
        "player 1: colour black, sled 1\n"
        "player 2: colour white, sled 3\n"
        "boats: 3 harbour black - -, 6 harbour - -, 7 harbour - -, 8 harbour -\n"
        "market: face up statue entrance hammer chisel\n"
    )
