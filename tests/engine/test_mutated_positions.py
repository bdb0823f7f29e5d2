"""Positions no game can reach are refused; any other plays on to the end (issue 37).

A property test over every game behind ``Rules``: states of seeded random
games are saved (``to_dict``), one number of the saved form is changed (a
count, a stack's entry, a counter, a seat, a level), and ``from_dict``
either refuses it with a ``ValueError`` naming a field of the saved form,
or accepts a state that is consistent by the game's own checks (it saves and
loads back equal) and plays on with legal actions to the game's end without
any other exception. The same holds for the position notation, which reads
through ``from_dict``.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest

from engine.core.game import position_notation
from engine.core.registry import get_rules

GAMES = ("imhotep", "ceylon", "rajas", "amritsar")
OPTIONS: dict[str, tuple[tuple[str, ...], ...]] = {
    "imhotep": ((), ("all-b",), ("market-b", "pyramid-b", "obelisk-b")),
    "ceylon": ((), ("start_tiles",)),
    "rajas": ((),),
    # Amritsar's house rules (engine/amritsar/options.py), half in each game
    "amritsar": (
        ("skip_no_wrap", "free_skip_once", "exchange_any_time", "discount_once_per_turn"),
        (
            "objective_dense_ranking",
            "main_action_required",
            "market_bridge_needs_trade",
            "follow_market_without_trade",
        ),
    ),
}
#: tables played where not 2 to the most (Amritsar: solo against the Maharajah too)
TABLES = {"amritsar": (1, 3)}
#: steps a mutated game may take to reach its end (every game here ends well before)
LONGEST = 4000


def _states(game: str, seed: int, samples: int) -> list[Any]:
    """``samples`` states spread over a seeded random game."""
    rules = get_rules(game)
    rng = random.Random(seed)
    players = rng.randint(max(2, rules.min_players), rules.max_players)
    if game in TABLES:
        players = TABLES[game][seed % len(TABLES[game])]
    options = OPTIONS[game][seed % len(OPTIONS[game])]
    state = rules.new_game(players, seed=seed, options=options)
    states = [state]
    for _ in range(LONGEST):
        decision = rules.decision(state)
        if decision.is_over:
            break
        action = (
            rules.random_chance(state, rng)
            if decision.is_chance
            else rng.choice(rules.legal_actions(state))
        )
        state, _ = rules.apply(state, action)
        states.append(state)
    step = max(1, len(states) // samples)
    return states[::step][:samples]


def _numbers(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every whole number of a saved form (not the flags)."""
    if isinstance(data, bool):
        return []
    if isinstance(data, int):
        return [path]
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in _numbers(value, (*path, key))]
    if isinstance(data, list):
        return [p for i, value in enumerate(data) for p in _numbers(value, (*path, i))]
    return []


