"""The Imhotep game state: one frozen value holding everything on the table.

A state never changes; the rules build the next one. Seats are numbered in
turn order around the table (seat 1 sits to the left of seat 0), each seat
plays one colour. Boats keep their slots bow first: slot 1 unloads first.

Work still to do inside a turn (stones unloading one by one, a market pick a
player must make, a chance draw the table must supply) waits in ``queue`` as
small ``Task`` values; the pending decision is the queue's first task, or the
current player's turn when the queue is empty.

Side B market: two cards lie face down on the market from the round's start
(``hidden``). Nobody knows their faces, so the engine names them only when a
picker looks at them (a chance draw only the picker sees): until then they
stay counted in ``deck``, the unseen cards, and the draw pile holds
``sum(deck)`` less the face-down cards not named yet (``pile``). A face-down
card is named sooner only when the rest tells it: the draw pile runs out and
the unseen cards are just those (``pair`` then holds them, shown to nobody).
"""

from __future__ import annotations

from typing import NamedTuple

#: an empty boat slot; a boat still in the harbour
EMPTY = -1
HARBOUR = -1

MARKET, PYRAMID, TEMPLE, BURIAL, OBELISK = range(5)
SITE_NAMES = ("market", "pyramid", "temple", "burial", "obelisk")
SITE_EN = ("market", "pyramid", "temple", "burial chamber", "obelisks")
SITE_ES = ("mercado", "pirámide", "templo", "cámara funeraria", "obeliscos")
SITE_ES_THE = ("el mercado", "la pirámide", "el templo", "la cámara funeraria", "los obeliscos")
#: the four building sites a player must reach under the Pharaoh's Wrath
BUILDING_SITES = (PYRAMID, TEMPLE, BURIAL, OBELISK)

COLOURS = ("black", "white", "brown", "grey")
COLOURS_EN = ("Black", "White", "Brown", "Grey")
COLOURS_ES = ("Negro", "Blanco", "Marrón", "Gris")

#: the three side-B pyramids, then the stones beside the completed pyramids
PYRAMID_NAMES = ("left", "centre", "right")

#: live point categories kept per seat (end-of-game items are computed)
LIVE = ("pyramid", "temple", "obelisk")
LIVE_PYRAMID, LIVE_TEMPLE, LIVE_OBELISK = range(3)


class Task(NamedTuple):
    """Work pending inside a turn: ``kind`` and the seat and number it concerns."""

    kind: str
    seat: int = -1
    a: int = -1
    b: int = -1


class Boat(NamedTuple):
    id: int  # catalog boat id
    slots: tuple[int, ...]  # seat per slot or EMPTY, bow first
    site: int = HARBOUR  # where it docked this round


class State(NamedTuple):
    """Immutable like every tuple (a NamedTuple: built fast, thousands of times a game)."""

    players: int
    sides: str  # "A"/"B" per site in SITE_NAMES order
    wrath: bool  # the Pharaoh's Wrath variant
    colours: tuple[int, ...]  # each seat's colour (index into COLOURS)
    round: int  # 1..6; 0 before the first round card
    first_player: int  # -1 until drawn
    current: int  # seat whose turn it is
    last_sender: int  # seat that sent the latest boat (-1 none yet)
    round_cards: tuple[int, ...]  # round cards revealed, in order
    boats: tuple[Boat, ...]  # this round's four boats
    sailing: int  # index in ``boats`` of the boat unloading, or -1
    market: tuple[int, ...]  # card kind per face-up market slot, -1 empty
    hidden: int  # side B: face-down cards lying on the market's lower-right space
    pair: tuple[int, ...]  # side B: the face-down cards named so far (the picker's, see below)
    deck: tuple[int, ...]  # unseen market cards per kind: the draw pile + face-down not named
    discard: tuple[int, ...]  # market cards in the discard pile, count per kind
    quarry: tuple[int, ...]  # stones of each seat's colour in the quarry
    sled: tuple[int, ...]  # stones on each seat's supply sled
    hands: tuple[tuple[int, ...], ...]  # cards in front of each seat, count per kind
    points: tuple[tuple[int, ...], ...]  # live points per seat per LIVE category
    pyramid: tuple[tuple[int, ...], ...]  # A: (owners in order,); B: 3 pyramids + beside
    temple: tuple[int, ...]  # owners in the order placed (level by level)
    burial: tuple[int, ...]  # owners in the order placed (column by column)
    obelisk: tuple[int, ...]  # A: tower height per seat; B: single stones per seat
    towers: tuple[int, ...]  # B: owner of each 3-stone tower, in slot order
    queue: tuple[Task, ...]
    over: bool
    house: tuple[str, ...] = ()  # house rules played (``engine.imhotep.house``), sorted

    def unnamed(self) -> int:
        """Face-down market cards whose faces nobody has named yet (counted in ``deck``)."""
        if self.hidden:
            return self.hidden - len(self.pair)
        if self.queue and self.queue[0].kind == "pair":
            return self.queue[0].a
        return 0

    def pile(self) -> int:
        """Cards in the draw pile: the unseen cards less the face-down ones not named."""
        return sum(self.deck) - self.unnamed()

    def colour(self, seat: int) -> str:
        """The seat's colour name ("black"), or "" for an empty slot."""
        return "" if seat == EMPTY else COLOURS[self.colours[seat]]

    def name(self, seat: int, language: str = "en") -> str:
        """The seat as players call it at the table: its colour ("Black" / "Negro")."""
        return (COLOURS_ES if language == "es" else COLOURS_EN)[self.colours[seat]]

    def side(self, site: int) -> str:
        return self.sides[site]

    def docked_at(self, site: int) -> Boat | None:
        for boat in self.boats:
            if boat.site == site:
                return boat
        return None

    def boat_index(self, boat_id: int) -> int:
        for index, boat in enumerate(self.boats):
            if boat.id == boat_id:
                return index
        return -1
