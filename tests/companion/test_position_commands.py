"""``companion position`` and ``companion replay`` for every served game.

Each game is played a little into a real log (phone answers for the games
served through their ``Rules``, reconciled steps for Amritsar, one undo),
then: ``position show`` prints the position its notation writes for the
game as it stands, ``check`` finds the printed text sound and a broken copy
unsound naming its lines, ``new`` starts a game's position, ``replay``
finds the log's decisions unchanged, ``replay --positions`` steps through
every step and undo to the final position, and a log whose rows today's
rules refuse is reported row by row.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.games.amritsar.resume import open_session
from companion.resume import open_any_session
from companion.store import EventStore
from engine.core.game import WritesPositions, position_notation
from engine.core.registry import get_rules

GAMES = ("amritsar", "imhotep", "ceylon", "rajas")


def _notation(game: str) -> WritesPositions:
    notation = position_notation(get_rules(game))
    assert notation is not None
    return notation


def _played_log(game: str, path: Path, moves: int = 24) -> Any:
    """A log of ``game`` with ``moves`` decisions and one undo; the state it ends in."""
    rng = random.Random(7)
    if game == "amritsar":
        from tests.server.games import play_until

        session: Any = open_session(path, ["Ana", "Ben"], seed=5)
        play_until(session, lambda s: len(s.step_log) >= moves, seed=3)
    else:
        session = open_any_session(path, game, ["Ana", "Ben", "Cy"], public_seed=3)
        played = []
        for _ in range(moves):
            seat = _decider(session)
            answers = session.answers_for(seat)
            assert answers, session.decision()
            text = session.rules.format_action(rng.choice(answers))
            assert session.answer(seat, text, session.state_id).ok
            played.append(text)
        # an answer the rules refuse is logged too, and makes no step
        rules, state = session.rules, session.state
        wrong = next(t for t in played if rules.why_illegal(state, rules.parse_action(t)))
        assert not session.answer(_decider(session), wrong, session.state_id).ok
    assert session.undo().ok
    state = session.state
    session.store.close()
    return state


def _decider(session: Any) -> Any:
    """The seat whose phone answers now (a die rolled at the table: the roller's, Rajas)."""
    roller = getattr(session.rules, "entered_at_table", lambda _: None)(session.state)
    return roller if roller is not None else session.decision().player


def _rows(path: Path, kinds: tuple[str, ...]) -> int:
    store = EventStore(path, create=False)
    try:
        return sum(1 for e in store.entries() if e.kind in kinds)
    finally:
        store.close()


@pytest.mark.parametrize("game", GAMES)
def test_show_check_and_a_broken_copy(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.sqlite"
    state = _played_log(game, log)
    notation = _notation(game)
    assert main(["position", "show", str(log)]) == 0
    text = capsys.readouterr().out
    assert text == notation.write_position(state)
    assert notation.read_position(text) == state
    written = tmp_path / "position.txt"
    written.write_text(text, encoding="utf-8")
    args = ["--game", game] if game == "amritsar" else []  # the others' game line names them
    assert main(["position", "check", str(written), *args]) == 0
    assert f"{written}: a sound position (" in capsys.readouterr().out
    assert main(["position", "show", str(written), *args]) == 0
    assert capsys.readouterr().out == text
    lines = text.splitlines()
    broken = tmp_path / "broken.txt"
    broken.write_text("\n".join([lines[0], "harbour shelf: 3", *lines[1:]]) + "\n", "utf-8")
    assert main(["position", "check", str(broken), *args]) == 1
    out = capsys.readouterr().out
    assert f"{broken} is not a sound position (1 problem):" in out
    assert "line 2" in out and "harbour shelf" in out


@pytest.mark.parametrize("game", GAMES[1:])
def test_a_bad_text_names_its_lines_in_both_languages(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = get_rules(game)
    text = _notation(game).write_position(rules.new_game(2, seed=4))
    lines = text.splitlines()
    player = next(n for n, line in enumerate(lines) if line.startswith("player 2:"))
    lines[player] = lines[player].replace("player 2:", "player 2: glitter 4,", 1)
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["position", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"  - line {player + 1} (player 2): 'glitter 4' is not one of: " in out
    assert main(["position", "check", str(bad), "--lang", "es"]) == 1
    out = capsys.readouterr().out
    assert "no es una posición válida (1 problema)" in out
    assert f"  - línea {player + 1} (jugador 2): 'glitter 4' no es ninguno de: " in out


def test_a_source_of_another_game_than_named_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.sqlite"
    _played_log("ceylon", log, moves=4)
    assert main(["position", "show", str(log), "--game", "rajas"]) == 2
    assert "holds a game of 'ceylon', not 'rajas'" in capsys.readouterr().out
    assert main(["position", "show", str(log), "--game", "chess"]) == 2
    assert "there is no game 'chess'" in capsys.readouterr().out
    assert main(["replay", str(log), "--game", "imhotep"]) == 2
    assert "holds a game of 'ceylon', not 'imhotep'" in capsys.readouterr().out


@pytest.mark.parametrize("game", GAMES)
def test_new_prints_a_new_games_position(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["position", "new", "--game", game, "--players", "3", "--seed", "4"]) == 0
    text = capsys.readouterr().out
    rules = get_rules(game)
    assert _notation(game).read_position(text) == rules.new_game(3, seed=4)
    assert main(["position", "new", "--game", game, "--players", "9"]) == 2
    assert "9" in capsys.readouterr().out


@pytest.mark.parametrize("game", GAMES)
def test_replay_finds_the_same_decisions_and_steps_through_positions(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.sqlite"
    state = _played_log(game, log)
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out
    assert "Every input leads to the same decisions as when it was recorded." in out
    assert main(["replay", str(log), "--positions"]) == 0
    out = capsys.readouterr().out
    heads = [line for line in out.splitlines() if line.startswith("# ")]
    assert heads[0] == "# setup"
    assert len(heads) == 1 + _rows(log, ("step", "undo"))
    assert heads[-1].endswith(": undo")
    last = out[out.rindex(heads[-1]) + len(heads[-1]) + 1 :]
    assert _notation(game).read_position(last) == state


@pytest.mark.parametrize("game", GAMES[1:])
def test_replay_names_the_rows_todays_rules_refuse(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.sqlite"
    _played_log(game, log, moves=3)
    store = EventStore(log)
    wrong = {"imhotep": "play-lever 9 market", "ceylon": "elevate L1 Z1", "rajas": "buy Q9"}[game]
    answer = store.append("answer", {"seat": 0, "action": "sail 1 nowhere", "state_id": 99})
    step = store.append("step", {"actions": [wrong], "source": "phone"})
    store.close()
    assert main(["replay", str(log)]) == 1
    out = capsys.readouterr().out
    assert "2 inputs now lead to different decisions:" in out  # the answer and the step
    said = {line.split(":", 1)[0].strip(): line for line in out.splitlines()}
    assert "recorded [['sail 1 nowhere']], now [[" in said[f"row {answer} (answer)"]
    assert "not an action: " in said[f"row {answer} (answer)"]
    assert f"recorded [['{wrong}']], now [[" in said[f"row {step} (step)"]
    assert "refused: " in said[f"row {step} (step)"]


@pytest.mark.parametrize("game", GAMES[1:])
def test_a_json_state_names_its_game_and_a_bad_field_is_named(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    rules = get_rules(game)
    state = rules.new_game(3, seed=6)
    saved = tmp_path / "state.json"
    saved.write_text(json.dumps(rules.to_dict(state)), encoding="utf-8")
    assert main(["position", "show", str(saved)]) == 0  # no --game: the state names it
    assert capsys.readouterr().out == _notation(game).write_position(state)
    data = rules.to_dict(state)
    data["players"] = 9 if game == "imhotep" else data["players"][:1]
    saved.write_text(json.dumps(data), encoding="utf-8")
    assert main(["position", "check", str(saved)]) == 1
    out = capsys.readouterr().out
    assert "is not a sound position (1 problem):" in out and "players" in out
