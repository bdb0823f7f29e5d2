// Optional parts of the generic pages (generic_board.js), each drawn only when
// the view carries its key, so any game may offer it and none is named here:
// the phone's status bar (`view.status`), a player's secret objectives
// (`view.objectives`), a player's own board in words (`view.own_board`), the
// rules' own opponent's card with its steps ticked by the camera or by a tap
// (`view.opponent_card`), the moves the table owes (`view.checklist`), score
// tables per period and for the whole game (score lines' `period`, words in
// `view.periods`), the large scores bar of the table screen, the house rules,
// the past games and the table's menu of rarely used controls, and folds whose
// opened state survives the live redraws. Game words arrive from the server as
// {en, es} pairs; the words of the parts themselves are here.

import { h } from "./dom.js";
import { lang, pick } from "./i18n.js";

const WORDS = {
  en: {
    done: "done",
    to_do: "to do",
    camera: "camera",
    tap: "tap",
    why: "Why",
    tick_help: "Tap a step when it is done; the camera ticks what it sees.",
    tick_locked: "Unlock the table to tick these steps.",
    after_help: "Move these on the table; tap each when done.",
    step_done: "done",
    step_to_do: "to do",
    total: "Total",
    winner: "winner",
    every_line: "Every line",
    scores_now: "Scores so far",
    scores_final: "Final scores",
    scores: "Scores",
    house_rules: "House rules in play",
    no_house_rules: "The rulebook as written",
    past_games: "Past games",
    no_past_games: "No other games on this companion yet.",
    finished: "finished",
    unfinished: "unfinished",
    ended_early: "ended early",
    menu: "Menu",
    table_controls: "Table controls",
    close: "Close",
    confirm: "Yes, do it",
    cancel: "Cancel",
    objectives: "My objectives",
    placed: "on your board",
    in_hand: "in hand",
    worth_now: "worth {n} now",
    objectives_worth: "{n} now on your board",
    no_objectives: "No objectives yet.",
    more: "{n} more",
    steps_left: "{n} to do on the table",
  },
  es: {
    done: "hecho",
    to_do: "pendiente",
    camera: "cámara",
    tap: "toca",
    why: "Por qué",
    tick_help: "Toca cada paso al hacerlo; la cámara marca lo que ve.",
    tick_locked: "Desbloquea la mesa para marcar estos pasos.",
    after_help: "Mueve esto en la mesa; toca cada paso al hacerlo.",
    step_done: "hecho",
    step_to_do: "pendiente",
    total: "Total",
    winner: "gana",
    every_line: "Todas las líneas",
    scores_now: "Puntuación hasta ahora",
    scores_final: "Puntuación final",
    scores: "Puntuación",
    house_rules: "Reglas de la casa en juego",
    no_house_rules: "El reglamento tal cual",
    past_games: "Partidas anteriores",
    no_past_games: "Aún no hay otras partidas en este compañero.",
    finished: "terminada",
    unfinished: "sin terminar",
    ended_early: "terminada antes de tiempo",
    menu: "Menú",
    table_controls: "Controles de la mesa",
    close: "Cerrar",
    confirm: "Sí, hazlo",
    cancel: "Cancelar",
    objectives: "Mis objetivos",
    placed: "en tu tablero",
    in_hand: "en la mano",
    worth_now: "vale {n} ahora",
    objectives_worth: "{n} ahora en tu tablero",
    no_objectives: "Aún no tienes objetivos.",
    more: "{n} más",
    steps_left: "{n} por hacer en la mesa",
  },
};

export function pw(key, vars = {}) {
  let text = WORDS[lang()][key] ?? WORDS.en[key] ?? key;
  for (const [name, value] of Object.entries(vars)) text = text.replace(`{${name}}`, String(value));
  return text;
}

function seatOf(view, index) {
  return view.seats.find((seat) => seat.index === index) || null;
}

/** A player's coloured dot and name (the colour is never alone: the name is beside it). */
export function chip(seat) {
  if (!seat) return h("span");
  return h(
    "span",
    { class: "p-chip", dataset: { seat: String(seat.index) } },
    h("span", { class: "g-dot", dataset: { colour: seat.colour || "" } }),
    h("span", { class: "name" }, seat.name),
  );
}

