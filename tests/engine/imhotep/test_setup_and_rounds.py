"""Setup for 2-4 players, the round's cards and boats, the end of a round and of the game."""

from __future__ import annotations

import random

import pytest

from engine.imhotep import RULES
from tests.engine.imhotep.build import CARD, change, load, play, table


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_waits_for_the_table_to_draw_the_first_player(players):
    s = RULES.new_game(players)
    d = RULES.decision(s)
    assert d.kind == "FIRST_PLAYER" and d.is_chance
    assert len(RULES.legal_actions(s)) == players
    s = play(s, f"first {players - 1}")
    # the first player 2 stones, then 3, 4, 5 clockwise
    expected = [2, 3, 4, 5][:players]
    assert [s.sled[(players - 1 + k) % players] for k in range(players)] == expected
    assert all(s.sled[i] + s.quarry[i] == 30 for i in range(players))
    assert RULES.decision(s).kind == "ROUND_CARD"
    cards = {a.args[0] for a in RULES.legal_actions(s)}
    assert cards == {c.id for c in RULES.catalog.round_cards_for(players)} and len(cards) == 7


def test_the_round_card_brings_out_its_four_boats():
    s = table(2)
    first = s.round_cards[0]
    assert len(s.boats) == 4 and [b.id for b in s.boats] == list(
        RULES.catalog.round_card(first).boats
    )


def test_a_seed_makes_the_setup_draws_up_to_the_first_turn():
    a = RULES.new_game(3, seed=11)
    b = RULES.new_game(3, seed=11)
    assert a == b and RULES.decision(a).kind == "TURN"
    assert sum(1 for k in a.market if k >= 0) == 4


def test_bad_players_and_options_are_named():
    with pytest.raises(ValueError, match="2 to 4 players"):
        RULES.new_game(5)
    with pytest.raises(ValueError, match=r"unknown option.*colour-b"):
        RULES.new_game(3, options=("colour-b",))
    assert "pharaohs-wrath" in RULES.option_names()


def test_sides_are_chosen_site_by_site():
    s = RULES.new_game(2, options=("temple-b", "obelisk-b"))
    assert s.sides == "AABAB"
    assert RULES.new_game(2, options=("all-b",)).sides == "BBBBB"


def test_market_side_b_shows_three_cards_and_two_face_down():
    s = table(4, options=("market-b",), market=("statue", "lever", "sail"))
    assert len(s.market) == 3 and s.hidden == 2 and RULES.decision(s).kind == "TURN"


def _finish_round(s, sender_seat=None):
    """Sail every harbour boat (loaded by black) to a free site."""
    for boat in s.boats:
        if boat.site != -1:
            continue
        free = [
            site
            for site in ("pyramid", "temple", "burial", "obelisk", "market")
            if s.docked_at(("market", "pyramid", "temple", "burial", "obelisk").index(site)) is None
        ]
        if sender_seat is not None:
            s = change(s, current=sender_seat)
        s = play(load(s, boat.id, "b" * len(boat.slots)), f"sail {boat.id} {free[0]}")
        while RULES.decision(s).kind == "MARKET_PICK":
            s = play(s, RULES.format_action(RULES.legal_actions(s)[0]))
    return s


def test_the_round_ends_when_the_fourth_boat_docks():
    s = table(4)
    s = change(s, quarry=(30, 27, 26, 25), sled=(0, 3, 4, 5))
    s = _finish_round(s, sender_seat=2)
    d = RULES.decision(s)
    assert d.kind == "ROUND_CARD" and s.round == 1
    assert s.boats == () and s.market == ()
    # leftover market cards went to the discard pile
    assert sum(s.discard) >= 1
    drawn = {a.args[0] for a in RULES.legal_actions(s)}
    assert len(drawn) == 6 and s.round_cards[0] not in drawn  # no card comes twice
    s = play(s, f"round {RULES.legal_actions(s)[0].args[0]}")
    for _ in range(4):
        if RULES.decision(s).kind == "MARKET_CARD":
            s = play(s, "card statue")
    assert s.round == 2 and s.current == 3  # left of the player who sent the last boat


def test_the_game_ends_after_six_rounds():
    rng = random.Random(5)
    s = table(3)
    rounds_seen = {s.round}
    while not s.over:
        if RULES.decision(s).is_chance:
            s, _ = RULES.apply(s, RULES.random_chance(s, rng))
        else:
            s, _ = RULES.apply(s, rng.choice(RULES.legal_actions(s)))
        rounds_seen.add(s.round)
    assert rounds_seen == {1, 2, 3, 4, 5, 6}
    assert len(s.round_cards) == 6 and len(set(s.round_cards)) == 6
    assert RULES.decision(s).kind == "GAME_OVER" and RULES.legal_actions(s) == []
    r = RULES.why_illegal(s, RULES.parse_action("take"))
    assert r is not None and r.code == "game_over"


def test_an_empty_deck_is_reshuffled_from_the_discard_pile():
    s = table(4)
    discard = tuple(s.deck)
    s = change(s, deck=(0,) * len(s.deck), discard=discard)
    s = _finish_round(s)
    s = play(s, f"round {RULES.legal_actions(s)[0].args[0]}")
    assert RULES.decision(s).kind == "MARKET_CARD"
    assert sum(s.deck) > 0 and sum(s.discard) == 0
    s = play(s, "card statue")
    assert s.market[0] == CARD["statue"]


def test_each_player_chooses_a_colour():
    s = RULES.new_game(2, options=("colours=white,grey",))
    s = play(s, "first 1", f"round {RULES.legal_actions(play(s, 'first 1'))[0].args[0]}")
    while RULES.decision(s).kind == "MARKET_CARD":
        s = play(s, "card statue")
    assert RULES.view(s, None)["colours"] == ["white", "grey"]
    assert [sheet.colour for sheet in RULES.score(s)] == ["white", "grey"]
    assert (
        RULES.describe_action(s, RULES.parse_action("take"), "es")
        == "Gris obtuvo piedras de la cantera"
    )
    s = play(s, "place 3 1")
    assert RULES.observe(s).boats[0][2][0] == "grey"
    assert RULES.from_dict(RULES.to_dict(s)) == s
    for bad in ("colours=white", "colours=white,white", "colours=white,pink"):
        with pytest.raises(ValueError, match="different colours"):
            RULES.new_game(2, options=(bad,))
