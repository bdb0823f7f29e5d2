"""Imhotep states to plain JSON-able dicts and back, validated field by field.

``from_dict`` never trusts its input (a saved game may come from a file or a
phone): every field is checked for type and range, counts are checked for
conservation (30 stones per colour, 34 market cards), and a bad value raises
``ValueError`` naming the field.
"""

from __future__ import annotations

from typing import Any

from engine.imhotep import consistency
from engine.imhotep.catalog import Catalog
from engine.imhotep.house import HOUSE_RULES
from engine.imhotep.state import EMPTY, HARBOUR, LIVE, Boat, State, Task

VERSION = 1
_TASK_KINDS = {
    "first", "round", "reveal", "draw", "pair", "keep", "unload", "deliver", "bonus",
    "temple", "stones", "dock", "next_turn", "round_end", "cleanup", "facedown", "down",
    "back", "offer",
}  # fmt: skip


def to_dict(state: State) -> dict[str, Any]:
    return {
        "game": "imhotep",
        "version": VERSION,
        "players": state.players,
        "sides": state.sides,
        "wrath": state.wrath,
        "colours": list(state.colours),
        "round": state.round,
        "first_player": state.first_player,
        "current": state.current,
        "last_sender": state.last_sender,
        "round_cards": list(state.round_cards),
        "boats": [{"id": b.id, "slots": list(b.slots), "site": b.site} for b in state.boats],
        "sailing": state.sailing,
        "market": list(state.market),
        "hidden": state.hidden,
        "pair": list(state.pair),
        "deck": list(state.deck),
        "discard": list(state.discard),
        "quarry": list(state.quarry),
        "sled": list(state.sled),
        "hands": [list(h) for h in state.hands],
        "points": [list(p) for p in state.points],
        "pyramid": [list(p) for p in state.pyramid],
        "temple": list(state.temple),
        "burial": list(state.burial),
        "obelisk": list(state.obelisk),
        "towers": list(state.towers),
        "queue": [list(t) for t in state.queue],
        "over": state.over,
        "house": list(state.house),
    }


class _Check:
    """Reads fields, raising ``ValueError`` with the field's name."""

    def __init__(self, data: Any):
        if not isinstance(data, dict):
            raise ValueError("an Imhotep state must be a JSON object")
        self.data = data

    def get(self, name: str) -> Any:
        if name not in self.data:
            raise ValueError(f"field {name!r} is missing")
        return self.data[name]

    def whole(self, name: str, low: int, high: int, value: Any = None, where: str = "") -> int:
        value = self.get(name) if where == "" else value
        label = where or name
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ValueError(
                f"field {label!r} must be a whole number from {low} to {high}, not {value!r}"
            )
        return value

    def ints(self, name: str, low: int, high: int, length: int | None = None, value: Any = None,
             where: str = "") -> tuple[int, ...]:  # fmt: skip
        value = self.get(name) if where == "" else value
        label = where or name
        if not isinstance(value, list) or len(value) > 400:
            raise ValueError(f"field {label!r} must be a list")
        if length is not None and len(value) != length:
            raise ValueError(f"field {label!r} must have {length} entries, not {len(value)}")
        return tuple(self.whole(name, low, high, v, f"{label}[{i}]") for i, v in enumerate(value))

    def flag(self, name: str) -> bool:
        value = self.get(name)
        if not isinstance(value, bool):
            raise ValueError(f"field {name!r} must be true or false")
        return value


