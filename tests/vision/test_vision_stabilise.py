"""The stabiliser: a frame that says nothing about a zone is no evidence either
way, within one calm spell; a hand still restarts every count."""

from __future__ import annotations

from vision.stabilise import Stabiliser

KEYS = ("coins:N1", "donation:N:1:0", "section:N1")


def feed(st: Stabiliser, *frames: tuple[dict[str, object], bool]) -> None:
    for values, calm in frames:
        st.update(values, calm, ())  # type: ignore[arg-type]


def test_a_printed_spot_not_measured_in_some_frames_still_settles() -> None:
    # Blur that changes every frame: the coin spot decodes ("clear") in some
    # frames, is not measured (None) in others.
    st = Stabiliser(KEYS, players=2)
    both = {"donation:N:1:0": "grey", "section:N1": ("Y1",)}
    feed(
        st,
        ({**both, "coins:N1": False}, True),
        ({**both, "coins:N1": None}, True),
        ({**both, "coins:N1": False}, True),
        ({**both, "coins:N1": None}, True),
    )
    assert st.settling  # "clear" read twice only
    feed(st, ({**both, "coins:N1": False}, True))
    assert not st.settling and st.accepted["coins:N1"] is False
    # Not measured again: the value holds and nothing is pending.
    feed(st, ({**both, "coins:N1": None}, True))
    assert not st.settling and st.accepted["coins:N1"] is False


def test_a_zone_out_of_the_frames_values_keeps_its_count() -> None:
    st = Stabiliser(KEYS, players=2)
    full = {"coins:N1": False, "donation:N:1:0": "grey", "section:N1": ("Y1",)}
    held = {"coins:N1": False, "donation:N:1:0": "grey"}  # section held back
    feed(st, (full, True), (held, True), (full, True), (held, True))
    assert "section:N1" not in st.accepted
    feed(st, (full, True))
    assert st.accepted["section:N1"] == ("Y1",) and not st.settling


def test_none_is_a_value_where_it_means_empty() -> None:
    # An empty donation space reads None: disagreeing with "grey", not skipped.
    st = Stabiliser(KEYS, players=2)
    a = {"coins:N1": False, "section:N1": ()}
    feed(
        st,
        ({**a, "donation:N:1:0": "grey"}, True),
        ({**a, "donation:N:1:0": None}, True),
        ({**a, "donation:N:1:0": "grey"}, True),
        ({**a, "donation:N:1:0": "grey"}, True),
    )
    assert "donation:N:1:0" not in st.accepted and st.settling


def test_never_measured_settles_as_not_measured() -> None:
    st = Stabiliser(KEYS, players=2)
    v = {"coins:N1": None, "donation:N:1:0": None, "section:N1": ()}
    feed(st, (v, True), (v, True), (v, True))
    assert not st.settling and st.accepted["coins:N1"] is None


def test_a_hand_restarts_every_count() -> None:
    st = Stabiliser(KEYS, players=2)
    old = {"coins:N1": False, "donation:N:1:0": None, "section:N1": ()}
    new = {"coins:N1": True, "donation:N:1:0": "grey", "section:N1": ("Y1",)}
    feed(st, (old, True), (old, True), (old, True))
    assert st.accepted["section:N1"] == ()
    # Half of a move read under the hand's last calm frames never counts.
    feed(st, (new, True), (new, True), ({}, False), (new, True), (new, True))
    assert st.accepted["section:N1"] == () and st.settling
    feed(st, (new, True))
    assert st.accepted == new and not st.settling


def test_a_spot_measured_once_then_never_again_settles_as_not_measured() -> None:
    # 1080p seeds 50020, 50087: a small sticker decodes ("clear") in one calm
    # frame and never again; one reading cannot confirm, and the zone, never
    # accepted, kept the table settling for ever. It settles as unknown.
    st = Stabiliser(KEYS, players=2)
    both = {"donation:N:1:0": "grey", "section:N1": ("Y1",)}
    feed(st, ({**both, "coins:N1": False}, True), ({**both, "coins:N1": None}, True))
    feed(st, ({**both, "coins:N1": None}, True))
    assert st.settling and "coins:N1" not in st.accepted
    feed(st, ({**both, "coins:N1": None}, True))
    assert not st.settling and st.accepted["coins:N1"] is None
    # Three agreeing readings later still give it its value.
    feed(st, *[({**both, "coins:N1": False}, True)] * 3)
    assert not st.settling and st.accepted["coins:N1"] is False
