"""The camera's words and the engine's, translated both ways.

``seen_from_snapshot`` reads a vision ``TableSnapshot`` (zone names, marker
ids, player colours) as a ``Seen`` (seats, catalog indices, counts), leaving
``None`` wherever the camera could not see. ``truth_from_state`` goes the
other way, for the synthetic camera of the demo and the tests: it lays an
engine state out as the pieces on a table, keeping each worker's identity
from one layout to the next so a worker that did not move keeps its marker.
``expected_counts`` turns the engine's state into the pieces per zone the
camera should find (``Pipeline.expect``): pieces are conserved, so fewer seen
with no hand over the zone is a miss to look at again, then unknown, never a
new value.

Vision knows no rules and the engine no cameras; this module is where their
vocabularies meet.
"""

from __future__ import annotations

from companion.games.amritsar.reconcile.seen import Seen
from engine.amritsar import (
    MAHARAJAH_SPACE_NAMES,
    SECTION_NAMES,
    Catalog,
    District,
    GameState,
    Resource,
    WorkerColour,
    donation_tile,
)
from vision.expect import counts
from vision.layout import DECADES, MARKET_ROWS, donation_space_name
from vision.snapshot import SetupReading, TableSnapshot

NONE = -1


def _index(items: tuple[object, ...], ident: str | None) -> int | None:
    if ident is None:
        return None
    for i, item in enumerate(items):
        if getattr(item, "id", None) == ident:
            return i
    return None


def _donation_names(state: GameState, district: int) -> list[str]:
    tile = donation_tile(state, district)
    return [
        donation_space_name(District(district), level, i)
        for level, row in enumerate(tile.levels, start=1)
        for i in range(len(row.pp))
    ]


def seen_from_snapshot(snapshot: TableSnapshot, state: GameState, colours: tuple[str, ...]) -> Seen:
    """What the camera saw, in the engine's terms (seats in ``colours`` order)."""
    unseen = set(snapshot.unseen)
    catalog: Catalog = state.catalog
    seat_of = {colour: seat for seat, colour in enumerate(colours)}

    sections = tuple(
        None
        if f"section:{name}" in unseen
        else tuple(int(WorkerColour.parse(w[0])) for w in snapshot.sections.get(name, ()))
        for name in SECTION_NAMES
    )
    coins = tuple(
        None if f"coins:{name}" in unseen else snapshot.coins.get(name) for name in SECTION_NAMES
    )
    # A coin spot read covered: a coin there, how many the camera cannot count.
    covered = frozenset(
        i
        for i, name in enumerate(SECTION_NAMES)
        if f"coins:{name}" not in unseen and snapshot.coins_present.get(name) is True
    )
    elephants: list[int | None] = []
    for colour in colours:
        where = snapshot.elephants.get(colour)
        if where is None or f"elephant:{colour}" in unseen:
            elephants.append(None)
        elif where == "off":
            elephants.append(NONE)
        else:
            elephants.append(int(District.parse(where)))
    token = None
    if snapshot.maharajah is not None and "maharajah" not in unseen:
        token = MAHARAJAH_SPACE_NAMES.index(snapshot.maharajah)
    workers: tuple[int | None, ...] | None = None
    if state.maharajah_workers:
        workers = tuple(
            None
            if f"maharajah-worker:{space}" in unseen
            or snapshot.maharajah_workers.get(space) is None
            else int(WorkerColour.parse(str(snapshot.maharajah_workers[space])[0]))
            for space in MAHARAJAH_SPACE_NAMES
        )
    donations: list[tuple[int | None, ...]] = []
    for district in District:
        row: list[int | None] = []
        for name in _donation_names(state, district):
            if f"donation:{name}" in unseen:
                row.append(None)
                continue
            owner = snapshot.donations.get(name)
            row.append(NONE if owner is None else seat_of.get(owner, NONE))
        donations.append(tuple(row))
    market_spaces = tuple(
        None if f"market-space:{c}" in unseen else snapshot.market_counters.get(c)
        for c in colours[: len(state.players)]
    )
    market: list[int | None] = []
    for resource in Resource:
        cells = snapshot.market.get(resource.name.lower(), ())
        keys = [f"market:{resource.name.lower()}:{row}" for row in range(1, MARKET_ROWS + 1)]
        if len(cells) != MARKET_ROWS or any(c is None for c in cells) or unseen & set(keys):
            market.append(None)
        else:
            market.append(sum(1 for c in cells if c))
    setup = snapshot.setup
    tiles: list[tuple[int | None, ...] | None] = []
    for district in District:
        slots = setup.district_tiles.get(district.letter)
        if slots is None or any(
            f"district-slot:{district.letter}:{s}" in unseen for s in ("left", "centre", "right")
        ):
            tiles.append(None)
        else:
            tiles.append(tuple(_index(catalog.district_tiles, t) for t in slots))
    face_up = tuple(
        index
        for dec in DECADES
        if (bridge := setup.bridges.get(dec)) is not None and bridge[1]
        if (index := _index(catalog.bridge_tiles, bridge[0])) is not None
    )
    bridges_seen = not any(f"bridge:{dec}" in unseen for dec in DECADES)
    stores = {_index(catalog.storehouses, s) for s in setup.storehouses}
    return Seen(
        sections=sections,
        section_coins=coins,
        coins_covered=covered,
        elephants=tuple(elephants),
        maharajah_space=token,
        maharajah_workers=workers,
        donations=tuple(donations),
        market_spaces=market_spaces,
        market=tuple(market),
        district_tiles=tuple(tiles),
        temple_active=None
        if "temple:active" in unseen
        else _index(catalog.temple_tiles, setup.temple_active),
        bridge_face_up=face_up if bridges_seen else None,
        revealed_storehouses=None
        if "storehouses" in unseen
        else frozenset(i for i in stores if i is not None),
    )


