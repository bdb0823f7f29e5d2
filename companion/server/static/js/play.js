// A player's phone: my board, my secret objectives and what each is worth
// now, whose turn it is, the choices only my phone can make, alerts with
// their fix, and undo. The seat token comes from the QR link's fragment
// (#token=...) and is kept on this phone; it is sent only as a header.

import { byId, h, put } from "./dom.js";
import { district, localSeats, pick, t } from "./i18n.js";
import { ApiError, DEAD_LINK, Live, api } from "./live.js";
import { alertRaised, startAttention, yourTurn } from "./attention.js";
import { gameOverScreen } from "./game_over.js";
import {
  alertsPanel,
  chip,
  decadePanels,
  decisionPanel,
  gamePanel,
  logPanel,
  maharajahPanel,
  checklistPanel,
  scoresPanel,
  seatOf,
  showStatus,
  topBar,
  undoRequestsPanel,
} from "./render.js";

const ROMAN = ["", "I", "II", "III"];

const TOKEN_KEY = "amritsar.token";

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

const token = takeToken();
let catalog = null;
let live = null;
let feedback = null; // {text, ok, until}: stays up across updates for a while

function say(text, ok) {
  if (!feedback || feedback.text !== text) feedback = { text, ok, until: Date.now() + 15000 };
  const el = byId("feedback");
  if (el) {
    el.textContent = text;
    el.className = `feedback ${ok ? "ok" : "refused"}`;
  }
}

let sending = false; // an answer and its follow-up on their way: no redraw between

/** Send an answer, and with ``next`` its follow-up right after (one screen, one send). */
async function choose(option, next = null) {
  const view = live.view;
  for (const button of document.querySelectorAll("#decision button")) button.disabled = true;
  sending = true;
  const words = next ? `${pick(option)} · ${pick(next)}` : pick(option);
  try {
    const first = await api("POST", "/api/answer", { token, body: { action: option.action, state_id: view.state_id } });
    if (next) {
      const stateId = first.data?.state_id ?? view.state_id + 1;
      await api("POST", "/api/answer", { token, body: { action: next.action, state_id: stateId } });
    }
    say(`${t("sent")}: ${words}`, true);
  } catch (error) {
    say(error instanceof ApiError && error.result ? pick(error.result) : String(error), false);
    for (const button of document.querySelectorAll("#decision button")) button.disabled = false;
  } finally {
    sending = false;
    draw();
  }
}

async function undo() {
  const view = live.view;
  const what = pick(view.undo_what) || "";
  const question = view.can_undo ? t("undo_confirm", { what }) : t("undo_confirm_other", { what });
  if (!window.confirm(question)) return;
  try {
    const { data } = await api("POST", "/api/undo", { token, body: { state_id: view.state_id } });
    if (data?.code === "undo_requested") say(t("undo_asked"), true);
    else say(what ? t("undone", { what }) : pick(data) || t("sent"), true);
  } catch (error) {
    say(error instanceof ApiError && error.result ? pick(error.result) : String(error), false);
  }
}

function stat(label, value, extra = {}) {
  return h("div", { class: "stat", ...extra }, h("span", { class: "stat-label" }, label), h("span", { class: "stat-value" }, String(value)));
}

