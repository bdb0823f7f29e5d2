"""Every sentence a player reads, in both languages, checked in one place.

Renders every refusal template (engine/amritsar/reasons.py) and the refusals
met in random games, every Maharajah template (engine/amritsar/maharajah_texts.py),
the Maharajah's reports of a solo game, and what ``describe`` says about every
legal action, setup draw, objective and storehouse, with 0, 1 and 2 of a thing
where a sentence counts. None may carry a "coin(s)"-style plural, a
doubled label ("tile tile"), an English word inside the Spanish, a number that
disagrees with its noun, or a Spanish district without its article ("de Este",
"Oeste está a 3 pasos"); temple tiles are named by what is printed, never T1-T4.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from string import Formatter
from typing import Any

from engine.amritsar.board import District, Resource
from engine.amritsar.catalog_report import describe_objective as objective_formula
from engine.amritsar.decisions import CHANCE_KINDS, Pending
from engine.amritsar.describe import (
    chance_outcome_words,
    describe_action,
    describe_chance,
    describe_objective,
    describe_storehouse,
    resource_words,
)
from engine.amritsar.game import apply, legal_actions, new_game
from engine.amritsar.reasons import REASONS, Reason
from engine.amritsar.solo import maharajah_report
from tests.engine.test_reasons import refusals_in_random_games
from tests.engine.test_texts import rendered as maharajah_templates

COLOURS_EN = ("yellow", "blue", "white", "green")
COLOURS_ES = ("amarillo", "azul", "blanco", "verde")


def _reason_sample(name: str, n: int) -> Any:
    """A value for a refusal's field when the sentence speaks of ``n`` things."""
    es = name.endswith("_es")
    base = name[:-3] if es else name
    words: dict[str, tuple[Any, Any]] = {
        "district": (District(n).in_text, District(n).es),
        "colour": (COLOURS_EN[n], COLOURS_ES[n]),
        "worker": (COLOURS_EN[n + 1], COLOURS_ES[n + 1]),
        "resource": (Resource(n).name.lower(), Resource(n).es),
        "cost": (resource_words(n, n, "en"), resource_words(n, n, "es")),
        "have": (n, resource_words(n, n, "es")),
        "kind": ("storehouse", "almacén"),
        "track": ("money", "dinero"),
        "did": ("bought", "comprado"),
        "verb": ("sell", "venderlo"),
        "piece": ("elephant", "elefante"),
        "what": ("Storehouse", "El almacén"),
        "why": ("you have none", "no tienes ninguno"),
        "waiting": ("draw a temple tile", "roba una loseta de templo"),
        "outcome": ("A blue worker", "Un trabajador azul"),
        "seen": ("the first section of the Northern District", "la primera sección del Norte"),
        "expected": ("the second section of the Eastern District", "la segunda sección del Este"),
        "current": ("Ana", "Ana"),
        "tile": ("yellow", "amarilla"),
        "section": ("N1", "N1"),
    }
    if base in words:
        return words[base][1 if es else 0]
    return n  # coins, steps, level, space: counts


#: Fields the reason table derives from a count: derived name -> the count's field.
DERIVED = {
    "coins_en": "coins",
    "coins_es": "coins",
    "have_coins_en": "have",
    "have_coins_es": "have",
    "steps_en": "steps",
    "steps_es": "steps",
    "the_piece_es": "piece_es",
}


def reason_texts() -> Iterator[tuple[str, str, str]]:
    for code, (_, en, es) in REASONS.items():
        names = {f for t in (en, es) for _, f, _, _ in Formatter().parse(t) if f}
        given = {DERIVED.get(name, name) for name in names}
        for n in (0, 1, 2):
            fields = {name: _reason_sample(name, n) for name in given}
            if "have_es" in given:  # a resource list, not a coin count
                fields["have"] = resource_words(n, n, "en")
            reason = Reason(code, fields)
            yield f"reason {code} ({n})", reason.en, reason.es