def _mutated(data: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """A copy with one number changed (by a little, or to -1 / 0 / a large value)."""
    changed = copy.deepcopy(data)
    paths = [p for p in _numbers(changed) if p[0] not in ("version", "format")]
    path = rng.choice(paths)
    parent = changed
    for key in path[:-1]:
        parent = parent[key]
    old = parent[path[-1]]
    new = rng.choice([old + 1, old - 1, old + 2, -1, 0, old * 2 + 3])
    if new == old:
        new = old + 1
    parent[path[-1]] = new
    return changed, str(path[0])


def _plays_to_the_end(game: str, state: Any, rng: random.Random) -> None:
    rules = get_rules(game)
    for _ in range(LONGEST):
        decision = rules.decision(state)
        if decision.is_over:
            return
        if decision.is_chance:
            action = rules.random_chance(state, rng)
        else:
            legal = rules.legal_actions(state)
            assert legal, f"{game}: no legal action and the game is not over"
            action = rng.choice(legal)
        state, _ = rules.apply(state, action)
    raise AssertionError(f"{game}: a mutated position never ends")


@pytest.mark.parametrize("game", GAMES)
def test_a_mutated_saved_position_is_refused_naming_a_field_or_plays_on_to_the_end(
    game: str,
) -> None:
    rules = get_rules(game)
    rng = random.Random(37)
    refused = accepted = 0
    for seed in (1, 2):
        for state in _states(game, seed, 6):
            data = json.loads(json.dumps(rules.to_dict(state)))
            for _ in range(6):
                mutated, field = _mutated(data, rng)
                try:
                    loaded = rules.from_dict(mutated)
                except ValueError as error:
                    message = str(error)
                    assert message and len(message) < 2000, message
                    named = set(re.findall(r"[a-z_]+", message.lower()))
                    keys = {k.lower() for k in mutated} | _keys(mutated)
                    assert named & keys, f"{game}: {message!r} names no field"
                    refused += 1
                    continue
                accepted += 1
                again = rules.from_dict(json.loads(json.dumps(rules.to_dict(loaded))))
                assert rules.to_dict(again) == rules.to_dict(loaded), field
                _plays_to_the_end(game, loaded, random.Random(rng.random()))
    assert refused > 0 and accepted + refused == 2 * 6 * 6


def _keys(data: Any) -> set[str]:
    """Every key of a saved form, nested ones included (words of a key split on '_')."""
    if isinstance(data, dict):
        found = set()
        for key, value in data.items():
            found.add(str(key).lower())
            found |= set(str(key).lower().split("_"))
            found |= _keys(value)
        return found
    if isinstance(data, list):
        return set().union(*(_keys(v) for v in data)) if data else set()
    return set()


@pytest.mark.parametrize("game", GAMES)
def test_a_mutated_position_text_is_refused_naming_its_line_or_reads_a_consistent_state(
    game: str,
) -> None:
    notation = position_notation(get_rules(game))
    assert notation is not None
    rng = random.Random(41)
    for state in _states(game, 3, 8):
        text = notation.write_position(state)
        lines = text.splitlines()
        for _ in range(4):
            i = rng.randrange(len(lines))
            numbers = list(re.finditer(r"\d+", lines[i]))
            if not numbers:
                continue
            found = rng.choice(numbers)
            bumped = str(int(found.group()) + rng.choice([1, 2, 5]))
            line = lines[i][: found.start()] + bumped + lines[i][found.end() :]
            changed = "\n".join([*lines[:i], line, *lines[i + 1 :]])
            problems = notation.position_problems(changed)
            for problem in problems:
                assert re.match(r"line \d+", problem) or "is missing" in problem, problem
            if not problems:
                read = notation.read_position(changed)
                assert notation.read_position(notation.write_position(read)) == read


def _first_state(game: str, options: tuple[str, ...] = (), steps: int = 60) -> Any:
    """A state some way into a seeded random game."""
    rules = get_rules(game)
    rng = random.Random(5)
    state = rules.new_game(3, seed=5, options=options)
    for _ in range(steps):
        decision = rules.decision(state)
        action = (
            rules.random_chance(state, rng)
            if decision.is_chance
            else rng.choice(rules.legal_actions(state))
        )
        state, _ = rules.apply(state, action)
    return state


def _ceylon_level(data: dict[str, Any]) -> None:
    lifted = next(h for h, level in enumerate(data["level"]) if level == 1)
    data["level"][lifted] = 2  # a level-2 hex without a small elevation tile on it


def _ceylon_tech(data: dict[str, Any]) -> None:
    data["players"][0]["tech_order"] = data["tech_counter"] + 3  # above the counter


def _imhotep_points(data: dict[str, Any]) -> None:
    data["points"][0][0] += 4  # pyramid points no stone gave


def _imhotep_face_down(data: dict[str, Any]) -> None:
    data["hidden"] = 1  # side A of the market has no face-down cards


def _rajas_tile(data: dict[str, Any]) -> None:
    data["stacks"][0] = data["stacks"][0][1:]  # a province tile gone from the box


def _rajas_workers(data: dict[str, Any]) -> None:
    data["players"][0]["placed"] = data["players"][0]["workers"]  # placed, yet not on a space
    data["spaces"] = [-1] * len(data["spaces"])


def _ceylon_order(data: dict[str, Any]) -> None:
    data["start_order"] = [data["start_order"][0]] * len(data["start_order"])  # a seat twice


def _rajas_turn(data: dict[str, Any]) -> None:
    data["phase"], data["turn"], data["actor"] = "PLACE", 0, 1  # seat 1 decides seat 0's turn


def _amritsar_current(data: dict[str, Any]) -> None:
    data["current"] = data["players"] + 1  # a seat not at the table (issue 37)


def _amritsar_frame_player(data: dict[str, Any]) -> None:
    data["pending"][-1]["player"] = data["players"] + 2  # a seat not at the table decides


def _amritsar_turn_order(data: dict[str, Any]) -> None:
    data["current"] = (data["current"] + 1) % data["players"]  # not the turn order's seat


def _amritsar_storehouses(data: dict[str, Any]) -> None:
    data["seats"][0]["coins"] = 30  # more than the storehouses hold, and no discard asked


def _amritsar_beside(data: dict[str, Any]) -> None:
    data["board"]["maharajah_workers"] = ["Y", "B", "W", "G"]  # 3 players: out of the game


def _amritsar_section(data: dict[str, Any]) -> None:
    top = data["pending"][-1]
    top["kind"], top["a"] = "SOW_PLACE", 8  # sections are 0 to 7


def _amritsar_discard(data: dict[str, Any]) -> None:
    data["pending"].append({**data["pending"][-1], "kind": "DISCARD", "a": 0, "b": 0, "n": 0})
    # asked to discard with room to spare


def _amritsar_maharajah(data: dict[str, Any]) -> None:
    data["pending"][-1]["kind"] = "MAHARAJAH_TURN"  # his turn at a table without him
    data["pending"][-1]["player"] = -3


def _amritsar_buried(data: dict[str, Any]) -> None:
    data["pending"].insert(-1, {**data["pending"][-1], "kind": "DONATE"})  # left unanswered


def _amritsar_twice(data: dict[str, Any]) -> None:
    data["pending"].append(dict(data["pending"][-1]))  # one worker in hand, placed twice


def _amritsar_no_sowing(data: dict[str, Any]) -> None:
    sow = data["pending"].pop()  # the actions next, yet nobody has sown
    data["board"]["sections"][sow["a"]] += data["turn"]["hand"]
    data["turn"]["hand"] = ""


def _amritsar_round_end(data: dict[str, Any]) -> None:
    data["pending"][0]["player"] = -1  # a round's end closing a player's turn


@pytest.mark.parametrize(
    ("game", "options", "mutate", "field"),
    [
        ("amritsar", (), _amritsar_buried, r"DONATE is answered at once"),
        ("amritsar", (), _amritsar_twice, "SOW_PLACE comes once in the turn"),
        ("amritsar", (), _amritsar_no_sowing, "active_colour: the active worker is known"),
        ("amritsar", (), _amritsar_round_end, r"pending\[0\]\.b: 0"),
        ("amritsar", (), _amritsar_current, "current"),
        ("amritsar", (), _amritsar_frame_player, r"pending\[\d+\]\.player: player 6"),
        ("amritsar", (), _amritsar_turn_order, "turn_in_round"),
        ("amritsar", (), _amritsar_storehouses, r"seats\[0\]\.coins: 30 coins"),
        ("amritsar", (), _amritsar_beside, "maharajah_workers"),
        ("amritsar", (), _amritsar_section, r"pending\[\d+\]\.a: 8"),
        ("amritsar", (), _amritsar_discard, "discards"),
        ("amritsar", (), _amritsar_maharajah, "Maharajah"),
        ("ceylon", (), _ceylon_order, "start_order"),
        ("rajas", (), _rajas_turn, "actor"),
        ("ceylon", (), _ceylon_level, "level"),
        ("ceylon", (), _ceylon_tech, "tech_order"),
        ("imhotep", ("pyramid-b",), _imhotep_points, "points"),
        ("imhotep", (), _imhotep_face_down, "hidden"),
        ("rajas", (), _rajas_tile, "stacks"),
        ("rajas", (), _rajas_workers, "placed"),
    ],
)
def test_a_position_that_cannot_arise_is_refused_naming_the_field(
    game: str, options: tuple[str, ...], mutate: Any, field: str
) -> None:
    rules = get_rules(game)
    data = json.loads(json.dumps(rules.to_dict(_first_state(game, options))))
    mutate(data)
    with pytest.raises(ValueError, match=field):
        rules.from_dict(data)


def test_an_amritsar_position_text_no_game_reaches_names_its_line_in_both_languages() -> None:
    """The notation reads through the same checks (issue 37: an out-of-range
    current player was read, then crashed in play)."""
    notation = position_notation(get_rules("amritsar"))
    assert notation is not None
    text = notation.write_position(_first_state("amritsar"))
    first, *rest = text.splitlines()
    broken = "\n".join([re.sub(r"current player \d+", "current player 5", first), *rest])
    problems = notation.position_problems(broken)
    assert problems[0] == (
        "line 1: current: player 5, but the turn order (starting_player, turn_in_round) "
        "gives player 3"
    )
    # the turn's frames are player 3's, not the current player's: each on its line
    assert all(re.match(r"line \d+: pending\[\d+\]\.kind: ", p) for p in problems[1:])
    assert notation.position_problems(broken, "es")[0] == (
        "línea 1: current: el jugador 5, pero el orden de turno (starting_player, "
        "turn_in_round) da el jugador 3"
    )
    with pytest.raises(ValueError, match="current"):
        notation.read_position(broken)
    # a player's field on that player's line, a pending frame's on its own line
    lines = text.splitlines()
    seat = next(i for i, line in enumerate(lines) if line.startswith("player 1:"))
    frame = max(i for i, line in enumerate(lines) if line.startswith("pending:"))
    lines[seat] = re.sub(r"coins \d+", "coins 30", lines[seat])
    lines[frame] = re.sub(r"player \d+", "player 5", lines[frame])
    problems = sorted(
        notation.position_problems("\n".join(lines)), key=lambda p: int(p.split()[1][:-1])
    )
    assert len(problems) == 3, problems
    assert problems[0].startswith(f"line {seat + 1}: seats[0].coins: 30 coins"), problems
    assert all(p.startswith(f"line {frame + 1}: pending[") for p in problems[1:]), problems
    assert "player 5 does not decide" in problems[1]


def test_an_amritsar_setup_with_a_tile_gone_and_none_to_draw_is_refused() -> None:
    """While the players choose (SETUP_*), every setup draw is made: a missing
    district tile or worker with no draw pending is refused; after the game
    starts, a setup frame is."""
    rules = get_rules("amritsar")
    data = json.loads(json.dumps(rules.to_dict(_first_state("amritsar", steps=0))))
    assert data["pending"][-1]["kind"].startswith("SETUP")
    tile = copy.deepcopy(data)
    tile["board"]["district_tiles"]["N"][2] = None
    with pytest.raises(ValueError, match="district_tiles: 11 on the table and 0 still to draw"):
        rules.from_dict(tile)
    worker = copy.deepcopy(data)
    worker["board"]["sections"][0] = worker["board"]["sections"][0][1:]
    with pytest.raises(ValueError, match=r"board\.sections: 11 on the table and 0 still to draw"):
        rules.from_dict(worker)
    twice = copy.deepcopy(data)
    twice["pending"].append(dict(twice["pending"][-1]))
    with pytest.raises(ValueError, match="setup choice is asked twice"):
        rules.from_dict(twice)
    late = json.loads(json.dumps(rules.to_dict(_first_state("amritsar"))))
    late["pending"].append({**late["pending"][-1], "kind": "SETUP_MAHOUT"})
    with pytest.raises(ValueError, match="SETUP_MAHOUT after the setup"):
        rules.from_dict(late)
