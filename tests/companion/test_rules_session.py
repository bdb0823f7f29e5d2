"""Every game the table serves, through the session surface the server uses.

Run over every served game (Amritsar's own session and the generic
``RulesSession`` for Imhotep and Ceylon): a new game from
``new_table_session``, phones answering, an illegal answer refused with the
rule it breaks, another seat's answer refused, undo back to the exact state,
and a game resumed from its SQLite log identical to the one that wrote it.
Ceylon's hidden hands: two games that differ only in what one player drew
give every other seat, the table screen and the spectators' record the same
payload, while the drawer's own payload differs.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from companion.games import MANUAL, SERVED, new_table_session
from companion.resume import resume_any
from companion.rules_session import RulesSession
from companion.server import create_app
from companion.server.payloads import payloads_for
from companion.store import EventStore
from companion.table_session import TableBase

PLAYERS = ["Ana", "Ben", "Cy"]


def decider(session: TableBase) -> int:
    seat = session.seat_view(None)["decision"]["seat"]
    assert isinstance(seat, int), session.seat_view(None)["decision"]
    return seat


def play(session: TableBase, answers: int, rng: random.Random, seen: set[str]) -> None:
    """``answers`` legal answers from the deciding phones, noting every option offered."""
    for _ in range(answers):
        if session.seat_view(None)["finished"]:
            return
        seat = decider(session)
        view = session.seat_view(seat)
        texts = [o["action"] for o in view["options"]]
        assert texts, f"seat {seat} is asked {view['decision']['kind']} with no answers"
        seen.update(texts)
        outcome = session.answer(seat, rng.choice(texts), view["state_id"])
        assert outcome.ok, outcome


def new(game: str, path: Path | None = None) -> TableBase:
    store = EventStore(path) if path is not None else None
    return new_table_session(game, PLAYERS, store=store, seed=11)


@pytest.mark.parametrize("game", SERVED)
def test_answers_refusals_and_undo(game: str) -> None:
    session = new(game)
    assert session.game_name == game
    rng = random.Random(3)
    seen: set[str] = set()
    play(session, 12, rng, seen)
    seat = decider(session)
    view = session.seat_view(seat)
    # Another seat's phone is refused, and offered no buttons.
    other = (seat + 1) % len(PLAYERS)
    assert session.seat_view(other)["options"] == []
    refused = session.answer(other, view["options"][0]["action"], view["state_id"])
    assert not refused.ok and refused.code == "not_your_decision"
    assert PLAYERS[seat] in refused.en
    # An answer that was legal earlier but not now: refused with the rule it breaks.
    legal = {o["action"] for o in view["options"]}
    rules = session.game.rules
    illegal = None
    for text in sorted(seen - legal):
        action = rules.parse_action(text)
        if rules.why_illegal(session.state, action) is not None:
            illegal = text
            break
    assert illegal is not None, "no earlier answer is illegal now"
    outcome = session.answer(seat, illegal, view["state_id"])
    assert not outcome.ok and outcome.rule and outcome.en and outcome.es
    assert outcome.code not in ("bad_action", "stale_state", "not_your_decision")
    assert session.state_id == view["state_id"]  # nothing changed
    # Undo takes back exactly one answer.
    before, before_id = session.state, session.state_id
    assert session.answer(seat, view["options"][-1]["action"], view["state_id"]).ok
    assert session.state != before
    if session.undo(state_id=session.state_id, by_seat=seat).ok is False:
        # A move that drew a card is undone by the table only (no redraw from a phone).
        assert session.undo(state_id=session.state_id).ok
    assert session.state == before and session.state_id == before_id + 2
    assert session.seat_view(seat)["options"] == view["options"]


@pytest.mark.parametrize("game", MANUAL)
def test_a_whole_game_to_its_score_sheet(game: str) -> None:
    session = new(game)
    play(session, 2000, random.Random(5), set())
    table = session.seat_view(None)
    assert table["finished"]
    sheets = table["scores"]
    assert [s["seat"] for s in sheets] == [0, 1, 2] and all(s["final"] for s in sheets)
    assert sum(1 for s in sheets if s["winner"]) >= 1
    for sheet in sheets:
        assert sheet["total"] == sum(
            line["amount"] for line in sheet["lines"] if not line["provisional"]
        )
    over = session.answer(0, "take", session.state_id)
    assert not over.ok


@pytest.mark.parametrize("game", SERVED)
def test_a_resumed_game_is_identical(game: str, tmp_path: Path) -> None:
    path = tmp_path / f"{game}.sqlite"
    session = new(game, path)
    rng = random.Random(8)
    play(session, 15, rng, set())
    seat = decider(session)
    last = session.seat_view(seat)
    assert session.answer(seat, last["options"][0]["action"], last["state_id"]).ok
    assert session.undo().ok  # the table's undo is in the log too
    play(session, 6, rng, set())
    assert session.store is not None
    session.store.close()
    store = EventStore(path)
    again = resume_any(store)
    try:
        assert type(again) is type(session) and again.resumed
        assert again.state == session.state
        assert again.state_id == session.state_id
        assert again.steps == session.steps
        assert again.pin == session.pin
        assert [s.token for s in again.seats] == [s.token for s in session.seats]
        for seat_or_table in (None, 0, 1, 2):
            assert again.seat_view(seat_or_table) == session.seat_view(seat_or_table)
        # It carries on: the same answers are offered and accepted.
        seat = decider(again)
        view = again.seat_view(seat)
        assert again.answer(seat, view["options"][0]["action"], view["state_id"]).ok
    finally:
        store.close()


def _deal_ceylon(pick_last_for_ana: bool, others: list[str]) -> RulesSession:
    """A Ceylon game whose hands are said by the phones; Ana draws differently in the
    two games, Ben and Cy draw the same cards (``others``: filled by the first game)."""
    session = new_table_session("ceylon", PLAYERS, seed=4, draws="phones")
    assert isinstance(session, RulesSession)
    replaying = bool(others)
    index = 0
    while True:
        d = session.seat_view(None)["decision"]
        if not d["secret_draw"]:
            return session
        seat = d["seat"]
        options = [o["action"] for o in session.seat_view(seat)["options"]]
        assert options, "the drawer's phone is offered what it may have drawn"
        # every face the drawer cannot rule out, not only those left in the pile
        choices = session.rules.draw_choices(session.state)  # type: ignore[attr-defined]
        assert options == [session.rules.format_action(a) for a in choices]
        for other in set(range(3)) - {seat}:
            assert session.seat_view(other)["options"] == []  # no one else may say it
        in_pile = {
            session.rules.format_action(a) for a in session.rules.legal_actions(session.state)
        }
        options = [o for o in options if o in in_pile]  # a card the real pile could give
        if seat == 0:
            text = options[-1] if pick_last_for_ana else options[0]
        elif replaying:
            text = others[index]
            index += 1
        else:
            text = options[0]
            others.append(text)
        assert session.answer(seat, text, session.state_id).ok


def test_a_hidden_hand_reaches_no_other_phone_nor_the_table_nor_spectators() -> None:
    others: list[str] = []
    first = _deal_ceylon(False, others)
    second = _deal_ceylon(True, others)
    hands = [s.rules.view(s.state, 0)["seats"][0]["hand"] for s in (first, second)]
    assert hands[0] != hands[1]  # Ana holds different cards in the two games
    a, b = payloads_for(first), payloads_for(second)
    assert a.view(0) != b.view(0)  # her own phone shows her hand
    for seat in (1, 2, None):
        assert a.view(seat) == b.view(seat), f"seat {seat} can tell Ana's hand"
    assert first.game.record_for(None) == second.game.record_for(None)
    assert first.game.record_for(1) == second.game.record_for(1)
    # Through the server, as a spectator and as Ben: the same answers.
    with (
        TestClient(create_app(first), base_url="http://127.0.0.1") as one,
        TestClient(create_app(second), base_url="http://127.0.0.1") as two,
    ):
        for path in ("/api/view", "/api/record"):
            assert one.get(path).json() == two.get(path).json()
        ben_one = one.get("/api/view", headers={"X-Seat-Token": first.seats[1].token})
        ben_two = two.get("/api/view", headers={"X-Seat-Token": second.seats[1].token})
        assert ben_one.status_code == 200 and ben_one.json() == ben_two.json()
        record = one.get("/api/record").json()["entries"]
        secret = [e for e in record if e["private_to"] is not None]
        assert secret and all(e["action"] == "hidden" for e in secret)
        ana = one.get("/api/record", headers={"X-Seat-Token": first.seats[0].token}).json()
        assert any(e["action"].startswith("deal ") for e in ana["entries"] if e["private_to"] == 0)


def test_secret_draws_dealt_by_the_companion_come_from_the_os() -> None:
    session = new_table_session("ceylon", PLAYERS, seed=4)
    assert isinstance(session, RulesSession)
    assert type(session.secret_rng).__name__ == "SystemRandom"
    again = new_table_session("ceylon", PLAYERS, seed=4)
    assert isinstance(again, RulesSession)
    # The same public seed lays out the same board, whatever the hands.
    assert session.rules.view(session.state, None) == again.rules.view(again.state, None)


def test_the_factory_says_what_is_wrong_in_words() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_table_session("imhotep", ["Ana"])
    with pytest.raises(ValueError, match="no house rule 'wrath'"):
        new_table_session("imhotep", ["Ana", "Ben"], ["wrath"])
    with pytest.raises(ValueError, match="Rajas of the Ganges is for 2 to 4 players"):
        new_table_session("rajas", ["Ana", "Ben", "Cy", "Dee", "Eve"])
    with pytest.raises(ValueError, match="no house rule"):
        new_table_session("rajas", ["Ana", "Ben"], ["all-b"])
    solo = new_table_session("amritsar", ["Ana"], solo=True)
    assert solo.game_name == "amritsar" and len(solo.seats) == 2
    wrath = new_table_session("imhotep", ["Ana", "Ben"], ["pharaohs-wrath"])
    assert wrath.game.options == ("pharaohs-wrath",)


@pytest.mark.parametrize("draws", ["deal", "phones"])
def test_a_die_rolled_at_the_table_is_entered_never_invented(draws: str) -> None:
    # Rajas: every die gained is rolled in the open; the companion waits for the
    # roller's phone (or the table) to say what came up, in either draw mode.
    session = new_table_session("rajas", PLAYERS, seed=11, draws=draws)
    assert isinstance(session, RulesSession)
    table = session.seat_view(None)
    assert table["decision"]["kind"] == "ROLL" and table["decision"]["chance"]
    roller = decider(session)
    assert table["decision"]["who_en"] == PLAYERS[roller]
    assert all(not any(p["dice"].values()) for p in table["game"]["seats"])  # none invented
    mine = session.seat_view(roller)["options"]
    assert [o["action"][:-1] for o in mine] == [mine[0]["action"][:-1]] * 6
    assert [o["es"] for o in mine][:2] == [f"Salió un {v} azul" for v in (1, 2)]
    other = (roller + 1) % len(PLAYERS)
    assert session.seat_view(other)["options"] == []
    # The table screen is offered the same faces, to enter for a player without a phone.
    assert [o["action"] for o in table["options"]] == [o["action"] for o in mine]
    assert table["decision"]["table_enters"] and not table["decision"]["mine"]
    assert not session.seat_view(roller)["decision"]["table_enters"]
    refused = session.answer(other, mine[4]["action"], table["state_id"])
    assert not refused.ok and refused.code == "not_your_decision"
    # The roller's phone enters the 5 it rolled; the table (PIN) may enter the next.
    assert session.answer(roller, mine[4]["action"], table["state_id"]).ok
    assert session.seat_view(None)["game"]["seats"][roller]["dice"]["blue"] == [5]
    nxt = session.seat_view(decider(session))["options"][0]["action"]
    assert session.answer(None, nxt, session.state_id).ok
    assert session.log[-1].en.endswith("1.")  # "Player 1 rolled a green 1."
