// English and Spanish, chosen per phone: ?lang=es in the address, else the
// phone's saved choice, else its browser language. Game text arrives from the
// server in both languages ({en, es}); the words of the page itself are here.

const KEY = "amritsar.lang";

const WORDS = {
  en: {
    title_play: "Your game",
    title_table: "Amritsar",
    title_watch: "Watching",
    connecting: "Connecting…",
    live: "Live",
    offline: "Reconnecting…",
    your_turn: "Your turn",
    waiting_for: "Waiting for {who}",
    game_over: "The game is over",
    game_ended: "The table ended the game",
    hidden_from_camera: "Only on your phone",
    choose: "Choose",
    pp: "PP",
    coins: "Coins",
    resources: "Resources",
    marble: "Marble",
    copper: "Copper",
    gold: "Gold",
    tracks: "Knowledge",
    development: "Development",
    money: "Money",
    tax: "Tax",
    elephant: "Elephant",
    elephant_load: "{n} of {max} counters",
    not_placed: "not placed yet",
    market_space: "Market space",
    storehouses: "Storehouses",
    empty_space: "empty space",
    mahouts: "Mahout tiles",
    movement: "Movement token",
    movement_locked: "locked",
    movement_unlocked: "unlocked",
    movement_spent: "spent",
    objectives: "My objectives",
    objective_placed: "on your board",
    objective_in_hand: "in hand",
    worth_now: "worth {n} PP now",
    no_objectives: "No objectives yet.",
    scores: "Scores",
    player: "Player",
    total: "Total",
    provisional: "with your objectives now: {n}",
    alerts: "Put it right",
    fix: "Fix",
    undo: "Undo my last move",
    ask_undo: "Ask the table to undo",
    undo_requests: "Undo requested by",
    log: "What happened",
    maharajah: "The Maharajah's turn",
    maharajah_trace: "Why",
    maharajah_do: "Do this on the table",
    done: "done",
    to_do: "to do",
    breakdown_game: "Final scores",
    breakdown_now: "Scores so far",
    breakdown_decade: "End of decade {d}",
    details: "Every line",
    winner: "winner",
    board: "Board",
    decade: "Decade",
    round: "Round",
    temple: "Temple",
    bridge: "Bridge",
    market: "Market",
    sections: "Sections",
    elephants: "Elephants",
    donations: "Donations",
    join: "Join the game",
    join_help: "Each player scans their own code.",
    pin: "Table PIN",
    unlock: "Unlock",
    lock: "Lock",
    table_controls: "Table controls",
    undo_override: "Undo the last step",
    end_game: "End the game now",
    end_confirm: "End the game now? The scores stand as they are.",
    clear_alerts: "Dismiss alerts",
    new_link: "New link",
    joined: "Joined: code hidden",
    show_code: "New code",
    show_code_confirm: "Show a new code for {name}? Their phone's old link stops working.",
    rename: "Rename",
    rename_prompt: "New name for {name}",
    setup_draw: "Setup draw",
    no_token: "You are watching. Scan your QR code on the table screen to play.",
    bad_token: "This link is no longer valid. Scan your QR code on the table screen again.",
    language: "Español",
    nothing_pending: "Nothing to decide",
    sent: "Sent",
  },
  es: {
    title_play: "Tu partida",
    title_table: "Amritsar",
    title_watch: "Mirando",
    connecting: "Conectando…",
    live: "En directo",
    offline: "Reconectando…",
    your_turn: "Tu turno",
    waiting_for: "Esperando a {who}",
    game_over: "La partida ha terminado",
    game_ended: "La mesa terminó la partida",
    hidden_from_camera: "Solo en tu móvil",
    choose: "Elige",
    pp: "PP",
    coins: "Monedas",
    resources: "Recursos",
    marble: "Mármol",
    copper: "Cobre",
    gold: "Oro",
    tracks: "Conocimiento",
    development: "Desarrollo",
    money: "Dinero",
    tax: "Impuestos",
    elephant: "Elefante",
    elephant_load: "{n} de {max} contadores",
    not_placed: "aún no colocado",
    market_space: "Espacio de mercado",
    storehouses: "Almacenes",
    empty_space: "espacio libre",
    mahouts: "Losetas de mahout",
    movement: "Ficha de movimiento",
    movement_locked: "bloqueada",
    movement_unlocked: "desbloqueada",
    movement_spent: "usada",
    objectives: "Mis objetivos",
    objective_placed: "en tu tablero",
    objective_in_hand: "en la mano",
    worth_now: "vale {n} PP ahora",
    no_objectives: "Aún no tienes objetivos.",
    scores: "Puntuación",
    player: "Jugador",
    total: "Total",
    provisional: "con tus objetivos ahora: {n}",
    alerts: "Corrígelo",
    fix: "Solución",
    undo: "Deshacer mi último movimiento",
    ask_undo: "Pedir a la mesa que deshaga",
    undo_requests: "Piden deshacer",
    log: "Lo que ha pasado",
    maharajah: "Turno del marajá",
    maharajah_trace: "Por qué",
    maharajah_do: "Haz esto en la mesa",
    done: "hecho",
    to_do: "pendiente",
    breakdown_game: "Puntuación final",
    breakdown_now: "Puntuación hasta ahora",
    breakdown_decade: "Fin de la década {d}",
    details: "Todas las líneas",
    winner: "gana",
    board: "Tablero",
    decade: "Década",
    round: "Ronda",
    temple: "Templo",
    bridge: "Puente",
    market: "Mercado",
    sections: "Secciones",
    elephants: "Elefantes",
    donations: "Donaciones",
    join: "Únete a la partida",
    join_help: "Cada jugador escanea su propio código.",
    pin: "PIN de la mesa",
    unlock: "Desbloquear",
    lock: "Bloquear",
    table_controls: "Controles de la mesa",
    undo_override: "Deshacer el último paso",
    end_game: "Terminar la partida ahora",
    end_confirm: "¿Terminar la partida ahora? La puntuación queda como está.",
    clear_alerts: "Descartar avisos",
    new_link: "Enlace nuevo",
    joined: "Conectado: código oculto",
    show_code: "Código nuevo",
    show_code_confirm: "¿Mostrar un código nuevo para {name}? El enlace antiguo de su móvil dejará de funcionar.",
    rename: "Renombrar",
    rename_prompt: "Nuevo nombre para {name}",
    setup_draw: "Preparación",
    no_token: "Estás mirando. Escanea tu código QR en la pantalla de la mesa para jugar.",
    bad_token: "Este enlace ya no vale. Vuelve a escanear tu código QR en la pantalla de la mesa.",
    language: "English",
    nothing_pending: "Nada que decidir",
    sent: "Enviado",
  },
};