def describe_texts() -> Iterator[tuple[str, str, str]]:
    """What phones and the table say about each legal action of two whole games
    (two players, and solo with the Maharajah), every setup draw and piece."""
    fresh = new_game(2)
    for kind in CHANCE_KINDS:
        for outcome in range(30):
            if chance_outcome_words(fresh, kind, outcome) != str(outcome):
                yield (
                    f"chance {Pending(kind).name} {outcome}",
                    describe_chance(fresh, kind, outcome, "en"),
                    describe_chance(fresh, kind, outcome, "es"),
                )
    for objective in fresh.catalog.objectives:
        en, es = describe_objective(objective, "en"), describe_objective(objective, "es")
        yield f"objective {objective.id}", en, es
        en, es = objective_formula(objective, "en"), objective_formula(objective, "es")
        yield f"catalog objective {objective.id}", en, es
    for storehouse in fresh.catalog.storehouses:
        en, es = describe_storehouse(storehouse, "en"), describe_storehouse(storehouse, "es")
        yield f"storehouse {storehouse.id}", en, es
    for resource in Resource:
        for n in (0, 1, 2):
            yield "resource", resource_words(resource, n, "en"), resource_words(resource, n, "es")
    for players, solo, seed in ((2, False, 3), (1, True, 5)):
        rng = random.Random(seed)
        state = new_game(players, solo=solo, seed=seed)
        seen: set[tuple[str, str]] = set()
        while not state.finished:
            actions = legal_actions(state)
            for action in actions:
                pair = (describe_action(state, action, "en"), describe_action(state, action, "es"))
                if pair not in seen:
                    seen.add(pair)
                    yield f"action {action}", pair[0], pair[1]
            state, events = apply(state, rng.choice(actions), check=False)
            report = maharajah_report(events, state) if solo else None
            if report is not None:
                for line in report.trace:
                    yield f"trace {line.code}", line.en, line.es
                for move in report.all_instructions:
                    yield f"instruction {move.kind}", move.en, move.es


DISTRICT = r"(Norte|Este|Sur|Oeste)"
PROBLEMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a (s)-style plural", re.compile(r"\((s|es)\)")),
    ("a placeholder left", re.compile(r"[{}]")),
    ("a doubled word", re.compile(r"\b([^\W\d]{2,}) \1\b", re.IGNORECASE)),
    ("a temple tile by its id", re.compile(r"\bT[1-4]\b")),
    ("a storehouse by its id", re.compile(r"\bS(0[1-9]|1[0-5])\b")),
    (
        "a mahout tile by its id",
        re.compile(r"\b(coin_pp|coin_marble)\b|[Mm]ahout tile (donate|upgrade|market)\b"),
    ),
    (
        "an English district without its article",
        re.compile(r"\b(in|into|to|from|of|at|on|between) (North|East|South|West)\b"),
    ),
    (
        "an English district opening a sentence",
        re.compile(r"(^|[:;.] )(North|East|South|West) (is|has)\b"),
    ),
    (
        "a piece not named as the box names it",
        re.compile(
            r"action markers?|marcador(es)? de acción|sube otro marcador|"
            r"\b(un|dos) marcador(es)? (\d|distintos)|mueve otro marcador"
        ),
    ),
    ("1 with a plural", re.compile(r"(?<![\d./])\b1 (coins|steps|spaces|counters|marbles)\b")),
    (
        "2 with a singular",
        re.compile(r"(?<![\d./])\b(0|[2-9]) (coin|step|counter|marble)\b(?! track)"),
    ),
)
SPANISH_PROBLEMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "1 with a plural",
        re.compile(r"(?<![\d./])\b1 (monedas|pasos|casillas|contadores|mármoles)\b"),
    ),
    (
        "2 with a singular",
        re.compile(r"(?<![\d./])\b(0|[2-9]) (moneda|paso|casilla|contador|mármol)\b"),
    ),
    ("a plural verb for a mass noun", re.compile(r"\bNo quedan (mármol|cobre|oro)\b")),
    ("a district without article", re.compile(rf"\b(en|de|a|desde|hasta|hacia) {DISTRICT}\b")),
    ("a district opening a sentence", re.compile(rf"(^|[:;.] ){DISTRICT} (está|es|no|tiene)\b")),
    ("an uncontracted article", re.compile(r"\b(de|a) el\b")),
    (
        "an English word",
        re.compile(
            r"\b(the|and|of|coins?|tiles?|workers?|steps?|North|East|South|West|marbles?|"
            r"counters?|Maharajah|[Ss]torehouse|track|draw|player|space|his)\b"
        ),
    ),
)


def test_every_text_agrees_names_districts_with_articles_and_speaks_one_language() -> None:
    texts = [
        *reason_texts(),
        *((f"maharajah {code} ({n})", en, es) for code, n, en, es in maharajah_templates()),
        *describe_texts(),
        *((f"refusal {code}", r.en, r.es) for code, r in refusals_in_random_games().items()),
    ]
    kinds = {where.split()[0] for where, _, _ in texts}
    assert {"reason", "maharajah", "chance", "action", "trace", "instruction", "refusal"} <= kinds
    problems = []
    for where, en, es in texts:
        for what, pattern in PROBLEMS:
            for language, text in (("en", en), ("es", es)):
                if pattern.search(text):
                    problems.append(f"{where} [{language}] {what}: {text}")
        for what, pattern in SPANISH_PROBLEMS:
            if pattern.search(es):
                problems.append(f"{where} [es] {what}: {es}")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(sorted(set(problems))[:60])