def from_dict(data: Any, catalog: Catalog) -> State:
    c = _Check(data)
    if c.get("game") != "imhotep":
        raise ValueError("field 'game' must be \"imhotep\"")
    if c.get("version") != VERSION:
        raise ValueError(f"field 'version' must be {VERSION}")
    n = c.whole("players", 2, 4)
    sides = c.get("sides")
    if not isinstance(sides, str) or len(sides) != 5 or set(sides) - {"A", "B"}:
        raise ValueError(
            "field 'sides' must be 5 letters A or B (market, pyramid, temple, burial, obelisk)"
        )
    colours = c.ints("colours", 0, 3, n)
    if len(set(colours)) != n:
        raise ValueError("field 'colours': each seat plays a different colour")
    kinds = len(catalog.cards)
    rounds = int(catalog.value("rounds"))
    seat_or_none = (-1, n - 1)
    boats = []
    raw_boats = c.get("boats")
    if not isinstance(raw_boats, list) or len(raw_boats) not in (0, 4):
        raise ValueError("field 'boats' must list the round's 4 boats (or none between rounds)")
    for i, raw in enumerate(raw_boats):
        b = _Check(raw)
        boat_id = b.whole("id", 1, 99, raw.get("id"), f"boats[{i}].id")
        try:
            size = catalog.boat(boat_id).size
        except KeyError:
            raise ValueError(f"field 'boats[{i}].id': no boat {boat_id} in the catalog") from None
        slots = b.ints("slots", EMPTY, n - 1, size, raw.get("slots"), f"boats[{i}].slots")
        site = b.whole("site", HARBOUR, 4, raw.get("site"), f"boats[{i}].site")
        boats.append(Boat(boat_id, slots, site))
    queue = []
    raw_queue = c.get("queue")
    if not isinstance(raw_queue, list) or len(raw_queue) > 64:
        raise ValueError("field 'queue' must be a short list")
    for i, raw in enumerate(raw_queue):
        if not isinstance(raw, list) or len(raw) != 4 or raw[0] not in _TASK_KINDS:
            raise ValueError(f"field 'queue[{i}]' must be [kind, seat, a, b] with a known kind")
        seat = c.whole("queue", -1, n - 1, raw[1], f"queue[{i}][1]")
        a = c.whole("queue", -1, 4, raw[2], f"queue[{i}][2]")
        b2 = c.whole("queue", -1, 1, raw[3], f"queue[{i}][3]")
        queue.append(Task(raw[0], seat, a, b2))
    hands = tuple(
        c.ints("hands", 0, 34, kinds, h, f"hands[{s}]") for s, h in enumerate(_list(c, "hands", n))
    )
    points = tuple(
        c.ints("points", 0, 9999, len(LIVE), p, f"points[{s}]")
        for s, p in enumerate(_list(c, "points", n))
    )
    pyramid_raw = _list(c, "pyramid", 4 if sides[1] == "B" else 1)
    pyramid = tuple(
        c.ints("pyramid", 0, n - 1, None, p, f"pyramid[{i}]") for i, p in enumerate(pyramid_raw)
    )
    state = State(
        players=n,
        sides=sides,
        wrath=c.flag("wrath"),
        colours=colours,
        round=c.whole("round", 0, rounds),
        first_player=c.whole("first_player", *seat_or_none),
        current=c.whole("current", 0, n - 1),
        last_sender=c.whole("last_sender", *seat_or_none),
        round_cards=c.ints("round_cards", 1, 999),
        boats=tuple(boats),
        sailing=c.whole("sailing", -1, 3),
        market=c.ints("market", -1, kinds - 1),
        hidden=c.whole("hidden", 0, 2),
        pair=c.ints("pair", 0, kinds - 1),
        deck=c.ints("deck", 0, 34, kinds),
        discard=c.ints("discard", 0, 34, kinds),
        quarry=c.ints("quarry", 0, 30, n),
        sled=c.ints("sled", 0, int(catalog.value("sled_capacity")), n),
        hands=hands,
        points=points,
        pyramid=pyramid,
        temple=c.ints("temple", 0, n - 1),
        burial=c.ints("burial", 0, n - 1),
        obelisk=c.ints("obelisk", 0, 30, n),
        towers=c.ints("towers", 0, n - 1),
        queue=tuple(queue),
        over=c.flag("over"),
        house=_house(data),
    )
    _consistent(state, catalog)
    _conserved(state, catalog)
    consistency.check(state, catalog)  # how the fields fit together, as play keeps them
    return state


