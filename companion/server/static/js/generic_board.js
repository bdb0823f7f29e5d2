// The generic renderer: any game served through its Rules (Imhotep, Ceylon)
// without a page of its own. The server sends the view already redacted
// and already worded: `board.panels` (each area of the board: a title and
// rows of label/value pairs in English and Spanish), `board.players` (each
// player's board), the decision with its answer buttons, the score sheets
// and the log; for a game with one, `board.drawing` (drawn by its module in
// DRAWINGS above the panels; what it shows folds into "The board in words",
// board_words.js, still there for screen readers). This file only lays them out: the question first, then the
// scores, the board and the history. Roles: "play" (a phone with its seat
// token), "table" (the table screen; PIN for links and undo), "watch".
// Optional parts (parts.js), each drawn only when the view carries its key, so
// any game may offer them and none is named here: a phone's status bar with the
// rest folded below the question (`status`), a player's objectives and own
// board, the rules' own opponent's card ticked on the table (`opponent_card`),
// the moves the table owes (`checklist`), score tables per period (`periods`),
// answers with a follow-up (menu leaves' `first`), the camera's words on a
// decision (`camera_sees`, `phone_only`, `wait_for_table`), and a table screen
// on one screen with a menu and past games (`table_screen`).

import { byId, h, put } from "./dom.js";
import { lang, pick, setLang, t } from "./i18n.js";
import { drawCeylon } from "./ceylon_drawing.js";
import { drawImhotep } from "./imhotep_drawing.js";
import { drawRajas } from "./rajas_drawing.js";
import { drawAmritsar } from "./amritsar_drawing.js";
import { alertRaised, startAttention, yourTurn } from "./attention.js";
import * as parts from "./parts.js";
import { gameOverScreen } from "./game_over.js";
import { answerList, armPlaces, hasPlaces } from "./picking.js";
import { shortBoard, shortLog } from "./board_words.js";
import { ApiError, DEAD_LINK, Live, api } from "./live.js";
import { BoardPanel } from "./board_panel.js";
import { applyFar, farButton, farOn } from "./far.js";
import { joinPanel, jw } from "./generic_join.js";
import { forgetPin, keepPin, pinRefused, takePin } from "./pin.js";

const WORDS = {
  en: {
    connecting: "Connecting…",
    live: "Live",
    offline: "Reconnecting…",
    language: "Español",
    your_turn: "Your turn",
    enter_for: "Enter what {who} rolled (for a player without a phone)",
    your_draw: "Your draw: say what you drew",
    waiting_for: "Waiting for {who}",
    game_over: "The game is over",
    game_ended: "The table ended the game",
    choose: "Choose",
    sent: "Sent",
    scores: "Score sheet",
    total: "Total",
    if_ended_now: "if the game ended now: {n}",
    winner: "Winner",
    players: "Players' boards",
    log: "What happened",
    alerts: "Put the table right",
    camera_alerts: "The camera",
    hint: "Hint: what would the companion play?",
    hint_title: "The companion would play",
    hint_behind: "about {n} points less",
    companion_moves: "The companion played: carry it out on the table",
    fix: "Fix",
    dismiss_alert: "I fixed it: dismiss",
    undo: "Undo my last move",
    ask_undo: "Ask the table to undo",
    undo_confirm: "Undo this?\n{what}",
    undo_confirm_other: "The last move was not yours. Ask the table to undo it?\n{what}",
    undo_asked: "The table has been asked to undo it.",
    undone: "Undone: {what}",
    undo_requests: "Undo requested by",
    table_undo: "Undo the last step",
    no_token: "Watching: public information only.",
    manual: "Manual mode: answer every decision on the phones.",
    camera: "The camera reads the table: the phones answer only what it cannot show.",
    rule: "Rule",
    next_step: "Next step",
    end_game: "End the game",
    table_more: "More",
    end_confirm: "End the game now? The scores stand as they are.",
    alert_first: "Put the table right first",
    alert_wait: "The companion waits until the table matches the game again; then it asks again.",
    camera_sees: "No tap needed: make this move on the table and the camera will see it.",
    camera_skip: "You may skip this question.",
    order_seen: "No tap needed: make your trades at the market; the camera works out from them whether the coin came first, or asks after your turn if it cannot.",
    enter_here: "The camera cannot see it? Enter it here",
    phone_only: "Only your phone can say this: the table does not show it.",
    camera_down: "The camera cannot read the table just now (see above): answer here.",
    turn_you: "Your turn",
    turn_of: "{who}'s turn",
    undo_short: "Undo",
    ask_undo_short: "Ask undo",
    board: "The board",
    lock: "Lock",
    new_game: "New game",
    new_game_confirm: "Leave this game for the start page? It stays among the past games.",
    clear_alerts: "Dismiss alerts",
    undo_override_confirm: "Undo the last step? The pieces it moved must go back.",
  },
  es: {
    connecting: "Conectando…",
    live: "En directo",
    offline: "Reconectando…",
    language: "English",
    your_turn: "Te toca",
    enter_for: "Anota lo que sacó {who} (para quien no tiene móvil)",
    your_draw: "Tu robo: indica qué has robado",
    waiting_for: "Esperando a {who}",
    game_over: "La partida ha terminado",
    game_ended: "La mesa terminó la partida",
    choose: "Elige",
    sent: "Enviado",
    scores: "Hoja de puntuación",
    total: "Total",
    if_ended_now: "si la partida acabara ahora: {n}",
    winner: "Ganador",
    players: "Tableros de los jugadores",
    log: "Qué ha pasado",
    alerts: "Corrige la mesa",
    camera_alerts: "La cámara",
    hint: "Pista: ¿qué jugaría el compañero?",
    hint_title: "El compañero jugaría",
    hint_behind: "unos {n} puntos menos",
    companion_moves: "El compañero jugó: hazlo en la mesa",
    fix: "Arreglo",
    dismiss_alert: "Ya lo corregí: descartar",
    undo: "Deshacer mi última jugada",
    ask_undo: "Pedir a la mesa que deshaga",
    undo_confirm: "¿Deshacer esto?\n{what}",
    undo_confirm_other: "El último movimiento no fue tuyo. ¿Pedir a la mesa que lo deshaga?\n{what}",
    undo_asked: "Se ha pedido a la mesa que lo deshaga.",
    undone: "Deshecho: {what}",
    undo_requests: "Piden deshacer",
    table_undo: "Deshacer el último paso",
    no_token: "Mirando: solo información pública.",
    manual: "Modo manual: responded cada decisión en los móviles.",
    camera: "La cámara lee la mesa: los móviles responden solo lo que ella no puede ver.",
    rule: "Regla",
    next_step: "Siguiente paso",
    end_game: "Terminar la partida",
    table_more: "Más",
    end_confirm: "¿Terminar la partida ahora? Las puntuaciones quedan como están.",
    alert_first: "Primero corrige la mesa",
    alert_wait: "El compañero espera a que la mesa coincida con la partida; después vuelve a preguntar.",
    camera_sees: "No hace falta tocar nada: haz este movimiento en la mesa y la cámara lo verá.",
    camera_skip: "Puedes saltarte esta pregunta.",
    order_seen: "No hace falta tocar: haz tus intercambios en el mercado; la cámara deduce de ellos si la moneda fue primero, o te lo pregunta al acabar tu turno si no puede.",
    enter_here: "¿La cámara no lo ve? Indícalo aquí",
    phone_only: "Solo tu móvil puede decirlo: la mesa no lo muestra.",
    camera_down: "Ahora la cámara no puede leer la mesa (mira arriba): responde aquí.",
    turn_you: "Tu turno",
    turn_of: "Turno de {who}",
    undo_short: "Deshacer",
    ask_undo_short: "Pedir deshacer",
    board: "El tablero",
    lock: "Bloquear",
    new_game: "Nueva partida",
    new_game_confirm: "¿Dejar esta partida por la página de inicio? Queda entre las partidas anteriores.",
    clear_alerts: "Descartar avisos",
    undo_override_confirm: "¿Deshacer el último paso? Las piezas que movió deben volver a su sitio.",
  },
};

