"""Naming the rule an unexplainable table change breaks, and how to put it right.

When no legal sequence of actions explains what the table shows, look at what
changed and ask the engine about the action it looks like: an elephant on
another path is ``ELEPHANT`` to that district, so ``why_illegal`` gives the
reason (too far for the coins: "elephants move clockwise only..."); a new
counter on a donation tile is ``DONATE`` to that space; a market column that
changed is ``BUY`` or ``SELL``. Workers that moved are compared with the best
legal sowing. Pieces moved at the wrong moment or by the wrong player get
their own reasons. The fix is the list of piece moves that restores the last
agreed table.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.amritsar.reconcile.instructions import (
    PLAYER_COLOURS_ES,
    Instruction,
    instructions,
)
from companion.games.amritsar.reconcile.seen import Mismatch, Seen, distance, mismatches
from engine.amritsar import (
    DISTRICTS,
    SECTION_NAMES,
    Act,
    Action,
    District,
    ElephantMode,
    GameState,
    Pending,
    Reason,
    apply,
    donation_space,
    donation_tile,
    legal_actions,
    observe,
    why_illegal,
)


@dataclass(frozen=True)
class Diagnosis:
    reason: Reason
    fix: tuple[Instruction, ...]
    seat: int | None  # whose move it seems to be

    @property
    def fix_en(self) -> str:
        return "; ".join(i.en for i in self.fix)

    @property
    def fix_es(self) -> str:
        return "; ".join(i.es for i in self.fix)


def _current(state: GameState, names: tuple[str, ...]) -> str:
    seat = state.current
    return names[seat] if 0 <= seat < len(names) else "?"


def diagnose(
    state: GameState, seen: Seen, colours: tuple[str, ...], names: tuple[str, ...]
) -> Diagnosis:
    found = mismatches(observe(state), seen)
    fix = tuple(instructions(state, observe(state), seen, colours))
    by_field: dict[str, list[Mismatch]] = {}
    for m in found:
        by_field.setdefault(m.field, []).append(m)
    top = state.pending[-1] if state.pending else None
    kind = Pending(top.kind) if top is not None else Pending.GAME_OVER
    decider = top.player if top is not None else -1
    for reason, seat in (
        _elephants(state, by_field.get("elephants", []), kind, decider, colours, names),
        _sections(state, seen, by_field.get("sections", []), kind),
        _donations(state, by_field.get("donations", []), kind, decider),
        _market(state, by_field.get("market", []), kind),
    ):
        if reason is not None:
            return Diagnosis(reason, fix, seat)
    return Diagnosis(Reason("table_changed"), fix, None)


def _elephants(
    state: GameState,
    found: list[Mismatch],
    kind: Pending,
    decider: int,
    colours: tuple[str, ...],
    names: tuple[str, ...],
) -> tuple[Reason | None, int | None]:
    for m in found:
        seat = m.index[0]
        if seat != state.current or seat >= len(state.players):
            colour = colours[seat] if seat < len(colours) else "?"
            return (
                Reason(
                    "not_your_piece",
                    {
                        "current": _current(state, names),
                        "colour": colour,
                        "colour_es": PLAYER_COLOURS_ES.get(colour, colour),
                        "piece": "elephant",
                        "piece_es": "elefante",
                    },
                ),
                seat,
            )
        if kind is Pending.ELEPHANT and decider == seat and m.seen is not None and m.seen >= 0:
            reason = why_illegal(state, Action(Act.ELEPHANT, m.seen, ElephantMode.NORMAL))
            if reason is not None:
                return reason, seat
        return Reason("elephant_phase"), seat
    return None, None


def _sections(
    state: GameState, seen: Seen, found: list[Mismatch], kind: Pending
) -> tuple[Reason | None, int | None]:
    if not found:
        return None, None
    seat = state.current
    for m in found:
        if len(m.seen) > state.catalog.rules.section_capacity:
            return Reason("section_full", {"section": SECTION_NAMES[m.index[0]]}), seat
    if kind not in (Pending.SOW_ORIGIN, Pending.SOW_PLACE, Pending.ELEPHANT):
        return Reason("sow_wrong_time"), seat
    emptied = [m.index[0] for m in found if len(m.seen) < len(m.expected)]
    if kind is not Pending.SOW_PLACE and len(emptied) > 1:
        grown = [m for m in found if len(m.seen) > len(m.expected)]
        if not grown or len(emptied) > 1:
            return Reason("sow_one_section"), seat
    # Follow the best legal sowing as far as it agrees with the table.
    best = _best_sowing(state, seen)
    if best is not None and best.pending and best.pending[-1].kind == Pending.SOW_PLACE:
        target = best.pending[-1].a
        return Reason("sow_clockwise", {"section": SECTION_NAMES[target]}), seat
    return Reason("sow_clockwise", {"section": "the next section clockwise"}), seat


def _best_sowing(state: GameState, seen: Seen) -> GameState | None:
    """Walk the sowing choices greedily towards the table; stop where none helps."""
    node = state
    if node.pending and node.pending[-1].kind == Pending.ELEPHANT:
        node, _ = (
            apply(node, Action(Act.STAY), check=False)
            if why_illegal(node, Action(Act.STAY)) is None
            else (node, [])
        )
    for _ in range(12):
        if not node.pending or node.pending[-1].kind not in (Pending.SOW_ORIGIN, Pending.SOW_PLACE):
            return node
        gap = distance(observe(node), seen)
        best: tuple[int, GameState] | None = None
        for action in legal_actions(node):
            child, _ = apply(node, action, check=False)
            child_gap = distance(observe(child), seen)
            if child_gap < gap and (best is None or child_gap < best[0]):
                best = (child_gap, child)
        if best is None:
            return node
        node = best[1]
    return node


def _donations(
    state: GameState, found: list[Mismatch], kind: Pending, decider: int
) -> tuple[Reason | None, int | None]:
    for m in found:
        if m.seen is None or m.seen < 0 or m.expected >= 0:
            continue
        seat = m.seen
        district, position = m.index
        if kind is not Pending.DONATE or decider != seat:
            return Reason("donation_wrong_time"), seat
        p = state.players[seat]
        if district != p.elephant:
            where = District(p.elephant) if p.elephant >= 0 else None
            name_en = DISTRICTS["en"][where] if where is not None else "off the board"
            name_es = DISTRICTS["es"][where] if where is not None else "fuera del tablero"
            return Reason("donation_elephant", {"district": name_en, "district_es": name_es}), seat
        tile = donation_tile(state, district)
        for level in range(1, len(tile.levels) + 1):
            for index in range(len(tile.levels[level - 1].pp)):
                if donation_space(tile, level, index) == position:
                    reason = why_illegal(state, Action(Act.DONATE, level, index))
                    if reason is not None:
                        return reason, seat
    return None, None


def _market(
    state: GameState, found: list[Mismatch], kind: Pending
) -> tuple[Reason | None, int | None]:
    for m in found:
        if kind is not Pending.MARKET:
            return Reason("market_wrong_time"), state.current
        resource = m.index[0]
        act = Act.BUY if m.seen < m.expected else Act.SELL
        reason = why_illegal(state, Action(act, resource))
        if reason is not None:
            return reason, state.pending[-1].player
    return None, None
