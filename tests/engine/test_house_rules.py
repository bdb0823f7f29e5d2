"""House rules (engine.amritsar.options): each point the rulebook text leaves open,
played both ways. The default is the reading in docs/rules-coverage.md; the
option, chosen when the game is created, is the other one. Options travel
with the state (JSON, views) and with the record (replay).
"""

from __future__ import annotations

import pytest

from engine.amritsar.decisions import Pending
from engine.amritsar.game import new_game
from engine.amritsar.options import OPTIONS, describe_options
from engine.amritsar.record import Game
from engine.amritsar.serialize import StateError, from_dict, from_json, to_dict, to_json
from engine.amritsar.state import GameState
from engine.amritsar.view import view
from tests.engine.build import at_turn, change, ledger, legal, pending, play, refusal, seat, table
from tests.engine.test_objectives import values


def with_rule(s: GameState, *names: str) -> GameState:
    return change(s, options=tuple(sorted(names)))


# -- options are part of the game -------------------------------------------


def test_options_are_chosen_at_creation_and_kept_by_save_view_and_replay() -> None:
    s = new_game(2, seed=3, options=["free_skip_once", "skip_no_wrap"])
    assert s.options == ("free_skip_once", "skip_no_wrap")
    assert from_json(to_json(s)).options == s.options
    assert view(s, None)["options"] == ["free_skip_once", "skip_no_wrap"]
    game = Game.new(2, seed=3, options=("exchange_any_time",))
    game.play(game.legal_actions()[0])
    replayed = Game.from_record(game.to_dict())
    assert replayed.state == game.state and replayed.state.options == ("exchange_any_time",)
    # A save from before house rules has none.
    data = to_dict(new_game(2, seed=3))
    del data["options"]
    assert from_dict(data).options == ()


def test_an_unknown_option_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="there is no house rule 'free_skips'"):
        new_game(2, options=["free_skips"])
    data = to_dict(new_game(2, seed=3))
    data["options"] = ["free_skips"]
    with pytest.raises(StateError) as caught:
        from_dict(data)
    assert caught.value.problems[0].startswith("options: there is no house rule 'free_skips'")


def test_every_option_is_described_in_both_languages_with_its_text() -> None:
    for name, option in OPTIONS.items():
        assert option.en and option.es and option.en != option.es, name
        assert "'" in option.text, f"{name}: quote the text that leaves it open"
    assert describe_options(["skip_no_wrap"], "es") == [OPTIONS["skip_no_wrap"].es]


# -- objective ties -----------------------------------------------------------


def test_objective_ties_one_one_three_or_one_one_two() -> None:
    s = table(4)
    for k, amount in enumerate((3, 3, 1, 0)):
        s = seat(s, k, coins=amount)
    # A5: most coins 5, second 2. Two tied first: the third player is third (nothing)...
    assert values(s, "A5") == [5, 5, 0, 0]
    # ...or, with dense ranking, second.
    assert values(with_rule(s, "objective_dense_ranking"), "A5") == [5, 5, 2, 0]


# -- moving workers ---------------------------------------------------------


def sowing_n2(coins: int, *options: str, storehouses: tuple[str, ...] = ()) -> GameState:
    """Seat 0 has taken the one white worker of N2; the next open section is E1."""
    s = seat(table(2), 0, coins=coins, storehouses=list(storehouses))
    s = with_rule(at_turn(s, 0, "sow"), *options)
    return play(s, "sow N2")


def test_a_skipping_worker_may_wrap_back_into_its_own_section_unless_the_house_rule() -> None:
    # Skip E1 ... W2, N1 (7 sections): the next one is N2, the origin.
    # (The free-skip storehouse S09 pays for the skips.)
    s = play(sowing_n2(0, storehouses=("S09",)), *["skip"] * 6)
    assert "skip" in legal(s)
    s = play(s, "skip", "place W")
    assert s.sections[1] == (2,) and s.active_district == 0
    strict = play(sowing_n2(0, "skip_no_wrap", storehouses=("S09",)), *["skip"] * 6)
    assert legal(strict) == {"place W"}
    reason = refusal(strict, "skip")
    assert reason.code == "skip_into_origin" and "N2" in reason.en


