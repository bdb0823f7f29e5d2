"""The component catalog as readable tables, for owners checking it against their box.

``render(catalog)`` lays out every component (rules values, district, temple,
bridge and donation tiles, the market, the personal board and its knowledge
tracks, storehouses, objectives, mahout tiles, the Maharajah's board) as
plain-text tables, each row marked with where its value comes from, then
lists every assumed value with its reason and every value an override file
changed. ``main`` is the command line behind ``python -m engine.amritsar.catalog`` and
``companion catalog``: it loads the catalog (with ``--override FILE``) and
prints the report, or every problem the validation found.

Titles and headers come in English and Spanish (``lang``); component ids,
effect notation and the catalog's ``source`` texts are as written in the data.

Example:
    >>> from engine.amritsar.catalog import default_catalog
    >>> text = render(default_catalog())
    >>> "District tiles" in text and "Assumed values" in text
    True
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence

from engine.amritsar.board import District
from engine.amritsar.catalog import Catalog, CatalogError, Objective, ObjectiveKind, load_catalog
from engine.amritsar.effects import Track, format_effect

#: Text per language: key -> (English, Spanish).
TEXT: dict[str, tuple[str, str]] = {
    "title": ("Amritsar component catalog", "Catálogo de componentes de Amritsar"),
    "legend": (
        "Source: R = rulebook, A = assumed, R+A = rulebook with some values assumed "
        "(reasons listed at the end), O = override file.",
        "Origen: R = reglamento, A = supuesto, R+A = reglamento con algunos valores supuestos "
        "(motivos al final), O = archivo de corrección.",
    ),
    "rules": ("General rules", "Reglas generales"),
    "district_tiles": ("District tiles", "Losetas de distrito"),
    "temple_tiles": ("Temple tiles (PP for the majority per district)", "Losetas de templo"),
    "bridge_tiles": ("Bridge tiles", "Losetas de puente"),
    "donation_tiles": ("Donation tiles (cost: PP of each space)", "Losetas de donación"),
    "market": ("Market (row 1 at the top)", "Mercado (fila 1 arriba)"),
    "board": ("Personal board", "Tablero personal"),
    "tracks": ("Knowledge tracks", "Marcadores de conocimiento"),
    "storehouses": ("Storehouses", "Almacenes"),
    "objectives": ("Objectives", "Objetivos"),
    "mahout_tiles": ("Mahout tiles", "Losetas de mahout"),
    "maharajah": ("The Maharajah's board (solo)", "Tablero del marajá (solitario)"),
    "assumed": ("Assumed values", "Valores supuestos"),
    "overridden": ("Values changed by the override file", "Valores cambiados por la corrección"),
    "none": ("(none)", "(ninguno)"),
    "name": ("name", "nombre"),
    "value": ("value", "valor"),
    "src": ("src", "orig"),
    "id": ("id", "id"),
    "colour": ("colour", "color"),
    "main": ("main action", "acción principal"),
    "secondary": ("secondary action", "acción secundaria"),
    "requirement": ("requirement", "requisito"),
    "benefit": ("benefit", "beneficio"),
    "players": ("players", "jugadores"),
    "district": ("district", "distrito"),
    "level": ("level", "nivel"),
    "resource": ("resource", "recurso"),
    "prices": ("prices", "precios"),
    "pp": ("PP", "PP"),
    "filled": ("filled at setup", "llenas al inicio"),
    "item": ("item", "elemento"),
    "track": ("track", "marcador"),
    "step": ("step", "paso"),
    "immediate": ("immediate", "inmediato"),
    "decade": ("end of decade", "fin de década"),
    "end": ("end of game", "fin de partida"),
    "overflow": ("past the top", "pasado el final"),
    "spaces": ("spaces", "espacios"),
    "tax": ("tax icons", "iconos de impuesto"),
    "type": ("type", "tipo"),
    "formula": ("scores", "puntúa"),
    "action": ("action", "acción"),
    "path": ("catalog entry", "entrada del catálogo"),
    "reason": ("reason", "motivo"),
    "mahout_spaces": ("mahout spaces", "espacios de mahout"),
    "objective_spaces": ("objective space benefits", "beneficios de espacios de objetivo"),
    "storehouse_spaces": ("storehouse spaces", "espacios de almacén"),
    "starting_storehouse": ("starting storehouse", "almacén inicial"),
    "tax_track": ("tax track (coins per position)", "impuestos (monedas por posición)"),
    "counter_rows": ("counter rows (row benefit)", "filas de contadores (beneficio)"),
    "quarry": ("quarry, in order", "cantera, en orden"),
    "storehouse_capacity": ("storehouse", "almacén"),
    "white_track": ("white-worker track", "marcador del trabajador blanco"),
    "blue_action": ("blue worker, per decade", "trabajador azul, por década"),
    "hard": ("hard variant", "variante difícil"),
}

#: Objective formulas: kind -> (English, Spanish) with ``{...}`` fields.
FORMULAS: dict[ObjectiveKind, tuple[str, str]] = {
    ObjectiveKind.DISTRICT_MAJORITY: (
        "most counters in {district} (at least 1): {pp0}, second {pp1}",
        "más contadores en el {district} (al menos 1): {pp0}, segundo {pp1}",
    ),
    ObjectiveKind.MOST_COINS: (
        "most coins (at least 1): {pp0}, second {pp1}",
        "más monedas (al menos 1): {pp0}, segundo {pp1}",
    ),
    ObjectiveKind.MOST_RESOURCES: (
        "most resources (at least 1): {pp0}, second {pp1}",
        "más recursos (al menos 1): {pp0}, segundo {pp1}",
    ),
    ObjectiveKind.TWO_SPACES: ("{spaces} reached: {pp0}", "{spaces} alcanzados: {pp0}"),
    ObjectiveKind.TRACK_END: (
        "last space of {track} reached: {pp0}",
        "última casilla de {track} alcanzada: {pp0}",
    ),
    ObjectiveKind.PER_COUNTER_IN_DISTRICT: (
        "{pp0} per counter in {district}{star}",
        "{pp0} por contador en el {district}{star}",
    ),
    ObjectiveKind.DISTRICTS_SPREAD: (
        "districts with a counter 1/2/3/4: {ladder}",
        "distritos con contador 1/2/3/4: {ladder}",
    ),
    ObjectiveKind.LEVELS_SPREAD: (
        "levels with a counter 1/2/3/4: {ladder}",
        "niveles con contador 1/2/3/4: {ladder}",
    ),
    ObjectiveKind.LEVELS_AT_LEAST: (
        "at least {counters} on level {levels}: {pp0}",
        "al menos {counters} en el nivel {levels}: {pp0}",
    ),
    ObjectiveKind.LEVEL_COUNT: (
        "counters on level {levels}, 1/2/3/4+: {ladder}",
        "contadores en nivel {levels}, 1/2/3/4+: {ladder}",
    ),
}


def _t(key: str, lang: str) -> str:
    return TEXT[key][1 if lang == "es" else 0]


def _mark(source: str) -> str:
    mark = {"rulebook": "R", "assumed": "A", "override": "O"}.get(source.split(":")[0], "?")
    return "R+A" if mark == "R" and partly_assumed(source) else mark


def partly_assumed(source: str) -> bool:
    """A rulebook value some of whose details are assumed (the source says which)."""
    return source.startswith("rulebook") and "assumed" in source


def table(title: str, headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A titled plain-text table with columns padded to their widest cell."""
    cells = [[str(c) for c in headers], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]

    def line(row: Sequence[str]) -> str:
        return "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))

    body = [line(cells[0]), "  ".join("-" * w for w in widths), *(line(r) for r in cells[1:])]
    return "\n".join([title, "=" * len(title), *(b.rstrip() for b in body)])