// -- folds ---------------------------------------------------------------------

/** Folds below the question, by id; the ones a player opened stay open across updates. */
const unfolded = new Set();

/** A panel folded to one line (its summary); tapping opens it. Null when it holds nothing. */
export function fold(id, summary, ...content) {
  const parts = content.flat().filter(Boolean);
  if (!parts.length) return null;
  const details = h("details", { class: "g-panel g-folded p-fold", id: `fold-${id}`, open: unfolded.has(id) }, h("summary", {}, summary), parts);
  details.addEventListener("toggle", () => (details.open ? unfolded.add(id) : unfolded.delete(id)));
  return details;
}

// -- the phone's status bar (view.status) -------------------------------------

/** The phone's top bar (the page's header): who I am and whose turn, beside `extras`
 * (the connection, the language), my counts (`view.status.cells`), when in the game, Undo. */
export function statusBar(view, { turn, undo = null, extras = [] }) {
  const status = view.status;
  const me = view.seat === null ? null : seatOf(view, view.seat);
  const over = view.finished || view.ended;
  return h(
    "header",
    { class: "g-top g-with-bar p-bar", id: "status-bar" },
    h("div", { class: "p-bar-who" }, me ? chip(me) : null, h("span", { class: `p-bar-turn${view.decision.mine && !over ? " mine" : ""}`, id: "bar-turn" }, turn)),
    extras,
    status.cells && status.cells.length
      ? h(
          "div",
          { class: "p-bar-stats", id: "bar-stats" },
          status.cells.map((cell) =>
            h(
              "div",
              {
                class: `p-cell${cell.warn ? " full" : ""}`,
                id: cell.id ? `bar-${cell.id}` : null,
                title: cell.title ? pick(cell.title) : null,
                "aria-label": cell.title ? pick(cell.title) : null,
              },
              h("span", { class: "p-cell-value" }, String(cell.value)),
              h("span", { class: "p-cell-label" }, pick(cell)),
            ),
          ),
        )
      : null,
    // Once over, the first line already says so: no second line saying it again.
    over ? null : h("div", { class: "p-bar-when" }, status.when ? h("span", { id: "bar-when" }, pick(status.when)) : h("span"), undo),
    h("p", { class: "g-feedback p-bar-feedback", id: "feedback", role: "status" }),
  );
}

// -- a player's secrets and own board -------------------------------------------

/** My secret objectives (`view.objectives`, only on my own phone), with what each is worth now. */
export function objectivesPart(view) {
  const list = view.objectives;
  return h(
    "section",
    { class: "p-objectives", id: "objectives" },
    list.length
      ? h(
          "ul",
          {},
          list.map((o) =>
            h(
              "li",
              { class: o.placed ? "placed" : "hand", dataset: { objective: o.id } },
              h("strong", {}, o.id),
              " ",
              pick(o),
              h("br"),
              h("small", {}, `${o.placed ? pw("placed") : pw("in_hand")} · `, h("span", { class: "worth" }, pw("worth_now", { n: `${o.worth}${o.unit ? ` ${pick(o.unit)}` : ""}` }))),
            ),
          ),
        )
      : h("p", {}, view.objectives_note ? pick(view.objectives_note) : pw("no_objectives")),
  );
}

export function objectivesLine(view) {
  const placed = view.objectives.filter((o) => o.placed);
  if (!view.objectives.length) return pw("objectives");
  const unit = view.objectives[0].unit ? ` ${pick(view.objectives[0].unit)}` : "";
  return `${pw("objectives")} · ${pw("objectives_worth", { n: `${placed.reduce((sum, o) => sum + o.worth, 0)}${unit}` })}`;
}

/** My own board in words (`view.own_board`: counts, then titled lists), worded by the server. */
export function ownBoardPart(view) {
  const board = view.own_board;
  return h(
    "section",
    { class: "p-own-board", id: "my-board" },
    board.stats && board.stats.length
      ? h(
          "div",
          { class: "p-stats" },
          board.stats.map((stat) =>
            h("div", { class: "p-stat", id: stat.id ? `my-${stat.id}` : null }, h("span", { class: "p-stat-label" }, pick(stat)), h("span", { class: "p-stat-value" }, String(stat.value))),
          ),
        )
      : null,
    (board.parts || []).map((part) => [
      h("h3", {}, pick(part.title)),
      part.line ? h("p", { id: part.id ? `my-${part.id}` : null, class: part.warn ? "full" : "" }, pick(part.line)) : null,
      part.items && part.items.length ? h("ul", { class: "p-list" }, part.items.map((item) => h("li", {}, pick(item)))) : null,
    ]),
  );
}

