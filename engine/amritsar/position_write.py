"""Writing a position in the notation (``engine.amritsar.position``, docs/position-notation.md).

One line per area of the table; defaults and the fields that follow from the
rest (tax, mahout hand, counters on the market space...) are left out unless
they disagree, so the text stays a screenful and the check can name a
disagreement. The helpers that work those fields out are shared with the reader.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from engine.amritsar.actions import SLOT_NAMES
from engine.amritsar.board import (
    MAHARAJAH_SPACE_NAMES,
    SECTION_NAMES,
    District,
    Resource,
    WorkerColour,
)
from engine.amritsar.catalog import Catalog
from engine.amritsar.decisions import Pending
from engine.amritsar.effects import format_effect
from engine.amritsar.position_build import decision_stage
from engine.amritsar.state import (
    CHANCE,
    MAHARAJAH,
    NOBODY,
    NONE,
    UNNAMED,
    Frame,
    GameState,
    PlayerState,
)

MOVEMENT = ("locked", "unlocked", "spent")
DONE_WORDS = ("main", "secondary", "closed")
DECIDERS = {CHANCE: "chance", MAHARAJAH: "maharajah", NOBODY: "nobody", NONE: "none"}
FRAME_FIELDS = ("a", "b", "n", "flags")
QUOTED = re.compile(r'(?:[^\s"]+=)?"(?:[^"\\]|\\.)*"|[^\s"]+')


def quoted_word(text: str) -> str:
    """A bare word, or a JSON-quoted string when it has spaces or quotes."""
    if text and re.fullmatch(r'[^\s"=,;]+', text):
        return text
    return json.dumps(text, ensure_ascii=False)


def _ids(items: Sequence[Any], indices: Sequence[int]) -> list[str]:
    return ["-" if i == NONE else items[i].id for i in indices]


def _objective_ids(c: Catalog, indices: Sequence[int]) -> list[str]:
    """Objective ids; ``face-down`` for one nobody has named (objectives_at_end)."""
    return ["face-down" if i == UNNAMED else _ids(c.objectives, [i])[0] for i in indices]


def _trimmed(words: list[str]) -> list[str]:
    while words and words[-1] == "-":
        words.pop()
    return words


def _player_number(seat: int) -> str:
    return DECIDERS.get(seat, f"player {seat + 1}")


def donation_labels(c: Catalog, players: int, district: District) -> list[str]:
    """``N1.1``, ``N1.2``... (district, level, space) for each space of a donation tile."""
    tile = c.donation_tile(players, district)
    return [
        f"{district.letter}{level}.{space + 1}"
        for level, tier in enumerate(tile.levels, start=1)
        for space in range(len(tier.pp))
    ]


def derived_tax(c: Catalog, p: PlayerState) -> int:
    """The tax icons the upgrades on a personal board show."""
    return (
        sum(c.mahout_tiles[m].tax_icons for m in p.mahouts if m != NONE)
        + c.rules.objective_tax_icons * sum(1 for o in p.objectives if o != NONE)
        + sum(c.storehouses[h].tax_icons for h in p.storehouses if h != NONE)
    )


def _derived_mahout_hand(c: Catalog, mahouts: Sequence[int]) -> tuple[int, ...]:
    return tuple(i for i in range(len(c.mahout_tiles)) if i not in mahouts)


def _on_tiles(s: GameState, seat: int) -> int:
    return sum(1 for owners in s.donations for o in owners if o == seat)


def _derived_market_space(s: GameState, p: PlayerState) -> int:
    empty = sum(
        1 for spaces in (p.mahouts, p.objectives, p.storehouses) for x in spaces if x == NONE
    )
    return s.catalog.rules.counters_per_player - empty - p.on_elephant - _on_tiles(s, p.seat)


def derived_ledger(c: Catalog, pp: int) -> tuple[tuple[str, str, int], ...]:
    gained = pp - c.rules.starting_pp
    return (("position", "", gained),) if gained else ()


def _resources(bits: int) -> list[str]:
    return [r.name.lower() for r in Resource if bits >> r & 1]


def _player_line(s: GameState, p: PlayerState) -> str:
    c = s.catalog
    items = [f"pp {p.pp}", f"coins {p.coins}"]
    items += [f"{r.name.lower()} {p.resources[r]}" for r in Resource if p.resources[r]]
    if any(p.tracks):
        items.append("knowledge " + " ".join(str(v) for v in p.tracks))
    if p.elephant != NONE:
        items.append(f"elephant {District(p.elephant).letter}")
    if p.on_elephant:
        items.append(f"on elephant {p.on_elephant}")
    if p.market_space != _derived_market_space(s, p):
        items.append(f"market space {p.market_space}")
    mahouts = [
        f"{WorkerColour(i).letter}={c.mahout_tiles[t].id}"
        for i, t in enumerate(p.mahouts)
        if t != NONE
    ]
    if mahouts:
        items.append("mahouts " + " ".join(mahouts))
    if p.mahout_hand != _derived_mahout_hand(c, p.mahouts):
        items.append("mahout hand " + " ".join(_ids(c.mahout_tiles, p.mahout_hand)))
    objectives = _trimmed(_objective_ids(c, p.objectives))
    if objectives or len(p.objectives) != 4:
        items.append("objectives " + " ".join(objectives))
    if p.objective_hand:
        items.append("face down " + " ".join(_objective_ids(c, p.objective_hand)))
    houses = _ids(c.storehouses, p.storehouses)
    flipped = [
        f"{h}/flipped" if f else h for h, f in zip(houses, p.storehouse_flipped, strict=False)
    ]
    if len(flipped) != len(houses):
        flipped = houses
    shown = _trimmed(flipped)
    if shown or len(p.storehouses) != 3 or len(p.storehouse_flipped) != 3:
        items.append("storehouses " + " ".join(shown))
    if p.movement:
        items.append(f"movement {MOVEMENT[p.movement]}")
    if p.tax != derived_tax(c, p):
        items.append(f"tax {p.tax}")
    if p.donation_counters_placed != _on_tiles(s, p.seat):
        items.append(f"donations made {p.donation_counters_placed}")
    if s.bought[p.seat]:
        items.append("bought " + " ".join(_resources(s.bought[p.seat])))
    if s.sold[p.seat]:
        items.append("sold " + " ".join(_resources(s.sold[p.seat])))
    return f"player {p.seat + 1}: " + ", ".join(items)


def _component_words(text: str) -> str:
    """A score entry's "what": bare words when they read back the same, else quoted."""
    words = text.split()
    if words and " ".join(words) == text and not re.search(r'[";]', text):
        return text
    return json.dumps(text, ensure_ascii=False) if text else ""


