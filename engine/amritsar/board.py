"""The main board's fixed topology and the names everything else uses.

Districts, worker sections, elephant paths, Maharajah spaces and the colours
of workers, players and resources. These never change during a game, so they
are plain enums and tuples computed once (sowing and movement use them in hot
loops). The names follow the rulebook so a reader holding it finds the code:
four districts in clockwise order North, East, South, West, each with one
elephant path, three district tiles, two worker sections and one donation tile.

The vision layer may import this module for zone names; it holds no rules.
"""

from __future__ import annotations

from enum import IntEnum


class District(IntEnum):
    """The four districts, numbered in clockwise order (rulebook: Game Setup)."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return self.name[0]

    @property
    def title(self) -> str:
        return self.name.title()

    @property
    def es(self) -> str:
        """The Spanish name, for text a player reads."""
        return ("Norte", "Este", "Sur", "Oeste")[self.value]

    @property
    def in_text(self) -> str:
        """Inside an English sentence, as the rulebook writes it: "the Eastern District"."""
        return f"the {('Northern', 'Eastern', 'Southern', 'Western')[self.value]} District"

    def clockwise(self, steps: int = 1) -> District:
        return District((self.value + steps) % 4)

    @classmethod
    def parse(cls, text: str) -> District:
        """Accept ``N``, ``north`` or ``NORTH``."""
        key = text.strip().upper()
        for district in cls:
            if key in (district.name, district.letter):
                return district
        raise ValueError(f"unknown district {text!r} (use N, E, S or W)")


class WorkerColour(IntEnum):
    """Worker colours; district tiles and mahout spaces use the same four."""

    YELLOW = 0
    BLUE = 1
    WHITE = 2
    GREEN = 3

    @property
    def letter(self) -> str:
        return "YBWG"[self.value]

    @property
    def es(self) -> str:
        return ("amarillo", "azul", "blanco", "verde")[self.value]

    @classmethod
    def parse(cls, text: str) -> WorkerColour:
        key = text.strip().upper()
        for colour in cls:
            if key in (colour.name, colour.letter):
                return colour
        raise ValueError(f"unknown worker colour {text!r} (use Y, B, W or G)")


class Resource(IntEnum):
    """The three resources, cheapest first (rulebook: Components)."""

    MARBLE = 0
    COPPER = 1
    GOLD = 2

    @property
    def letter(self) -> str:
        return "MCG"[self.value]

    @property
    def es(self) -> str:
        return ("mármol", "cobre", "oro")[self.value]

    @classmethod
    def parse(cls, text: str) -> Resource:
        key = text.strip().upper()
        for resource in cls:
            if key in (resource.name, resource.letter):
                return resource
        raise ValueError(f"unknown resource {text!r} (use M, C or G)")


#: Sections per district and workers per section (rulebook: Phase 2).
SECTIONS_PER_DISTRICT = 2
SECTION_CAPACITY = 4
SECTION_COUNT = 4 * SECTIONS_PER_DISTRICT

#: Section index -> its name, clockwise: N1 N2 E1 E2 S1 S2 W1 W2. The first
#: section of a district is the one an elephant path reaches first clockwise.
SECTION_NAMES: tuple[str, ...] = tuple(
    f"{d.letter}{i + 1}" for d in District for i in range(SECTIONS_PER_DISTRICT)
)


#: Lower-case names by value (``colour_word``, ``resource_word``): events name
#: a colour or a resource on hot paths, where an enum call each time costs.
COLOUR_WORDS: tuple[str, ...] = tuple(c.name.lower() for c in WorkerColour)
RESOURCE_WORDS: tuple[str, ...] = tuple(r.name.lower() for r in Resource)


def colour_word(value: int) -> str:
    """``WorkerColour(value).name.lower()`` (the same ``ValueError`` for a wrong value)."""
    if 0 <= value < 4:
        return COLOUR_WORDS[value]
    return WorkerColour(value).name.lower()


def resource_word(value: int) -> str:
    """``Resource(value).name.lower()`` (the same ``ValueError`` for a wrong value)."""
    if 0 <= value < 3:
        return RESOURCE_WORDS[value]
    return Resource(value).name.lower()


def section_district(section: int) -> District:
    return District(section // SECTIONS_PER_DISTRICT)


def sections_of(district: District) -> tuple[int, int]:
    first = district.value * SECTIONS_PER_DISTRICT
    return (first, first + 1)


def parse_section(text: str) -> int:
    """``E1`` -> 2. Raises ``ValueError`` with the valid names."""
    key = text.strip().upper()
    if key in SECTION_NAMES:
        return SECTION_NAMES.index(key)
    raise ValueError(f"unknown section {text!r} (use one of {' '.join(SECTION_NAMES)})")


#: Maharajah spaces: space ``i`` lies on the ring between district ``i`` and the
#: next district clockwise, so an elephant moving clockwise out of district
#: ``i`` crosses space ``i`` first. (Assumed geometry; see the catalog.)
MAHARAJAH_SPACE_COUNT = 4

MAHARAJAH_SPACE_NAMES: tuple[str, ...] = tuple(
    f"{d.letter}{d.clockwise().letter}" for d in District
)


def maharajah_spaces_crossed(start: District, steps: int) -> tuple[int, ...]:
    """The Maharajah spaces an elephant passes when moving ``steps`` clockwise."""
    return tuple((start.value + k) % 4 for k in range(steps))


#: Decades are numbered I, II, III on the board.
DECADE_NUMERALS: tuple[str, ...] = ("I", "II", "III", "IV", "V")

#: Player colours, seat order as chosen at setup. The rulebook's examples
#: name purple, grey and pink; the fourth is assumed (catalog says so).
PLAYER_COLOURS: tuple[str, ...] = ("purple", "grey", "pink", "orange")
