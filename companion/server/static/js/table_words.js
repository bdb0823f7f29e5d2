// The table screen's own words, in English and Spanish (the phone's words
// stay in i18n.js). tt() reads the language i18n.js chose, so one switch
// changes both.

import { lang } from "./i18n.js";

const WORDS = {
  en: {
    maharajah_name: "Maharajah",
    decade_round: "Decade {d} · round {r}",
    game_finished: "Game over",
    his_turn: "The Maharajah's turn",
    his_turn_help: "Tap a step when it is done; the camera ticks what it sees.",
    his_turn_locked: "Unlock the table to tick his steps.",
    camera_sees: "camera",
    off_board: "tap",
    decade_scoring: "End of decade {d}",
    decade_scoring_help: "Move these on the table; tap each when done.",
    market: "Market",
    house_rules: "House rules in play",
    no_house_rules: "The rulebook as written",
    past_games: "Past games",
    no_past_games: "No other games on this companion yet.",
    in_play: "in play",
    finished: "finished",
    unfinished: "unfinished",
    ended_early: "ended early",
    menu: "Menu",
    close: "Close",
    confirm: "Yes, do it",
    cancel: "Cancel",
    undo_confirm: "Undo the last step? The pieces it moved must go back.",
    end_confirm: "End the game now? The scores stand as they are.",
    new_game: "New game",
    new_game_confirm: "Leave this game for the start page? It stays among the past games.",
    wrong_here: "wrong",
    belongs_here: "goes here",
    step_done: "done",
    step_to_do: "to do",
    pp_short: "PP",
    scores: "Scores",
    demo_next: "Next step ▶",
  },
  es: {
    maharajah_name: "Marajá",
    decade_round: "Década {d} · ronda {r}",
    game_finished: "Partida terminada",
    his_turn: "Turno del marajá",
    his_turn_help: "Toca cada paso al hacerlo; la cámara marca lo que ve.",
    his_turn_locked: "Desbloquea la mesa para marcar sus pasos.",
    camera_sees: "cámara",
    off_board: "toca",
    decade_scoring: "Fin de la década {d}",
    decade_scoring_help: "Mueve esto en la mesa; toca cada paso al hacerlo.",
    market: "Mercado",
    house_rules: "Reglas de la casa en juego",
    no_house_rules: "El reglamento tal cual",
    past_games: "Partidas anteriores",
    no_past_games: "Aún no hay otras partidas en este compañero.",
    in_play: "en juego",
    finished: "terminada",
    unfinished: "sin terminar",
    ended_early: "terminada antes de tiempo",
    menu: "Menú",
    close: "Cerrar",
    confirm: "Sí, hazlo",
    cancel: "Cancelar",
    undo_confirm: "¿Deshacer el último paso? Las piezas que movió deben volver a su sitio.",
    end_confirm: "¿Terminar la partida ahora? La puntuación queda como está.",
    new_game: "Nueva partida",
    new_game_confirm: "¿Dejar esta partida por la página de inicio? Queda entre las partidas anteriores.",
    wrong_here: "mal",
    belongs_here: "va aquí",
    step_done: "hecho",
    step_to_do: "pendiente",
    pp_short: "PP",
    scores: "Puntuación",
    demo_next: "Siguiente paso ▶",
  },
};

export const ROMAN = ["", "I", "II", "III"];

export function tt(key, vars = {}) {
  const current = lang() === "es" ? "es" : "en";
  let text = WORDS[current][key] ?? WORDS.en[key] ?? key;
  for (const [name, value] of Object.entries(vars)) text = text.replace(`{${name}}`, String(value));
  return text;
}
