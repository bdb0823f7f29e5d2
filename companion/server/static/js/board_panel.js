// The table screen's "Sensor board" panel (issue 36): which board this table follows.
// `companion run --mqtt` without --board follows no board until one is bound here,
// with the table PIN: a board heard on the broker waits, and the table follows it
// once someone at the table presses "Follow" (or "Listen" and a button of the board).
// The table screen (generic_board.js, every game) shows it once unlocked.

import { h } from "./dom.js";
import { lang } from "./i18n.js";
import { ApiError, api } from "./live.js";

const WORDS = {
  en: {
    title: "Sensor board",
    follows: "This table follows the sensor board {board}.",
    waiting: "Boards heard, not followed (their reports are not applied): is one of them this table's?",
    follow: "Follow {board}",
    listen: "Listen for a button press",
    listening: "Press a button on this table's board ({s} s left).",
  },
  es: {
    title: "Placa de sensores",
    follows: "Esta mesa sigue a la placa de sensores {board}.",
    waiting: "Placas oídas y no seguidas (sus avisos no se aplican): ¿es una de ellas la de esta mesa?",
    follow: "Seguir a {board}",
    listen: "Escuchar una pulsación",
    listening: "Pulsa un botón de la placa de esta mesa (quedan {s} s).",
  },
};

function bw(key, vars = {}) {
  let text = (WORDS[lang()] || WORDS.en)[key];
  for (const [name, value] of Object.entries(vars)) text = text.replace(`{${name}}`, String(value));
  return text;
}

export class BoardPanel {
  /** @param {{pin: () => string|null, redraw: () => void, say: (text: string) => void}} options */
  constructor({ pin, redraw, say }) {
    this.pin = pin;
    this.redraw = redraw;
    this.say = say || (() => {});
    this.status = null;
    this.asked = 0;
  }

  /** Ask the server again (each view; at most every 2 s unless `now`). */
  async refresh(now = false) {
    const pin = this.pin();
    if (!pin || (!now && Date.now() - this.asked < 2000)) return;
    this.asked = Date.now();
    try {
      this.status = (await api("GET", "/api/table/board", { pin })).data;
    } catch {
      this.status = null;
    }
    this.redraw();
  }

  async send(path, body) {
    try {
      const { data } = await api("POST", path, { pin: this.pin(), body });
      this.say(lang() === "es" ? data.es : data.en);
    } catch (error) {
      this.say(error instanceof ApiError && error.result ? (lang() === "es" ? error.result.es : error.result.en) : String(error));
    }
    await this.refresh(true);
  }

  /** The panel, or null when there is nothing to say (no board link, nothing heard). */
  element(panelClass = "panel") {
    const status = this.status;
    if (!status) this.refresh(); // unlocked since the last view: ask (at most every 2 s)
    if (!status || (!status.bound && !status.waiting.length && !status.listening)) return null;
    if (status.bound) {
      return h("p", { class: `${panelClass} board-followed`, id: "sensor-board" }, bw("follows", { board: status.bound }));
    }
    return h(
      "section",
      { class: `${panelClass} board-pairing`, id: "sensor-board" },
      h("h2", {}, bw("title")),
      h("p", {}, status.listening ? bw("listening", { s: Math.round(status.listening) }) : bw("waiting")),
      h(
        "div",
        { class: "buttons" },
        status.waiting.map((board) =>
          h("button", { type: "button", class: "secondary", "data-board": board, onclick: () => this.send("/api/table/board", { board }) }, bw("follow", { board })),
        ),
        h("button", { type: "button", class: "secondary", id: "board-listen", onclick: () => this.send("/api/table/board/listen") }, bw("listen")),
      ),
    );
  }
}
