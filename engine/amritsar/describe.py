"""Words for players: each action, effect and objective in English and Spanish.

Phones list the legal answers to a pending decision; the table screen and the
log narrate what happened. ``describe_action(state, action, "es")`` says what
an action does in the position it is played in ("Buy 1 marble for 2 coins",
"Compra 1 mármol por 2 monedas"). Everything a player reads comes from here or
from ``engine.amritsar.reasons``.
"""

from __future__ import annotations

from engine.amritsar.actions import DISCARD_COIN, SLOT_NAMES, Act, Action, ElephantMode
from engine.amritsar.board import District, Resource, WorkerColour
from engine.amritsar.catalog import Objective, ObjectiveKind, Perk, Storehouse
from engine.amritsar.decisions import Pending
from engine.amritsar.effects import ANY_TRACK, Effect, Op, Step, Track
from engine.amritsar.state import UNNAMED, GameState

DISTRICTS = {"en": ("North", "East", "South", "West"), "es": ("Norte", "Este", "Sur", "Oeste")}
#: A district inside a sentence. English as the rulebook writes it ("from the
#: Eastern District to the Western District", "the first Section of the
#: Southern District"); Spanish with its article ("en el Norte", "del Este al
#: Sur": ``spanish`` contracts "de el" and "a el"). Bare names are for labels
#: ("North 4, East 3").
DISTRICT_ADJECTIVES = ("Northern", "Eastern", "Southern", "Western")
DISTRICTS_IN_TEXT = {
    "en": tuple(d.in_text for d in District),
    "es": ("el Norte", "el Este", "el Sur", "el Oeste"),
}


def spanish(text: str) -> str:
    """Spanish contractions ("de el" -> "del", "a el" -> "al") and a capital first letter."""
    for long, short in ((" de el ", " del "), (" a el ", " al "), ("(de el ", "(del ")):
        text = text.replace(long, short)
    if text.startswith("el "):
        text = "El " + text[3:]
    return text


COLOURS = {
    "en": ("yellow", "blue", "white", "green"),
    "es": ("amarillo", "azul", "blanco", "verde"),
}
#: Colours agreeing with a feminine noun ("la loseta amarilla").
COLOURS_FEMININE_ES = ("amarilla", "azul", "blanca", "verde")
RESOURCES = {
    "en": (("marble", "marbles"), ("copper", "copper"), ("gold", "gold")),
    "es": (("mármol", "mármoles"), ("cobre", "cobres"), ("oro", "oros")),
}
TRACKS = {"en": ("development", "resources", "money"), "es": ("desarrollo", "recursos", "dinero")}
SLOTS = {"en": ("left", "centre", "right"), "es": ("izquierda", "centro", "derecha")}
PERKS = {
    Perk.WHITE_AS: (
        "white workers count as {colour} and vice versa",
        "los trabajadores blancos cuentan como {colour} y viceversa",
    ),
    Perk.MARKET_DISCOUNT: (
        "1 coin less on market purchases",
        "1 moneda menos al comprar en el mercado",
    ),
    Perk.TAX_DISCOUNT: ("1 coin less tax", "1 moneda menos de impuestos"),
    Perk.FREE_SKIP: ("skip sections without leaving a coin", "salta secciones sin dejar moneda"),
    Perk.NO_MAHARAJAH_PENALTY: (
        "no penalty for passing the Maharajah",
        "sin penalización al pasar por el marajá",
    ),
    Perk.ALL_BRIDGES: (
        "every face-up bridge tile counts",
        "cuentan todas las losetas de puente boca arriba",
    ),
    Perk.TRACK_SUBSTITUTE: (
        "move another knowledge counter instead",
        "sube otro contador de conocimiento en su lugar",
    ),
    Perk.EXCHANGE: (
        "once per turn exchange marble/copper or copper/gold",
        "una vez por turno cambia mármol/cobre o cobre/oro",
    ),
    Perk.ANY_RESOURCE_UPGRADE: (
        "pay upgrades with any resource",
        "paga las mejoras con cualquier recurso",
    ),
    Perk.TELEPORT: (
        "place your elephant anywhere once",
        "coloca tu elefante en cualquier distrito una vez",
    ),
}


