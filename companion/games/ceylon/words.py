"""Ceylon's words on the table screen and the phones: its view's keys and components."""

from __future__ import annotations

from companion.server.view_words import Pair

CEYLON: dict[str, Pair] = {
    "ending": ("Last round", "Última ronda"),
    "districts": ("Districts", "Distritos"),
    "levels": ("Elevation of each space", "Elevación de cada casilla"),
    "plantations": ("Plantations", "Plantaciones"),
    "markers": ("Leaf markers", "Marcadores de hoja"),
    "seat": ("Player", "Jugador"),
    "advisors": ("Advisors", "Consejeros"),
    "train": ("Contracts on the train", "Contratos en el tren"),
    "contracts_left": ("Contracts left", "Contratos restantes"),
    "deck_left": ("Cards in the deck", "Cartas en el mazo"),
    "discards": ("Discarded cards", "Cartas descartadas"),
    "card": ("Action card in play", "Carta de acción en juego"),
    "face": ("Card", "Carta"),
    "active_action": ("Action taken", "Acción elegida"),
    "bonus_stack": ("District bonuses left", "Bonificaciones de distrito restantes"),
    "pawn": ("Pawn on", "Peón en"),
    "rupees": ("Rupees", "Rupias"),
    "cubes": ("Tea cubes", "Cubos de té"),
    "tech": ("Technology", "Tecnología"),
    "tech_order": ("Order on the technology track", "Orden en el marcador de tecnología"),
    "tokens": ("Technology tokens", "Fichas de tecnología"),
    "markers_left": ("Leaf markers left", "Marcadores de hoja restantes"),
    "companies": ("Companies", "Compañías"),
    "contracts": ("Contracts", "Contratos"),
    "hired": ("Advisors hired", "Consejeros contratados"),
    "start_tile": ("Start tile", "Loseta inicial"),
    "start_used": ("Start tile used", "Loseta inicial usada"),
    "district_bonus": ("District bonus", "Bonificación de distrito"),
    "hand_count": ("Cards in hand", "Cartas en la mano"),
    "hand": ("My hand", "Mi mano"),
    # Points won during play: the final scoring is added only at the end (the score sheet).
    "points": (
        "Points during play (before the final scoring)",
        "Puntos durante la partida (sin la puntuación final)",
    ),
    "dimbula": ("Dimbula", "Dimbula"),
    "kandy": ("Kandy", "Kandy"),
    "ruhuna": ("Ruhuna", "Ruhuna"),
    "uva": ("Uva", "Uva"),
    "banker": ("banker", "banquero"),
    "broker": ("broker", "corredor"),
    "guide": ("guide", "guía"),
    "agent": ("agent", "agente"),
    "surveyor": ("surveyor", "agrimensor"),
    "engineer": ("engineer", "ingeniero"),
    "foreman": ("foreman", "capataz"),
    "warehouse": ("warehouse keeper", "almacenero"),
    "plant": ("plant", "plantar"),
    "harvest": ("harvest", "cosechar"),
    "trade": ("trade", "comerciar"),
    "hire": ("hire", "contratar"),
}


def words() -> dict[str, Pair]:
    """Every Ceylon word the worded board may use."""
    return dict(CEYLON)
