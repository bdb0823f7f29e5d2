// Panels shared by the player, table and spectator views. Each takes the view
// the server sent (already without other players' secrets) and returns DOM.

import { byId, h } from "./dom.js";
import { lang, pick, rule, setLang, t } from "./i18n.js";

export { AMRITSAR_HEX as PLAYER_HEX } from "./colours.js";

export function seatOf(view, index) {
  return view.seats.find((seat) => seat.index === index) || null;
}

export function chip(seat) {
  if (!seat) return h("span");
  return h(
    "span",
    { class: "chip", dataset: { seat: String(seat.index) } },
    h("span", { class: `dot colour-${seat.colour}` }),
    h("span", { class: "name" }, seat.name),
  );
}

/** Which option of which question is opened to its follow-up (kept across redraws). */
let opened = null; // {stateId, action}
/** Where in a long decision's menu (``view.menu``) the player is: the items tapped. */
let menuAt = null; // {stateId, path: [index, ...]}

function optionButton(option, onclick, extra = "") {
  return h(
    "button",
    { type: "button", class: `option${extra}`, dataset: { action: option.action }, onclick },
    pick(option),
  );
}

function backButton(onclick) {
  return h("button", { type: "button", class: "back", id: "back", onclick }, t("back"));
}

/** The menu screen the player reached in ``view.menu``: its node and the items tapped. */
function menuScreen(view) {
  const path = menuAt && menuAt.stateId === view.state_id ? menuAt.path : [];
  let node = view.menu;
  const chosen = [];
  for (const index of path) {
    const next = node.items[index];
    if (!next || !next.items) break;
    chosen.push(next);
    node = next;
  }
  return { node, chosen, path: path.slice(0, chosen.length) };
}

/** An offered option's button: one with a follow-up opens it, another answers. */
function answerButton(view, option, onChoose, redraw, words = option) {
  const onclick = option.then
    ? () => {
        opened = { stateId: view.state_id, action: option.action };
        redraw();
      }
    : () => onChoose(option);
  return h(
    "button",
    { type: "button", class: `option${option.then ? " opens" : ""}`, dataset: { action: option.action }, onclick },
    pick(words),
  );
}

/** A long decision folded into short screens (``companion.games.amritsar.menu``):
 * a tap on a choice opens its screen, a tap on an answer answers (or opens its follow-up). */
function menuList(view, list, onChoose, redraw) {
  const { node, chosen, path } = menuScreen(view);
  if (chosen.length) {
    list.classList.add("follow-up");
    list.append(h("p", { class: "chosen", id: "chosen" }, chosen.map((c) => pick(c)).join(" · ")));
  }
  node.items.forEach((item, index) => {
    if (item.items) {
      const onclick = () => {
        menuAt = { stateId: view.state_id, path: [...path, index] };
        redraw();
      };
      list.append(h("button", { type: "button", class: "option opens menu", onclick }, pick(item)));
      return;
    }
    const option = view.options.find((o) => o.action === item.action);
    if (option) list.append(answerButton(view, option, onChoose, redraw, item));
  });
  if (chosen.length)
    list.append(
      backButton(() => {
        menuAt = { stateId: view.state_id, path: path.slice(0, -1) };
        redraw();
      }),
    );
  return list;
}

/** The options; one with a follow-up (``then``: a tile action, then which track)
 * opens its follow-up's answers in place, and a tap there sends both. */
function optionList(view, onChoose, redraw) {
  const list = h("div", { class: "options", role: "group", "aria-label": t("choose") });
  const open = opened && opened.stateId === view.state_id ? view.options.find((o) => o.action === opened.action && o.then) : null;
  if (open) {
    list.classList.add("follow-up");
    list.append(
      h("p", { class: "chosen", id: "chosen" }, pick(open)),
      h("p", { class: "then-prompt" }, pick(open, "then")),
      ...open.then.map((next) => optionButton(next, () => onChoose(open, next), " then")),
      backButton(() => {
        opened = null;
        redraw();
      }),
    );
    return list;
  }
  if (view.menu && view.menu.items) return menuList(view, list, onChoose, redraw);
  for (const option of view.options) list.append(answerButton(view, option, onChoose, redraw));
  return list;
}

