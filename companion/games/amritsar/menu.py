"""Amritsar's long phone decisions folded into screens of at most eight buttons.

Why: an upgrade offered every storehouse on every free storage space, paid
with every resource it may be paid with, one button each (up to 27 buttons
in a seeded game, many with the same words, the last one 3,168 px down a
phone), and an action turn offered up to 11 buttons. Issue 32 asks for at
most eight buttons a screen, every button's words telling it apart.

Each answer of those decisions gets a path of taps (``engine.core.answers``'s
``Step``, words from the rulebook): an upgrade is first its kind (a
storehouse, objective or mahout upgrade), then which storehouse, objective or
mahout tile, then where (which storage, objective or mahout space), then what
it is paid with; an action turn puts the district tiles' actions behind one
button and the elephant's behind another. The paths are folded by the same
machinery as the other games' menus (``companion.server.answer_menu.build``:
a screen of one choice joins the next, a few answers are listed at once,
more than fit are paged behind "More…"). The phone (``static/js/picking.js``)
walks the menu; a leaf is an offered option, so a leaf whose answer has a
follow-up (``companion.games.amritsar.grouped``) still opens it.

A decision with at most eight answers stays one flat list, as before.
"""

from __future__ import annotations

from typing import Any

from companion.server.answer_menu import MOST, build, leaves, taps
from engine.amritsar import (
    COLOURS,
    UNNAMED,
    Act,
    Action,
    GameState,
    describe_action,
    describe_objective,
    legal_actions,
    mahout_words,
    parse_action,
    resource_words,
    spanish,
    storehouse_words,
)
from engine.core.answers import AnswerParts, Step

#: An upgrade's kind, the rulebook's words.
KINDS = {
    Act.UPGRADE_STOREHOUSE: ("A storehouse upgrade", "Una mejora de almacén"),
    Act.UPGRADE_OBJECTIVE: ("An objective upgrade", "Una mejora de objetivo"),
    Act.UPGRADE_MAHOUT: ("A mahout upgrade", "Una mejora de mahout"),
}
#: An action turn's groups: the active district's tiles, and the elephant.
TILES = Step("An action of a district tile", "Una acción de una loseta de distrito")
ELEPHANT = Step("Activate your elephant", "Activa tu elefante")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _whole(state: GameState, action: Action) -> Step:
    return Step(describe_action(state, action, "en"), describe_action(state, action, "es"))


def _upgrade(state: GameState, action: Action) -> AnswerParts:
    kind, what, where, paid = action
    catalog = state.catalog
    if kind is Act.UPGRADE_STOREHOUSE:
        storehouse = catalog.storehouses[what]
        tile = Step(
            _capital(storehouse_words(storehouse, "en")),
            _capital(storehouse_words(storehouse, "es")),
        )
        space = Step(f"Storage space {where + 1}", f"Espacio de almacén {where + 1}")
    elif kind is Act.UPGRADE_OBJECTIVE and what == UNNAMED:  # house rule objectives_at_end
        tile = Step("An objective face down", "Un objetivo boca abajo")
        space = Step(f"Objective space {where + 1}", f"Espacio de objetivo {where + 1}")
    elif kind is Act.UPGRADE_OBJECTIVE:
        objective = catalog.objectives[what]
        tile = Step(
            f"Objective {objective.id}: {describe_objective(objective, 'en')}",
            spanish(f"Objetivo {objective.id}: {describe_objective(objective, 'es')}"),
        )
        space = Step(f"Objective space {where + 1}", f"Espacio de objetivo {where + 1}")
    else:
        action_of = catalog.mahout_tiles[what].action
        tile = Step(
            _capital(mahout_words(action_of, "en")), _capital(mahout_words(action_of, "es"))
        )
        space = Step(
            f"The {COLOURS['en'][where]} mahout space",
            f"El espacio de mahout {COLOURS['es'][where]}",
        )
    if paid < 0:
        pay = Step("Free", "Gratis")
    else:
        pay = Step(
            f"Paying {resource_words(paid, 1, 'en')}", f"Pagando {resource_words(paid, 1, 'es')}"
        )
    en, es = KINDS[kind]
    return AnswerParts((Step(en, es), tile, space, pay))


def answer_parts(state: GameState, action: Action) -> AnswerParts:
    """The taps that reach ``action`` on the phone, at ``state``."""
    if action.kind in KINDS:
        return _upgrade(state, action)
    if action.kind in (Act.MAIN, Act.SECONDARY):
        return AnswerParts((TILES, _whole(state, action)))
    if action.kind in (Act.ELEPHANT_MAIN, Act.ELEPHANT_MAHOUT):
        return AnswerParts((ELEPHANT, _whole(state, action)))
    if action.kind is Act.REVEAL_OBJECTIVE:  # the objective's type first, as the cards are
        kind = state.catalog.objectives[action.a].type
        return AnswerParts(
            (Step(f"A type {kind} objective", f"Un objetivo de tipo {kind}"), _whole(state, action))
        )
    return AnswerParts((_whole(state, action),))


def amritsar_menu(state: GameState, options: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The menu of ``options`` (``{"action", "en", "es"}``) offered at ``state``, or
    ``None`` when they fit one screen (or one cannot be read)."""
    if len(options) <= MOST:
        return None
    parts: list[AnswerParts | None] = []
    for option in options:
        try:
            parts.append(answer_parts(state, parse_action(str(option["action"]))))
        except (ValueError, IndexError, KeyError):
            parts.append(None)
    return build(options, parts)


def taps_to(state: GameState, action: Action) -> int:
    """The taps that reach ``action`` on the phone at ``state`` (1 on a short list);
    a follow-up it opens is not counted here (``companion.games.amritsar.grouped``)."""
    actions = legal_actions(state)
    options = [{"action": str(a), "en": str(a), "es": str(a)} for a in actions]
    menu = amritsar_menu(state, options)
    if menu is None:
        return 1
    return dict(zip(leaves(menu), taps(menu), strict=True)).get(str(action), 1)
