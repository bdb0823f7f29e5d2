"""A Rajas of the Ganges position: every player's province, Kali statue and tracks, the board.

Plain mutable records that the rules copy before changing (``clone``; a
player is copied when first changed, ``mut``), so a state given to ``apply``
is never altered. Dice are counts per (colour, value): index
``colour * 6 + value - 1``. A province cell holds ``tile * 4 + rotation``,
``EMPTY`` or ``RESIDENCE``.

Nothing is secret in the basic game: the province stacks lie face up, dice
are rolled in the open. Chance decisions (a die rolled, the tile turned up on
a stack, who ate Indian food last) are public.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Decision kinds (the ``phase`` of a state).
REVEAL = "REVEAL"  # chance: the tile that turns up on top of a stack
ROLL = "ROLL"  # chance: the value a gained die shows
FIRST = "FIRST"  # chance: among equal lowest totals, who ate Indian food last
PLACE = "PLACE"  # a seat: place a worker (or spend karma first)
BUY = "BUY"  # a seat at the quarry or the Master Builder: a tile and the dice paying it
TILE = "TILE"  # a seat: where the tile goes and its rotation
UPGRADE = "UPGRADE"  # a seat: which building scroll's cube moves right
COLOUR = "COLOUR"  # a seat: the colour of a die of any colour
FULL = "FULL"  # a seat whose Kali statue is full: give a die back or take none
OVER = "OVER"

CHANCE_PHASES = frozenset({REVEAL, ROLL, FIRST})

EMPTY = -1
RESIDENCE = -2

#: bit of ``Player.bonuses`` per track bonus taken (each is taken once)
FAME_UPGRADE, FAME_WORKER, MONEY_MARKER, MONEY_WORKER, BRIDGE_WORKER = 1, 2, 4, 8, 16


@dataclass
class Player:
    money: int
    karma: int
    province: list[int]
    fame: int = 0
    levels: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # column per building
    dice: list[int] = field(default_factory=lambda: [0] * 24)
    workers: int = 3  # active workers
    placed: int = 0  # workers placed this round
    boat: int = 0  # river space
    bonuses: int = 0  # track bonuses taken (bits above)
    yields: int = 0  # special yields taken (bit per catalog yield)
    mixed_used: bool = False  # placed on a mixed-goods market this round

    def clone(self) -> Player:
        new = object.__new__(Player)
        new.__dict__.update(self.__dict__)
        new.province = self.province[:]
        new.levels = self.levels[:]
        new.dice = self.dice[:]
        return new

    def dice_count(self) -> int:
        return sum(self.dice)


@dataclass
class State:
    players: list[Player]
    options: tuple[str, ...]
    stacks: list[list[int]]  # per stack: tiles under the top one (their order is unknown)
    top: list[int]  # per stack: the face-up tile on top, -1 none
    spaces: list[int]  # per action space: the seat of the worker on it, -1 empty
    first: int  # holder of the start player's elephant
    round_first: int  # who began this round (the elephant may change hands mid-round)
    phase: str
    actor: int  # who decides now (a seat, or the seat a chance draw is for)
    turn: int = 0  # seat whose placement turn it is
    pending: list[tuple[str, int, int]] = field(default_factory=list)  # (kind, seat, amount)
    tile: int = -1  # tile bought and waiting to be placed
    free_build: bool = False  # the current building action is the Master Builder's
    ending: bool = False  # a player's markers met: the round of turns finishes
    round: int = 1
    placements: int = 0  # workers placed in the game
    held: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # dice held per colour, all seats
    occupied: int = 0  # bit per action space with a worker on it (derived from ``spaces``)

    def __post_init__(self) -> None:
        self.held = [sum(sum(p.dice[c * 6 : c * 6 + 6]) for p in self.players) for c in range(4)]
        self.occupied = sum(1 << i for i, seat in enumerate(self.spaces) if seat >= 0)

    def clone(self) -> State:
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.players = self.players[:]  # shared until ``mut`` copies one (copy on write)
        # ``stacks`` is shared: a reveal replaces the list it changes (copy on write)
        new.top = self.top[:]
        new.spaces = self.spaces[:]
        new.pending = self.pending[:]
        new.held = self.held[:]
        return new

    def mut(self, seat: int) -> Player:
        """Seat's record, copied first so the state this one was cloned from keeps its own."""
        player = self.players[seat].clone()
        self.players[seat] = player
        return player

    @property
    def n(self) -> int:
        return len(self.players)

    def supply(self, colour: int, per_colour: int) -> int:
        """Dice of ``colour`` left in the general supply."""
        return per_colour - self.held[colour]
