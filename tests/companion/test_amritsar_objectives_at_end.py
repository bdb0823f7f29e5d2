"""Amritsar at the table with objectives named at the end (house rule ``objectives_at_end``):
no phone enters an objective during the game, the end asks each owner on their phone,
type first, and no view, log line or logged step names an objective before then."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from companion.adapters import adapter_for
from companion.games.amritsar.payload import Payloads
from companion.games.amritsar.resume import open_session
from companion.games.amritsar.session import TableSession
from engine.amritsar import Act, Pending, decision, default_catalog, legal_actions, parse_action

NAMES = ["Ana", "Ben"]
IDS = {o.id for o in default_catalog().objectives}


@pytest.fixture(scope="module")
def at_reveal(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, TableSession, list[Pending]]:
    """One game with the option, answered on the phones until the first naming (the
    first test reads it, the second plays it to the end)."""
    path = tmp_path_factory.mktemp("objectives") / "game.sqlite"
    session = open_session(path, NAMES, seed=7, options=["objectives_at_end"])
    return path, session, _answer_until_reveal(session, seed=1)


def _answer_until_reveal(session: TableSession, seed: int) -> list[Pending]:
    """Answer at random on the phones until the first objective is to be named."""
    rng = random.Random(seed)
    asked = []
    while decision(session.state).kind is not Pending.REVEAL_OBJECTIVE:
        d = decision(session.state)
        asked.append(d.kind)
        seat = d.player if d.player >= 0 else None
        action = rng.choice(legal_actions(session.state))
        assert session.answer(seat, str(action), session.state_id).ok
    return asked


def _logged_actions(path: Path) -> list[str]:
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT kind, payload FROM log").fetchall()
    return [a for kind, payload in rows if kind == "step" for a in json.loads(payload)["actions"]]


def test_no_objective_is_entered_or_shown_until_the_end(
    at_reveal: tuple[Path, TableSession, list[Pending]],
) -> None:
    path, session, asked = at_reveal
    assert Pending.CHANCE_OBJECTIVE not in asked and Pending.SETUP_OBJECTIVE not in asked
    for seat in (None, 0, 1):
        view = session.seat_view(seat)
        assert view["objectives"] == []  # nothing named, nothing listed
        said = json.dumps([view["game"], view["log"]])
        assert not any(f'"{i}"' in said or f" {i}:" in said for i in IDS)
    logged = [parse_action(text) for text in _logged_actions(path)]
    objectives = [a for a in logged if a.kind in (Act.SETUP_OBJECTIVE, Act.UPGRADE_OBJECTIVE)]
    assert all(a.a < 0 for a in objectives)  # face down, unnamed
    assert not any(a.kind is Act.CHANCE and a.b == Pending.CHANCE_OBJECTIVE for a in logged)
    assert session.seat_view(1)["log"] == session.seat_view(0)["log"]  # no private line
    # The phone says why its objectives list is empty (the table screen has no list).
    payloads = Payloads(session)
    assert "name them at the end" in payloads.view(0)["objectives_note"]["en"]
    assert "objectives_note" not in payloads.view(None)


def test_without_the_house_rule_a_phone_has_no_note_on_its_objectives(tmp_path: Path) -> None:
    session = open_session(tmp_path / "game.sqlite", NAMES, seed=7)
    assert "objectives_note" not in Payloads(session).view(0)


def test_the_owner_names_each_objective_on_the_phone_type_first_then_it_scores(
    at_reveal: tuple[Path, TableSession, list[Pending]],
) -> None:
    session = at_reveal[1]
    payloads = Payloads(session)
    rng = random.Random(2)
    named = []
    while not session.state.finished:
        owner = decision(session.state).player
        phone = payloads.view(owner)
        assert phone["decision"]["kind"] == "REVEAL_OBJECTIVE" and phone["decision"]["mine"]
        other = payloads.view(1 - owner)
        assert not other["decision"]["mine"] and other["options"] == []
        menu = phone["menu"]  # more answers than a screen holds: the type first
        labels = [item["en"] for item in menu["items"]]
        assert labels and all(label.startswith("A type ") for label in labels), labels
        assert len(labels) <= 4
        action = rng.choice(legal_actions(session.state))
        assert session.answer(owner, str(action), session.state_id).ok
        named.append(default_catalog().objectives[action.a].id)
    scored = {
        line["component"]
        for sheet in session.seat_view(None)["scores"]
        for line in sheet["lines"]
        if line["category"] == "objective"
    }
    assert named and scored <= set(named)
    assert all(o["id"] in named for o in session.seat_view(0)["objectives"])


def test_the_start_page_offers_it_unticked_in_both_languages() -> None:
    rules = {r["name"]: r for r in adapter_for("amritsar").house_rules()}
    offered = rules["objectives_at_end"]
    assert "end" in offered["en"] and "final" in offered["es"]
    assert "hidden from the rest" in offered["text"] and "ocultos" in offered["text_es"]
    assert not offered.get("on")  # off unless the group ticks it