export function w(key, vars = {}) {
  let text = WORDS[lang()][key] ?? WORDS.en[key] ?? key;
  for (const [name, value] of Object.entries(vars)) text = text.replace(`{${name}}`, String(value));
  return text;
}


function dot(colour) {
  return h("span", { class: "g-dot", dataset: { colour: colour || "" } });
}

/** The seats as this screen names them: a name of its own in Spanish (`name_es`: a game's
 * own opponent, Amritsar's Marajá) on a Spanish screen. */
function localSeats(view) {
  if (!view || !view.seats.some((seat) => seat.name_es)) return view;
  return { ...view, seats: view.seats.map((seat) => (seat.name_es && lang() === "es" ? { ...seat, name: seat.name_es } : seat)) };
}

function seatName(view, index) {
  const seat = view.seats.find((s) => s.index === index);
  return seat ? seat.name : "";
}

/** The player's own alerts (or the table's), shown before any question. */
function myAlerts(view) {
  return view.alerts.filter((alert) => alert.seat === null || alert.seat === undefined || alert.seat === view.seat);
}

/** The code of an alert about the camera itself (companion/camera_notices.py: the board
 * not in view, a lens refused): the table still agrees with the game and the phones
 * carry it meanwhile, so such an alert never holds a question back. */
const CAMERA_NOTICE = "camera_notice";

function isCameraNotice(alert) {
  return alert.code === CAMERA_NOTICE;
}

/** My alerts that say the table disagrees with the game: the question waits for them. */
function tableAlerts(view) {
  return myAlerts(view).filter((alert) => !isCameraNotice(alert));
}

// -- panels --------------------------------------------------------------------

let hintShown = null; // {state_id, answers}: the last hint this phone asked for