def test_the_free_skip_storehouse_every_skip_or_only_the_first() -> None:
    s = play(sowing_n2(0, storehouses=("S09",)), "skip", "skip", "place W")
    assert s.players[0].coins == 0 and s.section_coins == (0,) * 8
    once = play(sowing_n2(1, "free_skip_once", storehouses=("S09",)), "skip", "skip")
    assert once.players[0].coins == 0 and sum(once.section_coins) == 1
    assert refusal(once, "skip").code == "skip_needs_coin"


# -- the exchange storehouse --------------------------------------------------


def test_the_exchange_in_the_menu_and_market_or_at_any_time_of_your_turn() -> None:
    s = seat(table(2), 0, resources="M", storehouses=["S13"])
    s = at_turn(s, 0, "elephant")
    assert not {a for a in legal(s) if a.startswith("exchange")}
    assert refusal(s, "exchange M C").code == "exchange_not_now"
    anytime = with_rule(s, "exchange_any_time")
    assert "exchange M C" in legal(anytime)
    anytime = play(anytime, "exchange M C")
    assert anytime.players[0].resources == (0, 1, 0) and pending(anytime) is Pending.ELEPHANT
    # Still once per turn.
    anytime = play(anytime, "stay", "sow N2")
    assert "already exchanged" in refusal(anytime, "exchange C M").en


# -- what a turn must hold ----------------------------------------------------


def test_a_turn_may_end_with_no_action_unless_the_house_rule() -> None:
    s = at_turn(table(2), 0, "actions", colour="G", district="N")
    assert "end" in legal(s)
    strict = with_rule(s, "main_action_required")
    assert "end" not in legal(strict)
    assert refusal(strict, "end").code == "main_action_required"
    # DY1 (left) is yellow: a yellow worker's secondary alone does not end it either.
    yellow = with_rule(
        at_turn(table(2), 0, "actions", colour="Y", district="N"), "main_action_required"
    )
    yellow = play(yellow, "secondary L")
    assert "end" not in legal(yellow) and "main L" in legal(yellow)
    assert "end" in legal(play(yellow, "main L"))


# -- the market -------------------------------------------------------------


def market_bridge(*options: str) -> GameState:
    s = seat(table(2), 0, coins=1)
    s = change(s, bridge=(5, 0, 1))  # BR6 active in decade I: a market action, 1 PP
    return with_rule(at_turn(s, 0, "actions", colour="Y", district="E"), *options)


def test_the_market_bridge_tile_pays_every_market_action_or_only_one_with_a_trade() -> None:
    assert ledger(play(market_bridge(), "main L", "done"), 0, "bridge") == 1
    assert ledger(play(market_bridge(), "main L", "buy M", "done"), 0, "bridge") == 1
    strict = market_bridge("market_bridge_needs_trade")
    assert ledger(play(strict, "main L", "done"), 0, "bridge") == 0
    assert ledger(play(strict, "main L", "buy M", "done"), 0, "bridge") == 1


def test_a_follower_must_trade_or_may_trade_nothing() -> None:
    s = seat(table(2), 1, mahouts={"W": "market"}, coins=1, resources="")
    s = at_turn(s, 0, "actions", colour="W", district="N")
    s = play(s, "end", "follow")
    assert refusal(s, "done").code == "follow_needs_trade"
    free = play(with_rule(s, "follow_market_without_trade"), "done")
    assert free.players[1].coins == 1 and free.players[0].pp == 6
    # With nothing to trade the follower is asked at all only under the house rule.
    broke = seat(table(2), 1, mahouts={"W": "market"}, coins=0, resources="")
    broke = at_turn(broke, 0, "actions", colour="W", district="N")
    assert pending(play(broke, "end")) is Pending.ELEPHANT
    asked = play(with_rule(broke, "follow_market_without_trade"), "end")
    assert pending(asked) is Pending.FOLLOW and asked.pending[-1].player == 1


def test_the_market_discount_each_market_action_or_once_per_turn() -> None:
    # DB2 (East, left) main: a market action; the elephant in the East adds another.
    s = seat(table(2), 0, coins=2, storehouses=["S07"], elephant="E")
    s = at_turn(s, 0, "actions", colour="Y", district="E")
    twice = play(s, "main L", "buy M", "done", "elephant-main L", "buy C", "done")
    assert twice.players[0].coins == 2  # each purchase of price 1 was free
    once = play(
        with_rule(s, "discount_once_per_turn"),
        "main L",
        "buy M",
        "done",
        "elephant-main L",
        "buy C",
        "done",
    )
    assert once.players[0].coins == 1
