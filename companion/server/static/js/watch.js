// A spectator: public information only (the same view the table screen
// gets, without any controls), laid out for a phone.

import { byId, h, put } from "./dom.js";
import { localSeats, t } from "./i18n.js";
import { Live, api } from "./live.js";
import { boardSvg, marketPanel } from "./board.js";
import { decadeSteps, maharajahCard } from "./table_panels.js";
import { gameOverScreen } from "./game_over.js";
import {
  alertsPanel,
  decadePanels,
  decisionPanel,
  gamePanel,
  logPanel,
  checklistPanel,
  scoresPanel,
  showStatus,
  topBar,
} from "./render.js";

let catalog = null;
let live = null;

function draw() {
  const view = localSeats(live?.view);
  const head = topBar(h("h1", {}, t("title_watch")), draw);
  if (!view || !catalog) {
    put(byId("app"), head, h("p", { class: "panel" }, t("connecting")));
    return;
  }
  document.body.dataset.stateId = String(view.state_id);
  const over = view.finished || view.ended;
  put(
    byId("app"),
    head,
    // The end of every game (game_over.js) first, once over.
    over && view.game_over ? gameOverScreen(view) : null,
    h("p", { class: "hint" }, t("no_token")),
    alertsPanel(view),
    decisionPanel(view),
    checklistPanel(view),
    maharajahCard(view, null, { spectator: true }),
    decadeSteps(view, null, { spectator: true }),
    scoresPanel(view),
    h("div", { class: "board-wrap" }, boardSvg(view, catalog)),
    marketPanel(view, catalog),
    decadePanels(view),
    over ? null : gamePanel(view),
    logPanel(view),
  );
}

async function main() {
  draw();
  catalog = (await api("GET", "/api/catalog")).data;
  live = new Live({
    token: null,
    onView: draw,
    onStatus: showStatus,
  });
  live.start();
}

main();