function myBoard(view) {
  const me = view.game.seats.find((p) => p.seat === view.seat);
  if (!me) return null;
  const capacity = catalog?.rules?.elephant_capacity ?? "?";
  const store = view.storage || { held: 0, capacity: 0 };
  const storehouses = me.storehouses.map((id, i) => {
    if (!id) return null;
    const info = id ? catalog?.storehouses?.[id] : null;
    return h(
      "li",
      { class: id ? "filled" : "empty" },
      id ? pick(info) || id : t("empty_space"),
      id && me.storehouse_flipped[i] ? " ↻" : null,
    );
  });
  const mahouts = Object.entries(me.mahouts)
    .filter(([, id]) => id)
    .map(([colour, id]) => h("li", {}, h("span", { class: `dot worker-${colour}` }), ` ${pick(catalog?.mahout_tiles?.[id]) || ""}`));
  return h(
    "section",
    { class: "panel my-board", id: "my-board" },
    h(
      "div",
      { class: "stats" },
      stat(t("pp"), me.pp, { id: "my-pp" }),
      stat(t("coins"), me.coins, { id: "my-coins" }),
      stat(t("marble"), me.resources.marble, { class: "stat res-marble" }),
      stat(t("copper"), me.resources.copper, { class: "stat res-copper" }),
      stat(t("gold"), me.resources.gold, { class: "stat res-gold" }),
      stat(t("tax"), me.tax, { id: "my-tax" }),
    ),
    h("h3", {}, t("tracks")),
    h(
      "div",
      { class: "stats" },
      ["development", "resources", "money"].map((track) =>
        stat(t(track), `${me.tracks[track]}/${catalog?.tracks?.[track] ?? "?"}`, { dataset: { track } }),
      ),
    ),
    h("h3", {}, t("elephant")),
    h(
      "p",
      { id: "my-elephant" },
      me.elephant ? district(me.elephant) : t("not_placed"),
      " · ",
      t("elephant_load", { n: me.on_elephant, max: capacity }),
      " · ",
      `${t("market_space")}: ${me.market_space}`,
      " · ",
      `${t("movement")}: ${t(`movement_${me.movement}`)}`,
    ),
    h("h3", {}, t("storehouses")),
    h("p", { id: "my-storage", class: store.held >= store.capacity ? "full" : "" }, t("capacity_line", { held: store.held, max: store.capacity })),
    h("ul", { class: "storehouses" }, h("li", { class: "filled" }, t("storehouse_start")), storehouses),
    mahouts.length ? h("h3", {}, t("mahouts")) : null,
    mahouts.length ? h("ul", { class: "mahouts" }, mahouts) : null,
  );
}

function objectivesPanel(view) {
  return h(
    "section",
    { class: "panel objectives", id: "objectives" },
    h("h2", {}, t("objectives")),
    view.objectives.length
      ? h(
          "ul",
          {},
          view.objectives.map((o) =>
            h(
              "li",
              { class: o.placed ? "placed" : "hand", dataset: { objective: o.id } },
              h("strong", {}, o.id),
              " ",
              pick(o),
              h("br"),
              h("small", {}, `${o.placed ? t("objective_placed") : t("objective_in_hand")} · `, h("span", { class: "worth" }, t("worth_now", { n: o.worth }))),
            ),
          ),
        )
      : h("p", {}, t("no_objectives")),
  );
}

function cell(label, value, extra = {}) {
  return h("div", { class: "cell", ...extra }, h("span", { class: "cell-value" }, String(value)), h("span", { class: "cell-label" }, label));
}

function turnText(view) {
  if (view.finished || view.ended) return t("status_over");
  const d = view.decision;
  if (d.mine) return t("turn_you");
  const seat = d.seat === null ? null : seatOf(view, d.seat);
  if (seat?.maharajah) return t("turn_maharajah");
  return t("turn_of", { who: seat ? seat.name : pick(d, "who") });
}

/** The bar fixed on top: who I am, whose turn, decade and round, my PP, coins,
 * resources and storehouse spaces, and Undo one tap away. */
