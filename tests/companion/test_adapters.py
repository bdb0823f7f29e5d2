"""The per-game adapter seam (``companion.adapters``): the shared modules ask it, not a game's name."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.adapters import ADAPTERS, adapter_for, adapter_of
from companion.adapters import rules as generic
from companion.games import SERVED, new_table_session
from companion.games.amritsar.payload import Payloads
from companion.games.amritsar.session import TableSession
from companion.rules_session import RulesSession
from companion.server.payload_generic import GenericPayloads
from companion.server.payloads import catalog_for, payloads_for
from companion.server.start import served_offers
from engine.core.registry import get_rules

ROOT = Path(__file__).resolve().parents[2]


def test_only_amritsar_has_an_adapter_of_its_own() -> None:
    assert set(ADAPTERS) == {"amritsar"}
    for game in SERVED:
        assert adapter_for(game).name == game
    assert type(adapter_for("imhotep")) is generic.RulesAdapter


def test_start_page_offers_each_games_colours_from_its_adapter() -> None:
    offers = {offer.name: offer for offer in served_offers()}
    assert offers["amritsar"].colours == ("purple", "grey", "pink", "orange")
    assert offers["imhotep"].colours == ("black", "white", "brown", "grey")
    assert offers["ceylon"].colours == ("red", "blue", "green", "yellow")
    assert offers["rajas"].colours == ("red", "blue", "green", "yellow")
    imhotep_rules = offers["imhotep"].house_rules
    assert [r["name"] for r in imhotep_rules] == list(get_rules("imhotep").option_names())
    assert all(r["en"] != r["es"] for r in imhotep_rules)  # worded by its Rules, both languages
    amritsar_rules = offers["amritsar"].house_rules
    assert amritsar_rules and all(r["text"] and r["text_es"] for r in amritsar_rules)


def test_a_game_whose_rules_name_no_colours_gets_the_fallback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bare = SimpleNamespace(option_names=lambda: ("long",))
    monkeypatch.setattr(generic, "get_rules", lambda name: bare)
    adapter = generic.RulesAdapter("newgame")
    assert adapter.colours() == generic.FALLBACK_COLOURS
    assert adapter.house_rules()[0]["en"] == "long"
    worded = SimpleNamespace(
        option_names=lambda: ("long",),
        option_words={"long": ("Long game", "Partida larga")},
        player_colours=("red", "teal"),
    )
    monkeypatch.setattr(generic, "get_rules", lambda name: worded)
    assert adapter.colours() == ("red", "teal")
    assert adapter.house_rules()[0]["es"] == "Partida larga"


@pytest.mark.parametrize(
    ("game", "session_type", "payload_type"),
    [
        ("amritsar", TableSession, Payloads),
        ("imhotep", RulesSession, GenericPayloads),
        ("ceylon", RulesSession, GenericPayloads),
    ],
)
def test_session_payloads_and_pages_come_from_the_games_adapter(
    game: str, session_type: type, payload_type: type
) -> None:
    session = new_table_session(game, ["Ana", "Bea"], seed=3)
    assert isinstance(session, session_type)
    assert adapter_of(session).name == game
    payloads = payloads_for(session)
    assert isinstance(payloads, payload_type)
    assert catalog_for(payloads)


def test_amritsar_solo_rules_stay_its_own() -> None:
    with pytest.raises(ValueError, match="solo game of Amritsar has one player"):
        new_table_session("amritsar", ["Ana", "Bea"], solo=True)
    with pytest.raises(ValueError, match="no solo mode"):
        new_table_session("imhotep", ["Ana"], solo=True)


@pytest.mark.parametrize(
    "path",
    [
        "companion/adapters/__init__.py",
        "companion/adapters/rules.py",
        "companion/server/start.py",
        "companion/server/app.py",
        "companion/resume.py",
    ],
)
def test_the_shared_table_modules_branch_on_no_games_name(path: str) -> None:
    text = (ROOT / path).read_text(encoding="utf-8")
    branches = re.findall(r"""(?:==|!=)\s*["'](?:amritsar|imhotep|ceylon|rajas)["']""", text)
    assert branches == []
    assert "engine.amritsar" not in text or path == "companion/resume.py"
    if path != "companion/adapters/__init__.py":
        assert not re.search(r"""["'](?:imhotep|ceylon|rajas)["']""", text)


def test_the_commands_ask_the_adapter_which_stack_serves_a_game() -> None:
    import argparse

    from companion.commands.markers import _kit

    assert [game for game in SERVED if adapter_for(game).own_stack] == ["amritsar"]
    assert _kit(argparse.Namespace(game="amritsar")) is None
    kit = _kit(argparse.Namespace(game="imhotep"))
    assert kit is not None and kit.__name__ == "vision.games.imhotep.kit"


def test_companion_run_refuses_a_house_rule_the_game_does_not_offer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from companion.cli import main

    assert main(["run", "--house-rule", "hard", "--camera", "none"]) == 2
    err = capsys.readouterr().err
    assert "--house-rule hard: the house rules of Amritsar" in err
    assert "skip_no_wrap" in err