def _ledger_line(
    who: str, c: Catalog, pp: int, ledger: Sequence[tuple[str, str, int]]
) -> list[str]:
    if tuple(ledger) == derived_ledger(c, pp):
        return []
    entries = [
        " ".join(w for w in (quoted_word(cat), _component_words(comp), f"{amount:+d}") if w)
        for cat, comp, amount in ledger
    ]
    return [f"{who} score: " + "; ".join(entries) if entries else f"{who} score: none"]


def _maharajah_lines(s: GameState) -> list[str]:
    m = s.maharajah
    if m is None:
        return []
    c = s.catalog
    items = [f"pp {m.pp}"]
    on_tiles = _on_tiles(s, len(s.players))
    if m.board_counters != c.rules.counters_per_player - m.on_elephant - on_tiles:
        items.append(f"board counters {m.board_counters}")
    items.append(f"on elephant {m.on_elephant}")
    if m.elephant != NONE:
        items.append(f"elephant {District(m.elephant).letter}")
    items.append("quarry " + " ".join("-" if r == NONE else Resource(r).letter for r in m.quarry))
    if m.storehouse != derived_maharajah_storehouse(c, m.quarry):
        items.append("storehouse " + " ".join(str(v) for v in m.storehouse))
    if m.white:
        items.append(f"white track {m.white}")
    if m.white_bounces:
        items.append(f"bounces {m.white_bounces}")
    if m.objective != NONE:
        items.append(f"objective {c.objectives[m.objective].id}")
    return ["maharajah: " + ", ".join(items), *_ledger_line("maharajah", c, m.pp, m.ledger)]


def derived_maharajah_storehouse(c: Catalog, quarry: Sequence[int]) -> tuple[int, int, int]:
    printed = c.maharajah.quarry
    counts = [printed.count(r) - list(quarry).count(r) for r in Resource]
    return (counts[0], counts[1], counts[2])


def _frame_line(frame: Frame) -> str:
    words = [Pending(frame.kind).name.lower().replace("_", "-"), _player_number(frame.player)]
    words += [f"{name}={getattr(frame, name)}" for name in FRAME_FIELDS if getattr(frame, name)]
    if frame.steps:
        words.append("steps=" + ";".join(format_effect((step,)) for step in frame.steps))
    if frame.src != ("", ""):
        words.append("src=" + quoted_word(f"{frame.src[0]}:{frame.src[1]}"))
    return "pending: " + " ".join(words)


