// A player's phone: my board, my secret objectives and what each is worth
// now, whose turn it is, the choices only my phone can make, alerts with
// their fix, and undo. The seat token comes from the QR link's fragment
// (#token=...) and is kept on this phone; it is sent only as a header.

import { byId, h, put } from "./dom.js";
import { district, pick, t } from "./i18n.js";
import { ApiError, Live, api } from "./live.js";
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
let feedback = null; // {text, ok}

function say(text, ok) {
  feedback = { text, ok };
  const el = byId("feedback");
  if (el) {
    el.textContent = text;
    el.className = `feedback ${ok ? "ok" : "refused"}`;
  }
}

async function choose(option) {
  const view = live.view;
  for (const button of document.querySelectorAll("button.option")) button.disabled = true;
  try {
    await api("POST", "/api/answer", { token, body: { action: option.action, state_id: view.state_id } });
    say(`${t("sent")}: ${pick(option)}`, true);
  } catch (error) {
    say(error instanceof ApiError && error.result ? pick(error.result) : String(error), false);
    for (const button of document.querySelectorAll("button.option")) button.disabled = false;
  }
}

async function undo() {
  try {
    const { data } = await api("POST", "/api/undo", { token, body: { state_id: live.view.state_id } });
    say(pick(data) || t("sent"), true);
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
  const storehouses = me.storehouses.map((id, i) => {
    const info = id ? catalog?.storehouses?.[id] : null;
    return h(
      "li",
      { class: id ? "filled" : "empty" },
      id ? pick(info) || id : `${t("empty_space")}`,
      id && me.storehouse_flipped[i] ? " ↻" : null,
    );
  });
  const mahouts = Object.entries(me.mahouts)
    .filter(([, id]) => id)
    .map(([colour, id]) => h("li", {}, h("span", { class: `dot worker-${colour}` }), ` ${id}: ${pick(catalog?.mahout_tiles?.[id]) || ""}`));
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
    h("ul", { class: "storehouses" }, storehouses),
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

function header(view) {
  const me = view ? seatOf(view, view.seat) : null;
  return topBar(me ? chip(me) : h("span", {}, t("title_play")), draw);
}

function draw() {
  const root = byId("app");
  const view = live?.view;
  if (!view) {
    put(root, header(null), h("p", { class: "panel" }, token ? t("connecting") : t("no_token")));
    return;
  }
  document.body.dataset.stateId = String(view.state_id);
  const over = view.finished || view.ended;
  put(
    root,
    header(view),
    alertsPanel(view),
    decisionPanel(view, { onChoose: choose }),
    checklistPanel(view),
    maharajahPanel(view),
    over ? gamePanel(view) : null,
    objectivesPanel(view),
    myBoard(view),
    scoresPanel(view),
    decadePanels(view),
    undoRequestsPanel(view),
    over
      ? null
      : h(
          "section",
          { class: "panel actions" },
          h("button", { type: "button", id: "undo", class: "secondary", onclick: undo }, view.can_undo ? t("undo") : t("ask_undo")),
        ),
    over ? null : gamePanel(view),
    logPanel(view),
  );
  if (feedback) say(feedback.text, feedback.ok);
}

function refused(message) {
  put(byId("app"), header(null), h("p", { class: "panel refused", id: "refused" }, message.code === "bad_token" ? t("bad_token") : pick(message)));
}

async function main() {
  if (!token) {
    location.replace("/watch");
    return;
  }
  draw();
  try {
    catalog = (await api("GET", "/api/catalog")).data;
  } catch {
    catalog = null;
  }
  let lastState = -1;
  live = new Live({
    token,
    onView: (view) => {
      if (view.state_id !== lastState) feedback = null;
      lastState = view.state_id;
      draw();
    },
    onStatus: showStatus,
    onError: refused,
  });
  live.start();
}

main();