def describe_objective(objective: Objective, lang: str = "en") -> str:
    """The objective's scoring formula in words."""
    pp = objective.pp
    spaces = " + ".join(f"{track.name.lower()} {position}" for track, position in objective.spaces)
    fields = {
        "district": ""
        if objective.district is None
        else (objective.district.es if lang == "es" else objective.district.in_text),
        "track": objective.track.name.lower() if objective.track is not None else "",
        "spaces": spaces,
        "pp0": pp[0] if pp else 0,
        "pp1": pp[1] if len(pp) > 1 else 0,
        "ladder": "/".join(str(v) for v in pp),
        "counters": f"{objective.count} "
        + (
            ("contador" if lang == "es" else "counter")
            if objective.count == 1
            else ("contadores" if lang == "es" else "counters")
        ),
        "levels": "+".join(str(level) for level in objective.levels),
        "star": " ★" if objective.solo_star else "",
    }
    return FORMULAS[objective.kind][1 if lang == "es" else 0].format(**fields)


def _sections(catalog: Catalog, lang: str) -> list[str]:
    def t(key: str) -> str:
        return _t(key, lang)

    out = []
    rule_rows = [
        (v.path.removeprefix("rules."), v.value.removeprefix("value="), _mark(v.source))
        for v in catalog.values
        if v.path.startswith(("rules.", "objectives.tax_icons"))
    ]
    out.append(table(t("rules"), (t("name"), t("value"), t("src")), rule_rows))
    out.append(
        table(
            t("district_tiles"),
            (t("id"), t("colour"), t("main"), t("secondary"), t("src")),
            [
                (
                    d.id,
                    d.colour.name.lower(),
                    format_effect(d.main),
                    format_effect(d.secondary),
                    _mark(d.source),
                )
                for d in catalog.district_tiles
            ],
        )
    )
    out.append(
        table(
            t("temple_tiles"),
            (t("id"), *(d.letter for d in District), t("src")),
            [(tile.id, *tile.pp, _mark(tile.source)) for tile in catalog.temple_tiles],
        )
    )
    out.append(
        table(
            t("bridge_tiles"),
            (t("id"), t("requirement"), t("benefit"), t("src")),
            [
                (b.id, b.requirement.value, format_effect(b.benefit), _mark(b.source))
                for b in catalog.bridge_tiles
            ],
        )
    )
    level_headers = [f"{t('level')} {n}" for n in range(1, 5)]
    out.append(
        table(
            t("donation_tiles"),
            (t("id"), t("players"), t("district"), *level_headers, t("src")),
            [
                (
                    tile.id,
                    tile.players,
                    tile.district.title,
                    *(
                        "+".join(
                            f"{n}{'MCG'[r]}" if n > 1 else "MCG"[r]
                            for r, n in enumerate(level.cost)
                            if n
                        )
                        + ": "
                        + " ".join(str(v) for v in level.pp)
                        for level in tile.levels
                    ),
                    _mark(tile.source),
                )
                for tile in catalog.donation_tiles
            ],
        )
    )
    out.append(
        table(
            t("market"),
            (t("resource"), t("prices"), t("pp"), t("filled"), t("src")),
            [
                (
                    column.resource.name.lower(),
                    " ".join(str(p) for p in column.price),
                    " ".join(str(p) for p in column.pp),
                    column.filled_at_setup,
                    _mark(column.source),
                )
                for column in catalog.market
            ],
        )
    )
    board = catalog.board
    out.append(
        _items(
            t("board"),
            lang,
            board.sources,
            [
                (
                    "mahout_spaces",
                    "mahout_spaces",
                    " ".join(c.name.lower() for c in board.mahout_colours),
                ),
                (
                    "objective_spaces",
                    "objective_spaces",
                    " | ".join(format_effect(e) or "-" for e in board.objective_benefits),
                ),
                ("storehouse_spaces", "storehouse_spaces", board.storehouse_spaces),
                ("starting_storehouse", "starting_storehouse", board.starting_storehouse_capacity),
                ("tax_track", "tax_track", " ".join(str(c) for c in board.tax_coins)),
            ],
        )
    )
    track_rows: list[tuple[object, ...]] = []
    for track in board.tracks:
        name = Track(track.track).name.lower()
        for position, step in enumerate(track.steps, start=1):
            if step.immediate:
                kind, what = t("immediate"), format_effect(step.immediate)
            elif step.decade is not None:
                kind, what = t("decade"), step.decade.value
            else:
                kind, what = t("end"), step.end.value if step.end else "-"
            track_rows.append((name, position, kind, what, _mark(track.source)))
        track_rows.append((name, "+", t("overflow"), format_effect(track.overflow), ""))
    out.append(table(t("tracks"), (t("track"), t("step"), "", t("benefit"), t("src")), track_rows))
    out.append(
        table(
            t("storehouses"),
            (t("id"), t("spaces"), t("tax"), t("benefit"), t("src")),
            [
                (
                    h.id,
                    h.capacity,
                    h.tax_icons,
                    format_effect(h.immediate)
                    if h.immediate
                    else (h.permanent.value if h.permanent else "")
                    + (f" ({h.colour.name.lower()})" if h.colour is not None else ""),
                    _mark(h.source),
                )
                for h in catalog.storehouses
            ],
        )
    )
    out.append(
        table(
            t("objectives"),
            (t("id"), t("type"), t("formula"), t("src")),
            [
                (o.id, o.type, describe_objective(o, lang), _mark(o.source))
                for o in catalog.objectives
            ],
        )
    )
    out.append(
        table(
            t("mahout_tiles"),
            (t("id"), t("action"), t("tax"), t("src")),
            [
                (m.id, format_effect(m.action), m.tax_icons, _mark(m.source))
                for m in catalog.mahout_tiles
            ],
        )
    )
    m = catalog.maharajah
    rows = " | ".join(
        f"{n} ({format_effect(b)})" for n, b in zip(m.counter_rows, m.row_benefits, strict=False)
    )
    white = " | ".join(
        format_effect(step) + (f" ({end.value})" if end else "")
        for step, end in zip(m.white_steps, m.white_end, strict=False)
    )
    out.append(
        _items(
            t("maharajah"),
            lang,
            m.sources,
            [
                ("counter_rows", "counter_rows", rows),
                ("quarry", "quarry", " ".join(r.letter for r in m.quarry)),
                ("storehouse_capacity", "storehouse", m.storehouse_capacity),
                ("white_track", "white_track", white),
                (
                    "blue_action",
                    "blue_action",
                    " | ".join("+".join(r.letter for r in pair) for pair in m.blue_by_decade),
                ),
                ("hard", "hard", f"{m.hard_counters_on_elephant} / x{m.hard_objective_times}"),
            ],
        )
    )
    return out