// -- the rules' own opponent's card (view.opponent_card) -------------------------

function stepList(card, steps, onTick) {
  return h(
    "ol",
    { class: "steps" },
    steps.map((step) => {
      const mark = h("span", { class: "tick", "aria-hidden": "true" }, step.done ? "✓" : "");
      const words = h("span", { class: "words" }, pick(step));
      const how = step.checked === undefined ? null : h("span", { class: `how ${step.checked ? "camera" : "tap"}` }, step.checked ? pw("camera") : pw("tap"));
      const data = { step: String(step.step), part: step.part || "turn", checked: step.checked ? "1" : "0" };
      const cls = `step ${step.done ? "done" : "todo"}`;
      if (!onTick) return h("li", { class: cls, dataset: data }, mark, words, how);
      return h(
        "li",
        { class: cls, dataset: data },
        h(
          "button",
          {
            type: "button",
            class: "step-button",
            "aria-pressed": step.done ? "true" : "false",
            "aria-label": `${pick(step)} (${step.done ? pw("step_done") : pw("step_to_do")})`,
            onclick: () => onTick(card, step, !step.done),
          },
          mark,
          words,
          how,
        ),
      );
    }),
  );
}

/** The opponent's turn (part "turn") or what followed it (part "after"): its steps to do on
 * the table, ticked by the camera or (with `onTick`, the table unlocked) by a tap; gone once
 * every step is done unless `always` (a phone's record of his last turn). */
export function cardPart(view, part, { onTick = null, spectator = false, always = false, title = null, traceOpen = false } = {}) {
  const card = view.opponent_card;
  if (!card) return null;
  const steps = card.instructions.filter((step) => (part === "all" ? true : (step.part || "turn") === part));
  if (!always && (!steps.length || steps.every((step) => step.done))) return null;
  const after = part === "after";
  const help = after ? pw("after_help") : pw("tick_help");
  return h(
    "section",
    {
      class: `g-panel ${after ? "decade-steps" : "maharajah"}`,
      id: after ? "decade-steps" : "maharajah",
      dataset: { decade: String(card.decade ?? ""), round: String(card.round ?? "") },
    },
    h("h2", {}, title || pick(after ? card.after_title : card.title)),
    spectator || always ? null : h("p", { class: "g-hint" }, onTick ? help : pw("tick_locked")),
    steps.length ? stepList(card, steps, onTick) : null,
    !after && card.trace && card.trace.length
      ? h("details", { class: "trace", open: traceOpen }, h("summary", {}, pw("why")), h("ol", {}, card.trace.map((line) => h("li", {}, pick(line)))))
      : null,
  );
}

/** His turn is still being carried out: a step the camera checks is not ticked yet. */
export function cardPending(view) {
  const card = view.opponent_card;
  return Boolean(card && card.instructions && card.instructions.some((step) => !step.done && step.checked !== false));
}

/** Moves the table owes the game (laying out, an undo, a phone entry), ticked as the camera sees them. */
export function checklistPart(view) {
  const list = view.checklist;
  if (!list || !list.items || !list.items.length) return null;
  return h(
    "section",
    { class: "g-panel checklist", id: "checklist" },
    h("h2", {}, pick({ en: list.title_en, es: list.title_es })),
    h(
      "ol",
      { class: "steps" },
      list.items.map((step) =>
        h(
          "li",
          { class: step.done ? "done" : "todo" },
          h("span", { class: "tick", "aria-label": step.done ? pw("done") : pw("to_do") }, step.done ? "✓" : ""),
          h("span", { class: "words" }, pick(step)),
        ),
      ),
    ),
  );
}

// -- score tables ----------------------------------------------------------------

