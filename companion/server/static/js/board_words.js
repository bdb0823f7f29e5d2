// The board in words, kept short under a drawing. A game with a drawing
// (`board.drawing`) used to repeat every area below it as worded panels,
// which made the pages thousands of pixels long. The server says what the
// drawing shows (`board.drawn`, server: board_in_words.py): those panels and
// rows go into one closed "The board in words" section (its words still there
// for a screen reader, opened with one 44 px tap); only what the drawing does
// not show stays open. The history shows its last lines, the rest behind a
// second fold; a line the view says a seat made (`log[*].seat`) starts with that
// seat's chip: its colour and its mark (`seats[*].mark`, the letter its pieces
// carry on the drawing), never the colour alone. A fold a player opened stays
// open across the live redraws.

import { h } from "./dom.js";
import { lang, pick } from "./i18n.js";

const WORDS = {
  en: {
    in_words: "The board in words",
    players: "Players' boards",
    log: "What happened",
    earlier: "Earlier ({n})",
  },
  es: {
    in_words: "El tablero en palabras",
    players: "Tableros de los jugadores",
    log: "Qué ha pasado",
    earlier: "Antes ({n})",
  },
};

/** The log's lines shown open; the rest are folded. */
export const LOG_SHOWN = 10;

function w(key, vars = {}) {
  let text = WORDS[lang()][key] ?? WORDS.en[key] ?? key;
  for (const [name, value] of Object.entries(vars)) text = text.replace(`{${name}}`, String(value));
  return text;
}

// Which folds the player opened (the page is rebuilt on every live update).
const opened = new Set();

function fold(id, attrs, summary, ...body) {
  const details = h("details", { ...attrs, id, open: opened.has(id) }, h("summary", {}, summary), ...body);
  details.addEventListener("toggle", () => (details.open ? opened.add(id) : opened.delete(id)));
  return details;
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

function dot(colour) {
  return h("span", { class: "g-dot", dataset: { colour: colour || "" } });
}

function area(panel, rows, level) {
  return h("section", { class: "g-panel g-area", dataset: { key: panel.key } }, h(level, {}, pick(panel.title)), rowsList(rows));
}

function playerBoard(view, p, rows) {
  return h(
    "section",
    { class: `g-panel g-player${p.seat === view.seat ? " mine" : ""}`, dataset: { seat: String(p.seat) } },
    h("h3", {}, dot(p.colour), " ", p.name, p.colour ? ` (${pick(p.colour_name)})` : ""),
    rowsList(rows),
  );
}

/** The board's words under a drawing: what the drawing does not show open, the rest in one
 * closed fold; null when the game has no drawing (the page keeps its full panels). */
export function shortBoard(view) {
  const drawn = view.board.drawn;
  if (!drawn || !view.board.drawing) return null;
  const panels = new Set(drawn.panels);
  const rows = new Set(drawn.rows);
  const open = [];
  const folded = [];
  for (const panel of view.board.panels) {
    if (panels.has(panel.key)) {
      folded.push(area(panel, panel.rows, "h3"));
      continue;
    }
    // only the general panel's rows are keyed by the view (the round, the start player...)
    const left = panel.key === "game" ? panel.rows.filter((row) => !rows.has(row.key)) : panel.rows;
    const shown = panel.key === "game" ? panel.rows.filter((row) => rows.has(row.key)) : [];
    if (left.length) open.push(area(panel, left, "h2"));
    if (shown.length) folded.push(area(panel, shown, "h3"));
  }
  const openPlayers = [];
  const foldedPlayers = [];
  for (const p of view.board.players) {
    const left = p.rows.filter((row) => !rows.has(row.key));
    const shown = p.rows.filter((row) => rows.has(row.key));
    if (left.length) openPlayers.push(playerBoard(view, p, left));
    if (shown.length) foldedPlayers.push(playerBoard(view, p, shown));
  }
  return h(
    "div",
    { class: "g-board g-short", id: "board" },
    open,
    openPlayers.length ? h("section", { class: "g-players", id: "players" }, h("h2", {}, w("players")), openPlayers) : null,
    folded.length || foldedPlayers.length
      ? fold(
          "board-words",
          { class: "g-panel g-folded g-in-words" },
          h("h2", {}, w("in_words")),
          folded,
          foldedPlayers.length ? [h("h3", {}, w("players")), foldedPlayers] : null,
        )
      : null,
  );
}

/** A seat's chip: its colour and its mark (the name's initial when the view sends none). */
export function seatChip(seat) {
  const mark = seat.mark || ([...String(seat.name || "?")].find((c) => /[\p{L}\p{N}]/u.test(c)) || "?").toUpperCase();
  const name = (lang() === "es" && seat.name_es) || seat.name || "";
  return h(
    "span",
    { class: "g-seat-chip", dataset: { seat: String(seat.index) }, title: name },
    dot(seat.colour),
    h("span", { class: "g-mark" }, mark),
  );
}

/** A history line, with the chip of the seat that made it (when the view names one). */
function logLine(view, line) {
  const seat = line.seat === null || line.seat === undefined ? null : (view.seats || []).find((s) => s.index === line.seat);
  return h("li", { dataset: seat ? { seat: String(seat.index) } : {} }, seat ? [seatChip(seat), " "] : null, pick(line));
}

/** The history, newest first: the last `shown` lines (LOG_SHOWN), the rest behind a fold. */
export function shortLog(view, shown = LOG_SHOWN) {
  const lines = [...view.log].reverse();
  const more = lines.slice(shown);
  return h(
    "section",
    { class: "g-panel g-log", id: "log" },
    h("h2", {}, w("log")),
    h("ol", {}, lines.slice(0, shown).map((line) => logLine(view, line))),
    more.length
      ? fold(
          "log-earlier",
          { class: "g-folded g-earlier" },
          h("span", {}, w("earlier", { n: more.length })),
          h("ol", { start: String(shown + 1) }, more.map((line) => logLine(view, line))),
        )
      : null,
  );
}