def _items(
    title: str, lang: str, sources: Mapping[str, str], items: Sequence[tuple[str, str, object]]
) -> str:
    """A table of single values: (text key of the label, source key, value)."""
    rows = [(_t(label, lang), value, _mark(sources.get(key, ""))) for label, key, value in items]
    return table(title, (_t("item", lang), _t("value", lang), _t("src", lang)), rows)


def _value_list(title: str, values: Sequence[tuple[str, str, str]], lang: str) -> str:
    if not values:
        return f"{title}\n{'=' * len(title)}\n{_t('none', lang)}"
    return table(title, (_t("path", lang), _t("value", lang), _t("reason", lang)), values)


def render(catalog: Catalog, lang: str = "en") -> str:
    """Every component as tables, then the assumed and the overridden values."""
    parts = [_t("title", lang), _t("legend", lang), *_sections(catalog, lang)]
    assumed = [
        (v.path, _shorten(v.value), v.source.removeprefix("assumed:").strip())
        for v in catalog.values
        if v.assumed or partly_assumed(v.source)
    ]
    parts.append(_value_list(f"{_t('assumed', lang)} ({len(assumed)})", assumed, lang))
    overridden = [
        (v.path, _shorten(v.value), v.source)
        for v in catalog.values
        if v.source.startswith("override")
    ]
    parts.append(_value_list(f"{_t('overridden', lang)} ({len(overridden)})", overridden, lang))
    return "\n\n".join(parts) + "\n"


def _shorten(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The command line's options (shared with ``companion catalog``)."""
    parser = parser or argparse.ArgumentParser(
        prog="python -m engine.amritsar.catalog",
        description="Print the Amritsar component catalog and every assumed value.",
    )
    parser.add_argument(
        "--override",
        metavar="FILE",
        help="a TOML file of corrections from your physical copy (validated like the catalog)",
    )
    parser.add_argument("--lang", choices=("en", "es"), default="en", help="language of titles")
    return parser


def run(override: str | None, lang: str = "en") -> int:
    """Load, validate and print; on problems print each one and return 2."""
    try:
        catalog = load_catalog(override)
    except CatalogError as error:
        heading = "El catálogo tiene problemas:" if lang == "es" else "The catalog has problems:"
        print(heading, file=sys.stderr)
        for problem in error.problems:
            print(f"  - {problem}", file=sys.stderr)
        return 2
    sys.stdout.write(render(catalog, lang))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return run(args.override, args.lang)


__all__ = ["build_parser", "describe_objective", "main", "partly_assumed", "render", "run", "table"]
