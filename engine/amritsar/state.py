"""The game state: flat, typed, cheap to copy.

A state is the whole table at one moment: the main board, every player's
personal board, the solo Maharajah's board, where the game is in its turn,
and the stack of pending frames whose top is the one pending decision
(``engine.amritsar.decisions``). Fields are ints and tuples, so a copy is a shallow
copy of a few records (no ``deepcopy``); ``apply`` forks the state once per
action (``GameState.fork``: the players shared until the rules change one
through ``GameState.own``) and then mutates the fork.

Indices, not objects: tiles, storehouses, objectives and mahout tiles are
referred to by their index in the catalog's tuples; districts, sections,
colours and resources by their enum values (``engine.amritsar.board``). ``-1`` means
"none" (an empty space, an elephant not yet on the board).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.amritsar.catalog import Catalog
from engine.amritsar.effects import Effect
from engine.core import seats

NONE = -1
#: An objective held or played face down that nobody has named yet (house rule
#: ``objectives_at_end``: named when revealed at the end, ``rules.objectives_at_end``).
UNNAMED = -2

#: Who decides when nobody at the table does (the core's seat constants;
#: the Maharajah is the core's automated opponent, ``BOT``).
CHANCE = seats.CHANCE
MAHARAJAH = seats.BOT
NOBODY = seats.NOBODY


class Frame(NamedTuple):
    """One entry of the pending stack.

    ``kind`` is an ``engine.amritsar.decisions.Pending`` value. ``player`` decides (or
    ``CHANCE``/``MAHARAJAH``). ``steps`` holds the rest of an effect being
    carried out; ``a``, ``b`` and ``n`` are small per-kind parameters; ``src``
    says where PP gained inside the frame come from (for the score sheet);
    ``flags`` carries per-kind bits (for example "taken to follow").
    """

    kind: int
    player: int
    steps: Effect = ()
    a: int = 0
    b: int = 0
    n: int = 0
    src: tuple[str, str] = ("", "")
    flags: int = 0


class PlayerState:
    """One player's personal board and belongings."""

    __slots__ = (
        "coins",
        "donation_counters_placed",
        "elephant",
        "ledger",
        "mahout_hand",
        "mahouts",
        "market_space",
        "movement",
        "objective_hand",
        "objectives",
        "on_elephant",
        "pp",
        "resources",
        "seat",
        "storehouse_flipped",
        "storehouses",
        "tax",
        "tracks",
    )

    seat: int
    pp: int
    coins: int
    resources: tuple[int, int, int]
    tracks: tuple[int, int, int]
    tax: int
    elephant: int
    on_elephant: int
    market_space: int
    mahouts: tuple[int, int, int, int]
    mahout_hand: tuple[int, ...]
    objectives: tuple[int, int, int, int]
    objective_hand: tuple[int, ...]
    storehouses: tuple[int, ...]
    storehouse_flipped: tuple[bool, ...]
    movement: int
    donation_counters_placed: int
    ledger: tuple[tuple[str, str, int], ...]

    #: ``movement``: the movement token is locked, unlocked with its one free
    #: placement unused, or unlocked with the free placement spent.
    LOCKED = 0
    UNLOCKED = 1
    SPENT = 2

    def copy(self) -> PlayerState:
        # Field by field: ten times faster than a loop over __slots__, and the
        # rules copy every player once per applied action. A field added to
        # __slots__ must be added here too (tests/engine/test_state.py checks).
        new = PlayerState.__new__(PlayerState)
        new.coins = self.coins
        new.donation_counters_placed = self.donation_counters_placed
        new.elephant = self.elephant
        new.ledger = self.ledger
        new.mahout_hand = self.mahout_hand
        new.mahouts = self.mahouts
        new.market_space = self.market_space
        new.movement = self.movement
        new.objective_hand = self.objective_hand
        new.objectives = self.objectives
        new.on_elephant = self.on_elephant
        new.pp = self.pp
        new.resources = self.resources
        new.seat = self.seat
        new.storehouse_flipped = self.storehouse_flipped
        new.storehouses = self.storehouses
        new.tax = self.tax
        new.tracks = self.tracks
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerState):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in PlayerState.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"PlayerState(seat={self.seat}, pp={self.pp}, coins={self.coins}, "
            f"resources={self.resources})"
        )