function statusBar(view) {
  const me = view ? seatOf(view, view.seat) : null;
  const first = h(
    "div",
    { class: "bar-who" },
    me ? chip(me) : h("span", {}, t("title_play")),
    view ? h("span", { class: `bar-turn${view.decision.mine ? " mine" : ""}`, id: "bar-turn" }, turnText(view)) : null,
  );
  const bar = topBar(first, draw);
  bar.id = "status-bar";
  bar.classList.add("phone-bar");
  if (!view) return bar;
  const mine = view.game.seats.find((p) => p.seat === view.seat);
  if (mine) {
    const store = view.storage || { held: 0, capacity: 0 };
    const over = view.finished || view.ended;
    bar.append(
      h(
        "div",
        { class: "bar-stats", id: "bar-stats" },
        cell(t("pp"), mine.pp, { id: "bar-pp" }),
        cell(t("coins"), mine.coins, { id: "bar-coins" }),
        cell(t("marble"), mine.resources.marble, { class: "cell res-marble" }),
        cell(t("copper"), mine.resources.copper, { class: "cell res-copper" }),
        cell(t("gold"), mine.resources.gold, { class: "cell res-gold" }),
        cell(t("store_short"), `${store.held}/${store.capacity}`, {
          id: "bar-store",
          class: `cell${store.held >= store.capacity ? " full" : ""}`,
          title: t("store_title", { held: store.held, max: store.capacity }),
          "aria-label": t("store_title", { held: store.held, max: store.capacity }),
        }),
      ),
      // Once over, the bar's first line already says so ("Game over"): no second line saying it
      // again (an empty list: DOM's append would write a null out as the word "null").
      ...(over
        ? []
        : [
            h(
              "div",
              { class: "bar-when" },
              h("span", { id: "bar-when" }, t("status_decade", { d: ROMAN[view.game.decade] || view.game.decade, r: view.game.round })),
              h("button", { type: "button", id: "undo", class: "undo", onclick: undo }, view.can_undo ? t("undo_short") : t("ask_undo_short")),
            ),
          ]),
    );
  }
  bar.append(h("p", { class: "feedback bar-feedback", id: "feedback", role: "status" }));
  return bar;
}

function myAlerts(view) {
  return view.alerts.filter((alert) => alert.seat === null || alert.seat === view.seat);
}

/** The question, or, while the table is wrong, what to put right (no buttons then). */
function questionPanel(view) {
  if (myAlerts(view).length && !(view.finished || view.ended)) {
    return h(
      "section",
      { class: "panel decision waiting-fix", id: "decision" },
      h("h2", {}, t("alert_first")),
      h("p", { class: "hint" }, t("alert_wait")),
    );
  }
  const panel = decisionPanel(view, { onChoose: choose, phone: true, redraw: draw });
  panel.querySelector("#feedback")?.remove(); // the status bar shows it
  return panel;
}

/** His turn is still being carried out: a step the camera checks is not ticked yet
 * (steps off the board, like his PP counter, are the table's to tick). */
function maharajahPending(view) {
  const card = view.maharajah;
  return Boolean(card && card.instructions && card.instructions.some((step) => !step.done && step.checked !== false));
}

let lastMine = null;
let lastAlerts = new Set();

/** Vibrate and sound when a question becomes mine or a new alert appears. */
function callAttention(view) {
  const mineNow = view.decision.mine && !(view.finished || view.ended) ? `${view.decision.kind}:${view.state_id}` : null;
  if (mineNow && lastMine === null) yourTurn();
  lastMine = mineNow;
  const ids = new Set(myAlerts(view).map((alert) => alert.id));
  if ([...ids].some((id) => !lastAlerts.has(id))) alertRaised();
  lastAlerts = ids;
}

/** Sections folded below the question, by id; the ones a player opened stay open across updates. */
const unfolded = new Set();

/** A panel folded to one line (its summary) below the question; tapping opens it. */
function fold(id, summary, ...content) {
  const parts = content.flat().filter(Boolean);
  if (!parts.length) return null;
  return h(
    "details",
    {
      class: "panel fold",
      id: `fold-${id}`,
      open: unfolded.has(id),
      ontoggle: (event) => {
        if (event.target.open) unfolded.add(id);
        else unfolded.delete(id);
      },
    },
    h("summary", {}, summary),
    parts,
  );
}

function objectivesLine(view) {
  const worth = view.objectives.filter((o) => o.placed).reduce((sum, o) => sum + o.worth, 0);
  return view.objectives.length ? `${t("objectives")} · ${t("objectives_worth", { n: worth })}` : t("objectives");
}