/** Whose decision it is and what it asks; with the options when they are the viewer's. */
export function decisionPanel(view, { onChoose, phone = false, redraw = null } = {}) {
  const d = view.decision;
  const seat = d.seat === null ? null : seatOf(view, d.seat);
  let headline;
  if (view.ended) headline = t("game_ended");
  else if (view.finished) headline = t("game_over");
  else if (d.mine) headline = t("your_turn");
  else headline = t("waiting_for", { who: seat ? seat.name : pick(d, "who") });
  const panel = h(
    "section",
    { class: `panel decision${d.mine ? " mine" : ""}`, id: "decision" },
    h("h2", {}, headline),
    view.finished || view.ended ? null : h("p", { class: "prompt" }, pick(d)),
    d.hidden && d.mine && !phone ? h("p", { class: "hint" }, t("hidden_from_camera")) : null,
  );
  if (onChoose && view.options.length && !view.ended) {
    const list = optionList(view, onChoose, redraw || (() => {}));
    const seen = phone && d.mine && !d.hidden;
    const trades = phone && d.mine && d.order_from_trades;
    if (seen || trades) {
      // The camera will see this move (or the trades will show the order): say
      // so, and keep the buttons one tap away for when it cannot (so nobody
      // enters a move twice by habit).
      panel.append(
        h(
          "p",
          { class: "camera-note", id: "camera-note" },
          trades ? t("order_seen") : t("camera_sees"),
          " ",
          t("camera_skip"),
        ),
        h("details", { class: "enter-here" }, h("summary", {}, t("enter_here")), list),
      );
    } else {
      if (phone && d.mine) panel.append(h("p", { class: "hint", id: "phone-only" }, t("phone_only")));
      panel.append(list);
    }
  }
  panel.append(h("p", { class: "feedback", id: "feedback", role: "status" }));
  return panel;
}

/** An alert's fix without a label of its own in front ("Put it right: ..."): the panel labels it. */
function fixText(alert) {
  return pick(alert, "fix").replace(/^(Put it right|Corrígelo|Fix|Solución):\s*/, "");
}

/** The alerts, each until the table is put right; with `onDismiss` (the table screen
 * unlocked) each has an "I fixed it" button. */
export function alertsPanel(view, { onDismiss = null } = {}) {
  if (!view.alerts.length) return null;
  return h(
    "section",
    { class: "panel alerts", id: "alerts", role: "alert" },
    h("h2", {}, t("alerts")),
    view.alerts.map((alert) =>
      h(
        "article",
        { class: "alert", dataset: { code: alert.code, alertId: String(alert.id) } },
        h("p", { class: "reason" }, pick(alert)),
        alert.rule ? h("p", { class: "rule" }, rule(alert.rule)) : null,
        fixText(alert) ? h("p", { class: "fix" }, h("strong", {}, `${t("fix")}: `), fixText(alert)) : null,
        onDismiss ? h("button", { type: "button", class: "secondary dismiss-alert", onclick: () => onDismiss(alert) }, t("dismiss_alert")) : null,
      ),
    ),
  );
}

/** Live totals for every seat; the viewer's own line adds what their objectives are worth. */
export function scoresPanel(view) {
  const rows = view.scores.map((sheet) => {
    const seat = seatOf(view, sheet.seat);
    const mine = view.seat === sheet.seat;
    return h(
      "tr",
      { class: `${mine ? "me" : ""}${sheet.winner ? " winner" : ""}`, dataset: { seat: String(sheet.seat) } },
      h("th", { scope: "row" }, chip(seat)),
      h(
        "td",
        { class: "num" },
        String(sheet.total),
        mine && sheet.provisional_total !== sheet.total
          ? h("small", { class: "provisional" }, ` (${t("provisional", { n: sheet.provisional_total })})`)
          : null,
      ),
    );
  });
  return h(
    "section",
    { class: "panel scores", id: "scores" },
    h("h2", {}, t("scores")),
    h(
      "table",
      {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("player")), h("th", { scope: "col" }, t("pp")))),
      h("tbody", {}, rows),
    ),
  );
}

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
  const rows = categoryRows(view, lines);
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, ""),
    sheets.map((sheet) => h("th", { scope: "col" }, chip(seatOf(view, sheet.seat)))),
  );
  const body = rows.map((row) =>
    h(
      "tr",
      { dataset: { category: row.category } },
      h("th", { scope: "row" }, row.label),
      sheets.map((sheet) => {
        const sum = lines(sheet)
          .filter((line) => line.category === row.category)
          .reduce((total, line) => total + line.amount, 0);
        return h("td", { class: "num" }, String(sum));
      }),
    ),
  );
  const foot = totals
    ? h(
        "tr",
        { class: "total" },
        h("th", { scope: "row" }, t("total")),
        sheets.map((sheet) =>
          h(
            "td",
            { class: `num${sheet.winner ? " winner" : ""}`, dataset: { seat: String(sheet.seat) } },
            String(sheet.total),
            sheet.winner ? h("small", {}, ` ★ ${t("winner")}`) : null,
          ),
        ),
      )
    : null;
  return h(
    "section",
    { class: "panel breakdown", id },
    h("h2", {}, title),
    h("div", { class: "scroll" }, h("table", {}, h("thead", {}, head), h("tbody", {}, body), foot ? h("tfoot", {}, foot) : null)),
  );
}

