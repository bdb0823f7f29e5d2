// The table screen (a tablet or TV): the board, live scores, the pending
// decision, the Maharajah's card, alerts, breakdowns; and behind the table
// PIN, the join QR codes and the table's controls (setup draws, undo
// override, seat names and links, ending the game).

import { byId, h, put } from "./dom.js";
import { lang, pick, t } from "./i18n.js";
import { ApiError, Live, api } from "./live.js";
import { boardSvg } from "./board.js";
import {
  alertsPanel,
  decadePanels,
  decisionPanel,
  gamePanel,
  logPanel,
  maharajahPanel,
  checklistPanel,
  scoresPanel,
  showStatus,
  topBar,
  undoRequestsPanel,
} from "./render.js";

const PIN_KEY = "amritsar.pin";
let pin = sessionStorage.getItem(PIN_KEY);
let seats = null; // join links, once unlocked
let catalog = null;
let live = null;
let message = null;

function takePin() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const fromLink = fragment.get("pin");
  if (fromLink) {
    history.replaceState(null, "", location.pathname + location.search);
    return fromLink;
  }
  return null;
}

function note(text, ok = false) {
  message = { text, ok };
  const el = byId("table-message");
  if (el) {
    el.textContent = text;
    el.className = `feedback ${ok ? "ok" : "refused"}`;
  }
}

function explain(error) {
  return error instanceof ApiError && error.result ? pick(error.result) : String(error);
}

async function unlock(candidate) {
  try {
    await api("POST", "/api/table/check-pin", { pin: candidate });
    pin = candidate;
    sessionStorage.setItem(PIN_KEY, pin);
    message = null;
    await loadSeats();
  } catch (error) {
    pin = null;
    sessionStorage.removeItem(PIN_KEY);
    note(explain(error));
  }
  draw();
}

function lock() {
  pin = null;
  seats = null;
  sessionStorage.removeItem(PIN_KEY);
  draw();
}

async function loadSeats() {
  seats = (await api("GET", "/api/table/seats", { pin })).data;
}

async function command(path, body) {
  try {
    await api("POST", path, { pin, body });
    message = null;
  } catch (error) {
    note(explain(error));
  }
}

async function changeSeat(index, change) {
  try {
    await api("POST", `/api/table/seats/${index}`, { pin, body: change });
    await loadSeats();
    draw();
  } catch (error) {
    note(explain(error));
  }
}

let lockedPanel = null; // kept across redraws, so a PIN being typed survives an update

function joinPanel() {
  if (!pin || !seats) {
    if (!lockedPanel || lockedPanel.dataset.lang !== lang()) {
      lockedPanel = h(
        "section",
        { class: "panel join", id: "join", dataset: { lang: lang() } },
        h("h2", {}, t("join")),
        h(
          "form",
          {
            id: "pin-form",
            onsubmit: (event) => {
              event.preventDefault();
              unlock(byId("pin-input").value.trim());
            },
          },
          h("label", { for: "pin-input" }, t("pin")),
          h("input", { id: "pin-input", type: "password", inputmode: "numeric", autocomplete: "off", maxlength: "12" }),
          h("button", { type: "submit" }, t("unlock")),
        ),
        h("p", { id: "table-message", class: "feedback", role: "status" }),
      );
    }
    return lockedPanel;
  }
  return h(
    "section",
    { class: "panel join", id: "join" },
    h("h2", {}, t("join")),
    h("p", { class: "hint" }, t("join_help")),
    h(
      "div",
      { class: "qr-grid" },
      seats.map((seat) =>
        h(
          "figure",
          { class: "qr", dataset: { seat: String(seat.index) } },
          // A seat whose phone has joined shows no code: a photo of the screen
          // must not let a second phone into it. A new code revokes the old link.
          seat.joined
            ? h("p", { class: "joined" }, t("joined"))
            : h("img", { src: seat.qr, alt: `QR ${seat.name}`, width: 180, height: 180 }),
          h(
            "figcaption",
            {},
            h("span", { class: `dot colour-${seat.colour}` }),
            seat.joined
              ? h("span", {}, seat.name)
              : h("a", { href: seat.url, class: "join-link", target: "_blank", rel: "noopener" }, seat.name),
          ),
          h(
            "div",
            { class: "seat-tools" },
            h(
              "button",
              {
                type: "button",
                class: "small",
                onclick: () => {
                  const name = window.prompt(t("rename_prompt", { name: seat.name }), seat.name);
                  if (name && name.trim()) changeSeat(seat.index, { name: name.trim() });
                },
              },
              t("rename"),
            ),
            seat.joined
              ? h(
                  "button",
                  {
                    type: "button",
                    class: "small show-code",
                    onclick: () => {
                      if (window.confirm(t("show_code_confirm", { name: seat.name }))) changeSeat(seat.index, { new_link: true });
                    },
                  },
                  t("show_code"),
                )
              : h("button", { type: "button", class: "small", onclick: () => changeSeat(seat.index, { new_link: true }) }, t("new_link")),
          ),
        ),
      ),
    ),
  );
}