function categoryRows(view, lines) {
  // Rows in the order categories first score; the label is the line's own words.
  const order = [];
  const labels = new Map();
  for (const sheet of view.scores) {
    for (const line of lines(sheet)) {
      if (!labels.has(line.category)) {
        labels.set(line.category, line);
        order.push(line.category);
      }
    }
  }
  return order.map((category) => ({ category, label: pick(labels.get(category)) }));
}

function breakdownTable(view, title, id, lines, { totals }) {
  const sheets = view.scores;
  const head = h("tr", {}, h("th", { scope: "col" }, ""), sheets.map((sheet) => h("th", { scope: "col" }, chip(seatOf(view, sheet.seat)))));
  const body = categoryRows(view, lines).map((row) =>
    h(
      "tr",
      { dataset: { category: row.category } },
      h("th", { scope: "row" }, row.label),
      sheets.map((sheet) =>
        h(
          "td",
          { class: "g-num" },
          String(
            lines(sheet)
              .filter((line) => line.category === row.category)
              .reduce((total, line) => total + line.amount, 0),
          ),
        ),
      ),
    ),
  );
  const foot = totals
    ? h(
        "tr",
        { class: "total" },
        h("th", { scope: "row" }, pw("total")),
        sheets.map((sheet) =>
          h("td", { class: `g-num${sheet.winner ? " winner" : ""}`, dataset: { seat: String(sheet.seat) } }, String(sheet.total), sheet.winner ? h("small", {}, ` ★ ${pw("winner")}`) : null),
        ),
      )
    : null;
  return h(
    "section",
    { class: "g-panel p-breakdown breakdown", id },
    h("h2", {}, title),
    h("div", { class: "p-scroll" }, h("table", {}, h("thead", {}, head), h("tbody", {}, body), foot ? h("tfoot", {}, foot) : null)),
  );
}

