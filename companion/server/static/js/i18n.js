// English and Spanish, chosen per phone: ?lang=es in the address, else the
// phone's saved choice, else its browser language. Game text arrives from the
// server in both languages ({en, es}); the words of the page itself are here.

const KEY = "amritsar.lang";

const WORDS = {
  en: {
    title_play: "Your game",
    title_table: "Amritsar",
    title_watch: "Watching",
    maharajah_name: "Maharajah",
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
    tracks: "Knowledge tracks",
    development: "Development",
    money: "Money",
    tax: "Tax",
    elephant: "Elephant",
    elephant_load: "{n} of {max} donation counters",
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
    scores: "Scores",
    player: "Player",
    total: "Total",
    provisional: "with your objectives now: {n}",
    alerts: "Put the table right",
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
    dismiss_alert: "I fixed it: dismiss",
    new_link: "New link",
    joined: "Joined: code hidden",
    show_code: "New code",
    show_code_confirm: "Show a new code for {name}? Their phone's old link stops working.",
    rename: "Rename",
    rename_prompt: "New name for {name}",
    setup_draw: "Setup draw",
    no_token: "You are watching. Scan your QR code on the table screen to play.",
    bad_token: "This link is no longer valid. Scan your QR code on the table screen again.",
    link_revoked: "The table gave this seat a new code: this link no longer works. Scan the seat's new QR code on the table screen.",
    game_left: "This game is over and the table has gone back to its start page. Scan your code for the next game on the table screen.",
    language: "Español",
    nothing_pending: "Nothing to decide",
    sent: "Sent",
    // The phone
    status_decade: "Decade {d} · round {r}",
    status_over: "Game over",
    turn_you: "Your turn",
    turn_of: "{who}'s turn",
    turn_maharajah: "The Maharajah's turn",
    store_short: "Store",
    store_title: "Storehouses: {held} of {max} spaces used",
    undo_short: "Undo",
    ask_undo_short: "Ask undo",
    undo_confirm: "Undo this?\n{what}",
    undo_confirm_other: "The last move was not yours. Ask the table to undo it?\n{what}",
    undone: "Undone: {what}",
    undo_asked: "The table was asked to undo.",
    alert_first: "Put the table right first",
    alert_wait: "The companion waits until the table matches the game again; then it asks again.",
    camera_sees: "No tap needed: make this move on the table and the camera will see it.",
    camera_skip: "You may skip this question.",
    order_seen: "No tap needed: make your trades at the market; the camera works out from them whether the coin came first, or asks after your turn if it cannot.",
    back: "Back",
    my_board: "My board",
    tracks_short: "tracks",
    more: "{n} more",
    objectives_worth: "{n} PP now on your board",
    steps_left: "{n} to do on the table",
    enter_here: "The camera cannot see it? Enter it here",
    phone_only: "Only your phone can say this: the table does not show it.",
    new_question: "A new question",
    maharajah_done: "The Maharajah's last turn (carried out)",
    capacity_line: "{held} of {max} spaces used",
    storehouse_start: "Starting storehouse",
  },
  es: {
    title_play: "Tu partida",
    title_table: "Amritsar",
    title_watch: "Mirando",
    maharajah_name: "Marajá",
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
    tracks: "Marcadores de conocimiento",
    development: "Desarrollo",
    money: "Dinero",
    tax: "Impuestos",
    elephant: "Elefante",
    elephant_load: "{n} de {max} contadores de donación",
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
    scores: "Puntuación",
    player: "Jugador",
    total: "Total",
    provisional: "con tus objetivos ahora: {n}",
    alerts: "Hay que corregir la mesa",
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
    winner: "ganador",
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
    dismiss_alert: "Ya lo corregí: descartar",
    new_link: "Enlace nuevo",
    joined: "Conectado: código oculto",
    show_code: "Código nuevo",
    show_code_confirm: "¿Mostrar un código nuevo para {name}? El enlace antiguo de su móvil dejará de funcionar.",
    rename: "Renombrar",
    rename_prompt: "Nuevo nombre para {name}",
    setup_draw: "Preparación",
    no_token: "Estás mirando. Escanea tu código QR en la pantalla de la mesa para jugar.",
    bad_token: "Este enlace ya no vale. Vuelve a escanear tu código QR en la pantalla de la mesa.",
    link_revoked: "La mesa ha dado un código nuevo a este asiento: este enlace ya no funciona. Escanea el código QR nuevo del asiento en la pantalla de la mesa.",
    game_left: "Esta partida ha terminado y la mesa ha vuelto a su página de inicio. Escanea tu código de la partida siguiente en la pantalla de la mesa.",
    language: "English",
    nothing_pending: "Nada que decidir",
    sent: "Enviado",
    status_decade: "Década {d} · ronda {r}",
    status_over: "Fin de la partida",
    turn_you: "Tu turno",
    turn_of: "Turno de {who}",
    turn_maharajah: "Turno del marajá",
    store_short: "Almacén",
    store_title: "Almacenes: {held} de {max} espacios ocupados",
    undo_short: "Deshacer",
    ask_undo_short: "Pedir deshacer",
    undo_confirm: "¿Deshacer esto?\n{what}",
    undo_confirm_other: "El último movimiento no fue tuyo. ¿Pedir a la mesa que lo deshaga?\n{what}",
    undone: "Deshecho: {what}",
    undo_asked: "Se ha pedido a la mesa que deshaga.",
    alert_first: "Primero corrige la mesa",
    alert_wait: "El compañero espera a que la mesa coincida con la partida; después vuelve a preguntar.",
    camera_sees: "No hace falta tocar nada: haz este movimiento en la mesa y la cámara lo verá.",
    camera_skip: "Puedes saltarte esta pregunta.",
    order_seen: "No hace falta tocar: haz tus intercambios en el mercado; la cámara deduce de ellos si la moneda fue primero, o te lo pregunta al acabar tu turno si no puede.",
    back: "Volver",
    my_board: "Mi tablero",
    tracks_short: "marcadores",
    more: "{n} más",
    objectives_worth: "{n} PP ahora en tu tablero",
    steps_left: "{n} por hacer en la mesa",
    enter_here: "¿La cámara no lo ve? Indícalo aquí",
    phone_only: "Solo tu móvil puede decirlo: la mesa no lo muestra.",
    new_question: "Una pregunta nueva",
    maharajah_done: "Último turno del marajá (ya hecho)",
    capacity_line: "{held} de {max} espacios ocupados",
    storehouse_start: "Almacén inicial",
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

/** The view with the Maharajah's seat named in the page's language: one name on every
 * screen, the Spanish rulebook's "marajá" in Spanish (the server names the seat once). */
export function localSeats(view) {
  if (!view || !Array.isArray(view.seats) || !view.seats.some((seat) => seat.maharajah)) return view;
  return { ...view, seats: view.seats.map((seat) => (seat.maharajah ? { ...seat, name: t("maharajah_name") } : seat)) };
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
