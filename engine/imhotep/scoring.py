"""Imhotep score sheets: live points, end-of-game items, the tie-break.

Points the rulebook gives during play (pyramid, temple, side-B obelisk
towers) are kept in the state as they happen. End-of-game items (burial
chamber, obelisks, ornaments, statues, unused blue cards, the Pharaoh's
Wrath) are computed from the table: during play they appear as provisional
lines (what they would be worth now), at the end as final lines.
"""

from __future__ import annotations

from engine.core.scoring import ScoreLine, ScoreSheet
from engine.imhotep.catalog import Catalog
from engine.imhotep.house import BURIAL_FOURTH
from engine.imhotep.sites import burial_groups, burial_rows, group_points, rank_points
from engine.imhotep.state import (
    BUILDING_SITES,
    LIVE,
    OBELISK,
    PYRAMID,
    SITE_NAMES,
    TEMPLE,
    State,
)

_LIVE_LABELS = {
    "pyramid": ("A) Pirámide", "Pyramid", "Pirámide"),
    "temple": ("Final de la ronda", "Temple", "Templo"),
    "obelisk": ("B) Obeliscos", "Obelisk towers", "Torres de obelisco"),
}


def stones_on_site(state: State, site: int) -> int:
    """Every stone on a site, whoever owns it (for ornament cards)."""
    if site == PYRAMID:
        return sum(len(p) for p in state.pyramid)
    if site == TEMPLE:
        return len(state.temple)
    if site == OBELISK:
        return sum(state.obelisk) + 3 * len(state.towers)
    return len(state.burial)


def has_stone_on(state: State, seat: int, site: int) -> bool:
    """Whether ``seat`` has a stone on a building site (the Pharaoh's Wrath)."""
    if site == PYRAMID:
        return any(seat in p for p in state.pyramid)
    if site == TEMPLE:
        return seat in state.temple
    if site == OBELISK:
        return state.obelisk[seat] > 0 or seat in state.towers
    return seat in state.burial


def end_lines(state: State, catalog: Catalog) -> list[list[ScoreLine]]:
    """End-of-game lines per seat (marked provisional until the game is over)."""
    provisional = not state.over
    n = state.players
    lines: list[list[ScoreLine]] = [[] for _ in range(n)]

    def add(
        seat: int, category: str, amount: int, component: str, rule: str, en: str, es: str
    ) -> None:
        lines[seat].append(ScoreLine(category, amount, component, rule, en, es, provisional))

    if state.sides[3] == "A":
        for owner, size in burial_groups(state.burial):
            add(
                owner,
                "burial",
                group_points(size, catalog),
                f"group of {size}",
                "A) Cámara funeraria",
                f"Burial chamber: group of {size}",
                f"Cámara funeraria: grupo de {size}",
            )
    else:
        table = list(catalog.burial_b_points)
        if BURIAL_FOURTH in state.house and len(table) > 3:  # house rule: a 4th place scores 1
            table[3] = max(table[3], 1)
        for row, counts in enumerate(burial_rows(state.burial, n)):
            for seat, amount in enumerate(rank_points(counts, table)):
                if amount:
                    add(
                        seat,
                        "burial",
                        amount,
                        f"row {row + 1}",
                        "B) Cámara funeraria",
                        f"Burial chamber: row {row + 1}",
                        f"Cámara funeraria: fila {row + 1}",
                    )
    if state.sides[OBELISK] == "A":
        table_a: list[list[int]] = catalog.value("obelisk_points")
        for seat, amount in enumerate(rank_points(state.obelisk, table_a[n - 2])):
            if state.obelisk[seat]:
                add(
                    seat,
                    "obelisk",
                    amount,
                    f"height {state.obelisk[seat]}",
                    "A) Obeliscos",
                    f"Obelisk of {state.obelisk[seat]}",
                    f"Obelisco de {state.obelisk[seat]}",
                )
    else:
        single = int(catalog.value("obelisk_b_single_points"))
        for seat, count in enumerate(state.obelisk):
            if count:
                add(
                    seat,
                    "obelisk",
                    count * single,
                    f"{count} single",
                    "B) Obeliscos",
                    f"Obelisk: {count} single stone(s)",
                    f"Obeliscos: {count} piedra(s) sueltas",
                )
    divisor = int(catalog.value("ornament_divisor"))
    statue = catalog.card_index("statue")
    blue_points = int(catalog.value("unused_blue_points"))
    for seat in range(n):
        hand = state.hands[seat]
        for kind, count in enumerate(hand):
            card = catalog.cards[kind]
            if not count:
                continue
            if card.colour == "green":
                site = SITE_NAMES.index(card.site)
                each = stones_on_site(state, site) // divisor
                add(
                    seat,
                    "ornament",
                    each * count,
                    card.id,
                    "Ornamentación",
                    f"{card.name_en} ×{count}",
                    f"{card.name_es} ×{count}",
                )
            elif card.colour == "blue":
                add(
                    seat,
                    "unused_card",
                    blue_points * count,
                    card.id,
                    "Recuento final de puntos",
                    f"Unused {card.name_en} ×{count}",
                    f"{card.name_es} sin usar ×{count}",
                )
        if hand[statue]:
            add(
                seat,
                "statue",
                group_points(hand[statue], catalog),
                "statue",
                "Estatua",
                f"Statues ×{hand[statue]}",
                f"Estatuas ×{hand[statue]}",
            )
        if state.wrath:
            missing = [SITE_NAMES[s] for s in BUILDING_SITES if not has_stone_on(state, seat, s)]
            if missing:
                add(
                    seat,
                    "wrath",
                    -int(catalog.value("wrath_penalty")),
                    ",".join(missing),
                    "Variante: la ira del faraón",
                    "Pharaoh's Wrath: no stone on " + ", ".join(missing),
                    "Ira del faraón: sin piedra en " + ", ".join(missing),
                )
    return lines


def score_sheets(state: State, catalog: Catalog) -> list[ScoreSheet]:
    finals = end_lines(state, catalog)
    totals, sheets_lines = [], []
    for seat in range(state.players):
        live = [
            ScoreLine(LIVE[c], amount, "", _LIVE_LABELS[LIVE[c]][0], *_LIVE_LABELS[LIVE[c]][1:])
            for c, amount in enumerate(state.points[seat])
            if amount
        ]
        now = sum(line.amount for line in live)
        end = sum(line.amount for line in finals[seat])
        totals.append((now + end) if state.over else now)
        sheets_lines.append((tuple(live + finals[seat]), now + end))
    winners: set[int] = set()
    if state.over:
        best = max((totals[s], state.sled[s]) for s in range(state.players))
        winners = {s for s in range(state.players) if (totals[s], state.sled[s]) == best}
    return [
        ScoreSheet(
            seat=seat,
            colour=state.colour(seat),
            lines=sheets_lines[seat][0],
            total=totals[seat],
            provisional_total=sheets_lines[seat][1],
            final=state.over,
            winner=seat in winners,
            extra={"sled": state.sled[seat]},
        )
        for seat in range(state.players)
    ]