/** Every line of every sheet, itemised (component and rulebook section). */
function itemised(view, lines) {
  return h(
    "details",
    { class: "itemised" },
    h("summary", {}, t("details")),
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
            lines(sheet).map((line) =>
              h(
                "tr",
                { class: line.provisional ? "provisional" : "" },
                h("td", {}, pick(line)),
                h("td", { class: "component" }, line.component),
                h("td", { class: "num" }, String(line.amount)),
                h("td", { class: "rule" }, rule(line.rule)),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/** End-of-decade tables for each decade scored so far, newest first. */
export function decadePanels(view) {
  const decades = new Set();
  for (const sheet of view.scores) for (const line of sheet.lines) if (line.decade) decades.add(line.decade);
  return [...decades]
    .sort((a, b) => b - a)
    .map((decade) =>
      breakdownTable(
        view,
        t("breakdown_decade", { d: ["", "I", "II", "III"][decade] || decade }),
        `decade-${decade}`,
        (sheet) => sheet.lines.filter((line) => line.decade === decade),
        { totals: false },
      ),
    );
}

/** The whole game's breakdown by category with totals; itemised below. */
export function gamePanel(view) {
  const panel = breakdownTable(
    view,
    view.finished || view.ended ? t("breakdown_game") : t("breakdown_now"),
    "breakdown",
    (sheet) => sheet.lines,
    { totals: true },
  );
  panel.append(itemised(view, (sheet) => sheet.lines));
  return panel;
}

/** The solo Maharajah's card: his reasons, and what to do on the table (ticked off). */
export function maharajahPanel(view, { title, traceOpen = true } = {}) {
  const card = view.maharajah;
  if (!card) return null;
  return h(
    "section",
    { class: "panel maharajah", id: "maharajah" },
    h("h2", {}, title || t("maharajah")),
    card.instructions && card.instructions.length
      ? h(
          "div",
          {},
          h("h3", {}, t("maharajah_do")),
          h(
            "ol",
            { class: "instructions" },
            card.instructions.map((step) =>
              h(
                "li",
                { class: step.done ? "done" : "todo" },
                h("span", { class: "tick", "aria-label": step.done ? t("done") : t("to_do") }, step.done ? "✓" : "○"),
                h("span", {}, pick(step)),
              ),
            ),
          ),
        )
      : null,
    card.trace && card.trace.length
      ? h(
          "details",
          { class: "trace", open: traceOpen },
          h("summary", {}, t("maharajah_trace")),
          h("ol", {}, card.trace.map((line) => h("li", {}, pick(line)))),
        )
      : null,
  );
}

/** Moves the table owes the game (laying out, an undo, a phone entry), ticked as the camera sees them. */
export function checklistPanel(view) {
  const list = view.checklist;
  if (!list || !list.items || !list.items.length) return null;
  return h(
    "section",
    { class: "panel checklist", id: "checklist" },
    h("h2", {}, pick({ en: list.title_en, es: list.title_es })),
    h(
      "ol",
      { class: "instructions" },
      list.items.map((step) =>
        h(
          "li",
          { class: step.done ? "done" : "todo" },
          h("span", { class: "tick", "aria-label": step.done ? t("done") : t("to_do") }, step.done ? "✓" : "○"),
          h("span", {}, pick(step)),
        ),
      ),
    ),
  );
}

export function logPanel(view) {
  const lines = [...view.log].reverse().slice(0, 15);
  return h(
    "section",
    { class: "panel log", id: "log" },
    h("h2", {}, t("log")),
    h(
      "ol",
      {},
      lines.map((line) => {
        const seat = line.seat === null ? null : seatOf(view, line.seat);
        return h("li", {}, seat ? chip(seat) : null, " ", pick(line));
      }),
    ),
  );
}

export function undoRequestsPanel(view, { onUndo } = {}) {
  if (!view.undo_requests || !view.undo_requests.length) return null;
  return h(
    "section",
    { class: "panel undo-requests", id: "undo-requests" },
    h("h2", {}, t("undo_requests")),
    h("ul", {}, view.undo_requests.map((request) => h("li", {}, chip(seatOf(view, request.seat))))),
    onUndo ? h("button", { type: "button", class: "danger", onclick: onUndo }, t("undo_override")) : null,
  );
}

let connection = "connecting";

function statusBadge() {
  const words = { connecting: t("connecting"), live: t("live"), offline: t("offline") };
  return h("span", { class: `status ${connection}`, id: "status" }, words[connection] || connection);
}

/** Live's onStatus: show whether the page is connected. */
export function showStatus(value) {
  connection = value;
  const badge = byId("status");
  if (badge) badge.replaceWith(statusBadge());
}

/** The bar on top of every view: who or what this is, the connection, the language switch. */
export function topBar(first, redraw) {
  const toggle = () => {
    setLang(lang() === "en" ? "es" : "en");
    redraw();
  };
  return h(
    "header",
    { class: "top" },
    first,
    statusBadge(),
    h("button", { type: "button", class: "lang", id: "lang", onclick: toggle }, t("language")),
  );
}