function boardLine(view) {
  const me = view.game.seats.find((p) => p.seat === view.seat);
  if (!me) return t("my_board");
  const tracks = ["development", "resources", "money"].map((track) => me.tracks[track]).join("/");
  return `${t("my_board")} · ${me.elephant ? district(me.elephant) : t("not_placed")} · ${t("tracks_short")} ${tracks}`;
}

function maharajahLine(view) {
  const left = view.maharajah.instructions.filter((step) => !step.done).length;
  return `${t("maharajah")} · ${t("steps_left", { n: left })}`;
}

function scoresLine(view) {
  return `${t("scores")} · ${view.scores.map((sheet) => `${seatOf(view, sheet.seat)?.name ?? sheet.seat} ${sheet.total}`).join(" · ")}`;
}

/** The last few lines of the history, the rest behind "more". */
function shortLog(view, shown) {
  const panel = logPanel(view);
  const items = [...panel.querySelectorAll("li")];
  if (items.length <= shown) return panel;
  const more = h("details", { class: "more", id: "log-more", open: unfolded.has("log-more"), ontoggle: (e) => (e.target.open ? unfolded.add("log-more") : unfolded.delete("log-more")) }, h("summary", {}, t("more", { n: items.length - shown })), h("ol", { start: shown + 1 }, items.slice(shown)));
  panel.append(more);
  return panel;
}

function draw() {
  const root = byId("app");
  const view = localSeats(live?.view);
  if (!view) {
    put(root, statusBar(null), h("p", { class: "panel" }, token ? t("connecting") : t("no_token")));
    return;
  }
  document.body.dataset.stateId = String(view.state_id);
  const over = view.finished || view.ended;
  const pending = maharajahPending(view);
  if (over) {
    put(
      root,
      statusBar(view),
      // The end of every game (game_over.js): the winner first, the sheets, the plot, the bars.
      view.game_over ? gameOverScreen(view, { onReview: () => api("POST", "/api/review", { token }).catch(() => {}) }) : null,
      alertsPanel(view),
      checklistPanel(view),
      fold("breakdown", t("breakdown_game"), gamePanel(view)),
      fold("objectives", objectivesLine(view), objectivesPanel(view)),
      fold("board", boardLine(view), myBoard(view)),
      decadePanels(view),
      undoRequestsPanel(view),
      maharajahPanel(view, { title: t("maharajah_done"), traceOpen: false }),
      logPanel(view),
    );
  } else {
    // The question first; below it, what is needed now (the table's owed moves,
    // his turn being carried out), then everything else folded to one line each.
    put(
      root,
      statusBar(view),
      alertsPanel(view),
      questionPanel(view),
      checklistPanel(view),
      // His turn being carried out: in full while I wait, one line while I answer
      // (the table screen shows his card in full).
      pending && !view.decision.mine ? maharajahPanel(view, { traceOpen: false }) : null,
      pending && view.decision.mine ? fold("maharajah-now", maharajahLine(view), maharajahPanel(view, { traceOpen: false })) : null,
      undoRequestsPanel(view),
      fold("objectives", objectivesLine(view), objectivesPanel(view)),
      fold("board", boardLine(view), myBoard(view)),
      fold("scores", scoresLine(view), scoresPanel(view), decadePanels(view), gamePanel(view)),
      pending ? null : fold("maharajah", t("maharajah_done"), maharajahPanel(view, { title: t("maharajah_done"), traceOpen: false })),
      shortLog(view, 3),
    );
  }
  if (feedback && Date.now() < feedback.until) say(feedback.text, feedback.ok);
}

function refused(message) {
  put(byId("app"), statusBar(null), h("p", { class: "panel refused", id: "refused" }, DEAD_LINK.has(message.code) ? t(message.code) : pick(message)));
}

async function main() {
  if (!token) {
    location.replace("/watch");
    return;
  }
  startAttention();
  draw();
  try {
    catalog = (await api("GET", "/api/catalog")).data;
  } catch {
    catalog = null;
  }
  live = new Live({
    token,
    onView: (view) => {
      if (!sending) draw();
      callAttention(view);
    },
    onStatus: showStatus,
    onError: refused,
  });
  live.start();
}

main();
