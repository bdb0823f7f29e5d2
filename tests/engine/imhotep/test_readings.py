"""Imhotep where the rulebook's text decides a corner: each test quotes the sentence.

The side-B market's face-down cards lie on the market from the round's start
and leave it at the round's end; a market pick, the pyramids' card and stones
bonuses follow the text's "puede" / "puedes" by default; spent stones go back
after the card is taken; and each other reading is a house rule
(``engine.imhotep.house``) offered on the start page with the rulebook's words.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.adapters.rules import RulesAdapter
from engine.core.reasons import IllegalActionError
from engine.imhotep import RULES
from engine.imhotep.house import (
    BONUS_COMPULSORY,
    BURIAL_FOURTH,
    HOUSE_RULES,
    PICK_COMPULSORY,
    STONE_BACK_AT_ONCE,
)
from tests.engine.imhotep.build import CARD, change, load, on_site, play, table

#: the rulebook sits beside the repository, not in it (a clone without it checks the rest)
RULEBOOK = Path(__file__).resolve().parents[4] / "shared" / "rules" / "imhotep-reglamento-es.txt"


def _sail_everywhere_but_the_market(s):
    """Send the round's four boats to the four building sites, no stone to the market."""
    for boat, site in zip(
        [b.id for b in s.boats], ("pyramid", "temple", "burial", "obelisk"), strict=True
    ):
        size = len(s.boats[s.boat_index(boat)].slots)
        s = play(load(s, boat, "b" * size), f"sail {boat} {site}")
    return s


def test_side_b_market_puts_two_cards_face_down_at_the_round_start():
    # B) Mercado: "al iniciar la ronda, colocad dos cartas boca abajo en la casilla
    # inferior derecha (en lugar de una carta boca arriba)"
    s = RULES.new_game(3, seed=4, options=["market-b"])
    view = RULES.view(s, None)
    assert view["market_face_down"] == 2 and len(view["market"]) == 3
    assert view["deck_size"] == 34 - 3 - 2 and view["discard_size"] == 0
    assert RULES.observe(s).market_face_down == 2


def test_unpicked_face_down_cards_go_to_the_discard_pile_at_the_round_end():
    # Preparación de la siguiente ronda: "Recoged las cartas que queden en el mercado y
    # dejadlas en la pila de descarte"
    s = _sail_everywhere_but_the_market(table(3, options=("market-b",)))
    turned = []
    while RULES.decision(s).kind == "FACE_DOWN_CARD":  # turned over onto the discard pile
        assert RULES.privacy(s, RULES.legal_actions(s)[0]) == (None, True)
        action = RULES.legal_actions(s)[0]
        turned.append(action)
        s = play(s, RULES.format_action(action))
    assert len(turned) == 2
    assert RULES.decision(s).kind == "ROUND_CARD"
    s = play(s, f"round {RULES.catalog.round_cards_for(3)[1].id}")
    for name in ("statue", "lever", "hammer"):
        s = play(s, f"card {name}")
    view = RULES.view(s, None)
    assert view["discard_size"] == 5 and view["deck_size"] == 34 - 5 - 5
    assert view["market_face_down"] == 2


def test_nobody_learns_the_face_down_cards_until_one_picks_them():
    # B) Mercado: "Al gastar una piedra en el mercado, puedes coger las dos cartas y
    # mirarlas. Seguidamente, eliges la carta que deseas quedarte."
    s = table(4, options=("market-b",), market=("statue", "lever", "sail"))
    assert s.pair == () and s.hidden == 2  # no face is named while they lie there
    for seat in (None, 0, 1, 2, 3):
        assert "pair" not in RULES.view(s, seat)
    s = play(load(s, 6, "w"), "sail 6 market", "pick hidden")
    decision = RULES.decision(s)
    assert decision.kind == "MARKET_CARD" and decision.secret_for == 1
    s = play(s, "card hammer", "card statue")
    assert RULES.view(s, 1)["pair"] == ["hammer", "statue"]
    assert all("pair" not in RULES.view(s, seat) for seat in (None, 0, 2, 3))
    s = play(s, "keep statue")
    assert s.hands[1][CARD["statue"]] == 1 and s.hidden == 0 and s.pair == ()
    assert RULES.view(s, None)["deck_size"] == 34 - 3 - 2


def test_a_market_pick_is_optional_unless_the_house_rule_says_otherwise():
    # A) Mercado: "Por cada piedra transportada hasta aquí, el propietario puede gastarla
    # para coger inmediatamente 1 carta de mercado cualquiera"
    s = play(load(table(4), 6, "w"), "sail 6 market")
    assert "pick" in [RULES.format_action(a) for a in RULES.legal_actions(s)]
    after = play(s, "pick")
    assert after.market == s.market and sum(after.hands[1]) == 0
    assert after.quarry[1] == s.quarry[1] + 1  # the unspent stone goes back too
    compulsory = play(load(table(4, options=(PICK_COMPULSORY,)), 6, "w"), "sail 6 market")
    assert "pick" not in [RULES.format_action(a) for a in RULES.legal_actions(compulsory)]
    with pytest.raises(IllegalActionError):
        play(compulsory, "pick")