function decisionPanel(view, { onChoose, onHint = null }) {
  const d = view.decision;
  let headline;
  if (view.ended) headline = w("game_ended");
  else if (view.finished) headline = w("game_over");
  else if (d.mine && d.secret_draw) headline = w("your_draw");
  else if (d.mine) headline = w("your_turn");
  else if (d.table_enters && d.seat !== null) headline = w("enter_for", { who: seatName(view, d.seat) });
  else headline = w("waiting_for", { who: d.seat === null ? pick(d, "who") : seatName(view, d.seat) });
  const over = view.finished || view.ended;
  if (d.wait_for_table && d.mine && !over && tableAlerts(view).length) {
    // While the table is wrong the question waits: what to put right first, no buttons.
    // A camera notice alone does not: the phones carry the game while the camera cannot.
    return h(
      "section",
      { class: "g-panel g-decision waiting-fix", id: "decision" },
      h("h2", {}, w("alert_first")),
      h("p", { class: "g-hint" }, w("alert_wait")),
    );
  }
  const panel = h(
    "section",
    { class: `g-panel g-decision${d.mine ? " mine" : ""}`, id: "decision" },
    h("h2", {}, headline),
    over ? null : h("p", { class: "g-prompt" }, pick(d)),
  );
  // The camera will see this move (or the trades show its order): said so, the answers
  // one tap away for when it cannot, so nobody enters a move twice by habit. While a
  // camera notice is up it reads nothing it can be trusted with: the answers open, here.
  const cameraDown = d.mine && (d.camera_sees || d.order_from_trades) && myAlerts(view).some(isCameraNotice);
  const noTap = d.mine && (d.camera_sees || d.order_from_trades) && !cameraDown;
  const place = (list) => {
    if (!noTap) {
      if (d.mine && d.phone_only) panel.append(h("p", { class: "g-hint", id: "phone-only" }, w("phone_only")));
      if (cameraDown) panel.append(h("p", { class: "g-hint", id: "camera-down" }, w("camera_down")));
      panel.append(list);
      return;
    }
    panel.append(
      h("p", { class: "g-hint p-camera-note", id: "camera-note" }, d.order_from_trades ? w("order_seen") : w("camera_sees"), " ", w("camera_skip")),
      h("details", { class: "p-enter-here enter-here" }, h("summary", {}, w("enter_here")), list),
    );
  };
  if (onChoose && (d.mine || d.table_enters) && view.options.length && !over && view.menu) {
    place(answerList(view, onChoose)); // picking.js: short screens, places on the drawing
  } else if (onChoose && (d.mine || d.table_enters) && view.options.length && !over) {
    const list = h("div", { class: "g-options", role: "group", "aria-label": w("choose") });
    for (const option of view.options) {
      list.append(
        h(
          "button",
          { type: "button", class: "g-option", dataset: { action: option.action }, onclick: () => onChoose(option) },
          pick(option),
        ),
      );
    }
    place(list);
  }
  if (onHint && view.hints && d.mine && !d.chance && !over) panel.append(hintPart(view, onHint));
  return panel;
}

/** Hints on request (companion/hints.py): a button, then the companion's three best
 *  answers for this decision, each with the points it gives up against the first. */
function hintPart(view, onHint) {
  const shown = hintShown && hintShown.state_id === view.state_id ? hintShown.answers : null;
  if (!shown) {
    return h("button", { type: "button", class: "g-secondary", id: "hint", onclick: onHint }, w("hint"));
  }
  return h(
    "section",
    { class: "g-hint-list", id: "hint-list", "aria-label": w("hint_title") },
    h("h3", {}, w("hint_title")),
    h(
      "ol",
      {},
      shown.map((a, i) => h("li", {}, i === 0 || a.behind < 0.5 ? pick(a) : `${pick(a)}: ${w("hint_behind", { n: a.behind })}`)),
    ),
  );
}

/** An alert's rulebook section in the screen's language (the server words both). */
function ruleWords(alert) {
  return pick(alert, "rule") || alert.rule;
}

/** An alert's fix without a label of its own in front ("Put it right: ..."): the panel labels it. */
function fixText(alert) {
  return pick(alert, "fix").replace(/^(Put it right|Corrígelo|Fix|Solución|Arreglo):\s*/, "");
}

/** The alerts, each until the table is put right; on the table screen (onDismiss) each
 * has an "I fixed it" button (PIN). The table's mismatches under "Put the table right",
 * the camera's notices under a heading of their own ("The camera"): a camera notice
 * is not something wrong on the table. */
function alertsPanel(view, onDismiss = null) {
  if (!view.alerts.length) return null;
  const card = (alert) =>
    h(
      "article",
      { dataset: { code: alert.code, alertId: String(alert.id) } },
      h("p", {}, pick(alert)),
      // The camera's notices have no rulebook section (Amritsar's says "Camera": the heading already does).
      alert.rule && !isCameraNotice(alert) ? h("p", { class: "g-rule" }, `${w("rule")}: ${ruleWords(alert)}`) : null,
      fixText(alert) ? h("p", {}, h("strong", {}, `${w("fix")}: `), fixText(alert)) : null,
      onDismiss ? h("button", { type: "button", class: "g-secondary dismiss-alert", onclick: () => onDismiss(alert) }, w("dismiss_alert")) : null,
    );
  const table = view.alerts.filter((alert) => !isCameraNotice(alert));
  const camera = view.alerts.filter(isCameraNotice);
  return h(
    "section",
    { class: `g-panel g-alerts${table.length ? "" : " g-camera-only"}`, id: "alerts", role: "alert" },
    table.length ? h("h2", { class: "g-alerts-table" }, w("alerts")) : null,
    table.map(card),
    camera.length ? h("h2", { class: "g-alerts-camera" }, w("camera_alerts")) : null,
    camera.map(card),
  );
}

/** What the seats the companion plays did in the last step: moves for someone at the
 * table to carry out (companion_seat.py); shown until the next step. */
