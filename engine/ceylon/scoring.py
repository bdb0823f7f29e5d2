"""Ceylon's score sheets: points won during play and the final scoring, itemised.

Rulebook: Fin de la partida y puntuación. Majorities 10/6/3/1 for money (at
least 1 rupee), the tech track (at least one step) and each district in play
(plantations of players who hired its advisor; a doubled plantation counts
twice); companies 1/3/6/10/15; -2 per leaf marker left. Every tie, the final
one included, goes to the player further along the tech track (on top of the
stack on a shared space). During play the final items appear as
``provisional`` lines: what they would be worth now.
"""

from __future__ import annotations

from engine.ceylon.catalog import Catalog
from engine.ceylon.state import COLOURS, OVER, POINT_SOURCES, State
from engine.core.scoring import ScoreLine, ScoreSheet

_END = "Fin de la partida y puntuación"
_LIVE_LABELS = {
    "harvest": (
        "Acciones principales: Cosechar b",
        "Tea harvested from your plantations",
        "Té cosechado de tus plantaciones",
    ),
    "bonus": ("Acciones principales: Plantar", "District bonus", "Bonus de distrito"),
    "contracts": (
        "Acciones principales: Comerciar",
        "Contracts taken for points",
        "Contratos cobrados en puntos",
    ),
    "tech": (
        "Acciones principales: Avanzar en desarrollo tecnológico",
        "Tech track +5 spaces",
        "Casillas +5 del marcador de tecnología",
    ),
    "advisor": (
        "Losetas de consejero",
        "Advisor: a point per tech advance",
        "Consejero: un punto por avance tecnológico",
    ),
}


def tech_key(state: State, seat: int) -> tuple[int, int]:
    player = state.players[seat]
    return (player.tech, player.tech_order)


def _ranked(state: State, values: dict[int, int], table: list[int]) -> dict[int, int]:
    order = sorted(values, key=lambda seat: (values[seat], tech_key(state, seat)), reverse=True)
    return {seat: table[i] for i, seat in enumerate(order) if i < len(table)}


def plantation_counts(cat: Catalog, state: State, district: int) -> dict[int, int]:
    counts: dict[int, int] = {}
    for h, owner in enumerate(state.owner):
        if owner >= 0 and cat.hexes[h].district == district:
            counts[owner] = counts.get(owner, 0) + (2 if state.double >> h & 1 else 1)
    return counts


def final_items(cat: Catalog, state: State) -> dict[int, list[tuple[str, int, str, str, str]]]:
    """Per seat: (category, points, component, English, Spanish) of the final scoring."""
    table = list(cat.value("majority"))
    items: dict[int, list[tuple[str, int, str, str, str]]] = {s: [] for s in range(state.n)}
    money = {s: p.rupees for s, p in enumerate(state.players) if p.rupees >= 1}
    for seat, pts in _ranked(state, money, table).items():
        items[seat].append(("money", pts, "rupees", "Majority of rupees", "Mayoría de rupias"))
    tech = {s: p.tech for s, p in enumerate(state.players) if p.tech >= 1}
    for seat, pts in _ranked(state, tech, table).items():
        items[seat].append(
            (
                "tech_majority",
                pts,
                "tech track",
                "Furthest on the tech track",
                "Más avanzado en tecnología",
            )
        )
    for district, info in enumerate(cat.districts):
        if not state.in_play >> district & 1:
            continue
        counts = {
            s: c
            for s, c in plantation_counts(cat, state, district).items()
            if state.players[s].hired >> district & 1
        }
        for seat, pts in _ranked(state, counts, table).items():
            items[seat].append(
                (
                    "district",
                    pts,
                    info.id,
                    f"Plantations in {info.name}",
                    f"Plantaciones en {info.name}",
                )
            )
    companies = list(cat.value("companies"))
    penalty = int(cat.value("marker_penalty"))
    markers = int(cat.value("markers"))
    for seat, player in enumerate(state.players):
        distinct = sum(1 for count in player.companies if count)
        if distinct:
            items[seat].append(
                (
                    "companies",
                    companies[distinct - 1],
                    f"{distinct}",
                    f"Contracts of {distinct} companies",
                    f"Contratos de {distinct} compañías",
                )
            )
        left = markers - player.markers
        if left:
            items[seat].append(
                (
                    "markers",
                    -penalty * left,
                    f"{left}",
                    f"{left} leaf markers not placed",
                    f"{left} marcadores sin colocar",
                )
            )
    return items


def score(cat: Catalog, state: State) -> list[ScoreSheet]:
    over = state.phase == OVER
    finals = final_items(cat, state)
    sheets = []
    totals = {}
    for seat, player in enumerate(state.players):
        lines = []
        for index, category in enumerate(POINT_SOURCES):
            if player.points[index]:
                rule, en, es = _LIVE_LABELS[category]
                lines.append(ScoreLine(category, player.points[index], "", rule, en, es))
        live = player.score_points()
        end = 0
        for category, pts, component, en, es in finals[seat]:
            lines.append(ScoreLine(category, pts, component, _END, en, es, provisional=not over))
            end += pts
        totals[seat] = live + end
        sheets.append((seat, player, tuple(lines), live, end))
    best = max(range(state.n), key=lambda s: (totals[s], tech_key(state, s))) if over else -1
    return [
        ScoreSheet(
            seat=seat,
            colour=COLOURS[seat],
            lines=lines,
            total=live + end if over else live,
            provisional_total=live + end,
            final=over,
            winner=seat == best,
            extra={"tech": player.tech, "tech_order": player.tech_order, "rupees": player.rupees},
        )
        for seat, player, lines, live, end in sheets
    ]
