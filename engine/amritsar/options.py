"""House rules: the other reading of what the rulebook text leaves open.

Where the text admits two readings the engine plays one by default (the one
listed in ``docs/rules-coverage.md``, "Readings where the rulebook is
silent"); each option here switches to the other. The table chooses them when
the game is created (``new_game(..., options=...)``); they are part of the
game's state, so a saved game, a resumed one and a replayed record keep them,
and every view shows them so everyone at the table knows the rules in play.

Each option names the rulebook text that leaves the point open.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.amritsar.state import GameState


@dataclass(frozen=True)
class Option:
    """One house rule: what it changes, in both languages, and the text that leaves it open.

    ``default_*`` is what happens without it; ``text`` quotes the English
    rulebook and ``text_es`` the Spanish original.
    """

    name: str
    en: str
    es: str
    default_en: str
    text: str
    default_es: str
    text_es: str


OPTIONS: dict[str, Option] = {
    option.name: option
    for option in (
        Option(
            "objective_dense_ranking",
            "Objective ties: after a tie for first, the next player is second (1-1-2).",
            "Empates en objetivos: tras un empate en primer lugar, el siguiente es segundo "
            "(1-1-2).",
            "the next player's position counts the tied players above (1-1-3)",
            "The Objectives: 'If you tie on a position, you earn the PP for that position.'",
            "el siguiente jugador cuenta a los empatados por encima (1-1-3)",
            "Objetivos: 'Si empatas en una posición, ganas los PP de esa posición.'",
        ),
        Option(
            "skip_no_wrap",
            "A skipping worker may not skip round into the section it was taken from.",
            "Un trabajador que salta secciones no puede volver a la sección de la que salió.",
            "the last worker may skip on round the board into its own (now empty) section",
            "Phase 2: 'you can make them skip that Section or more, but you must leave 1 Coin "
            "in the space of each Section that they skip' (no word on the section the workers "
            "came from).",
            "el último trabajador puede dar la vuelta al tablero saltando hasta su propia sección (ya vacía)",
            "Fase 2: 'puedes hacer que salte esa o más secciones, pero deberás dejar 1 moneda en el espacio de cada sección que salte' (nada dice de la sección de la que salieron los trabajadores).",
        ),
        Option(
            "free_skip_once",
            "The free-skip storehouse makes only the first skip of a turn free.",
            "El almacén de saltar gratis solo hace gratis el primer salto del turno.",
            "every skip is free with that storehouse",
            "The Storehouses: 'When moving Workers, you can skip a section with the active "
            "Worker without leaving a Coin.'",
            "todos los saltos son gratis con ese almacén",
            "Almacenes: 'A la hora de mover los trabajadores, puedes saltar una sección con el trabajador activo sin dejar moneda.'",
        ),
        Option(
            "exchange_any_time",
            "The exchange storehouse may be used at any moment of your own turn.",
            "El almacén de intercambio se puede usar en cualquier momento de tu turno.",
            "in the action menu and inside a market action",
            "The Storehouses: 'Once per turn, and only on your turn (not when following "
            "another player), you can exchange ...' (no moment is named).",
            "en el menú de acciones y dentro de una acción de mercado",
            "Almacenes: 'Una vez por turno, y solo en tu turno (no al seguir a otro jugador), puedes intercambiar ...' (no dice en qué momento).",
        ),
        Option(
            "main_action_required",
            "The active worker must take a main action when one is possible; a secondary "
            "action does not end the turn without it.",
            "El trabajador activo debe realizar una acción principal si es posible; la "
            "secundaria sola no termina el turno.",
            "nothing is compulsory: a turn may end with no action, or with the secondary alone",
            "Phase 2: 'neither of these 2 things is mandatory ... you can always simply "
            "perform the main action of one of the 3 District Tiles and nothing more.'",
            "nada es obligatorio: un turno puede acabar sin acción, o solo con la secundaria",
            "Fase 2: 'ninguna de las 2 cosas es obligatoria ni a veces posible, siempre podrás realizar la acción principal de una de las 3 losetas del distrito sin más.'",
        ),
        Option(
            "market_bridge_needs_trade",
            "The market bridge tile pays only for a market action with a trade.",
            "La loseta de puente del mercado solo paga por una acción de mercado con alguna "
            "compra o venta.",
            "every market action pays, with or without a trade (the text says 'every time')",
            "The Bridge Tiles: 'Every time you perform the Market action, you immediately "
            "earn 1 PP.' (the market's donation counter needs 'at least one buy or sale'; "
            "the tile does not).",
            "toda acción de mercado paga, con o sin compra o venta (el texto dice 'cada vez')",
            "Losetas de puente: 'Cada vez que realices la acción de mercado, ganas inmediatamente 1 PP.' (el contador de donación del mercado exige 'al menos una compra o una venta'; la loseta no).",
        ),
        Option(
            "follow_market_without_trade",
            "A follower may take a market action and trade nothing.",
            "Quien sigue puede realizar una acción de mercado sin comprar ni vender.",
            "a market action taken to follow must include a trade",
            "Follow the Active Player: the grey player 'cannot follow them as they do not have "
            "the necessary Resources to perform the Donate action' (a market action can "
            "always be taken, empty).",
            "una acción de mercado para seguir debe incluir una compra o una venta",
            "Seguir al jugador activo: el jugador gris 'no puede seguirlo ya que no tiene los recursos necesarios para realizar la acción de donación' (una acción de mercado siempre se puede hacer, vacía).",
        ),
        Option(
            "discount_once_per_turn",
            "The market discount storehouse takes 1 coin off once per turn (the first purchase).",
            "El almacén de descuento en el mercado rebaja 1 moneda una vez por turno (la "
            "primera compra).",
            "1 coin off the purchase of each market action",
            "The Storehouses: 'When you buy in the Market, pay 1 less Coin on the total cost "
            "of your purchase.' (a purchase: one market action's buys, or the turn's?).",
            "1 moneda menos en la compra de cada acción de mercado",
            "Almacenes: 'Cuando compres en el mercado, paga 1 moneda menos sobre el coste total de tu compra.' (¿una compra: la de una acción de mercado o la del turno?).",
        ),
        Option(
            "objectives_at_end",
            "Objectives named at the end: nobody enters their objectives during the game; "
            "each player names the ones on their board when they are revealed.",
            "Objetivos al final: nadie introduce sus objetivos durante la partida; cada "
            "jugador dice cuáles tiene en su tablero cuando se revelan.",
            "each objective is entered when it is dealt, and named when it is played",
            "Setup: 'Each player can consult their Objectives at any time, but will keep them "
            "hidden from the rest of the players until the end of the game.'; End of Game: "
            "'Reveal the Objectives you have played on your Board and score them.' (nothing "
            "during the game depends on which they are).",
            "cada objetivo se introduce al repartirlo y se nombra al jugarlo",
            "Preparación: 'Cada jugador puede consultar sus objetivos en cualquier momento, pero "
            "los mantendrá ocultos al resto de jugadores hasta el final de la partida.'; Final "
            "de la partida: 'Revela los objetivos que hayas logrado jugar en tu tablero y "
            "puntúalos.' (nada "
            "durante la partida depende de cuáles sean).",
        ),
    )
}


def has_option(s: GameState, name: str) -> bool:
    assert name in OPTIONS, name
    return name in s.options


def checked_options(names: Iterable[str]) -> tuple[str, ...]:
    """The options, sorted and without repeats; ``ValueError`` names each unknown one."""
    chosen = sorted(set(names))
    unknown = [n for n in chosen if n not in OPTIONS]
    if unknown:
        raise ValueError(
            "; ".join(f"there is no house rule {n!r}" for n in unknown)
            + f" (house rules: {', '.join(OPTIONS)})"
        )
    return tuple(chosen)


def describe_options(names: Iterable[str], language: str = "en") -> list[str]:
    """The house rules in play, one sentence each, for a screen or a log."""
    return [OPTIONS[n].es if language == "es" else OPTIONS[n].en for n in names]