function companionPanel(view) {
  const moves = view.companion_moves || [];
  if (!moves.length) return null;
  return h(
    "section",
    { class: "g-panel g-companion", id: "companion-moves", role: "status" },
    h("h2", {}, w("companion_moves")),
    h(
      "ol",
      {},
      moves.map((move) => h("li", {}, move.seat !== null && move.seat !== undefined ? `${seatName(view, move.seat)}: ${pick(move)}` : pick(move))),
    ),
  );
}

function scoresPanel(view) {
  const over = view.finished || view.ended;
  return h(
    "section",
    { class: "g-panel g-scores", id: "scores" },
    h("h2", {}, w("scores")),
    view.scores.map((sheet) => {
      const seat = view.seats.find((s) => s.index === sheet.seat);
      const lines = sheet.lines.filter((line) => line.amount !== 0 || !line.provisional);
      return h(
        "details",
        { class: `g-sheet${sheet.winner ? " winner" : ""}`, dataset: { seat: String(sheet.seat) } },
        h(
          "summary",
          {},
          dot(sheet.colour),
          h("span", { class: "g-name" }, seat ? seat.name : String(sheet.seat + 1)),
          // A total in words (Rajas's race) replaces the bare number, with the lines it comes from.
          sheet.total_en
            ? [
                h("span", { class: "g-total-lines" }, sheet.lines.map((line) => `${pick(line)} ${line.amount}`).join(" · ")),
                h("span", { class: "g-total-words" }, pick(sheet, "total")),
              ]
            : h("span", { class: "g-total" }, String(sheet.total)),
          sheet.winner ? h("span", { class: "g-winner" }, w("winner")) : null,
          !over && sheet.provisional_total !== sheet.total
            ? h("span", { class: "g-provisional" }, w("if_ended_now", { n: sheet.provisional_total }))
            : null,
        ),
        h(
          "table",
          {},
          h(
            "tbody",
            {},
            lines.map((line) =>
              h(
                "tr",
                { class: line.provisional ? "provisional" : "" },
                h("td", {}, pick(line)),
                h("td", { class: "g-num" }, String(line.amount)),
              ),
            ),
          ),
        ),
      );
    }),
  );
}

function rowsList(rows) {
  return h(
    "dl",
    { class: "g-rows" },
    rows.map((row) =>
      pick(row.label)
        ? [h("dt", {}, pick(row.label)), h("dd", {}, pick(row.value))]
        : h("dd", { class: "g-whole" }, pick(row.value)),
    ),
  );
}

// Games with a drawing of their board (`board.drawing`, server: drawings.py).
const DRAWINGS = { imhotep: drawImhotep, ceylon: drawCeylon, rajas: drawRajas, amritsar: drawAmritsar };

function drawingPanel(view) {
  const drawing = view.board.drawing;
  const draw = drawing && DRAWINGS[drawing.game];
  return draw ? draw(drawing) : null;
}

function boardPanels(view) {
  // rows a game's drawing already shows (Ceylon's elevation of each hex) fold behind their title
  const folded = (view.board.drawing && view.board.drawing.folded) || [];
  return h(
    "div",
    { class: "g-board", id: "board" },
    view.board.panels.map((panel) =>
      h(
        "section",
        { class: "g-panel g-area", dataset: { key: panel.key } },
        folded.includes(panel.key)
          ? h("details", { class: "g-folded" }, h("summary", {}, h("h2", {}, pick(panel.title))), rowsList(panel.rows))
          : [h("h2", {}, pick(panel.title)), rowsList(panel.rows)],
      ),
    ),
  );
}

function playersPanel(view) {
  if (!view.board.players.length) return null;
  return h(
    "section",
    { class: "g-players", id: "players" },
    h("h2", {}, w("players")),
    view.board.players.map((p) =>
      h(
        "section",
        { class: `g-panel g-player${p.seat === view.seat ? " mine" : ""}`, dataset: { seat: String(p.seat) } },
        h("h3", {}, dot(p.colour), " ", p.name, p.colour ? ` (${pick(p.colour_name)})` : ""),
        rowsList(p.rows),
      ),
    ),
  );
}

// -- the page --------------------------------------------------------------------

let connection = "connecting";
// The table's "More" fold (End the game behind it, where a stray tap cannot reach it),
// kept open across the live redraws once opened.
let moreOpen = false;

function statusBadge() {
  return h("span", { class: `g-status ${connection}`, id: "status" }, w(connection));
}