/** Every line of every sheet, itemised (component and rulebook section). */
function itemised(view) {
  return h(
    "details",
    { class: "itemised" },
    h("summary", {}, pw("every_line")),
    view.scores.map((sheet) =>
      h(
        "div",
        { class: "sheet", dataset: { seat: String(sheet.seat) } },
        h("h3", {}, chip(seatOf(view, sheet.seat))),
        h(
          "table",
          {},
          h(
            "tbody",
            {},
            sheet.lines.map((line) =>
              h(
                "tr",
                { class: line.provisional ? "provisional" : "" },
                h("td", {}, pick(line)),
                h("td", { class: "component" }, line.component),
                h("td", { class: "g-num" }, String(line.amount)),
                h("td", { class: "rule" }, pick(line, "rule") || line.rule),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/** Score tables for each period scored so far (a decade, an age...), newest first; only
 * for a game whose score lines carry `period` and whose view names them (`view.periods`). */
export function periodParts(view) {
  if (!view.periods) return [];
  const periods = new Set();
  for (const sheet of view.scores) for (const line of sheet.lines) if (line.period) periods.add(line.period);
  return [...periods]
    .sort((a, b) => b - a)
    .map((period) =>
      breakdownTable(
        view,
        pick(view.periods.titles[period - 1] || { en: String(period), es: String(period) }),
        `decade-${period}`,
        (sheet) => sheet.lines.filter((line) => line.period === period),
        { totals: false },
      ),
    );
}

/** The whole game's scores by category with totals; every line itemised below. */
export function breakdownPart(view) {
  const panel = breakdownTable(view, view.finished || view.ended ? pw("scores_final") : pw("scores_now"), "breakdown", (sheet) => sheet.lines, { totals: true });
  panel.append(itemised(view));
  return panel;
}

/** Every seat's total, large, always on the table screen. */
export function scoresBar(view, unit = null) {
  return h(
    "section",
    { class: "p-scores-bar", id: "scores", "aria-label": pw("scores") },
    view.scores.map((sheet) =>
      h(
        "div",
        { class: `score${sheet.winner ? " winner" : ""}`, dataset: { seat: String(sheet.seat) } },
        h("span", { class: "score-who" }, chip(seatOf(view, sheet.seat)), sheet.winner ? h("span", { class: "score-winner" }, `★ ${pw("winner")}`) : null),
        h("span", { class: "score-total" }, sheet.total_en ? pick(sheet, "total") : String(sheet.total), unit ? h("small", {}, ` ${pick(unit)}`) : null),
      ),
    ),
  );
}

// -- the table screen's extras ------------------------------------------------------

export function houseRulesPart(view) {
  const rules = (view.house_rules || []).filter((rule) => rule && typeof rule === "object");
  return h(
    "section",
    { class: "g-panel house-rules", id: "house-rules" },
    h("h2", {}, pw("house_rules")),
    rules.length ? h("ul", {}, rules.map((rule) => h("li", {}, pick(rule)))) : h("p", { class: "g-hint" }, pw("no_house_rules")),
  );
}

function when(seconds) {
  if (!seconds) return "";
  const locale = lang() === "es" ? "es-ES" : "en-GB";
  return new Date(seconds * 1000).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

/** The games logged beside this one, newest first (`/api/table/games`, behind the PIN). */
export function pastGamesPart(games, opponentName = null) {
  if (games === null) return null;
  return h(
    "section",
    { class: "g-panel past-games", id: "past-games" },
    h("h2", {}, pw("past_games")),
    games.length
      ? h(
          "ul",
          {},
          games.map((game) => {
            const status = game.problem ? game.problem : game.finished ? pw("finished") : game.ended ? pw("ended_early") : pw("unfinished");
            const names = game.names.map((name, i) => {
              const shown = game.solo && i === game.names.length - 1 && opponentName ? opponentName : name;
              const total = game.totals[i];
              return h("span", { class: `who${game.winners[i] ? " winner" : ""}` }, total === undefined ? shown : `${shown} ${total}${game.winners[i] ? " ★" : ""}`);
            });
            return h(
              "li",
              { dataset: { file: game.file } },
              h("span", { class: "date" }, when(game.started)),
              " ",
              h("span", { class: "names" }, names.map((n, i) => (i ? [" · ", n] : n))),
              " ",
              h("span", { class: "state" }, `(${status})`),
            );
          }),
        )
      : h("p", { class: "g-hint" }, pw("no_past_games")),
  );
}

/** The table's menu of rarely used controls; a dangerous one asks again in the page. */
export function tableMenu(actions, menu, setMenu) {
  const close = () => setMenu({ open: false, confirming: null });
  const confirming = menu.confirming && actions[menu.confirming];
  let content;
  if (confirming) {
    content = h(
      "div",
      { class: "confirm", id: "menu-confirm" },
      h("p", { class: "confirm-text" }, confirming.confirm),
      h(
        "div",
        { class: "buttons" },
        h(
          "button",
          {
            type: "button",
            class: "g-danger",
            id: "confirm-yes",
            onclick: () => {
              close();
              confirming.run();
            },
          },
          `${pw("confirm")}: ${confirming.label}`,
        ),
        h("button", { type: "button", class: "g-secondary", id: "confirm-no", onclick: close }, pw("cancel")),
      ),
    );
  } else {
    content = h(
      "div",
      { class: "buttons" },
      Object.entries(actions).map(([key, action]) =>
        action
          ? h(
              "button",
              {
                type: "button",
                id: `menu-${key}`,
                class: action.danger ? "g-danger" : "g-secondary",
                onclick: () => (action.confirm ? setMenu({ open: true, confirming: key }) : (close(), action.run())),
              },
              action.label,
            )
          : null,
      ),
      h("button", { type: "button", class: "g-secondary", id: "menu-close", onclick: close }, pw("close")),
    );
  }
  return h("div", { class: "p-menu-sheet", id: "menu", role: "dialog", "aria-label": pw("menu") }, h("h2", {}, pw("table_controls")), content);
}

export function menuButton(menu, setMenu) {
  return h(
    "button",
    { type: "button", class: "g-secondary", id: "menu-button", "aria-expanded": menu.open ? "true" : "false", onclick: () => setMenu({ open: !menu.open, confirming: null }) },
    pw("menu"),
  );
}

let heard = 0;
let audio = null;

/** A short tone when a new alert appears (the table may be looking at the board). */
export function alertSound(view) {
  const newest = Math.max(0, ...view.alerts.map((alert) => alert.id || 0));
  if (newest <= heard) return;
  heard = newest;
  document.body.dataset.alertSounds = String(Number(document.body.dataset.alertSounds || 0) + 1);
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.25, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.6);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.6);
  } catch {
    // No audio device: the alert panel and the board marks still show.
  }
}