def _consistent(state: State, catalog: Catalog) -> None:
    """What the rules rely on between fields; ``ValueError`` names the field."""
    n = state.players
    ids = {card.id: card for card in catalog.round_cards_for(n)}
    if len(set(state.round_cards)) != len(state.round_cards) or not set(state.round_cards) <= set(
        ids
    ):
        raise ValueError(f"field 'round_cards': distinct round cards for {n} players")
    if len(state.round_cards) != state.round:
        raise ValueError("field 'round_cards': one card per round played")
    if state.boats:
        if not state.round_cards or [b.id for b in state.boats] != list(
            ids[state.round_cards[-1]].boats
        ):
            raise ValueError("field 'boats': the boats of the last round card")
        docked = [b.site for b in state.boats if b.site != HARBOUR]
        if len(docked) != len(set(docked)):
            raise ValueError("field 'boats': two boats docked at one site")
    if state.sailing >= len(state.boats) or (
        state.sailing >= 0 and state.boats[state.sailing].site == HARBOUR
    ):
        raise ValueError("field 'sailing': must name a boat that has left the harbour, or -1")
    limit = int(catalog.value("market_a_face_up"))
    if len(state.market) > limit or len(state.pair) > 2:
        raise ValueError(f"field 'market': at most {limit} face-up cards (and 'pair' at most 2)")
    if state.over and state.queue:
        raise ValueError("field 'queue': a finished game has nothing pending")
    for i, task in enumerate(state.queue):
        if task.kind == "unload" and state.sailing < 0:
            raise ValueError(f"field 'queue[{i}]': unloading needs a sailing boat")
        if task.kind == "reveal" and not 0 <= task.a < len(state.market):
            raise ValueError(f"field 'queue[{i}]': no such market slot")
        if (
            task.kind in ("deliver", "draw", "pair", "keep", "bonus", "temple", "stones")
            and task.seat < 0
        ):
            raise ValueError(f"field 'queue[{i}]': needs a seat")
        if task.kind == "deliver" and task.a < 0:
            raise ValueError(f"field 'queue[{i}]': needs a site")
    if state.sides[1] == "B":
        for p, stones in enumerate(state.pyramid[:3]):
            if len(stones) > len(catalog.pyramids_b[p]):
                raise ValueError(f"field 'pyramid[{p}]': more stones than the pyramid holds")


def _house(data: dict[str, Any]) -> tuple[str, ...]:
    """The house rules (a save from before they existed has none)."""
    value = data.get("house", [])
    if (
        not isinstance(value, list)
        or len(value) > len(HOUSE_RULES)
        or not all(isinstance(v, str) and v in HOUSE_RULES for v in value)
        or len(set(value)) != len(value)
    ):
        raise ValueError(f"field 'house' must list house rules among: {', '.join(HOUSE_RULES)}")
    return tuple(sorted(value))


def _list(c: _Check, name: str, length: int) -> list[Any]:
    value = c.get(name)
    if not isinstance(value, list) or len(value) != length:
        raise ValueError(f"field {name!r} must be a list of {length}")
    return value


def stones_of(state: State, seat: int) -> int:
    """Every stone of ``seat``'s colour in play (quarry, sled, boats, sites, and
    a stone taken off a boat whose owner is still choosing where it goes)."""
    on_boats = sum(1 for b in state.boats for o in b.slots if o == seat)
    on_boats += sum(1 for t in state.queue if t.kind == "deliver" and t.seat == seat and t.b == 0)
    on_boats += sum(1 for t in state.queue if t.kind == "back" and t.seat == seat)
    on_sites = (
        sum(p.count(seat) for p in state.pyramid)
        + state.temple.count(seat)
        + state.burial.count(seat)
        + state.obelisk[seat]
        + 3 * state.towers.count(seat)
    )
    return state.quarry[seat] + state.sled[seat] + on_boats + on_sites


def cards_in_play(state: State) -> int:
    """Every market card: deck, discard, market, the B pair, in front of players."""
    return (
        sum(state.deck)
        + sum(state.discard)
        + sum(1 for k in state.market if k >= 0)
        + len(state.pair)
        + sum(sum(h) for h in state.hands)
    )


def _conserved(state: State, catalog: Catalog) -> None:
    stones = int(catalog.value("stones_per_colour"))
    for seat in range(state.players):
        if stones_of(state, seat) != stones:
            raise ValueError(
                f"field 'quarry': {stones_of(state, seat)} stones of seat {seat} in play, not {stones}"
            )
    total = sum(card.count for card in catalog.cards)
    if cards_in_play(state) != total:
        raise ValueError(f"field 'deck': {cards_in_play(state)} market cards in play, not {total}")
