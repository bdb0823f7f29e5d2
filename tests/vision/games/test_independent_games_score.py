"""bench/independent_games.py's scoring: Imhotep, Ceylon and Rajas observations
turned into the second renderer's zones (layout zone id -> marker ids) and
scored exact / unknown / missed / false / wrong id. No frame is drawn."""

from __future__ import annotations

from bench.independent_games import (
    ceylon_truth,
    ceylon_zones,
    imhotep_claimed,
    imhotep_truth,
    imhotep_zones,
    kind_of,
    rajas_truth,
    rajas_zones,
    score,
    scored_zones,
)
from engine.ceylon.view import CeylonObservation
from engine.imhotep.catalog import default_catalog
from engine.imhotep.observe import ImhotepObservation
from engine.rajas.view import RajasObservation
from vision.games.ceylon import plan as CP
from vision.games.imhotep.plan import PLAN as IP
from vision.games.rajas.plan import rajas_plan


def test_score_splits_missed_false_wrong_id_and_unknown() -> None:
    read = {
        "a": ["1", "2"],  # exact
        "b": ["1"],  # missed: 2 is there
        "c": ["1", "3"],  # false: 3 is not there
        "d": ["4"],  # wrong id: 5 read as 4
        "e": None,  # unknown
        "f": ["6"],  # unknown: 7 could not be placed, and it is here
        "g": [],  # a zone not in play, read empty: not scored
        "h": ["8"],  # a zone not in play, something read there: false
    }
    truth = {"a": ["2", "1"], "b": ["1", "2"], "c": ["1"], "d": ["5"], "e": ["9"], "f": ["7"]}
    tally = score(read, truth, {"7"})
    assert dict(tally.counts) == {"exact": 1, "missed": 1, "false": 2, "wrong id": 1, "unknown": 2}
    assert tally.failed
    assert any(w.startswith("d: read ['4'], truth ['5']") for w in tally.wrong)
    assert not score({"a": ["1"], "e": None}, {"a": ["1"], "e": ["2"]}).failed


def test_zone_kinds_keep_the_kind_of_place() -> None:
    assert kind_of("seats:2:card_slots:3") == "seats:card_slots"
    assert kind_of("hexes:D5") == "hexes"
    assert kind_of("sites:temple:dock") == "sites:dock"
    assert kind_of("boat:4:cargo") == "boat:cargo"
    assert kind_of("province:1:elephant") == "province:elephant"


#: fields the bench does not score (the stacked sites, the track)
_IMHOTEP_UNREAD = [
    "pyramid_top",
    "pyramid_covered",
    "temple_top",
    "temple_covered",
    "obelisk_tops",
    "obelisk_heights",
    "towers",
    "market_face_down",
    "track",
]


def test_imhotep_boats_cards_and_burial_as_zones() -> None:
    card = next(c for c in default_catalog().round_cards if c.players == 2)
    b0, b1 = card.boats[:2]

    def boat(b: int) -> list[str]:
        return [str(IP.id_of("boat", f"{b}-bow")), str(IP.id_of("boat", f"{b}-stern"))]

    market_card = str(IP.id_of("card", "sarcophagus"))
    obs = ImhotepObservation(
        round_card=card.id,
        boats=(
            (b0, "harbour", ("black", "")),
            (b1, "temple", (None,)),
            *([None] * (len(card.boats) - 2)),
        ),
        market=("sarcophagus", "", None, ""),
        cards=((), None),
        sleds=(2, None),
        burial=("white",),
        **dict.fromkeys(_IMHOTEP_UNREAD),
    )
    read, unsure = imhotep_zones(obs)
    assert read["round_card"] == [str(IP.id_of("round-card", str(card.id)))]
    assert read["harbour"] == boat(b0) and read["sites:temple:dock"] == boat(b1)
    assert read["sites:market:dock"] == []
    assert read[f"boat:{b0}:cargo"] == ["stone:black"]
    assert read[f"boat:{b1}:cargo"] is None  # a slot not read
    assert read["market:0"] == [market_card] and read["market:2"] is None
    assert read["seats:0:cards"] == [] and read["seats:1:cards"] is None
    assert read["seats:0:sled"] == ["stone", "stone"]
    assert read["burial_cells:0"] == ["stone:white"] and read["burial_cells:1"] == []
    assert set(boat(card.boats[2])) <= unsure

    other = next(b for b in range(1, 9) if b not in card.boats)
    scene_truth = {
        "round_card": [IP.id_of("round-card", str(card.id))],
        "harbour_berths:0": [int(m) for m in boat(b0)],
        "harbour_berths:1": [int(m) for m in boat(other)],  # not the round's: not scored
        "sites:temple:dock": [int(m) for m in boat(b1)],
        "sites:market:dock": [],
        "market:0": [int(market_card)],
        "market:1": [],
        "market:3": [],
        "seats:0:card_slots:0": [],
        "seats:0:sled_slots:0": [],
        "seats:0:sled_slots:1": [],
        "seats:0:sled_slots:2": [],
        "burial_cells:0": [],
        "burial_cells:1": [],
    }
    stones = {
        "harbour_berths:0": ["stone:black"],
        "harbour_berths:1": ["stone:grey"],
        "seats:0:sled_slots:0": ["stone:grey"],
        "seats:0:sled_slots:1": ["stone:grey"],
        "burial_cells:0": ["stone:white"],
    }
    truth = imhotep_claimed(imhotep_truth(scene_truth, stones))
    assert truth["seats:0:sled"] == ["stone", "stone"]
    assert truth[f"boat:{b0}:cargo"] == ["stone:black"]
    assert sorted(truth["harbour"]) == sorted(boat(b0))  # the other boat dropped
    assert f"boat:{other}:cargo" not in truth
    tally = score(read, truth, unsure)
    assert not tally.failed, tally.wrong
    # the same reading against a boat docked elsewhere: false and missed
    moved = dict(truth, harbour=[], **{"sites:market:dock": boat(b0)})
    assert score(read, moved, unsure).counts["false"] == 1
    assert score(read, moved, unsure).counts["missed"] == 1