def _turn_items(s: GameState) -> list[str]:
    items = []
    if s.hand:
        items.append("in hand " + "".join(WorkerColour(w).letter for w in s.hand))
    if s.active_colour != NONE:
        items.append(f"active worker {WorkerColour(s.active_colour).letter}")
    if s.active_district != NONE:
        items.append(f"active district {District(s.active_district).letter}")
    if s.last_active_colour != NONE:
        items.append(f"last active worker {WorkerColour(s.last_active_colour).letter}")
    if s.tile_slot != NONE:
        slot = SLOT_NAMES[s.tile_slot] if 0 <= s.tile_slot < 3 else str(s.tile_slot)
        items.append(f"tile {slot}")
    if s.tile_done:
        done = [w for i, w in enumerate(DONE_WORDS) if s.tile_done >> i & 1]
        rest = s.tile_done & ~0b111
        items.append("done " + " ".join(done + ([str(rest)] if rest else [])))
    if s.elephant_used:
        items.append("elephant used")
    if s.exchange_used:
        items.append("exchange used")
    if s.followers:
        items.append(f"followers {s.followers}")
    return items


def format_position(state: GameState) -> str:
    """The whole state in the notation (secrets included: hands, face-down objectives)."""
    s = state
    c = s.catalog
    game = ["solo" if s.solo else f"{len(s.players)} players"]
    if s.hard:
        game.append("hard")
    game += [
        f"decade {s.decade}",
        f"round {s.round}",
        f"turn {s.turn_in_round + 1}",
    ]
    game += [
        f"{name} {seat + 1}"
        for name, seat in (("starting player", s.starting_player), ("current player", s.current))
        if seat != NONE
    ]
    if s.finished:
        game.append("over")
    lines = ["game: " + ", ".join(game)]
    if s.options:
        lines.append("house rules: " + ", ".join(s.options))
    sections = [
        f"{SECTION_NAMES[i] if i < len(SECTION_NAMES) else i} "
        + "".join(WorkerColour(w).letter for w in workers)
        for i, workers in enumerate(s.sections)
        if workers
    ]
    if len(s.sections) != len(SECTION_NAMES):
        sections.append(f"count {len(s.sections)}")
    if sections:
        lines.append("sections: " + ", ".join(sections))
    coins = [f"{SECTION_NAMES[i]} {n}" for i, n in enumerate(s.section_coins) if n]
    if len(s.section_coins) != len(SECTION_NAMES):
        coins = [" ".join(str(n) for n in s.section_coins)]
    if coins:
        lines.append("section coins: " + ", ".join(coins))
    lines.append(f"maharajah token: {MAHARAJAH_SPACE_NAMES[s.maharajah_space]}")
    if s.maharajah_workers:
        lines.append(
            "workers beside the maharajah: "
            + ", ".join(
                f"{MAHARAJAH_SPACE_NAMES[i]} {'-' if w == NONE else WorkerColour(w).letter}"
                for i, w in enumerate(s.maharajah_workers)
            )
        )
    tiles = [
        f"{District(d).letter} {' '.join(_ids(c.district_tiles, row))}".rstrip()
        for d, row in enumerate(s.district_tiles)
        if row
    ]
    if tiles:
        lines.append("district tiles: " + ", ".join(tiles))
    if s.temple:
        lines.append("temple tiles: " + " ".join(_ids(c.temple_tiles, s.temple)))
    if s.bridge:
        lines.append("bridge tiles: " + " ".join(_ids(c.bridge_tiles, s.bridge)))
    donations = []
    for d, owners in enumerate(s.donations):
        labels = donation_labels(c, s.donation_players, District(d))
        if len(owners) != len(labels):
            donations.append(f"{District(d).letter} " + " ".join(str(o) for o in owners))
            continue
        for label, owner in zip(labels, owners, strict=True):
            if owner != NONE:
                who = "M" if s.solo and owner == len(s.players) else str(owner + 1)
                donations.append(f"{label}={who}")
    if donations:
        lines.append("donations: " + ", ".join(donations))
    lines.append("market: " + ", ".join(f"{r.name.lower()} {s.market[r]}" for r in Resource))
    if s.revealed_storehouses:
        lines.append("storehouses: " + " ".join(_ids(c.storehouses, s.revealed_storehouses)))
    turn = _turn_items(s)
    if turn:
        lines.append("this turn: " + ", ".join(turn))
    for p in s.players:
        lines.append(_player_line(s, p))
        lines += _ledger_line(f"player {p.seat + 1}", c, p.pp, p.ledger)
    lines += _maharajah_lines(s)
    stage = decision_stage(s)
    if stage is not None:
        lines.append(f"decision: player {s.current + 1} {stage}")
    else:
        lines += [_frame_line(f) for f in s.pending]
    return "\n".join(lines) + "\n"
