"""A Ceylon position: the map, the train, the decks, every personal board, the turn.

Plain mutable records that the rules copy before changing (``clone``; a
player's board is copied when first changed, ``mut``), so a state given to
``apply`` is never altered. Hexes, districts, contracts and
card faces are indices into the catalog; sets of hexes are bit masks.

Secrets: ``Player.hand`` (faces of the cards held) and ``State.deck`` (faces
left in the draw pile, which with the discards would give the hands away)
never appear in a view for another seat (``engine.ceylon.view``). With the
option ``unknown_hands`` (``engine.ceylon.hands``) the faces held are known to
nobody but their player: ``Player.unknown`` counts the cards, ``hand`` stays
empty and ``deck`` counts the copies of each face not yet seen (in the pile or
in a hand), which the cards played make public anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Decision kinds (the ``phase`` of a state).
LEAVE_OUT = "LEAVE_OUT"  # chance: the large elevation tile that goes back to the box
ADVISOR = "ADVISOR"  # chance: the advisor of the next district in play
CONTRACT = "CONTRACT"  # chance: a contract into an empty wagon (setup and refill)
START_TILE = "START_TILE"  # chance (variant): a start tile for the next seat
DEAL = "DEAL"  # chance, secret: a card into a starting hand
ELEVATE = "ELEVATE"  # seat 0: a large elevation tile on 4 hexes of a district
TOP = "TOP"  # seat 0: a small elevation tile on a hex of a large one
START = "START"  # a seat: its starting plantation and pawn
PLAY = "PLAY"  # the active player: a card and its rotation
ACT = "ACT"  # a seat: the main action the card leaves them or an alternative
HARVEST = "HARVEST"  # a seat inside "harvest": the plantations it takes tea from
DISCARD = "DISCARD"  # a seat over its storehouse capacity: a cube back
TOKEN = "TOKEN"  # the active player after the card's action: a tech token or pass
DRAW = "DRAW"  # chance, secret: the active player's card to refill the hand
OVER = "OVER"

CHANCE_PHASES = frozenset({LEAVE_OUT, ADVISOR, CONTRACT, START_TILE, DEAL, DRAW})

#: Live point sources kept on the scoring track, by category.
POINT_SOURCES = ("harvest", "bonus", "contracts", "tech", "advisor")

COLOURS = ("red", "blue", "green", "yellow")
COLOURS_ES = ("rojo", "azul", "verde", "amarillo")


@dataclass
class Player:
    rupees: int
    cubes: list[int]  # black, green, white
    pawn: int = -1  # hex index, -1 before the starting placement
    tech: int = 0  # steps on the tech track
    tech_order: int = 0  # stacking: the higher number is on top on a shared space
    tokens: int = 0  # tech tokens held
    markers: int = 0  # leaf markers on the map
    companies: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0])  # contracts per company
    contracts: list[int] = field(default_factory=list)  # contract indices, in order won
    points: list[int] = field(default_factory=lambda: [0] * len(POINT_SOURCES))
    hired: int = 0  # bit mask of districts whose advisor this seat hired
    start_tile: int = 0  # variant: the start tile's number (0: none)
    start_used: bool = False
    bonus: int = 0  # district bonus taken (points; 0: none)
    hand: list[int] = field(default_factory=list)  # card faces, sorted
    unknown: int = 0  # option unknown_hands: cards held whose faces the game does not know

    def clone(self) -> Player:
        new = object.__new__(Player)
        new.__dict__.update(self.__dict__)
        new.cubes = self.cubes[:]
        new.companies = self.companies[:]
        new.contracts = self.contracts[:]
        new.points = self.points[:]
        new.hand = self.hand[:]
        return new

    def score_points(self) -> int:
        return sum(self.points)


@dataclass
class State:
    players: list[Player]
    options: tuple[str, ...]
    in_play: int  # bit mask of districts in play
    hexes_in_play: int  # bit mask of hexes in play
    level: list[int]  # per hex: 0, 1, 2
    large: list[int]  # per large tile: hex mask covered (0: not placed)
    left_out: int  # large tile back in the box (-1: not drawn yet)
    small: int  # hex mask of small elevation tiles
    owner: list[int]  # per hex: seat of its plantation, -1 none
    double: int  # hex mask of plantations with two markers (start tile)
    advisors: list[int]  # per district: advisor index, -1 none
    train: list[int]  # per wagon: contract index, -1 empty
    contract_pile: int  # bit mask of contracts not drawn yet
    deck: list[int]  # per face: cards left in the draw pile (secret)
    discards: int  # cards played
    bonus_stack: list[int]  # district bonuses left, top first
    first: int  # the starting player (teapot)
    start_order: list[int]  # order of the starting placements
    phase: str
    actor: int  # who decides now (a seat, or the seat a chance draw is for)
    active: int = 0
    card: int = -1  # face on top of the discard pile: played this turn or the last (-1 none)
    side: int = -1  # main action its player took (index in MAIN): the card's rotation
    queue: list[int] = field(default_factory=list)  # seats still to act on the card
    card_done: bool = False  # the active player has started the card's action
    token_used: bool = False  # a tech token was used this turn
    harvest_reach: int = 0  # hexes the current harvest may take from
    harvest_last: int = -1  # last hex picked (picks go in map order)
    harvest_count: int = 0
    ending: bool = False  # the game end was triggered; the round finishes
    tech_counter: int = 0  # next stacking number on the tech track
    turn: int = 0  # cards played so far

    def clone(self) -> State:
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.players = self.players[:]  # shared until ``mut`` copies one (copy on write)
        new.level = self.level[:]
        new.large = self.large[:]
        new.owner = self.owner[:]
        new.advisors = self.advisors[:]
        new.train = self.train[:]
        new.deck = self.deck[:]
        new.bonus_stack = self.bonus_stack[:]
        new.start_order = self.start_order[:]
        new.queue = self.queue[:]
        return new

    def mut(self, seat: int) -> Player:
        """Seat's board, copied first so that the state this one was cloned from keeps its own.
        Every change to a player goes through here."""
        player = self.players[seat].clone()
        self.players[seat] = player
        return player

    @property
    def n(self) -> int:
        return len(self.players)

    def turn_order(self) -> list[int]:
        """Seats clockwise from the starting player."""
        return [(self.first + i) % self.n for i in range(self.n)]
