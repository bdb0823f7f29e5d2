"""Imhotep house rules: the other reading where the rulebook's text leaves a point open.

Where the Spanish rulebook (Devir) admits two readings, the engine plays the
one the text says by default; each option here switches to the other
reading (as Amritsar's ``engine.amritsar.options``). The table chooses them
when the game is created (``new_game(options=...)``); they are kept in the
state (``State.house``), so a saved game, a position and a replayed record
keep them, and the start page shows each with the rulebook's words.

Each option names the text that leaves the point open, in Spanish (the
rulebook) and in English (our translation).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HouseRule:
    """One house rule: what it changes, what happens without it, and the rulebook's text."""

    name: str
    en: str
    es: str
    default_en: str
    default_es: str
    text: str  # the rulebook's words in English (our translation)
    text_es: str  # the rulebook's words (Spanish original)


PICK_COMPULSORY = "market-pick-compulsory"
STONE_BACK_AT_ONCE = "market-stone-back-at-once"
BONUS_COMPULSORY = "pyramid-bonus-compulsory"
BURIAL_FOURTH = "burial-b-fourth-point"

HOUSE_RULES: dict[str, HouseRule] = {
    rule.name: rule
    for rule in (
        HouseRule(
            PICK_COMPULSORY,
            "Market: a stone unloaded at the market must take a card while one is left.",
            "Mercado: una piedra descargada en el mercado debe coger carta mientras quede alguna.",
            "each stone's owner may take a card or not",
            "el propietario de cada piedra puede coger carta o no",
            "A) Market: 'For each stone carried here, its owner may spend it to take at once "
            "1 market card'.",
            "A) Mercado: «Por cada piedra transportada hasta aquí, el propietario puede gastarla "
            "para coger inmediatamente 1 carta de mercado cualquiera».",
        ),
        HouseRule(
            STONE_BACK_AT_ONCE,
            "Market: a spent stone goes back to the quarry at once, before its card is used.",
            "Mercado: la piedra gastada vuelve a la cantera en el acto, antes de usar su carta.",
            "the spent stones go back to the quarry once the boat is unloaded",
            "las piedras gastadas vuelven a la cantera cuando el barco se ha descargado",
            "A) Market: 'Important: the spent stones go back to the quarry after taking the "
            "card'; the example: 'Finally, all the spent stones go back to the quarry'.",
            "A) Mercado: «Importante: las piedras gastadas se devuelven a la cantera después de "
            "coger la carta»; el ejemplo: «Finalmente, todas las piedras gastadas se devuelven a "
            "la cantera».",
        ),
        HouseRule(
            BONUS_COMPULSORY,
            "Side B pyramids: the top card and the three stones of a bonus space are always taken.",
            "Pirámides B: la carta de encima del mazo y las tres piedras de una bonificación se "
            "cogen siempre.",
            "the owner of the stone may take the bonus or not",
            "el propietario de la piedra puede coger la bonificación o no",
            "B) Pyramids: 'You get 1 point and you may take the top market card of the deck'; "
            "'you may take three stones from the quarry'.",
            "B) Pirámides: «Obtienes 1 punto y puedes coger la carta de mercado de encima del "
            "mazo»; «puedes coger tres piedras de la cantera».",
        ),
        HouseRule(
            BURIAL_FOURTH,
            "Side B burial chamber: the 4th most stones in a row scores 1 point.",
            "Cámara funeraria B: la 4.ª mayoría de piedras de una fila obtiene 1 punto.",
            "only the 1st, 2nd and 3rd places score (8, 4 and 2 points)",
            "solo puntúan el 1.º, 2.º y 3.º puesto (8, 4 y 2 puntos)",
            "B) Burial chamber: the example gives 8, 4 and 2 points and names no 4th place.",
            "B) Cámara funeraria: el ejemplo da 8, 4 y 2 puntos y no nombra ningún 4.º puesto.",
        ),
    )
}


def has(house: tuple[str, ...], name: str) -> bool:
    """Whether the game plays the house rule ``name``."""
    return name in house
