"""Imhotep's words on the table screen and the phones: its view's keys and the card names."""

from __future__ import annotations

from companion.server.view_words import Pair
from engine.core.registry import get_rules

IMHOTEP: dict[str, Pair] = {
    "sides": ("Sides of the sites", "Caras de los lugares"),
    "wrath": ("Pharaoh's Wrath", "La ira del faraón"),
    "round_card": ("Round card", "Carta de ronda"),
    "boats": ("Boats", "Barcos"),
    "where": ("Where", "Dónde"),
    "slots": ("Stones, bow to stern", "Piedras, de proa a popa"),
    "minimum": ("Needs at least", "Necesita al menos"),
    "harbour": ("in the harbour", "en el puerto"),
    "market": ("Market", "Mercado"),
    "market_face_down": ("Face-down cards", "Cartas boca abajo"),
    "deck_size": ("Cards in the deck", "Cartas en el mazo"),
    "discard_size": ("Discarded cards", "Cartas descartadas"),
    "pyramid": ("Pyramid", "Pirámide"),
    "stones": ("Stones", "Piedras"),
    "temple": ("Temple", "Templo"),
    "burial": ("Burial chamber", "Cámara funeraria"),
    "obelisk": ("Obelisks", "Obeliscos"),
    "towers": ("Towers", "Torres"),
    "sled": ("Sled", "Trineo"),
    "quarry": ("Quarry", "Cantera"),
    "cards": ("Cards", "Cartas"),
    "id": ("Boat", "Barco"),
    # A seat's points on the scoring board so far: never the total (the final count adds the rest).
    "points": (
        "Points in the rounds (before the final count)",
        "Puntos de las rondas (sin el recuento final)",
    ),
}


def words() -> dict[str, Pair]:
    """Every Imhotep word: the view's keys, then each card's name from the catalog."""
    found = dict(IMHOTEP)
    catalog = getattr(get_rules("imhotep"), "catalog", None)
    for card in getattr(catalog, "cards", ()):
        found[card.id] = (card.name_en, card.name_es)
    return found