export function start(role) {
  // generic.css, parts.css (the optional parts), the game's drawing sheet and the page's
  // own are linked in the page's head (server/pages.py): styled before the first draw.
  document.documentElement.lang = lang();
  if (role === "table") applyFar();
  if (role === "play") startAttention(); // vibrate and sound on my turn, the screen kept awake

  const token = role === "play" ? takeToken() : null;
  if (role === "play" && !token) {
    location.replace("/watch"); // a phone without its seat's link watches
    return;
  }
  let live = null;
  let catalog = null;
  let feedback = null;
  let pin = role === "table" ? takePin() : null; // kept from the start page (pin.js)
  let links = null; // the seats' join links, once the PIN is known (table)
  let sending = false; // an answer and its follow-up on their way: no redraw between
  let menu = { open: false, confirming: null }; // the table's menu (view.table_screen.menu)
  let pastGames = null; // the games logged beside this one (view.table_screen.past_games)
  let lastFinished = null;

  const say = (text, ok) => {
    feedback = { text, ok };
    draw();
  };
  // The sensor board this table follows, bound here with the PIN (board_panel.js).
  const sensorBoard = new BoardPanel({ pin: () => (role === "table" && links ? pin : null), redraw: () => draw(), say: (text) => say(text, true) });

  // An answer; one reached through a follow-up (`first`: the answer that opened it) sends
  // both, in order, each checked by the server as any answer is.
  const choose = async (option) => {
    for (const b of document.querySelectorAll("#decision button")) b.disabled = true;
    sending = true;
    try {
      let stateId = live.view.state_id;
      if (option.first) {
        const first = await api("POST", "/api/answer", { token, body: { action: option.first, state_id: stateId } });
        stateId = first.data?.state_id ?? stateId + 1;
      }
      await api("POST", "/api/answer", { token, body: { action: option.action, state_id: stateId } });
      sending = false;
      say(`${w("sent")}: ${pick(option)}`, true);
    } catch (error) {
      sending = false;
      say(error instanceof ApiError && error.result ? refusal(error.result) : String(error), false);
    }
  };

  const undo = async () => {
    const view = live.view;
    const what = pick(view.undo_what) || "";
    if (!window.confirm(view.can_undo ? w("undo_confirm", { what }) : w("undo_confirm_other", { what }))) return;
    try {
      const { data } = await api("POST", "/api/undo", { token, body: { state_id: view.state_id } });
      say(data?.code === "undo_requested" ? w("undo_asked") : w("undone", { what }), true);
    } catch (error) {
      say(error instanceof ApiError && error.result ? refusal(error.result) : String(error), false);
    }
  };

  const askPin = () => {
    if (pin) return pin;
    say(jw("pin_first"), false); // the PIN field is in the join panel, never a prompt
    byId("g-pin-input")?.focus();
    return null;
  };

  const tableCall = async (method, path, body) => {
    const code = askPin();
    if (!code) return null;
    try {
      return (await api(method, path, { pin: code, body })).data;
    } catch (error) {
      if (pinRefused(error)) {
        pin = null; // refused: forgotten, and the join panel asks once
        links = null;
      }
      say(error instanceof ApiError && error.result ? refusal(error.result) : String(error), false);
      return null;
    }
  };

  const tableChoose = async (option) => {
    const data = await tableCall("POST", "/api/table/answer", { action: option.action, state_id: live.view.state_id });
    if (data) say(`${w("sent")}: ${pick(option)}`, true);
  };

  const tableUndo = async () => {
    const what = pick(live.view.undo_what) || "";
    const data = await tableCall("POST", "/api/table/undo", { state_id: live.view.state_id });
    if (data) say(w("undone", { what }), true);
  };

  const endGame = async () => {
    if (!window.confirm(w("end_confirm"))) return;
    const data = await tableCall("POST", "/api/table/end", { state_id: live.view.state_id });
    if (data) say(w("game_ended"), true);
  };

  // Hints on request: the companion's best answers for this phone's decision, to it alone.
  const askHint = async () => {
    const stateId = live.view.state_id;
    try {
      const { data } = await api("POST", "/api/hint", { token, body: { state_id: stateId } });
      hintShown = { state_id: stateId, answers: data.answers };
      draw();
    } catch (error) {
      say(error instanceof ApiError && error.result ? refusal(error.result) : String(error), false);
    }
  };

  // The review after the game: a phone or the table asks; the views carry its progress.
  const review = async () => {
    try {
      await api("POST", "/api/review", { token });
    } catch (error) {
      say(error instanceof ApiError && error.result ? refusal(error.result) : String(error), false);
    }
  };
  const tableReview = async () => {
    await tableCall("POST", "/api/table/review");
  };

  // Once the game is over: back to the start page, where the group chooses the next game
  // (the PIN this screen already has; a table started with its players named says why not).
  const newGame = async () => {
    const data = await tableCall("POST", "/api/table/new-game");
    if (data) location.reload();
  };

  const loadLinks = async () => {
    const data = await tableCall("GET", "/api/table/seats");
    if (data) links = data;
    // the past games, once unlocked (view.table_screen.past_games)
    if (data && pastGames === null && live?.view?.table_screen?.past_games) loadPastGames();
    draw();
  };

  const unlockWith = async (candidate) => {
    if (!candidate) return;
    pin = candidate;
    const data = await tableCall("GET", "/api/table/seats");
    if (data) {
      keepPin(candidate);
      links = data;
      feedback = null;
    }
    draw();
  };

  const newCode = async (seat) => {
    const data = await tableCall("POST", `/api/table/seats/${seat.index}`, { new_link: true });
    if (data) await loadLinks();
  };

  // A seat's name corrected from the join panel (generic_join.js): true once saved.
  const renameSeat = async (seat, name) => {
    const data = await tableCall("POST", `/api/table/seats/${seat.index}`, { name });
    if (data) await loadLinks();
    return Boolean(data);
  };

  const demoNext = async () => {
    await tableCall("POST", "/api/table/demo/next");
  };

  const dismissAlert = async (alert) => {
    await tableCall("POST", "/api/table/dismiss-alert", { alert_id: alert.id });
  };

  // A step of the opponent's card ticked (or unticked) by a tap (view.opponent_card).
  const tick = async (card, step, done) => {
    await tableCall("POST", "/api/table/maharajah/tick", { decade: card.decade, round: card.round, step: step.step, done });
  };

  const loadPastGames = async () => {
    const data = pin ? await tableCall("GET", "/api/table/games") : null;
    pastGames = data;
    draw();
  };

  const lockTable = () => {
    pin = null;
    links = null;
    pastGames = null;
    forgetPin();
    draw();
  };

  const setMenu = (next) => {
    menu = next;
    draw();
  };

  /** The table menu's controls (view.table_screen.menu); a dangerous one asks again. */
  function menuActions(view) {
    const over = view.finished || view.ended;
    const call = (path, body) => () => tableCall("POST", path, body);
    return {
      undo: over ? null : { label: w("table_undo"), confirm: w("undo_override_confirm"), danger: true, run: call("/api/table/undo", { state_id: view.state_id }) },
      end: over ? null : { label: w("end_game"), confirm: w("end_confirm"), danger: true, run: call("/api/table/end", { state_id: view.state_id }) },
      new: over ? { label: w("new_game"), confirm: w("new_game_confirm"), run: newGame } : null,
      clear: view.alerts.length ? { label: w("clear_alerts"), run: call("/api/table/clear-alerts") } : null,
      lock: { label: w("lock"), run: lockTable },
    };
  }

  function linksPanel(view) {
    if (role !== "table") return null;
    return joinPanel({ seats: pin ? links : null, over: view.finished || view.ended, onPin: unlockWith, onNewCode: newCode, onRename: renameSeat, redraw: draw });
  }

  function controls(view) {
    if (role === "play") {
      if (view.status) return null; // undo is in the status bar
      const mine = view.can_undo;
      const any = view.undo_what && !view.finished && !view.ended;
      return any
        ? h("div", { class: "g-controls" }, h("button", { type: "button", class: "g-secondary", id: "undo", onclick: undo }, mine ? w("undo") : w("ask_undo")))
        : null;
    }
    if (role === "table") {
      const menuHolds = Boolean(view.table_screen && view.table_screen.menu); // undo and end behind the menu
      return h(
        "div",
        { class: "g-controls" },
        !menuHolds && view.undo_what && !view.ended && !view.finished ? h("button", { type: "button", class: "g-secondary", id: "table-undo", onclick: tableUndo }, w("table_undo")) : null,
        view.demo_step ? h("button", { type: "button", class: "g-secondary", id: "demo-next", onclick: demoNext }, w("next_step")) : null,
        menuHolds || view.finished || view.ended ? null : moreFold(),
      );
    }
    return null;
  }

  function moreFold() {
    const fold = h(
      "details",
      { class: "g-folded g-more", id: "table-more", open: moreOpen },
      h("summary", {}, w("table_more")),
      h("button", { type: "button", class: "g-secondary", id: "end-game", onclick: endGame }, w("end_game")),
    );
    fold.addEventListener("toggle", () => (moreOpen = fold.open));
    return fold;
  }

  function undoRequests(view) {
    if (!view.undo_requests || !view.undo_requests.length) return null;
    return h("p", { class: "g-panel g-requests" }, `${w("undo_requests")}: ${view.undo_requests.map((r) => r.name).join(", ")}`);
  }

  function draw() {
    const view = localSeats(live?.view);
    const title = catalog ? pick(catalog.title) : "";
    document.title = title || "Companion";
    const toggle = () => {
      setLang(lang() === "en" ? "es" : "en");
      draw();
    };
    const screen = (view && view.table_screen) || {};
    const fit = role === "table" && Boolean(screen.fit);
    const withBar = role === "play" && Boolean(view && view.status);
    const language = h("button", { type: "button", class: "g-lang", id: "lang", onclick: toggle }, w("language"));
    // A game that sends a status bar (view.status): the phone's header is that bar.
    const head = withBar
      ? parts.statusBar(view, { turn: turnText(view), undo: barUndo(view), extras: [statusBadge(), language] })
      : h(
          "header",
          { class: `g-top${fit ? " g-fit-top" : ""}` },
          h("h1", {}, view && role === "play" && view.seat !== null ? `${title} · ${seatName(view, view.seat)}` : title),
          // where in the game (view.status.when): beside the title on the table screen
          role === "table" && view && view.status && view.status.when ? h("span", { class: "g-where", id: "where" }, pick(view.status.when)) : null,
          statusBadge(),
          role === "table" ? farButton(draw, "g-secondary") : null,
          language,
          role === "table" && screen.menu && links ? parts.menuButton(menu, setMenu) : null,
        );
    if (!view || !catalog) {
      put(byId("app"), head, h("p", { class: "g-panel" }, w("connecting")));
      return;
    }
    document.body.dataset.stateId = String(view.state_id);
    document.body.classList.toggle("g-dark", Boolean(view.dark_mode)); // parts.css's dark mode
    if (role === "table") parts.alertSound(view);
    const note = feedback && !withBar ? h("p", { class: `g-feedback ${feedback.ok ? "ok" : "refused"}`, id: "feedback", role: "status" }, feedback.text) : null;
    // Once over, the game-over screen (game_over.js) comes first, in place of the question.
    const ending = (view.finished || view.ended) && view.game_over ? gameOverScreen(view, { onNewGame: role === "table" ? newGame : null, onReview: role === "play" ? review : role === "table" ? tableReview : null }) : null;
    const alerts = alertsPanel(view, role === "table" ? dismissAlert : null);
    const typing = document.activeElement?.id === "g-pin-input";
    const kept = keepPlace();
    const sheet = role === "table" && menu.open && links && screen.menu ? parts.tableMenu(menuActions(view), menu, setMenu) : null;
    if (withBar) put(byId("app"), head, phoneScreen(view, ending, alerts));
    else if (fit) put(byId("app"), head, sheet, fitTable(view, ending, alerts, note));
    else put(byId("app"), head, sheet, ending, columns(view, ending, alerts, note));
    kept();
    if (withBar && feedback) {
      const line = byId("feedback");
      line.textContent = feedback.text;
      line.className = `g-feedback p-bar-feedback ${feedback.ok ? "ok" : "refused"}`;
    }
    armPlaces();
    if (typing) byId("g-pin-input")?.focus({ preventScroll: true }); // a live update mid-typing
  }

  /** The question's panel for this page's role. */
  function question(view) {
    return decisionPanel(view, { onChoose: role === "play" ? choose : role === "table" ? tableChoose : null, onHint: role === "play" ? askHint : null });
  }

  /** The rules' own opponent's card: his turn and what followed it (ticked on the table). */
  function cards(view) {
    if (!view.opponent_card) return [];
    const onTick = role === "table" && links ? tick : null;
    const spectator = role === "watch";
    return [parts.cardPart(view, "turn", { onTick, spectator }), parts.cardPart(view, "after", { onTick, spectator })];
  }

  /** The two columns every page has by default: the question first, then the board. */
  function columns(view, ending, alerts, note) {
    // A phone shows its alert above the question: put the table right first.
    const phoneAlert = role === "play" ? alerts : null;
    const board = role === "table" && links ? sensorBoard.element("g-panel") : null;
    const first = [phoneAlert, ending ? null : companionPanel(view), ending ? null : question(view), note, phoneAlert ? null : alerts, board, ending ? null : cards(view), parts.checklistPart(view), controls(view), undoRequests(view)];
    // A phone asked for a place: the drawing right under the question (picking.js arms it).
    const near = role === "play" && view.decision.mine && hasPlaces(view.menu);
    // Joining comes before the scores until every seat has joined (then it is one line each).
    // Far mode (far.js): the scores head the wide column, so the question, the alerts and
    // the scores all fit the first screen, read from across the room.
    const far = role === "table" && farOn();
    const join = linksPanel(view);
    const joining = Boolean(join) && !far && (!links || links.some((seat) => !seat.joined));
    const hint = role === "watch" ? h("p", { class: "g-hint" }, w("no_token")) : role === "table" ? h("p", { class: "g-hint" }, w(view.camera ? "camera" : "manual")) : null;
    const tables = view.periods ? [parts.periodParts(view), ending ? null : parts.breakdownPart(view)] : null;
    return h(
      "div",
      { class: `g-layout g-${role}` },
      h("div", { class: "g-side" }, first, near ? drawingPanel(view) : null, joining ? join : null, ending || far ? null : scoresPanel(view), joining ? null : join, hint),
      h("div", { class: "g-main" }, far && !ending ? scoresPanel(view) : null, near ? null : drawingPanel(view), shortBoard(view) ?? [boardPanels(view), playersPanel(view)], tables, shortLog(view)),
    );
  }

  /** The table screen on one screen (view.table_screen.fit): the drawing fills the height,
   * beside it the scores, everything else scrolling, a drawing's data-beside part below. */
  function fitTable(view, ending, alerts, note) {
    const over = view.finished || view.ended;
    const drawing = drawingPanel(view);
    const beside = drawing ? [...drawing.querySelectorAll("[data-beside]")] : [];
    for (const part of beside) part.remove();
    const periods = view.periods ? parts.periodParts(view) : [];
    const breakdown = view.periods ? parts.breakdownPart(view) : null;
    const screen = view.table_screen;
    return h(
      "div",
      { class: "g-fit" },
      h("div", { class: "g-fit-board" }, drawing),
      h(
        "div",
        { class: "g-fit-side" },
        screen.scores_bar ? parts.scoresBar(view, screen.unit) : scoresPanel(view),
        h(
          "div",
          { class: "g-fit-scroll", id: "side-scroll" },
          ending,
          alerts,
          links ? sensorBoard.element("g-panel") : null,
          controls(view),
          ending ? null : question(view),
          note,
          cards(view),
          periods.length ? periods[0] : null,
          parts.checklistPart(view),
          undoRequests(view),
          over ? breakdown : null,
          linksPanel(view),
          screen.house_rules ? parts.houseRulesPart(view) : null,
          links && screen.past_games ? parts.pastGamesPart(pastGames, view.opponent_name ? pick(view.opponent_name) : null) : null,
          h("p", { class: "g-hint" }, w(view.camera ? "camera" : "manual")),
          shortLog(view),
          over ? null : breakdown,
          periods.slice(1),
        ),
        beside,
      ),
    );
  }

  /** A phone whose game sends a status bar (view.status): the question right under the bar,
   * below it what is needed now, then everything else folded to one line each. */
  function phoneScreen(view, ending, alerts) {
    const over = view.finished || view.ended;
    const pending = parts.cardPending(view);
    const card = view.opponent_card;
    const scores = [scoresPanel(view), view.periods ? parts.periodParts(view) : null, view.periods && !over ? parts.breakdownPart(view) : null];
    const drawing = drawingPanel(view);
    const near = view.decision.mine && hasPlaces(view.menu);
    return h(
      "div",
      { class: "g-layout g-play g-phone" },
      ending,
      alerts,
      ending ? null : companionPanel(view),
      ending ? null : question(view),
      parts.checklistPart(view),
      near ? drawing : null,
      // His turn being carried out: in full while I wait, one line while I answer.
      card && pending && !view.decision.mine && !over ? parts.cardPart(view, "all", { spectator: true }) : null,
      card && pending && view.decision.mine && !over ? parts.fold("maharajah-now", `${pick(card.title)} · ${parts.pw("steps_left", { n: card.instructions.filter((s) => !s.done).length })}`, parts.cardPart(view, "all", { spectator: true })) : null,
      undoRequests(view),
      over ? parts.fold("breakdown", parts.pw("scores_final"), view.periods ? parts.breakdownPart(view) : scoresPanel(view)) : null,
      view.objectives ? parts.fold("objectives", parts.objectivesLine(view), parts.objectivesPart(view)) : null,
      view.own_board ? parts.fold("board", pick(view.own_board.line), parts.ownBoardPart(view)) : null,
      over ? (view.periods ? parts.periodParts(view) : null) : parts.fold("scores", scoresLine(view), scores),
      card && (over || !pending) ? parts.fold("maharajah", pick(card.done_title), parts.cardPart(view, "all", { always: true })) : null,
      near || !drawing ? null : parts.fold("drawing", w("board"), drawing),
      shortLog(view, over ? PHONE_LOG_OVER : PHONE_LOG),
    );
  }

  /** The history's lines shown open under the folds on a phone with a status bar. */
  const PHONE_LOG = 3;
  /** ...and once the game is over, when nothing is asked above them. */
  const PHONE_LOG_OVER = 15;

  function scoresLine(view) {
    return `${w("scores")} · ${view.scores.map((sheet) => `${seatName(view, sheet.seat) || sheet.seat + 1} ${sheet.total_en ? pick(sheet, "total") : sheet.total}`).join(" · ")}`;
  }

  function turnText(view) {
    if (view.finished || view.ended) return pick(view.status.when);
    const d = view.decision;
    if (d.mine) return w("turn_you");
    return w("turn_of", { who: d.seat === null ? pick(d, "who") : seatName(view, d.seat) });
  }

  function barUndo(view) {
    if (!view.undo_what || view.finished || view.ended) return null;
    return h("button", { type: "button", id: "undo", class: "g-secondary", onclick: undo }, view.can_undo ? w("undo_short") : w("ask_undo_short"));
  }

  /** What a redraw must not undo: how far a column is scrolled, which folds are open. */
  function keepPlace() {
    const scroll = byId("side-scroll")?.scrollTop || 0;
    const open = [...document.querySelectorAll("details[open]")].map((d) => `${d.closest("[id]")?.id}/${d.className}`);
    return () => {
      const side = byId("side-scroll");
      if (side) side.scrollTop = scroll;
      for (const d of document.querySelectorAll("details")) {
        if (!d.open && open.includes(`${d.closest("[id]")?.id}/${d.className}`)) d.open = true;
      }
    };
  }

  let lastMine = null;
  let lastAlerts = new Set();

  /** Vibrate and sound when a question becomes mine or a new alert of mine appears. */
  function callAttention(view) {
    const mineNow = view.decision.mine && !(view.finished || view.ended) ? `${view.decision.kind}:${view.state_id}` : null;
    if (mineNow && lastMine === null) yourTurn();
    lastMine = mineNow;
    const ids = new Set(myAlerts(view).map((alert) => alert.id));
    if ([...ids].some((id) => !lastAlerts.has(id))) alertRaised();
    lastAlerts = ids;
  }

  function refusal(result) {
    const text = pick(result);
    return result.rule ? `${text} (${w("rule")}: ${pick(result, "rule") || result.rule})` : text;
  }

  function phoneView(view) {
    if (!sending) draw(); // an answer and its follow-up on their way: drawn once both are sent
    callAttention(view);
  }

  function tableView(view) {
    sensorBoard.refresh();
    // A game just over joins the past games (view.table_screen.past_games).
    const finished = Boolean(view && (view.finished || view.ended));
    if (view && view.table_screen && view.table_screen.past_games && pin && links && finished !== lastFinished) {
      lastFinished = finished;
      loadPastGames();
    }
    if (pin && links) loadLinks();
    else draw();
  }

  async function main() {
    draw();
    catalog = (await api("GET", "/api/catalog")).data;
    if (role === "table" && pin) loadLinks();
    live = new Live({
      token,
      // The table reloads the seats on each view: a phone joining pokes a view,
      // and its code is hidden then.
      onView: role === "table" ? tableView : role === "play" ? phoneView : draw,
      onStatus: (value) => {
        connection = value;
        const badge = byId("status");
        if (badge) badge.replaceWith(statusBadge());
      },
      onError: (message) => say(token && DEAD_LINK.has(message.code) ? t(message.code) : pick(message), false),
    });
    live.start();
  }

  main();
}

const TOKEN_KEY = "companion.token";

function takeToken() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const fromLink = fragment.get("token");
  if (fromLink) {
    localStorage.setItem(TOKEN_KEY, fromLink);
    history.replaceState(null, "", location.pathname + location.search);
    return fromLink;
  }
  return localStorage.getItem(TOKEN_KEY);
}
