"""How a demo's simulated people play (``companion demo --simulated``, issue 38).

A demo's simulated phone answers what its player (a bot of the search module)
chooses; ``casual`` keeps the older quick players; Amritsar's demo table asks
a policy, which a bot answers through the game's ``Rules``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.games.amritsar.sim.demo import ana_policy
from companion.games.amritsar.sim.players import GreedyPlayer
from companion.resume import open_any_session
from companion.rules_session import RulesSession
from companion.sim.generic_demo import SimPhone, sim_phones
from companion.sim.sim_players import SIMULATED, BotPolicy, simulated_bot
from engine.core.game import Rules
from engine.core.registry import get_rules
from engine.core.search.players import GreedyBot, SearchBot


class LastAnswer:
    """A player that always takes the last legal answer, and counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, rules: Rules, state: Any, rng: random.Random) -> Hashable:
        self.calls += 1
        return rules.legal_actions(state)[-1]


class Outsider:
    """A player whose answer is never among those offered."""

    def choose(self, rules: Rules, state: Any, rng: random.Random) -> Hashable:
        return "not an answer"


def _session(tmp_path: Path) -> RulesSession:
    session = open_any_session(tmp_path / "g.sqlite", "imhotep", ["Ana", "Ben"], public_seed=5)
    assert isinstance(session, RulesSession)
    return session


def test_every_name_gives_its_player_and_casual_keeps_the_older_one() -> None:
    assert simulated_bot("casual") is None
    assert isinstance(simulated_bot("greedy"), GreedyBot)
    assert isinstance(simulated_bot("strong"), SearchBot)
    assert all(simulated_bot(name) is not None for name in SIMULATED if name != "casual")
    with pytest.raises(ValueError, match="casual, random, greedy"):
        simulated_bot("grandmaster")


def test_a_simulated_phone_answers_what_its_player_chose(tmp_path: Path) -> None:
    session = _session(tmp_path)
    seat = session.seat_view(None)["decision"]["seat"]
    player = LastAnswer()
    phone = SimPhone(session, seat, None, random.Random(1), player)
    options = phone.view()["options"]
    assert len(options) > 1
    chosen = phone.choose()
    last = session.rules.legal_actions(session.state)[-1]
    assert chosen["action"] == session.rules.format_action(last)
    assert player.calls == 1
    # the phones of a demo each get their own player of the kind asked
    phones = sim_phones(session, None, 5, "greedy")
    assert [type(p.bot) for p in phones] == [GreedyBot, GreedyBot]
    assert phones[0].bot is not phones[1].bot
    assert all(p.bot is None for p in sim_phones(session, None, 5, "casual"))


def test_amritsar_demo_player_is_answered_by_the_bot_through_the_rules() -> None:
    assert isinstance(ana_policy("casual"), GreedyPlayer)
    assert isinstance(ana_policy("strong"), BotPolicy)
    rules = get_rules("amritsar")
    state = rules.new_game(1, seed=3, options=())
    actions = list(rules.legal_actions(state))
    player = LastAnswer()
    assert BotPolicy(rules, player)(state, actions, random.Random(2)) == actions[-1]
    # one answer: taken without asking the player
    assert BotPolicy(rules, player)(state, actions[:1], random.Random(2)) == actions[0]
    assert player.calls == 1
    # an answer the table does not offer: one it offers instead
    assert BotPolicy(rules, Outsider())(state, actions, random.Random(2)) in actions


def test_the_demo_refuses_a_player_it_does_not_know(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["demo", "--game", "imhotep", "--simulated", "grandmaster", "--no-server"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert "--simulated" in error and "grandmaster" in error and "strong" in error
