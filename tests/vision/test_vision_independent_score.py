"""bench/independent_vision.py's scoring: a snapshot against a truth written
as the second renderer writes it (layout zone id -> marker ids)."""

from __future__ import annotations

from dataclasses import replace

from bench.independent_vision import read_printed, read_zones, score, unsure_elephants
from vision.plan import DEFAULT_PLAN, Kind
from vision.snapshot import TableSnapshot


def _id(kind: Kind, name: str) -> int:
    return DEFAULT_PLAN.find(kind, name).marker_id


def test_zones_score_exact_missed_false_and_unknown() -> None:
    empty = TableSnapshot.empty(2)
    snap = replace(
        empty,
        sections={**empty.sections, "N1": ("Y1",), "N2": ("B1", "W1"), "E1": ()},
        elephants={**empty.elephants, "purple": "N", "grey": None},
        unseen=("section:E2",),
    )
    truth = {
        "section:N1": [_id(Kind.WORKER, "Y1"), _id(Kind.WORKER, "Y2")],  # one missed
        "section:N2": [_id(Kind.WORKER, "B1"), _id(Kind.WORKER, "G1")],  # one wrong
        "section:E1": [],  # exact
        "section:E2": [_id(Kind.WORKER, "G2")],  # unknown
        "path:N": [_id(Kind.ELEPHANT, "purple")],  # exact
        "path:E": [_id(Kind.ELEPHANT, "grey")],  # grey not placed: unknown
    }
    counts, kinds, wrong = score(
        read_zones(snap), read_printed(snap), truth, {}, unsure_elephants(snap)
    )
    assert (counts["exact"], counts["missed"], counts["false"], counts["unknown"]) == (2, 1, 1, 2)
    assert kinds["section"] == (1, 4) and kinds["path"] == (1, 2)
    assert any(w.startswith("section:N1") for w in wrong)


def test_printed_spots_score_covered_and_clear() -> None:
    empty = TableSnapshot.empty(2)
    snap = replace(
        empty,
        coins_present={**empty.coins_present, "N1": True, "N2": False, "E1": None},
    )
    covered = {"coin-spot:N1": True, "coin-spot:N2": True, "coin-spot:E1": False}
    counts, _, _ = score({}, read_printed(snap), {}, covered)
    assert (counts["exact"], counts["missed"], counts["unknown"]) == (1, 1, 1)