def section_words(section: int, language: str = "en") -> str:
    """A section as a player finds it: "the first section of the Northern District"
    ("la primera sección del Norte"); the first is the one an elephant path
    reaches first, clockwise (engine.amritsar.board.SECTION_NAMES: N1 is the first of North)."""
    district = DISTRICTS_IN_TEXT[_lang(language)][section // 2]
    if _lang(language) == "es":
        return spanish(f"la {('primera', 'segunda')[section % 2]} sección de {district}")
    return f"the {('first', 'second')[section % 2]} section of {district}"


def district_tile_words(district: int, slot: int, language: str = "en") -> str:
    """A district tile by where it lies: "the left tile of the Western District" ("la loseta
    de la izquierda del Oeste"), never its catalogue code."""
    where = DISTRICTS_IN_TEXT[_lang(language)][district]
    if _lang(language) == "es":
        side = ("de la izquierda", "del centro", "de la derecha")[slot]
        return spanish(f"la loseta {side} de {where}")
    return f"the {SLOTS['en'][slot]} tile of {where}"


def _lang(language: str) -> str:
    return "es" if language == "es" else "en"


def resource_words(resource: int, count: int, language: str = "en") -> str:
    singular, plural = RESOURCES[_lang(language)][resource]
    return f"{count} {singular if count == 1 else plural}"


def _coins(count: int, language: str) -> str:
    if _lang(language) == "es":
        return f"{count} moneda" + ("s" if count != 1 else "")
    return f"{count} coin" + ("s" if count != 1 else "")


def _step(step: Step, language: str) -> str:
    es = _lang(language) == "es"
    op = step.op
    if op is Op.COIN:
        return _coins(step.n, language)
    if op is Op.RESOURCE:
        return resource_words(step.arg, step.n, language)
    if op is Op.ANY:
        if es:
            return "1 recurso a elegir" if step.n == 1 else f"{step.n} recursos a elegir"
        return "1 resource of your choice" if step.n == 1 else f"{step.n} resources of your choice"
    if op is Op.PP:
        return f"{step.n} PP"
    if op is Op.COUNTER:
        return (
            "un contador de donación a tu elefante" if es else "a donation counter to your elephant"
        )
    if op is Op.CHOICE:
        return (" o " if es else " or ").join(describe_effect(alt, language) for alt in step.alts)
    if op is Op.MARKET:
        return "una acción de mercado" if es else "a market action"
    if op is Op.MAHOUT:
        return (
            "la acción de una de tus losetas de mahout"
            if es
            else "the action of one of your mahout tiles"
        )
    if op is Op.DONATE:
        return "una donación al templo" if es else "a donation to the temple"
    if op is Op.TWO_STEPS:
        return "2 pasos de conocimiento" if es else "2 knowledge steps"
    if op is Op.UNLOCK_MOVEMENT:
        return "desbloquear la ficha de movimiento" if es else "unlock the movement token"
    if op is Op.UPGRADE:
        if step.n:
            return "una mejora gratis" if es else "a free upgrade"
        if step.arg == 0b111:
            return "cualquier mejora" if es else "any upgrade"
        kinds = [
            ("almacén" if es else "storehouse", 0),
            ("objetivo" if es else "objective", 1),
            ("mahout", 2),
        ]
        names = [name for name, bit in kinds if step.arg >> bit & 1]
        # Spanish "o" becomes "u" only before a word starting with an "o" sound.
        joined = " or ".join(names)
        if es:
            joined = names[0]
            for name in names[1:]:
                joined += (" u " if name.startswith("o") else " o ") + name
        return f"una mejora de {joined}" if es else f"a {joined} upgrade"
    track = (
        ("un paso en un marcador a elegir" if es else "a knowledge step on any track")
        if step.arg == ANY_TRACK
        else (f"un paso de {TRACKS['es'][step.arg]}" if es else f"a {TRACKS['en'][step.arg]} step")
    )
    return track


def describe_effect(effect: Effect, language: str = "en") -> str:
    joiner = " y " if _lang(language) == "es" else " and "
    return joiner.join(_step(step, language) for step in effect) or (
        "nada" if language == "es" else "nothing"
    )


def describe_storehouse(storehouse: Storehouse, language: str = "en") -> str:
    es = _lang(language) == "es"
    if storehouse.permanent is not None:
        en_text, es_text = PERKS[storehouse.permanent]
        text = es_text if es else en_text
        if storehouse.colour is not None:
            text = text.format(colour=COLOURS[_lang(language)][storehouse.colour])
    else:
        text = ("al colocarlo: " if es else "when placed: ") + describe_effect(
            storehouse.immediate, language
        )
    spaces = f"{storehouse.capacity} espacio" if es else f"{storehouse.capacity} space"
    plural = "s" if storehouse.capacity != 1 else ""
    return f"{text} ({spaces}{plural})"


def storehouse_words(storehouse: Storehouse, language: str = "en") -> str:
    """A storehouse by what is printed on it, never its catalogue id: "the
    storehouse “1 coin less on market purchases” (3 spaces)" / "el almacén «...»"."""
    text = describe_storehouse(storehouse, language)
    benefit, _, spaces = text.rpartition(" (")
    if _lang(language) == "es":
        return f"el almacén «{benefit}» ({spaces}"
    return f"the storehouse “{benefit}” ({spaces}"


def mahout_words(action: Effect, language: str = "en") -> str:
    """A mahout tile by the action printed on it: "the mahout tile “1 coin and 1 PP”"."""
    text = describe_effect(action, language)
    if _lang(language) == "es":
        return f"la loseta de mahout «{text}»"
    return f"the mahout tile “{text}”"


def describe_objective(objective: Objective, language: str = "en") -> str:
    es = _lang(language) == "es"
    kind = objective.kind
    pp = objective.pp
    district = (
        DISTRICTS_IN_TEXT[_lang(language)][objective.district]
        if objective.district is not None
        else ""
    )
    if kind is ObjectiveKind.DISTRICT_MAJORITY:
        return (
            f"Mayoría en {district}: {pp[0]}/{pp[1]} PP"
            if es
            else f"Majority in {district}: {pp[0]}/{pp[1]} PP"
        )
    if kind is ObjectiveKind.MOST_COINS:
        return f"Más monedas: {pp[0]}/{pp[1]} PP" if es else f"Most coins: {pp[0]}/{pp[1]} PP"
    if kind is ObjectiveKind.MOST_RESOURCES:
        return f"Más recursos: {pp[0]}/{pp[1]} PP" if es else f"Most resources: {pp[0]}/{pp[1]} PP"
    if kind is ObjectiveKind.TWO_SPACES:
        spaces = ", ".join(f"{TRACKS[_lang(language)][t]} {p}" for t, p in objective.spaces)
        return f"Alcanza {spaces}: {pp[0]} PP" if es else f"Reach {spaces}: {pp[0]} PP"
    if kind is ObjectiveKind.TRACK_END:
        assert objective.track is not None
        track = TRACKS[_lang(language)][objective.track]
        return (
            f"Final del marcador de {track}: {pp[0]} PP"
            if es
            else f"End of the {track} track: {pp[0]} PP"
        )
    if kind is ObjectiveKind.PER_COUNTER_IN_DISTRICT:
        return (
            f"{pp[0]} PP por contador en {district}"
            if es
            else f"{pp[0]} PP per counter in {district}"
        )
    ladder = "/".join(str(v) for v in pp)
    if kind is ObjectiveKind.DISTRICTS_SPREAD:
        return (
            f"Contadores en 1-4 distritos: {ladder} PP"
            if es
            else f"Counters in 1-4 districts: {ladder} PP"
        )
    if kind is ObjectiveKind.LEVELS_SPREAD:
        return (
            f"Contadores en 1-4 niveles: {ladder} PP"
            if es
            else f"Counters on 1-4 levels: {ladder} PP"
        )
    levels = "+".join(str(level) for level in objective.levels)
    if kind is ObjectiveKind.LEVELS_AT_LEAST:
        plural = "" if objective.count == 1 else ("es" if es else "s")
        if es:
            return f"Al menos {objective.count} contador{plural} en el nivel {levels}: {pp[0]} PP"
        return f"At least {objective.count} counter{plural} on level {levels}: {pp[0]} PP"
    if es:
        return f"Contadores en el nivel {levels} (1, 2, 3, 4+): {ladder} PP"
    return f"Counters on level {levels} (1, 2, 3, 4+): {ladder} PP"


def temple_tile_words(pp: tuple[int, ...], language: str = "en") -> str:
    """A temple tile by what is printed on it: the PP of each district
    ("the temple tile showing North 4, East 3, South 2, West 1"), never its id."""
    names = DISTRICTS[_lang(language)]
    shown = ", ".join(f"{names[d]} {pp[d]}" for d in range(4))
    if _lang(language) == "es":
        return f"la loseta de templo que muestra {shown}"
    return f"the temple tile showing {shown}"


def chance_outcome_words(state: GameState, kind: int, outcome: int, language: str = "en") -> str:
    """A setup draw's piece as it looks ("the temple tile showing North 4, ...",
    "un trabajador azul"), never its catalogue id (``format_action`` keeps ids)."""
    lang = _lang(language)
    es = lang == "es"
    catalog = state.catalog
    try:
        chance = Pending(kind)
    except ValueError:
        return str(outcome)
    if chance is Pending.CHANCE_TEMPLE and 0 <= outcome < len(catalog.temple_tiles):
        return temple_tile_words(catalog.temple_tiles[outcome].pp, lang)
    if chance is Pending.CHANCE_BRIDGE and 0 <= outcome < len(catalog.bridge_tiles):
        benefit = describe_effect(catalog.bridge_tiles[outcome].benefit, lang)
        return (
            f"la loseta de puente que da {benefit}" if es else f"the bridge tile giving {benefit}"
        )
    if chance is Pending.CHANCE_DISTRICT_TILE and 0 <= outcome < len(catalog.district_tiles):
        tile = catalog.district_tiles[outcome]
        colour = (COLOURS_FEMININE_ES if es else COLOURS["en"])[tile.colour]
        halves = f"{describe_effect(tile.main, lang)} / {describe_effect(tile.secondary, lang)}"
        if es:
            return f"la loseta de distrito {colour} ({halves})"
        return f"the {colour} district tile ({halves})"
    if chance is Pending.CHANCE_WORKER and 0 <= outcome < 4:
        colour = COLOURS[lang][outcome]
        return f"un trabajador {colour}" if es else f"a {colour} worker"
    if chance is Pending.CHANCE_STOREHOUSE and 0 <= outcome < len(catalog.storehouses):
        return storehouse_words(catalog.storehouses[outcome], lang)
    if chance in (Pending.CHANCE_OBJECTIVE, Pending.CHANCE_MAHARAJAH_OBJECTIVE) and (
        0 <= outcome < len(catalog.objectives)
    ):
        objective = catalog.objectives[outcome]
        text = f"{objective.id}: {describe_objective(objective, lang)}"
        return f"el objetivo {text}" if es else f"objective {text}"
    if chance is Pending.CHANCE_STARTING_PLAYER:
        return f"el jugador {outcome + 1}" if es else f"player {outcome + 1}"
    return str(outcome)


#: The verb for each setup draw (English, Spanish).
_CHANCE_VERBS = {
    Pending.CHANCE_TEMPLE: ("Draw", "Roba"),
    Pending.CHANCE_BRIDGE: ("Draw", "Roba"),
    Pending.CHANCE_DISTRICT_TILE: ("Place", "Coloca"),
    Pending.CHANCE_WORKER: ("Place", "Coloca"),
    Pending.CHANCE_STOREHOUSE: ("Reveal", "Revela"),
    Pending.CHANCE_OBJECTIVE: ("Deal", "Reparte"),
    Pending.CHANCE_MAHARAJAH_OBJECTIVE: ("Deal the Maharajah", "Reparte al marajá"),
    Pending.CHANCE_STARTING_PLAYER: ("First player:", "Jugador inicial:"),
}


def describe_chance(state: GameState, kind: int, outcome: int, language: str = "en") -> str:
    """A setup draw said for a player ("Draw the temple tile showing North 4, ...")."""
    lang = _lang(language)
    words = chance_outcome_words(state, kind, outcome, lang)
    verbs = _CHANCE_VERBS.get(Pending(kind)) if kind in set(Pending) else None
    if verbs is None:
        return words
    return spanish(f"{verbs[1]} {words}") if lang == "es" else f"{verbs[0]} {words}"


def describe_action(state: GameState, action: Action, language: str = "en") -> str:
    """What this action does, said for a player, in the position it answers."""
    text = _describe_action(state, action, language)
    return spanish(text) if _lang(language) == "es" else text


def _describe_action(state: GameState, action: Action, language: str) -> str:
    lang = _lang(language)
    es = lang == "es"
    catalog = state.catalog
    kind, a, b, c = action
    top = state.pending[-1] if state.pending else None
    seat = top.player if top is not None else -1
    if kind is Act.CHANCE:
        return describe_chance(state, b, a, lang)
    if kind is Act.REVEAL_OBJECTIVE:
        objective = catalog.objectives[a]
        text = f"{objective.id}: {describe_objective(objective, lang)}"
        if es:
            return f"En el espacio de objetivo {b + 1}, el objetivo {text}"
        return f"On objective space {b + 1}, objective {text}"
    if (kind is Act.SETUP_OBJECTIVE or kind is Act.UPGRADE_OBJECTIVE) and a == UNNAMED:
        space = f" (espacio {b + 1})" if es else f" (space {b + 1})"
        pay = "" if c < 0 else (" pagando " if es else " paying ") + resource_words(c, 1, lang)
        if kind is Act.SETUP_OBJECTIVE:
            return "Primer objetivo boca abajo" if es else "First objective face down"
        return ("Juega un objetivo boca abajo" if es else "Play an objective face down") + (
            space + pay
        )
    if kind is Act.SETUP_OBJECTIVE or kind is Act.UPGRADE_OBJECTIVE:
        objective = catalog.objectives[a]
        text = f"{objective.id}: {describe_objective(objective, lang)}"
        if kind is Act.SETUP_OBJECTIVE:
            return ("Primer objetivo " if es else "First objective ") + text
        pay = "" if c < 0 else (" pagando " if es else " paying ") + resource_words(c, 1, lang)
        space = f" (espacio {b + 1})" if es else f" (space {b + 1})"
        return ("Juega el objetivo " if es else "Play objective ") + text + space + pay
    if kind is Act.SETUP_MAHOUT or kind is Act.UPGRADE_MAHOUT:
        colour = COLOURS[lang][a if kind is Act.SETUP_MAHOUT else b]
        if kind is Act.SETUP_MAHOUT:
            return (
                f"Loseta de donación en el espacio {colour}"
                if es
                else f"Donation mahout tile on the {colour} space"
            )
        tile = catalog.mahout_tiles[a]
        pay = "" if c < 0 else (" pagando " if es else " paying ") + resource_words(c, 1, lang)
        action_text = describe_effect(tile.action, lang)
        if es:
            return f"Añade la loseta de mahout «{action_text}» en el espacio {colour}{pay}"
        return f"Add the mahout tile “{action_text}” on the {colour} space{pay}"
    if kind is Act.UPGRADE_STOREHOUSE:
        pay = "" if c < 0 else (" pagando " if es else " paying ") + resource_words(c, 1, lang)
        text = storehouse_words(catalog.storehouses[a], lang)
        return (f"Añade {text}" if es else f"Add {text}") + pay
    if kind is Act.ELEPHANT:
        district = DISTRICTS_IN_TEXT[lang][a]
        if b == ElephantMode.TOKEN:
            return (
                f"Ficha de movimiento: elefante a {district} gratis"
                if es
                else f"Movement token: elephant to {district} for free"
            )
        if b == ElephantMode.TELEPORT:
            return (
                f"Almacén: elefante a {district} gratis"
                if es
                else f"Storehouse: elephant to {district} for free"
            )
        p = state.players[seat] if 0 <= seat < len(state.players) else None
        if p is None or p.elephant < 0:
            return (
                f"Coloca tu elefante en {district}" if es else f"Place your elephant in {district}"
            )
        from engine.amritsar.rules.elephant import move_cost

        _, coins, passes = move_cost(state, p, a)
        extra = [_coins(coins, lang)] if coins else []
        if passes:
            penalty = catalog.rules.maharajah_penalty[state.decade - 1]
            extra.append(f"-{penalty} PP (marajá)" if es else f"-{penalty} PP (Maharajah)")
        cost = f" ({', '.join(extra)})" if extra else ""
        return (
            f"Mueve tu elefante a {district}{cost}"
            if es
            else f"Move your elephant to {district}{cost}"
        )
    if kind is Act.STAY:
        return "Deja tu elefante donde está" if es else "Leave your elephant where it is"
    if kind is Act.SOW:
        count = len(state.sections[a])
        where = section_words(a, lang)
        if es:
            return spanish(
                f"Coge el trabajador de {where}"
                if count == 1
                else f"Coge los {count} trabajadores de {where}"
            )
        return (
            f"Take the worker from {where}"
            if count == 1
            else f"Take the {count} workers from {where}"
        )
    if kind is Act.PLACE:
        target = section_words(top.a, lang) if top is not None else "?"
        colour = COLOURS[lang][a]
        return spanish(
            f"Deja un trabajador {colour} en {target}"
            if es
            else f"Put a {colour} worker in {target}"
        )
    if kind is Act.SKIP:
        target = section_words(top.a, lang) if top is not None else "?"
        return spanish(
            f"Salta {target} dejando 1 moneda" if es else f"Skip {target}, leaving 1 coin there"
        )
    if kind in (Act.MAIN, Act.SECONDARY, Act.ELEPHANT_MAIN):
        district_tile = catalog.district_tiles[state.district_tiles[state.active_district][a]]
        half = district_tile.secondary if kind is Act.SECONDARY else district_tile.main
        which = {
            Act.MAIN: ("Acción principal", "Main action"),
            Act.SECONDARY: ("Acción secundaria", "Secondary action"),
            Act.ELEPHANT_MAIN: ("Elefante: acción principal", "Elephant: main action"),
        }[kind]
        tile_words = district_tile_words(state.active_district, a, lang)
        if es:
            return spanish(f"{which[0]} de {tile_words}: {describe_effect(half, lang)}")
        return f"{which[1]} of {tile_words}: {describe_effect(half, lang)}"
    if kind in (Act.ELEPHANT_MAHOUT, Act.MAHOUT):
        tile = catalog.mahout_tiles[state.players[seat].mahouts[a]]
        prefix = ("Elefante: " if es else "Elephant: ") if kind is Act.ELEPHANT_MAHOUT else ""
        space = COLOURS[lang][a]
        if es:
            text = f"loseta de mahout del espacio {space}: {describe_effect(tile.action, lang)}"
        else:
            text = f"mahout tile on the {space} space: {describe_effect(tile.action, lang)}"
        return prefix + text if prefix else text[0].upper() + text[1:]
    if kind is Act.END_ACTIONS:
        return "Termina tus acciones" if es else "End your actions"
    if kind is Act.GAIN:
        return ("Coge " if es else "Take ") + resource_words(a, 1, lang)
    if kind is Act.ALTERNATIVE and top is not None:
        return describe_effect(top.steps[0].alts[a], lang)
    if kind is Act.BUY:
        from engine.amritsar.rules.market import buy_price

        return (
            f"Compra {resource_words(a, 1, lang)} por {_coins(buy_price(state, a), lang)}"
            if es
            else f"Buy {resource_words(a, 1, lang)} for {_coins(buy_price(state, a), lang)}"
        )
    if kind is Act.SELL:
        from engine.amritsar.rules.market import sell_terms

        coins, pp = sell_terms(state, a)
        gain = _coins(coins, lang) + (f" y {pp} PP" if es and pp else f" and {pp} PP" if pp else "")
        return (
            f"Vende {resource_words(a, 1, lang)} por {gain}"
            if es
            else f"Sell {resource_words(a, 1, lang)} for {gain}"
        )
    if kind is Act.MARKET_DONE:
        return "Termina la acción de mercado" if es else "Finish the market action"
    if kind is Act.DONATE:
        p = state.players[seat]
        from engine.amritsar.rules.donation import tile_for

        level = tile_for(state, p.elephant).levels[a - 1]
        cost = ", ".join(resource_words(r, n, lang) for r, n in enumerate(level.cost) if n)
        district = DISTRICTS_IN_TEXT[lang][p.elephant]
        where = (
            f"{district}, nivel {a}, espacio {b + 1}"
            if es
            else f"{district}, level {a}, space {b + 1}"
        )
        return (
            f"Dona en {where} ({cost}, {level.pp[b]} PP)"
            if es
            else f"Donate on {where} ({cost}, {level.pp[b]} PP)"
        )
    if kind is Act.TRACK:
        return f"Sube en {TRACKS['es'][a]}" if es else f"Move up the {TRACKS['en'][a]} track"
    if kind is Act.TWO_STEPS:
        if a == b:
            return (
                f"Sube 2 pasos en {TRACKS['es'][a]}"
                if es
                else f"Move up 2 steps on {TRACKS['en'][a]}"
            )
        return (
            f"Sube en {TRACKS['es'][a]} y en {TRACKS['es'][b]}"
            if es
            else f"Move up {TRACKS['en'][a]} and {TRACKS['en'][b]}"
        )
    if kind is Act.DISCARD:
        thing = _coins(1, lang) if a == DISCARD_COIN else resource_words(a, 1, lang)
        return f"Descarta {thing}" if es else f"Discard {thing}"
    if kind is Act.EXCHANGE:
        return (
            f"Cambia {resource_words(a, 1, lang)} por {resource_words(b, 1, lang)}"
            if es
            else f"Exchange {resource_words(a, 1, lang)} for {resource_words(b, 1, lang)}"
        )
    if kind is Act.FOLLOW and top is not None:
        tile = catalog.mahout_tiles[state.players[seat].mahouts[top.a]]
        return (
            f"Sigue con tu loseta de mahout del espacio {COLOURS['es'][top.a]}: {describe_effect(tile.action, lang)}"
            if es
            else f"Follow with your {COLOURS['en'][top.a]} mahout tile: "
            f"{describe_effect(tile.action, lang)}"
        )
    if kind is Act.PASS:
        return "No sigas" if es else "Do not follow"
    if kind is Act.MAHARAJAH:
        return "El marajá juega su turno" if es else "The Maharajah takes his turn"
    return str(action)


def order_prompt(state: GameState) -> tuple[str, str] | None:
    """The question when a choice is only about order ("1 coin and a market
    action" or "a market action and 1 coin"): say that it is about order."""
    top = state.pending[-1] if state.pending else None
    if top is None or top.kind != Pending.CHOOSE_ALTERNATIVE or not top.steps:
        return None
    alts = top.steps[0].alts
    if len(alts) < 2 or any(sorted(alt) != sorted(alts[0]) for alt in alts[1:]):
        return None
    return (
        "In which order? You get the same either way; choose what comes first",
        "¿En qué orden? Recibes lo mismo; elige qué va primero",
    )


def pending_is_hidden(state: GameState) -> bool:
    """Is the pending decision one the table cannot show (a phone must answer)?"""
    if not state.pending:
        return False
    return Pending(state.pending[-1].kind) in HIDDEN_DECISIONS


#: Decisions whose answer leaves no trace on the main board.
HIDDEN_DECISIONS = frozenset(
    {
        Pending.CHANCE_OBJECTIVE,
        Pending.SETUP_OBJECTIVE,
        Pending.SETUP_MAHOUT,
        Pending.ACTIONS,
        Pending.CHOOSE_RESOURCE,
        Pending.CHOOSE_ALTERNATIVE,
        Pending.CHOOSE_MAHOUT,
        Pending.UPGRADE,
        Pending.CHOOSE_TRACK,
        Pending.TWO_STEPS,
        Pending.DISCARD,
        Pending.FOLLOW,
        Pending.REVEAL_OBJECTIVE,
    }
)

__all__ = [
    "COLOURS",
    "DISTRICTS",
    "HIDDEN_DECISIONS",
    "SLOT_NAMES",
    "District",
    "Resource",
    "Track",
    "WorkerColour",
    "describe_action",
    "describe_effect",
    "describe_objective",
    "describe_storehouse",
    "mahout_words",
    "pending_is_hidden",
    "storehouse_words",
]


#: Imperative openings (as ``describe_action`` words them) and the past tense the
#: game's history uses after the player's name ("Ana · moved their elephant to South").
_PAST: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (
        ("Move your elephant to ", "moved their elephant to "),
        ("Place your elephant in ", "placed their elephant in "),
        ("Leave your elephant where it is", "left their elephant where it was"),
        ("Movement token: elephant to ", "used the movement token: elephant to "),
        ("Storehouse: elephant to ", "used a storehouse: elephant to "),
        ("Take the worker from ", "took the worker from "),
        ("Take the ", "took the "),
        ("Take ", "took "),
        ("Put a ", "put a "),
        ("Skip ", "skipped "),
        ("Main action of ", "took the main action of "),
        ("Secondary action of ", "took the secondary action of "),
        ("Elephant: main action of ", "with the elephant, took the main action of "),
        ("Elephant: mahout tile ", "with the elephant, used the mahout tile "),
        ("Mahout tile ", "used the mahout tile "),
        ("End your actions", "ended their actions"),
        ("Finish the market action", "finished the market action"),
        ("Buy ", "bought "),
        ("Sell ", "sold "),
        ("Discard ", "discarded "),
        ("Exchange ", "exchanged "),
        ("Donate on ", "donated on "),
        ("Move up ", "moved up "),
        ("Follow with your ", "followed with their "),
        ("Do not follow", "did not follow"),
        ("Add the mahout tile ", "added the mahout tile "),
        ("Add the storehouse ", "added the storehouse "),
        ("Play objective ", "played objective "),
        ("Play an objective face down", "played an objective face down"),
        ("On objective space ", "revealed, on objective space "),
        ("First objective ", "chose their first objective "),
        ("Donation mahout tile on the ", "put the donation mahout tile on the "),
        ("The Maharajah takes his turn", "The Maharajah took his turn"),
    ),
    "es": (
        ("Mueve tu elefante ", "movió su elefante "),
        ("Coloca tu elefante en ", "colocó su elefante en "),
        ("Deja tu elefante donde está", "dejó su elefante donde estaba"),
        ("Ficha de movimiento: elefante ", "usó la ficha de movimiento: elefante "),
        ("Almacén: elefante ", "usó un almacén: elefante "),
        ("Coge ", "cogió "),
        ("Deja un trabajador ", "dejó un trabajador "),
        ("Salta ", "saltó "),
        ("Acción principal de ", "hizo la acción principal de "),
        ("Acción secundaria de ", "hizo la acción secundaria de "),
        ("Elefante: acción principal de ", "con su elefante, hizo la acción principal de "),
        ("Elefante: loseta de mahout ", "con su elefante, usó la loseta de mahout "),
        ("Loseta de mahout ", "usó la loseta de mahout "),
        ("Termina tus acciones", "terminó sus acciones"),
        ("Termina la acción de mercado", "terminó la acción de mercado"),
        ("Compra ", "compró "),
        ("Vende ", "vendió "),
        ("Descarta ", "descartó "),
        ("Cambia ", "cambió "),
        ("Dona en ", "donó en "),
        ("Sube ", "subió "),
        ("Sigue con tu ", "siguió con su "),
        ("No sigas", "no siguió"),
        ("Añade ", "añadió "),
        ("Juega el objetivo ", "jugó el objetivo "),
        ("Juega un objetivo boca abajo", "jugó un objetivo boca abajo"),
        ("En el espacio de objetivo ", "reveló, en el espacio de objetivo "),
        ("Primer objetivo ", "eligió su primer objetivo "),
        ("Loseta de donación en el espacio ", "puso la loseta de donación en el espacio "),
        ("El marajá juega su turno", "El marajá jugó su turno"),
    ),
}