class MaharajahState:
    """The solo Maharajah's board (rulebook: Solo Mode)."""

    __slots__ = (
        "board_counters",
        "elephant",
        "ledger",
        "objective",
        "on_elephant",
        "pp",
        "quarry",
        "storehouse",
        "white",
        "white_bounces",
    )

    pp: int
    board_counters: int  # counters still on his board (taken top-left first)
    on_elephant: int
    elephant: int
    quarry: tuple[int, ...]  # resource of each quarry space, NONE once taken
    storehouse: tuple[int, int, int]  # resources in his storehouse
    white: int  # position on his white-worker track (0 = leftmost)
    white_bounces: int
    objective: int
    ledger: tuple[tuple[str, str, int], ...]

    def copy(self) -> MaharajahState:
        new = MaharajahState.__new__(MaharajahState)
        for name in MaharajahState.__slots__:
            object.__setattr__(new, name, getattr(self, name))
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MaharajahState):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in MaharajahState.__slots__)

    __hash__ = None  # type: ignore[assignment]


class SharedPlayers(tuple[PlayerState, ...]):
    """The players of a state made by ``GameState.fork``.

    A player whose bit is not set in ``owned`` is the very object of the state
    forked from (which must not change), so rule code takes a player it
    changes through ``GameState.own``, which copies that one player first.
    """

    owned: int = 0