def test_ceylon_hexes_homes_and_advisor_tracks() -> None:
    players = 2
    plantations = [(-1, 0)] * 32
    plantations[0] = (1, 1)
    levels = [0] * 32
    levels[3] = 2
    obs = CeylonObservation(
        pawns=(0, -1),
        plantations=tuple(plantations),
        levels=tuple(levels),
        train=(2, -1, None),
        advisors=(-1, 0, -1, -1),
        hired=(0b0010, 0),
        card=-1,
    )
    read, unsure = ceylon_zones(obs, players)
    assert unsure == set()
    assert sorted(read["hexes:D1"]) == sorted([str(CP.LEAF_IDS[1]), str(CP.PAWN_IDS[0])])  # type: ignore[type-var]
    assert read["hexes:D4"] == [str(CP.SMALL_ID), str(CP.FREE_IDS[-1])]
    assert read["pawn_homes:blue"] == [str(CP.PAWN_IDS[1])] and read["pawn_homes:red"] == []
    assert read["wagons:0"] == [str(CP.CONTRACT_IDS[2])] and read["wagons:2"] is None
    assert read["advisor_spaces:kandy"] == [str(CP.ADVISOR_IDS[0])]
    assert read["advisor_discs:kandy"] == [str(CP.DISC_IDS[0])]
    assert read["discard"] == []
    scene_truth = {
        "hexes:D1": [CP.LEAF_IDS[1]],  # the pawn is not there: false
        "advisor_disc_spaces:kandy:0": [CP.DISC_IDS[0]],
        "advisor_disc_spaces:kandy:3": [CP.DISC_IDS[0]],
    }
    truth = ceylon_truth({**scene_truth, "pawn_homes:green": [], "pawn_homes:blue": []}, players)
    assert truth["advisor_discs:kandy"] == [str(CP.DISC_IDS[0])]
    assert "pawn_homes:blue" in truth and "pawn_homes:green" not in truth  # no third seat
    tally = score({k: read[k] for k in ("hexes:D1", "advisor_discs:kandy")}, truth)
    assert tally.counts["false"] == 1 and tally.counts["exact"] == 1
    # a pawn not placed makes the hex that holds it unknown, not missed
    read2, unsure2 = ceylon_zones(
        CeylonObservation(pawns=None, plantations=tuple(plantations), levels=tuple(levels)), players
    )
    assert unsure2 == {str(CP.PAWN_IDS[0]), str(CP.PAWN_IDS[1])}
    hexes = {"hexes:D1": [str(CP.LEAF_IDS[1]), str(CP.PAWN_IDS[0])]}
    assert score({"hexes:D1": read2["hexes:D1"]}, hexes, unsure2).counts["unknown"] == 1


def test_rajas_spaces_tracks_and_stacks() -> None:
    plan = rajas_plan()
    worker = str(plan.find("worker", "blue").marker_id)
    red, blue = (str(plan.find("token", c).marker_id) for c in ("red", "blue"))
    cover = plan.find("out-of-play", "closed").marker_id
    obs = RajasObservation(
        spaces=(1,) + (-1,) * 31,
        tops=(-1,) + (None,) * 11,
        fame=(3, None),
        money=(0, 0),
        boats=None,
        provinces=((), ()),
        elephant=1,
    )
    read, unsure = rajas_zones(obs)
    assert read["action_spaces:Q1"] == [worker] and read["action_spaces:Q2"] == []
    assert read["stacks:0"] == [] and read["stacks:1"] is None
    assert read["fame_track:3"] == [red] and read["fame_track:4"] == []
    assert sorted(read["money_track:0"]) == sorted([red, blue])  # type: ignore[type-var]
    assert "river:0" not in read
    assert unsure == {blue}
    assert read["province:1:elephant"] == [str(plan.find("elephant", "elephant").marker_id)]
    truth = rajas_truth(
        {
            "action_spaces:Q8": [cover],
            "fame_track:5": [plan.find("token", "blue").marker_id],
            **{f"stacks:{j}": [] for j in range(12)},
        }
    )
    assert truth["action_spaces:Q8"] == []  # a cover tile is no worker
    tally = score(read, truth, unsure)
    assert tally.counts["unknown"] == 12  # 11 stacks, and fame 5 holds the unplaced blue token
    assert tally.counts["exact"] == 2  # Q8 without a worker, stack 0 empty
    # pieces read in zones this truth does not have (Q1, fame 3, money 0, the elephant)
    assert tally.counts["false"] == 4 and tally.failed


def test_a_refused_scene_leaves_every_scored_zone_unknown() -> None:
    truth = {"hexes:D1": ["20"], "wagons:0": [], "tech_track:0": ["59"], "advisor_discs:uva": []}
    read = scored_zones("ceylon", truth)
    assert read == {"hexes:D1": None, "wagons:0": None, "advisor_discs:uva": None}
    tally = score(read, truth)
    assert tally.counts["unknown"] == 3 and not tally.failed