def test_setup_draws_name_temple_tiles_by_what_is_printed() -> None:
    """The notation keeps "chance temple T2"; a player reads the printed PP."""
    from engine.amritsar.actions import parse_action
    from tests.engine.build import play, refusal

    s = new_game(2)
    draw = parse_action("chance temple T2")
    T2 = s.catalog.temple_tiles[draw.a].pp
    shown_en = ", ".join(f"{d.title} {T2[d]}" for d in District)
    shown_es = ", ".join(f"{d.es} {T2[d]}" for d in District)
    assert describe_action(s, draw, "en") == f"Draw the temple tile showing {shown_en}"
    assert describe_action(s, draw, "es") == f"Roba la loseta de templo que muestra {shown_es}"
    again = refusal(play(s, "chance temple T2"), "chance temple T2")
    assert again.en == (
        f"The temple tile showing {shown_en} cannot be drawn here: that temple tile is already placed."
    )
    assert again.es.startswith(f"La loseta de templo que muestra {shown_es} no puede salir aquí")
    assert "T2" not in again.en + again.es


def test_setup_draws_are_told_in_the_past_tense_in_the_history() -> None:
    """The history (``describe_done``) says what was drawn, placed or dealt,
    by what is printed, never as an order still to carry out."""
    from engine.amritsar.actions import Act, Action
    from engine.amritsar.describe import describe_done

    fresh = new_game(2)
    orders = re.compile(r"^(Draw|Place|Reveal|Deal|Roba|Coloca|Revela|Reparte)\b")
    told = 0
    for kind in CHANCE_KINDS:
        for outcome in range(30):
            if chance_outcome_words(fresh, kind, outcome) == str(outcome):
                continue
            action = Action(Act.CHANCE, outcome, kind)
            en, es = describe_done(fresh, action, "en"), describe_done(fresh, action, "es")
            assert not orders.match(en) and not orders.match(es), (en, es)
            assert not re.search(r"\b(T[1-4]|S\d\d|BR\d|D[YBWG]\d)\b", en + es), (en, es)
            told += 1
    assert told > 40
    temple = describe_done(fresh, Action(Act.CHANCE, 0, Pending.CHANCE_TEMPLE), "es")
    assert temple.startswith("Salió la loseta de templo que muestra Norte ")
    store = describe_done(fresh, Action(Act.CHANCE, 6, Pending.CHANCE_STOREHOUSE), "en")
    assert store == "Revealed: the storehouse “1 coin less on market purchases” (3 spaces)"


def test_storehouse_and_mahout_refusals_describe_the_piece_not_its_id() -> None:
    from tests.engine.build import at_turn, play, refusal, seat, table, with_frame

    s = seat(table(2), 0, resources="MG", coins=2)  # within the storehouses' 4 spaces
    s = with_frame(at_turn(s, 0, "actions", colour="G", district="N"), Pending.UPGRADE, 0, a=7)
    taken = play(s, "upgrade mahout market space B pay G")
    again = refusal(
        with_frame(taken, Pending.UPGRADE, 0, a=7), "upgrade mahout market space W pay G"
    )
    assert again.en == "The mahout tile “a market action” is not available to you."
    assert again.es == "La loseta de mahout «una acción de mercado» no está disponible para ti."
    hidden = refusal(s, "upgrade storehouse S07 slot 1 pay M")
    assert hidden.en == (
        "The storehouse “1 coin less on market purchases” (3 spaces) is not available to you."
    )
    assert hidden.es.startswith("El almacén «1 moneda menos al comprar en el mercado» (3 espacios)")


def test_not_your_piece_gives_the_piece_its_own_article_in_spanish() -> None:
    fields = {"current": "Ana", "colour": "purple", "colour_es": "morado"}
    elephant = Reason("not_your_piece", {**fields, "piece": "elephant", "piece_es": "elefante"})
    token = Reason(
        "not_your_piece",
        {**fields, "piece": "movement token", "piece_es": "ficha de movimiento"},
    )
    assert "; el elefante morado solo se mueve" in elephant.es
    assert "; la ficha de movimiento morada solo se mueve" in token.es
    assert "the purple movement token only moves" in token.en


def test_the_history_tells_every_action_of_whole_games_as_done() -> None:
    """``describe_done`` (the history's line) never repeats the order the phone
    gave: every action of a 2-player and a solo game, setup draws included,
    is told in the past (a statement such as "Starting player: ..." aside)."""
    from engine.amritsar.describe import describe_done

    for players, solo in ((2, False), (1, True)):
        state = new_game(players, solo=solo)
        rng = random.Random(3)
        while not state.finished:
            actions = legal_actions(state)
            for action in actions:
                for language in ("en", "es"):
                    done = describe_done(state, action, language)
                    if done.startswith(("Starting player:", "Jugador inicial:")):
                        continue
                    assert done != describe_action(state, action, language), done
            state, _ = apply(state, rng.choice(actions), check=False)