class GameState:
    """The whole game at one moment. Copy with ``copy()`` before mutating.

    ``apply`` works on ``fork()``, a copy that shares the players with the
    state given until the rules change one (``own``): an action usually
    changes one player, and copying all of them was a tenth of a playout.
    """

    __slots__ = (
        "active_colour",
        "active_district",
        "bought",
        "bridge",
        "catalog",
        "current",
        "decade",
        "district_tiles",
        "donations",
        "elephant_used",
        "exchange_used",
        "finished",
        "followers",
        "hand",
        "hard",
        "last_active_colour",
        "maharajah",
        "maharajah_space",
        "maharajah_workers",
        "market",
        "options",
        "pending",
        "players",
        "revealed_storehouses",
        "round",
        "section_coins",
        "sections",
        "sold",
        "solo",
        "starting_player",
        "temple",
        "tile_done",
        "tile_slot",
        "turn_in_round",
    )

    catalog: Catalog
    players: tuple[PlayerState, ...]
    solo: bool
    hard: bool
    maharajah: MaharajahState | None
    # main board
    sections: tuple[tuple[int, ...], ...]  # worker colours per section, in slot order
    section_coins: tuple[int, ...]
    maharajah_workers: tuple[int, ...]  # 2-player/solo: worker colour beside each space
    maharajah_space: int
    district_tiles: tuple[tuple[int, ...], ...]  # catalog index per district, per slot
    temple: tuple[int, ...]  # temple tile per decade (active = temple[decade - 1])
    bridge: tuple[int, ...]  # bridge tile per decade slot
    donations: tuple[tuple[int, ...], ...]  # per district: owner seat of each space
    market: tuple[int, int, int]  # resources in each column (rows 1..k are filled)
    revealed_storehouses: tuple[int, ...]  # storehouses beside the board, not yet taken
    # progress
    decade: int
    round: int
    turn_in_round: int
    starting_player: int
    current: int
    finished: bool
    options: tuple[str, ...]  # house rules chosen at creation (engine.amritsar.options), sorted
    pending: tuple[Frame, ...]  # the decision stack; pending[-1] is the pending decision
    # the turn in progress
    hand: tuple[int, ...]  # workers picked up and not yet placed
    active_colour: int
    active_district: int
    last_active_colour: int  # the human's last active worker (solo)
    tile_slot: int  # tile whose actions the worker is doing, NONE before
    tile_done: int  # bits: 1 main done, 2 secondary done, 4 tile closed
    elephant_used: bool
    bought: tuple[int, ...]  # per seat: resource bits that seat bought this turn
    sold: tuple[int, ...]  # per seat: resource bits that seat sold this turn
    exchange_used: bool
    followers: int

    def copy(self) -> GameState:
        # Field by field, like PlayerState.copy; the players and the Maharajah
        # are copied too, everything else is immutable (ints and tuples).
        new = self._copy_fields()
        new.players = tuple([p.copy() for p in self.players])
        new.maharajah = None if self.maharajah is None else self.maharajah.copy()
        return new

    def _copy_fields(self) -> GameState:
        """A new state with every field but ``players`` and ``maharajah`` (immutable values)."""
        new = GameState.__new__(GameState)
        new.active_colour = self.active_colour
        new.active_district = self.active_district
        new.bought = self.bought
        new.bridge = self.bridge
        new.catalog = self.catalog
        new.current = self.current
        new.decade = self.decade
        new.district_tiles = self.district_tiles
        new.donations = self.donations
        new.elephant_used = self.elephant_used
        new.exchange_used = self.exchange_used
        new.finished = self.finished
        new.followers = self.followers
        new.hand = self.hand
        new.hard = self.hard
        new.last_active_colour = self.last_active_colour
        new.maharajah_space = self.maharajah_space
        new.maharajah_workers = self.maharajah_workers
        new.market = self.market
        new.options = self.options
        new.pending = self.pending
        new.revealed_storehouses = self.revealed_storehouses
        new.round = self.round
        new.section_coins = self.section_coins
        new.sections = self.sections
        new.sold = self.sold
        new.solo = self.solo
        new.starting_player = self.starting_player
        new.temple = self.temple
        new.tile_done = self.tile_done
        new.tile_slot = self.tile_slot
        new.turn_in_round = self.turn_in_round
        return new

    def fork(self) -> GameState:
        """A copy for the rules to change, sharing the players until ``own``.

        Only for code that changes players through ``own`` (``apply``); any
        other change starts from ``copy()``.
        """
        new = self._copy_fields()
        new.players = SharedPlayers(self.players)
        new.maharajah = None if self.maharajah is None else self.maharajah.copy()
        return new

    def own(self, seat: int) -> PlayerState:
        """The player at ``seat``, ready to change: copied first if shared with
        the state this one was forked from (``fork``), else as it is."""
        players = self.players
        if type(players) is not SharedPlayers or players.owned >> seat & 1:
            return players[seat]
        player = players[seat].copy()
        mine = SharedPlayers((*players[:seat], player, *players[seat + 1 :]))
        mine.owned = players.owned | 1 << seat
        self.players = mine
        return player

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return all(
            getattr(self, n) == getattr(other, n) for n in GameState.__slots__ if n != "catalog"
        )

    __hash__ = None  # type: ignore[assignment]

    @property
    def player_count(self) -> int:
        """Seats at the table; the solo Maharajah counts as the second seat."""
        return len(self.players) + (1 if self.maharajah is not None else 0)

    @property
    def donation_players(self) -> int:
        """Which donation tiles are on the lake (solo uses the 2-player tiles)."""
        return 2 if self.solo else len(self.players)

    @property
    def pending_frame(self) -> Frame | None:
        return self.pending[-1] if self.pending else None

    def __repr__(self) -> str:
        top = self.pending[-1] if self.pending else None
        return (
            f"GameState(decade={self.decade}, round={self.round}, current={self.current}, "
            f"pending={top.kind if top else None})"
        )


#: Seat number of the Maharajah's counters on donation tiles (solo mode).
MAHARAJAH_SEAT = 1
