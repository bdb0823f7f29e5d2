"""Scoring: the 24 objective formulas, the end of the game, the score sheet.

PP earned during the game land in each player's ledger with their source as
they happen (``engine.amritsar.rules.core.gain_pp``). At the end of the game
``final_scoring`` adds the knowledge end spaces and the objectives placed on
each board, the solo Maharajah's own end scoring, and decides the winner: most
PP, then most donation counters on the temple, else a shared victory.
``score_sheet`` turns the ledger into itemised lines, and during the game adds
what the end-of-game items would be worth now, marked provisional.

Objective majorities count every rival at the table (the solo Maharajah too,
see the catalog's ``solo_majority_rivals``); tied players share a position
and the next position is counted after them (1, 1, 3).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.amritsar.board import PLAYER_COLOURS, District
from engine.amritsar.catalog import EndScoring, Objective, ObjectiveKind
from engine.amritsar.effects import Track
from engine.amritsar.options import has_option
from engine.amritsar.rules.core import Event, Events, gain_pp
from engine.amritsar.state import MAHARAJAH_SEAT, GameState
from engine.core.scoring import ScoreLine as ScoreLine
from engine.core.scoring import ScoreSheet as ScoreSheet

#: Ledger category -> (rulebook section, English label, Spanish label).
CATEGORIES: dict[str, tuple[str, str, str]] = {
    "start": ("Game Setup, step 20", "Starting PP", "PP iniciales"),
    "donation": ("The Golden Temple and Donations", "Donation", "Donación"),
    "donation_below": (
        "The Golden Temple and Donations",
        "Counters below a donation",
        "Contadores bajo una donación",
    ),
    "majority": ("End of Decade: Donations", "Majority", "Mayoría"),
    "tax_penalty": ("End of Decade: Tax", "Unpaid tax", "Impuestos sin pagar"),
    "elephant_penalty": (
        "Phase I. Move your elephant",
        "Passing the Maharajah",
        "Pasar por el marajá",
    ),
    "follow": ("Follow the Active Player", "Followed by", "Seguido por"),
    "market": ("Economy: Sell", "Market sale", "Venta en el mercado"),
    "bridge": ("The Bridge Tiles", "Bridge tile", "Loseta de puente"),
    "objective_space": (
        "Mahout and upgrades: Objective Upgrade",
        "Objective space",
        "Espacio de objetivo",
    ),
    "income": ("Knowledge tracks: End of Decade", "Income", "Ingresos"),
    "mahout": ("The mahout tiles", "Mahout tile", "Loseta de mahout"),
    "tile": ("The District Tiles", "District tile", "Loseta de distrito"),
    "knowledge": ("Knowledge tracks", "Knowledge step", "Paso de conocimiento"),
    "storehouse": ("The Storehouses", "Storehouse", "Almacén"),
    "no_counter": (
        "Economy (no counter left on the market space)",
        "No counter left",
        "Sin contadores",
    ),
    "knowledge_end": (
        "End of Game: Knowledge",
        "Knowledge end space",
        "Casilla final de conocimiento",
    ),
    "objective": ("End of Game: Objectives", "Objective", "Objetivo"),
    "maharajah_row": ("Solo Mode: his board", "Row completed", "Fila completada"),
    "maharajah_white": ("Solo Mode: White Worker", "White track", "Marcador blanco"),
    "maharajah_quarry": (
        "Solo Mode: Quarry empty",
        "Resource he could not take",
        "Recurso que no pudo coger",
    ),
    "maharajah_no_counter": (
        "Solo Mode: his board",
        "Counter he could not take",
        "Contador que no pudo coger",
    ),
    "maharajah_end": (
        "Solo Mode: End of Game",
        "White track end space",
        "Casilla final del marcador blanco",
    ),
}


# --------------------------------------------------------------------------
# What each seat has on the table


def seats(s: GameState) -> tuple[int, ...]:
    """Every seat that competes: the players, and the Maharajah in solo."""
    return tuple(range(s.player_count))


def counters_by_level(s: GameState, seat: int) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    for district in District:
        tile = s.catalog.donation_tile(s.donation_players, district)
        position = 0
        owners = s.donations[district]
        for level, row in enumerate(tile.levels):
            for _ in row.pp:
                if owners[position] == seat:
                    counts[level] += 1
                position += 1
    return (counts[0], counts[1], counts[2], counts[3])


def counters_in(s: GameState, seat: int, district: int) -> int:
    return sum(1 for owner in s.donations[district] if owner == seat)


def donations_made(s: GameState, seat: int) -> int:
    return sum(counters_in(s, seat, d) for d in District)


def _coins(s: GameState, seat: int) -> int:
    if s.maharajah is not None and seat == MAHARAJAH_SEAT:
        return 0
    return s.players[seat].coins


def _resources(s: GameState, seat: int) -> int:
    if s.maharajah is not None and seat == MAHARAJAH_SEAT:
        return sum(s.maharajah.storehouse)
    return sum(s.players[seat].resources)


def _rank_value(values: dict[int, int], seat: int, pp: tuple[int, ...], dense: bool = False) -> int:
    """PP for ``seat``'s position; needs at least one.

    Competition ranking by default (tied for first, the next is third: 1-1-3);
    ``dense`` (house rule ``objective_dense_ranking``) counts distinct higher
    values instead (1-1-2).
    """
    mine = values[seat]
    if mine < 1:
        return 0
    above = [value for other, value in values.items() if other != seat and value > mine]
    position = len(set(above)) if dense else len(above)
    return pp[position] if position < len(pp) else 0


def _ladder(pp: tuple[int, ...], count: int) -> int:
    if count < 1:
        return 0
    return pp[min(count, len(pp)) - 1]


def objective_value(s: GameState, seat: int, objective: Objective) -> int:
    """What the objective is worth to ``seat`` in this position."""
    kind = objective.kind
    pp = objective.pp
    dense = has_option(s, "objective_dense_ranking")
    if kind is ObjectiveKind.DISTRICT_MAJORITY:
        assert objective.district is not None
        values = {other: counters_in(s, other, objective.district) for other in seats(s)}
        return _rank_value(values, seat, pp, dense)
    if kind is ObjectiveKind.MOST_COINS:
        return _rank_value({other: _coins(s, other) for other in seats(s)}, seat, pp, dense)
    if kind is ObjectiveKind.MOST_RESOURCES:
        return _rank_value({other: _resources(s, other) for other in seats(s)}, seat, pp, dense)
    if kind is ObjectiveKind.PER_COUNTER_IN_DISTRICT:
        assert objective.district is not None
        return pp[0] * counters_in(s, seat, objective.district)
    levels = counters_by_level(s, seat)
    if kind is ObjectiveKind.DISTRICTS_SPREAD:
        return _ladder(pp, sum(1 for d in District if counters_in(s, seat, d) > 0))
    if kind is ObjectiveKind.LEVELS_SPREAD:
        return _ladder(pp, sum(1 for count in levels if count > 0))
    if kind is ObjectiveKind.LEVELS_AT_LEAST:
        return (
            pp[0] if sum(levels[level - 1] for level in objective.levels) >= objective.count else 0
        )
    if kind is ObjectiveKind.LEVEL_COUNT:
        return _ladder(pp, levels[objective.levels[0] - 1])
    if s.maharajah is not None and seat == MAHARAJAH_SEAT:
        return 0  # knowledge objectives: the Maharajah has no knowledge tracks
    tracks = s.players[seat].tracks
    if kind is ObjectiveKind.TWO_SPACES:
        return pp[0] if all(tracks[t] >= position for t, position in objective.spaces) else 0
    if kind is ObjectiveKind.TRACK_END:
        assert objective.track is not None
        top = len(s.catalog.board.tracks[objective.track].steps)
        return pp[0] if tracks[objective.track] >= top else 0
    raise AssertionError(f"unscored objective kind {kind}")


def knowledge_end_items(s: GameState, seat: int) -> list[tuple[str, int]]:
    """End-of-game knowledge spaces reached: (label, PP) each."""
    p = s.players[seat]
    items = []
    for track in s.catalog.board.tracks:
        for position, step in enumerate(track.steps[: p.tracks[track.track]], start=1):
            if step.end is None:
                continue
            amount = {
                EndScoring.PER_COUNTER: p.on_elephant,
                EndScoring.PER_RESOURCE: sum(p.resources),
                EndScoring.PER_COIN: p.coins,
            }[step.end]
            items.append(
                (f"{Track(track.track).name.lower()} {position} ({step.end.value})", amount)
            )
    return items


#: The solo Maharajah's end-of-game scoring, set by ``engine.amritsar.rules.maharajah``.
MAHARAJAH_FINAL: list[Callable[[GameState, Events], None]] = []
#: What his end-of-game lines are worth now: (category, component, PP) each.
MAHARAJAH_PROVISIONAL: list[Callable[[GameState], list[tuple[str, str, int]]]] = []


def final_scoring(s: GameState, events: Events) -> None:
    """End of game: knowledge spaces, objectives, the Maharajah's own scoring."""
    for p in s.players:
        for label, amount in knowledge_end_items(s, p.seat):
            gain_pp(s, p.seat, amount, ("knowledge_end", label), events)
    # Objectives depend on coins and resources, which nothing above changes.
    values = {
        p.seat: [
            (o, objective_value(s, p.seat, s.catalog.objectives[o]))
            for o in p.objectives
            if o >= 0  # every one named by now (objectives_at_end: reveal_frames first)
        ]
        for p in s.players
    }
    for seat, scored in values.items():
        for objective, amount in scored:
            gain_pp(s, seat, amount, ("objective", s.catalog.objectives[objective].id), events)
    for hook in MAHARAJAH_FINAL:
        hook(s, events)
    for seat in winners(s):
        events.append(Event("winner", seat))


