// The table screen (a tablet or TV at 1.5 m): the board filling the height
// of the screen, and beside it the scores, the alerts, the pending decision,
// the Maharajah's one checklist, the end-of-decade scoring and the market.
// Behind the table PIN: the join QR codes, ticking his steps, past games and
// a menu with the rarely used dangerous controls (each asks to confirm).

import { byId, h, put } from "./dom.js";
import { tt } from "./table_words.js";
import { lang, pick, t } from "./i18n.js";
import { ApiError, Live, api } from "./live.js";
import { applyFar, farButton } from "./far.js";
import { forgetPin, keepPin, pinFromLink, pinRefused, storedPin } from "./pin.js";
import { boardSvg, marketPanel } from "./board.js";
import { gameOverScreen } from "./game_over.js";
import { BoardPanel } from "./board_panel.js";
import {
  alertsPanel,
  checklistPanel,
  decadePanels,
  decisionPanel,
  gamePanel,
  logPanel,
  showStatus,
  topBar,
  undoRequestsPanel,
} from "./render.js";
import { maharajahCard, decadeSteps, scoresBar, houseRulesPanel, pastGamesPanel, tableMenu, alertSound } from "./table_panels.js";

let pin = storedPin(); // kept for this browser session, from the start page too (pin.js)
let seats = null; // join links, once unlocked
let catalog = null;
let live = null;
let message = null;
let menu = { open: false, confirming: null }; // the controls menu, kept across redraws
let pastGames = null; // the games logged beside this one, once unlocked
let lastFinished = false;
// The sensor board this table follows, bound here with the PIN (board_panel.js).
const sensorBoard = new BoardPanel({ pin: () => (seats ? pin : null), redraw: () => draw(), say: (text) => note(text, true) });

function note(text, ok = false) {
  message = { text, ok };
  const el = byId("table-message");
  if (el) {
    el.textContent = text;
    el.className = `feedback ${ok ? "ok" : "refused"}`;
  }
}

function explain(error) {
  // The PIN refused (changed, or never right): forgotten, and the PIN field is back.
  if (pinRefused(error)) {
    pin = null;
    seats = null;
  }
  return error instanceof ApiError && error.result ? pick(error.result) : String(error);
}

async function unlock(candidate) {
  try {
    await api("POST", "/api/table/check-pin", { pin: candidate });
    pin = candidate;
    keepPin(pin);
    message = null;
    await loadSeats();
    loadPastGames();
  } catch (error) {
    pin = null;
    forgetPin();
    note(explain(error));
  }
  draw();
}

function lock() {
  pin = null;
  seats = null;
  forgetPin();
  draw();
}

async function loadSeats() {
  seats = (await api("GET", "/api/table/seats", { pin })).data;
}

async function loadPastGames() {
  try {
    pastGames = (await api("GET", "/api/table/games", { pin })).data;
  } catch {
    pastGames = null;
  }
  draw();
}

async function command(path, body) {
  try {
    await api("POST", path, { pin, body });
    message = null;
  } catch (error) {
    note(explain(error));
  }
}

function tick(card, step, done) {
  command("/api/table/maharajah/tick", { decade: card.decade, round: card.round, step: step.step, done });
}