export const DISTRICTS = {
  en: { N: "North", E: "East", S: "South", W: "West" },
  es: { N: "Norte", E: "Este", S: "Sur", W: "Oeste" },
};

function initial() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked === "en" || asked === "es") {
    localStorage.setItem(KEY, asked);
    return asked;
  }
  const saved = localStorage.getItem(KEY);
  if (saved === "en" || saved === "es") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("es") ? "es" : "en";
}

let current = initial();

export function lang() {
  return current;
}

export function setLang(value) {
  current = value === "es" ? "es" : "en";
  localStorage.setItem(KEY, current);
  document.documentElement.lang = current;
}

export function t(key, vars = {}) {
  let text = WORDS[current][key] ?? WORDS.en[key] ?? key;
  for (const [name, value] of Object.entries(vars)) text = text.replace(`{${name}}`, String(value));
  return text;
}

/** Pick the phone's language from a server pair: {en, es} or {<prefix>_en, <prefix>_es}. */
export function pick(obj, prefix = "") {
  if (!obj) return "";
  const key = prefix ? `${prefix}_${current}` : current;
  const fallback = prefix ? `${prefix}_en` : "en";
  return obj[key] || obj[fallback] || "";
}

export function district(letter) {
  return DISTRICTS[current][letter] || letter || "";
}

document.documentElement.lang = current;