def test_spent_stones_go_back_after_the_card_is_taken():
    # A) Mercado: "Importante: las piedras gastadas se devuelven a la cantera después de
    # coger la carta." Example: "Finalmente, todas las piedras gastadas se devuelven a la
    # cantera."  White's quarry is empty: the Entrance (a red card: a stone from the quarry
    # onto the pyramid) finds no stone, since the spent one is not back yet.
    s = load(table(4, market=("entrance", "statue", "lever", "sail")), 6, "w")
    s = change(s, quarry=(s.quarry[0], 0, *s.quarry[2:]))
    after = play(s, "sail 6 market", "pick entrance")
    assert after.pyramid == ((),) and after.quarry[1] == 1
    at_once = change(s, house=(STONE_BACK_AT_ONCE,))
    after = play(at_once, "sail 6 market", "pick entrance")
    assert after.pyramid == ((1,),) and after.quarry[1] == 0


def test_the_b_pyramid_card_and_stones_bonuses_may_be_declined():
    # B) Pirámides: "Obtienes 1 punto y puedes coger la carta de mercado de encima del
    # mazo"; "Obtienes 1 punto e inmediatamente puedes coger tres piedras de la cantera"
    base = change(
        table(4, options=("pyramid-b",)), pyramid=((3,), (2, 0), (), ()), quarry=(30, 27, 25, 24)
    )
    s = play(load(base, 1, "www"), "sail 1 pyramid", "pyramid left")
    assert RULES.decision(s).kind == "PYRAMID_BONUS" and RULES.decision(s).player == 1
    s = play(s, "decline", "pyramid left", "pyramid left")
    assert sum(s.hands[1]) == 0 and RULES.decision(s).kind == "PYRAMID_BONUS"
    sled = s.sled[1]
    s = play(s, "decline")
    assert s.sled[1] == sled and s.points[1][0] == 3 + 1 + 1  # the points still count
    compulsory = change(base, house=(BONUS_COMPULSORY,))
    s = play(load(compulsory, 1, "www"), "sail 1 pyramid", "pyramid left")
    assert RULES.decision(s).kind == "MARKET_CARD"


def test_the_b_burial_chamber_scores_8_4_2_and_a_4th_place_only_by_house_rule():
    # B) Cámara funeraria example: 8 for the most, then 4, then 2; no 4th place given
    columns = "bbbbwwwrrg"  # each row: black 4, white 3, brown 2, grey 1
    s = on_site(table(4, options=("burial-b",)), "burial", "".join(c * 3 for c in columns))

    def burial(state):
        return [
            sum(line.amount for line in sheet.lines if line.category == "burial")
            for sheet in RULES.score(state)
        ]

    assert burial(s) == [3 * 8, 3 * 4, 3 * 2, 0]
    assert burial(change(s, house=(BURIAL_FOURTH,))) == [3 * 8, 3 * 4, 3 * 2, 3 * 1]


def test_every_house_rule_reaches_the_start_page_with_the_rulebook_words():
    offered = {rule["name"]: rule for rule in RulesAdapter("imhotep").house_rules()}
    text = (
        " ".join(RULEBOOK.read_text(encoding="utf-8").replace("**", "").split())
        if RULEBOOK.exists()
        else None
    )
    for name, rule in HOUSE_RULES.items():
        shown = offered[name]
        assert shown["en"] == rule.en and shown["es"] == rule.es
        assert shown["default_en"] and shown["default_es"] and shown["text"]
        quotes = [q.split("»")[0] for q in shown["text_es"].split("«")[1:]]
        assert quotes or "no nombra" in shown["text_es"], name
        for quoted in quotes:  # every quote is the rulebook's
            assert text is None or quoted in text, quoted
    assert "puede gastarla" in offered[PICK_COMPULSORY]["text_es"]
    state = RULES.new_game(2, options=[PICK_COMPULSORY, "market-b"])
    assert state.house == (PICK_COMPULSORY,)
    assert RULES.from_dict(RULES.to_dict(state)) == state


def test_the_table_drawing_shows_the_face_down_cards_as_card_backs():
    # the table screen's drawing: two card backs on the market, and the deck as the table has it
    from companion.games.imhotep.drawing import imhotep as draw
    from companion.table_session import Seat

    s = RULES.new_game(3, seed=4, options=["market-b"])
    seats = [
        Seat(i, n, c, n)
        for i, (n, c) in enumerate(
            zip(("Ana", "Ben", "Cy"), ("black", "white", "brown"), strict=True)
        )
    ]
    market = next(x for x in draw(RULES.view(s, None), seats)["sites"] if x["key"] == "market")
    assert market["face_down_cards"] == 2 and len(market["cards"]) == 3
    assert "2" in market["face_down"]["en"]