function controlsPanel(view) {
  if (!pin || !seats) return null;
  const over = view.finished || view.ended;
  return h(
    "section",
    { class: "panel controls", id: "controls" },
    h("h2", {}, t("table_controls")),
    h(
      "div",
      { class: "buttons" },
      over ? null : h("button", { type: "button", id: "table-undo", class: "danger", onclick: () => command("/api/table/undo", { state_id: view.state_id }) }, t("undo_override")),
      view.alerts.length ? h("button", { type: "button", id: "clear-alerts", onclick: () => command("/api/table/clear-alerts") }, t("clear_alerts")) : null,
      over
        ? null
        : h(
            "button",
            {
              type: "button",
              id: "end-game",
              class: "danger",
              onclick: () => {
                if (window.confirm(t("end_confirm"))) command("/api/table/end", { state_id: view.state_id });
              },
            },
            t("end_game"),
          ),
      h("button", { type: "button", class: "secondary", onclick: lock }, t("lock")),
    ),
    h("p", { id: "table-message", class: "feedback", role: "status" }),
  );
}

async function drawChance(option) {
  await command("/api/table/answer", { action: option.action, state_id: live.view.state_id });
}

function draw() {
  const root = byId("app");
  const view = live?.view;
  const head = topBar(h("h1", {}, t("title_table")), draw);
  if (!view || !catalog) {
    put(root, head, joinPanel());
    return;
  }
  document.body.dataset.stateId = String(view.state_id);
  const over = view.finished || view.ended;
  const chance = view.decision.chance && pin && seats;
  put(
    root,
    head,
    h(
      "div",
      { class: "table-layout" },
      h("div", { class: "board-wrap" }, boardSvg(view, catalog)),
      h(
        "div",
        { class: "side" },
        alertsPanel(view),
        decisionPanel(view, chance ? { onChoose: drawChance } : {}),
        checklistPanel(view),
        maharajahPanel(view),
        undoRequestsPanel(view, pin && seats ? { onUndo: () => command("/api/table/undo", { state_id: view.state_id }) } : {}),
        scoresPanel(view),
        over ? null : joinPanel(),
        controlsPanel(view),
        logPanel(view),
      ),
    ),
    h("div", { class: "breakdowns" }, gamePanel(view), decadePanels(view)),
  );
  if (message) note(message.text, message.ok);
}

async function main() {
  const linked = takePin();
  draw();
  catalog = (await api("GET", "/api/catalog")).data;
  if (linked) await unlock(linked);
  else if (pin) {
    try {
      await loadSeats();
    } catch {
      pin = null;
      sessionStorage.removeItem(PIN_KEY);
    }
  }
  live = new Live({
    token: null,
    onView: () => {
      // Seat names and links may have changed (rename, new link).
      if (pin && seats) loadSeats().then(draw, () => draw());
      else draw();
    },
    onStatus: showStatus,
  });
  live.start();
}

main();