/** The view as the table shows it: the Maharajah named in the screen's language. */
function localised(view) {
  const seats = view.seats.map((seat) => (seat.maharajah ? { ...seat, name: tt("maharajah_name") } : seat));
  return { ...view, seats };
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

function menuActions(view) {
  const over = view.finished || view.ended;
  return {
    undo: over ? null : { label: t("undo_override"), confirm: tt("undo_confirm"), danger: true, run: () => command("/api/table/undo", { state_id: view.state_id }) },
    end: over ? null : { label: t("end_game"), confirm: tt("end_confirm"), danger: true, run: () => command("/api/table/end", { state_id: view.state_id }) },
    new: over ? { label: tt("new_game"), confirm: tt("new_game_confirm"), run: newGame } : null,
    clear: view.alerts.length ? { label: t("clear_alerts"), run: () => command("/api/table/clear-alerts") } : null,
    lock: { label: t("lock"), run: lock },
  };
}

/** The review after the game (game_over.js's reviewPanel): asked with the PIN. */
async function reviewGame() {
  try {
    await api("POST", "/api/table/review", { pin });
  } catch (error) {
    note(explain(error));
  }
}

/** The game is over: back to the start page (a table whose game was chosen there). */
async function newGame() {
  try {
    await api("POST", "/api/table/new-game", { pin });
    location.reload();
  } catch (error) {
    note(explain(error));
  }
}

function setMenu(next) {
  menu = next;
  draw();
}

async function drawChance(option) {
  await command("/api/table/answer", { action: option.action, state_id: live.view.state_id });
}

function draw() {
  const root = byId("app");
  const unlocked = Boolean(pin && seats);
  const raw = live?.view;
  const view = raw ? localised(raw) : null;
  const menuButton = unlocked
    ? h("button", { type: "button", class: "secondary menu-button", id: "menu-button", "aria-expanded": menu.open ? "true" : "false", onclick: () => setMenu({ open: !menu.open, confirming: null }) }, tt("menu"))
    : null;
  const where = view
    ? h("span", { class: "where", id: "where" }, view.finished || view.ended ? tt("game_finished") : tt("decade_round", { d: ["", "I", "II", "III"][view.game.decade] || view.game.decade, r: view.game.round }))
    : null;
  const head = topBar(h("h1", {}, t("title_table")), draw);
  head.insertBefore(h("span", { class: "head-extra" }, where), head.children[1] || null);
  head.insertBefore(farButton(draw), head.querySelector("#lang"));
  if (menuButton) head.append(menuButton);
  if (!view || !catalog) {
    put(root, head, joinPanel());
    return;
  }
  document.body.dataset.stateId = String(view.state_id);
  alertSound(view);
  const over = view.finished || view.ended;
  const chance = view.decision.chance && unlocked;
  const decadeTables = decadePanels(view);
  const kept = keepPlace();
  put(
    root,
    head,
    menu.open && unlocked ? tableMenu(menuActions(view), menu, setMenu) : null,
    h(
      "div",
      { class: "table-layout" },
      h("div", { class: "board-wrap" }, boardSvg(view, catalog)),
      h(
        "div",
        { class: "side" },
        scoresBar(view),
        h(
          "div",
          { class: "side-scroll", id: "side-scroll" },
          // Once over, the end of the game (game_over.js) first, beside the final board;
          // New game behind the PIN.
          over && view.game_over ? gameOverScreen(view, { onNewGame: unlocked ? newGame : null, onReview: unlocked ? reviewGame : null }) : null,
          alertsPanel(view, unlocked ? { onDismiss: (alert) => command("/api/table/dismiss-alert", { alert_id: alert.id }) } : {}),
          unlocked ? sensorBoard.element() : null,
          view.demo_step && unlocked
            ? h("button", { type: "button", id: "demo-next", class: "demo-next", onclick: () => command("/api/table/demo/next") }, tt("demo_next"))
            : null,
          decisionPanel(view, chance ? { onChoose: drawChance } : {}),
          maharajahCard(view, unlocked ? tick : null),
          decadeSteps(view, unlocked ? tick : null),
          decadeTables.length ? decadeTables[0] : null,
          checklistPanel(view),
          undoRequestsPanel(view, unlocked ? { onUndo: () => setMenu({ open: true, confirming: "undo" }) } : {}),
          over ? gamePanel(view) : null,
          over ? null : joinPanel(),
          houseRulesPanel(view),
          unlocked ? h("p", { id: "table-message", class: "feedback", role: "status" }) : null,
          unlocked ? pastGamesPanel(pastGames) : null,
          logPanel(view),
          over ? null : gamePanel(view),
          decadeTables.slice(1),
        ),
        marketPanel(view, catalog),
      ),
    ),
  );
  kept();
  if (message) note(message.text, message.ok);
}

/** What a redraw must not undo: how far the side column is scrolled, which details are open. */
function keepPlace() {
  const scroll = byId("side-scroll")?.scrollTop || 0;
  const open = [...document.querySelectorAll("details[open]")].map((d) => `${d.closest("[id]")?.id}/${d.className}`);
  return () => {
    const side = byId("side-scroll");
    if (side) side.scrollTop = scroll;
    for (const d of document.querySelectorAll("details")) {
      if (open.includes(`${d.closest("[id]")?.id}/${d.className}`)) d.open = true;
    }
  };
}

async function main() {
  const linked = pinFromLink();
  applyFar();
  draw();
  catalog = (await api("GET", "/api/catalog")).data;
  if (linked) await unlock(linked);
  else if (pin) {
    try {
      await loadSeats();
    } catch (error) {
      explain(error); // a refused PIN is forgotten; any other failure keeps it for the next view
    }
  }
  live = new Live({
    token: null,
    onView: (view) => {
      // Seat names and links may have changed (rename, new link); a game just
      // over joins the past games.
      const finished = Boolean(view && (view.finished || view.ended));
      if (pin && seats && finished !== lastFinished) loadPastGames();
      lastFinished = finished;
      sensorBoard.refresh();
      if (pin)
        loadSeats().then(draw, (error) => {
          explain(error);
          draw();
        });
      else draw();
    },
    onStatus: showStatus,
  });
  live.start();
}

main();
