"""Hand-built positions for the rule tests.

The rule tests assert exact sets of legal actions, so they need positions
whose every detail is known: which tile lies where, who holds what. ``table``
starts from a real setup (so every field the engine expects is there) and
then lays a fixed, documented board over it; ``change``, ``seat`` and
``at_turn`` edit a copy; ``sound`` checks the result with the engine's own
``status`` so a test never runs on a position the game could not reach.

Actions are written in the engine's text notation (``"elephant W"``,
``"sow E1"``, ``"buy M"``), so an assertion reads like the rulebook:

    >>> s = at_turn(table(2), 0, "elephant")
    >>> sorted(legal(s))[:2]
    ['elephant E', 'elephant S']

The fixed board (``LAYOUT``, ``SECTIONS``) gives every district three tile
colours and puts three workers of each colour in the sections.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from engine.amritsar import position
from engine.amritsar.actions import Action, parse_action
from engine.amritsar.board import SECTION_NAMES, District, Resource, WorkerColour
from engine.amritsar.catalog import default_catalog
from engine.amritsar.decisions import Pending
from engine.amritsar.game import apply, legal_actions, new_game, why_illegal
from engine.amritsar.reasons import Reason
from engine.amritsar.rules.core import Event, advance, push
from engine.amritsar.rules.turn import start_turn
from engine.amritsar.serialize import status
from engine.amritsar.state import NONE, Frame, GameState

CATALOG = default_catalog()

#: District tiles by district, slot 0 first: three colours in each district, and
#: the slot-0 tiles are one of each colour (Game Setup step 9).
LAYOUT: dict[str, tuple[str, str, str]] = {
    "N": ("DY1", "DB1", "DW1"),
    "E": ("DB2", "DW2", "DG1"),
    "S": ("DW3", "DG2", "DY2"),
    "W": ("DG3", "DY3", "DB3"),
}

#: Workers per section, N1 to W2: three of each colour, 12 in all.
SECTIONS = ("YB", "W", "GY", "B", "WG", "Y", "BW", "G")

#: The same board in the position notation (``engine.amritsar.position``), for
#: rulebook examples written as positions; decade I, the market full.
BOARD = """
sections: N1 YB, N2 W, E1 GY, E2 B, S1 WG, S2 Y, W1 BW, W2 G
district tiles: N DY1 DB1 DW1, E DB2 DW2 DG1, S DW3 DG2 DY2, W DG3 DY3 DB3
temple tiles: T1 T2 T3
bridge tiles: BR1 BR2 BR3
market: marble 3, copper 3, gold 3
"""

#: Temple tiles T1, T2, T3 (T1 active: N 4, E 3, S 2, W 1); bridge tiles BR1
#: (group of four: a resource), BR2 (group of four: 1 PP), BR3 (donation: 1 coin).
TEMPLE = ("T1", "T2", "T3")
BRIDGE = ("BR1", "BR2", "BR3")

#: Each seat's first objective (on space 1) and the three in hand.
OBJECTIVES = (
    ("A1", "B1", "C1", "D1"),
    ("A2", "B2", "C2", "D2"),
    ("A3", "B3", "C3", "D3"),
    ("A4", "B4", "C4", "D4"),
)

#: Seat k's elephant starts in district k; seat k's donation mahout tile sits on
#: colour k's space (yellow, blue, white, green).
ELEPHANTS = ("N", "E", "S", "W")


def index_of(items: Iterable[Any], item_id: str) -> int:
    for i, item in enumerate(items):
        if item.id == item_id:
            return i
    raise KeyError(item_id)


def objective(item_id: str) -> int:
    return index_of(CATALOG.objectives, item_id)


def storehouse(item_id: str) -> int:
    return index_of(CATALOG.storehouses, item_id)


def mahout(item_id: str) -> int:
    return index_of(CATALOG.mahout_tiles, item_id)


def district_tile(item_id: str) -> int:
    return index_of(CATALOG.district_tiles, item_id)


def colours(text: str) -> tuple[int, ...]:
    return tuple(int(WorkerColour.parse(ch)) for ch in text)


def section(name: str) -> int:
    return SECTION_NAMES.index(name)


def table(players: int = 2, *, storehouses: Iterable[str] = ()) -> GameState:
    """A game after setup with the fixed board above, seat 0 starting.

    Every seat has 1 coin, 5 PP, no resources, its first objective placed
    (tax 1), its donation mahout tile placed, 2 counters on its elephant and 5
    on its market space. The revealed storehouses are ``storehouses`` (ids).
    The pending decision is seat 0's phase 1 of decade I, round 1.
    """
    s = _base(players).copy()
    s.revealed_storehouses = tuple(storehouse(h) for h in storehouses)
    return sound(s)


@cache
def _base(players: int) -> GameState:
    assert 2 <= players <= 4, "solo positions need the Maharajah's setup"
    s = new_game(players, seed=0)
    # Finish the players' setup choices, then lay the fixed board over it.
    while s.pending[-1].kind in (Pending.SETUP_OBJECTIVE, Pending.SETUP_MAHOUT):
        s, _ = apply(s, legal_actions(s)[0])
    s = s.copy()
    s.starting_player = 0
    s.district_tiles = tuple(tuple(district_tile(t) for t in LAYOUT[d.letter]) for d in District)
    s.sections = tuple(colours(text) for text in SECTIONS)
    s.section_coins = (0,) * 8
    if s.maharajah_workers:
        s.maharajah_workers = colours("YBWG")
    s.temple = tuple(index_of(CATALOG.temple_tiles, t) for t in TEMPLE)
    s.bridge = tuple(index_of(CATALOG.bridge_tiles, t) for t in BRIDGE)
    start = mahout("donate")
    for p in s.players:
        first, *hand = OBJECTIVES[p.seat]
        p.objectives = (objective(first), NONE, NONE, NONE)
        p.objective_hand = tuple(objective(o) for o in hand)
        mahouts = [NONE] * 4
        mahouts[p.seat] = start
        p.mahouts = (mahouts[0], mahouts[1], mahouts[2], mahouts[3])
        p.mahout_hand = tuple(i for i in range(len(CATALOG.mahout_tiles)) if i != start)
        p.elephant = int(District.parse(ELEPHANTS[p.seat]))
    # Replace START_GAME by the first turn's frames (as START_GAME would push).
    s.decade, s.round, s.turn_in_round = 1, 1, 0
    s.pending = ()
    start_turn(s)
    return s


def sound(s: GameState) -> GameState:
    """Fail loudly if the built position breaks an invariant of the game."""
    problems = status(s)
    assert not problems, "built position is not sound:\n" + "\n".join(problems)
    return s


def change(s: GameState, **fields: Any) -> GameState:
    """A copy with main-board or turn fields replaced.

    ``sections`` may be given as strings of colour letters, ``hand`` too;
    ``donations`` as a dict ``{"N": [owners...]}`` merged over the current tiles.
    """
    new = s.copy()
    for name, value in fields.items():
        if name == "sections":
            value = tuple(colours(v) if isinstance(v, str) else tuple(v) for v in value)
        elif name == "hand" and isinstance(value, str):
            value = colours(value)
        elif name == "donations" and isinstance(value, dict):
            rows = list(new.donations)
            for letter, owners in value.items():
                rows[District.parse(letter)] = tuple(owners)
            value = tuple(rows)
        elif name == "revealed_storehouses":
            value = tuple(storehouse(h) if isinstance(h, str) else h for h in value)
        elif name == "district_tiles" and isinstance(value, dict):
            rows = list(new.district_tiles)
            for letter, ids in value.items():
                rows[District.parse(letter)] = tuple(district_tile(t) for t in ids)
            value = tuple(rows)
        setattr(new, name, value)
    return new


def seat(s: GameState, number: int, **fields: Any) -> GameState:
    """A copy with one player's fields replaced.

    ``resources`` may be a string of letters (``"MMC"``); ``storehouses`` and
    ``objectives``/``objective_hand`` may be ids; ``mahouts`` a dict
    ``{"W": "market"}`` merged over the board; ``elephant`` a district letter.
    Adding storehouses or mahout tiles updates the tax counter, the hand and
    the counters they cover, so the position stays sound.
    """
    new = s.copy()
    p = new.players[number]
    for name, value in fields.items():
        if name == "resources" and isinstance(value, str):
            counts = [0, 0, 0]
            for letter in value:
                counts[Resource.parse(letter)] += 1
            value = (counts[0], counts[1], counts[2])
        elif name == "elephant" and isinstance(value, str):
            value = int(District.parse(value))
        elif name == "storehouses":
            ids = [storehouse(h) if isinstance(h, str) else h for h in value]
            ids += [NONE] * (CATALOG.board.storehouse_spaces - len(ids))
            before = sum(1 for h in p.storehouses if h != NONE)
            after = sum(1 for h in ids if h != NONE)
            p.tax += sum(CATALOG.storehouses[h].tax_icons for h in ids if h != NONE) - sum(
                CATALOG.storehouses[h].tax_icons for h in p.storehouses if h != NONE
            )
            p.on_elephant += after - before
            value = tuple(ids)
            p.storehouse_flipped = (False,) * len(ids)
            new.revealed_storehouses = tuple(h for h in new.revealed_storehouses if h not in value)
        elif name == "mahouts" and isinstance(value, dict):
            placed = list(p.mahouts)
            for letter, tile_id in value.items():
                colour = WorkerColour.parse(letter)
                tile = NONE if tile_id is None else mahout(tile_id)
                old = placed[colour]
                if old != NONE:
                    p.tax -= CATALOG.mahout_tiles[old].tax_icons
                    p.on_elephant -= 1
                    p.mahout_hand = (*p.mahout_hand, old)
                if tile != NONE:
                    p.tax += CATALOG.mahout_tiles[tile].tax_icons
                    p.on_elephant += 1
                    p.mahout_hand = tuple(t for t in p.mahout_hand if t != tile)
                placed[colour] = tile
            value = (placed[0], placed[1], placed[2], placed[3])
            p.mahout_hand = tuple(sorted(p.mahout_hand))
        elif name in ("objectives", "objective_hand"):
            value = tuple(
                objective(o) if isinstance(o, str) else (NONE if o is None else o) for o in value
            )
            if name == "objectives":
                value = (*value, *(NONE,) * (4 - len(value)))
                added = sum(1 for o in value if o != NONE) - sum(
                    1 for o in p.objectives if o != NONE
                )
                p.tax += added * CATALOG.rules.objective_tax_icons
                p.on_elephant += added
        setattr(p, name, value)
    return new


def donated(s: GameState, spaces: dict[str, int]) -> GameState:
    """A copy with donation counters on the tiles: ``{"S2.1": 0}`` puts seat 0's
    counter on the South tile, level 2, first space from the left.

    Each counter comes from its owner's market space (or, when that is empty,
    their elephant), so the position stays sound.
    """
    from engine.amritsar.rules.donation import space_index, tile_for

    new = s.copy()
    rows = [list(owners) for owners in new.donations]
    for where, owner in spaces.items():
        district = District.parse(where[0])
        level, _, index = where[1:].partition(".")
        position = space_index(tile_for(new, district), int(level), int(index) - 1)
        assert rows[district][position] == NONE, f"{where} is taken"
        rows[district][position] = owner
        if owner < len(new.players):
            p = new.players[owner]
            p.donation_counters_placed += 1
            if p.market_space > 0:
                p.market_space -= 1
            else:
                p.on_elephant -= 1
    new.donations = tuple(tuple(owners) for owners in rows)
    return new


def at_turn(
    s: GameState,
    number: int,
    stage: str = "elephant",
    *,
    colour: str | None = None,
    district: str | None = None,
) -> GameState:
    """The position with ``number``'s turn pending at ``stage``.

    Stages: ``elephant`` (phase 1), ``sow`` (choose the origin section),
    ``actions`` (the active worker's menu: give ``colour`` and ``district`` of
    the active worker) and ``phase3`` (``engine.amritsar.position.at_turn``).
    """
    return sound(position.at_turn(s, number, stage, colour=colour, district=district))


def with_frame(s: GameState, kind: Pending, player: int, **frame: Any) -> GameState:
    """Push a sub-decision (a market action, an upgrade...) on top of the stack."""
    new = s.copy()
    push(new, Frame(int(kind), player, **frame))
    return new


def settle(s: GameState) -> tuple[GameState, list[Event]]:
    """Carry out bookkeeping frames until a real decision is pending."""
    new = s.copy()
    events: list[Event] = []
    advance(new, events)
    return new, events


def legal(s: GameState) -> set[str]:
    """The legal actions in text notation."""
    actions = legal_actions(s)
    texts = {str(a) for a in actions}
    assert len(texts) == len(actions), "the same action is listed twice"
    return texts


def act(text: str) -> Action:
    return parse_action(text)


def play(s: GameState, *texts: str) -> GameState:
    """Apply actions given as text, each checked as a player's would be."""
    for text in texts:
        s, _ = apply(s, parse_action(text))
    return s


def play_events(s: GameState, *texts: str) -> tuple[GameState, list[Event]]:
    """Like ``play``, also returning every event caused."""
    events: list[Event] = []
    for text in texts:
        s, more = apply(s, parse_action(text))
        events += more
    return s, events


def refusal(s: GameState, text: str) -> Reason:
    """The reason the action is refused (fails the test if it is legal)."""
    reason = why_illegal(s, parse_action(text))
    assert reason is not None, f"{text!r} is legal here"
    return reason


def pending(s: GameState) -> Pending:
    return Pending(s.pending[-1].kind)


def ledger(s: GameState, number: int, category: str) -> int:
    """PP a seat earned from one ledger category."""
    return sum(e[2] for e in s.players[number].ledger if e[0] == category)