def final_pp(s: GameState, seat: int) -> int:
    if s.maharajah is not None and seat == MAHARAJAH_SEAT:
        return s.maharajah.pp
    return s.players[seat].pp


def winners(s: GameState) -> tuple[int, ...]:
    """Most PP; then most donations to the temple; else shared (End of Game)."""
    key = {seat: (final_pp(s, seat), donations_made(s, seat)) for seat in seats(s)}
    best = max(key.values())
    return tuple(seat for seat in seats(s) if key[seat] == best)


# --------------------------------------------------------------------------
# The score sheet


def _line(category: str, amount: int, component: str, provisional: bool = False) -> ScoreLine:
    rule, en, es = CATEGORIES.get(category, ("", category, category))
    return ScoreLine(category, amount, component, rule, en, es, provisional)


def _ledger_lines(ledger: tuple[tuple[str, str, int], ...]) -> list[ScoreLine]:
    merged: dict[tuple[str, str], int] = {}
    for category, component, amount in ledger:
        merged[(category, component)] = merged.get((category, component), 0) + amount
    return [_line(c, amount, component) for (c, component), amount in merged.items() if amount]


def score_sheet(s: GameState, seat: int) -> ScoreSheet:
    """One seat's itemised PP; provisional end-of-game lines while playing."""
    start = s.catalog.rules.starting_pp
    lines = [_line("start", start, "")]
    solo_maharajah = s.maharajah is not None and seat == MAHARAJAH_SEAT
    ledger = s.maharajah.ledger if solo_maharajah and s.maharajah else s.players[seat].ledger
    lines += _ledger_lines(ledger)
    total = final_pp(s, seat)
    provisional = 0
    if not s.finished and not solo_maharajah:
        p = s.players[seat]
        for label, amount in knowledge_end_items(s, seat):
            lines.append(_line("knowledge_end", amount, label, provisional=True))
            provisional += amount
        for objective in p.objectives:
            if objective >= 0:  # an unnamed one (objectives_at_end) scores when named
                entry = s.catalog.objectives[objective]
                amount = objective_value(s, seat, entry)
                lines.append(_line("objective", amount, entry.id, provisional=True))
                provisional += amount
    elif not s.finished:
        for hook in MAHARAJAH_PROVISIONAL:
            for category, component, amount in hook(s):
                lines.append(_line(category, amount, component, provisional=True))
                provisional += amount
    colour = "maharajah" if solo_maharajah else PLAYER_COLOURS[seat]
    return ScoreSheet(
        seat=seat,
        colour=colour,
        lines=tuple(lines),
        total=total,
        provisional_total=total + provisional,
        final=s.finished,
        winner=s.finished and seat in winners(s),
        extra={"donations": donations_made(s, seat)},  # the tie-break (End of Game)
    )


def score(s: GameState) -> tuple[ScoreSheet, ...]:
    """Every seat's score sheet (the players, then the Maharajah in solo)."""
    return tuple(score_sheet(s, seat) for seat in seats(s))