def _assign_workers(
    sections: tuple[tuple[int, ...], ...], previous: TableSnapshot | None
) -> dict[str, tuple[str, ...]]:
    """Worker ids per section, keeping ids where workers did not move."""
    pool: dict[int, list[str]] = {
        int(c): [f"{WorkerColour(c).letter}{n}" for n in range(1, 4)] for c in WorkerColour
    }
    kept: dict[str, list[str]] = {name: [] for name in SECTION_NAMES}
    if previous is not None:
        for name, colours in zip(SECTION_NAMES, sections, strict=True):
            wanted = list(colours)
            for ident in previous.sections.get(name, ()):
                colour = int(WorkerColour.parse(ident[0]))
                if colour in wanted and ident in pool[colour]:
                    wanted.remove(colour)
                    pool[colour].remove(ident)
                    kept[name].append(ident)
    result: dict[str, tuple[str, ...]] = {}
    for name, colours in zip(SECTION_NAMES, sections, strict=True):
        ids = list(kept[name])
        wanted = list(colours)
        for ident in ids:
            wanted.remove(int(WorkerColour.parse(ident[0])))
        for colour in wanted:
            ids.append(pool[colour].pop(0))
        result[name] = tuple(ids)
    return result


def truth_from_state(
    state: GameState, colours: tuple[str, ...], previous: TableSnapshot | None = None
) -> TableSnapshot:
    """The pieces on the table for this state, as the synthetic camera renders them."""
    catalog = state.catalog
    players = 1 if state.solo else len(state.players)
    truth = TableSnapshot.empty(players)
    elephants = dict(truth.elephants)
    for seat, colour in enumerate(colours):
        district = (
            state.players[seat].elephant
            if seat < len(state.players)
            else (state.maharajah.elephant if state.maharajah is not None else NONE)
        )
        elephants[colour] = District(district).letter if district >= 0 else None
    donations = dict(truth.donations)
    for district in District:
        for name, owner in zip(
            _donation_names(state, district), state.donations[district], strict=True
        ):
            donations[name] = colours[owner] if owner >= 0 else None
    market_counters = dict(truth.market_counters)
    for seat, p in enumerate(state.players):
        market_counters[colours[seat]] = p.market_space
    coins: dict[str, int | None] = {
        name: state.section_coins[i] for i, name in enumerate(SECTION_NAMES)
    }
    market: dict[str, tuple[bool | None, ...]] = {
        r.name.lower(): tuple(row < state.market[r] for row in range(MARKET_ROWS)) for r in Resource
    }
    maharajah_workers = dict(truth.maharajah_workers)
    for space, beside in zip(MAHARAJAH_SPACE_NAMES, state.maharajah_workers, strict=False):
        maharajah_workers[space] = f"{WorkerColour(beside).letter}4" if beside >= 0 else None
    temple = state.temple
    decade = state.decade
    setup = SetupReading(
        district_tiles={
            District(d).letter: tuple(catalog.district_tiles[t].id if t >= 0 else None for t in row)  # type: ignore[misc]
            for d, row in enumerate(state.district_tiles)
        },
        temple_active=catalog.temple_tiles[temple[decade - 1]].id if temple else None,
        temple_rotation=0 if temple else None,
        temple_stack={
            "lower": catalog.temple_tiles[temple[1]].id if len(temple) > 1 and decade < 2 else None,
            "middle": catalog.temple_tiles[temple[2]].id
            if len(temple) > 2 and decade < 3
            else None,
        },
        bridges={
            dec: (catalog.bridge_tiles[state.bridge[i]].id, i >= decade - 1 and not state.finished)
            if i < len(state.bridge)
            else None
            for i, dec in enumerate(DECADES)
        },
        storehouses=tuple(catalog.storehouses[h].id for h in state.revealed_storehouses),
    )
    return TableSnapshot(
        frame=0,
        time=0.0,
        settling=False,
        players=players,
        sections=_assign_workers(state.sections, previous),
        maharajah_workers=maharajah_workers,
        elephants=elephants,
        maharajah=MAHARAJAH_SPACE_NAMES[state.maharajah_space],
        donations=donations,
        market_counters=market_counters,
        coins=coins,
        coins_present={name: bool(n) for name, n in coins.items()},
        market=market,
        setup=setup,
    )


def expected_counts(state: GameState, colours: tuple[str, ...]) -> dict[str, int]:
    """Pieces per zone key that the engine says lie on the table (for
    ``vision.pipeline.Pipeline.expect``)."""
    return counts(truth_from_state(state, colours))