#: A setup draw in the history, said as done (nobody's name before it).
_CHANCE_PAST = {
    Pending.CHANCE_TEMPLE: ("Drawn:", "Salió"),
    Pending.CHANCE_BRIDGE: ("Drawn:", "Salió"),
    Pending.CHANCE_DISTRICT_TILE: ("Placed:", "Se colocó"),
    Pending.CHANCE_WORKER: ("Placed:", "Se colocó"),
    Pending.CHANCE_STOREHOUSE: ("Revealed:", "Se reveló"),
    Pending.CHANCE_OBJECTIVE: ("Dealt:", "Se repartió"),
    Pending.CHANCE_MAHARAJAH_OBJECTIVE: ("Dealt to the Maharajah:", "Se repartió al marajá"),
    Pending.CHANCE_STARTING_PLAYER: ("Starting player:", "Jugador inicial:"),
}


def describe_done(state: GameState, action: Action, language: str = "en") -> str:
    """What a player did, in the past tense, for the history after their name
    ("moved their elephant to South", "movió su elefante al Sur"). A choice
    worded without a verb ("1 coin and a market action") is prefixed "chose"."""
    lang = _lang(language)
    if action.kind is Act.CHANCE and action.b in set(Pending):
        told = _CHANCE_PAST.get(Pending(action.b))
        words = chance_outcome_words(state, action.b, action.a, lang)
        if told is not None:
            text = f"{told[1]} {words}" if lang == "es" else f"{told[0]} {words}"
            return spanish(text) if lang == "es" else text
    text = describe_action(state, action, language)
    for imperative, past in _PAST[lang]:
        if text.startswith(imperative):
            return past + text[len(imperative) :]
    if action.kind is Act.ALTERNATIVE:
        return ("eligió: " if lang == "es" else "chose: ") + text
    return text
