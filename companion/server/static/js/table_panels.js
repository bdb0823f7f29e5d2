// Panels only the table screen shows: the scores bar, the Maharajah's one
// checklist (each step ticked by the camera or by a tap), the end-of-decade
// steps that followed his turn, the house rules, the past games, the menu of
// rarely used controls and the alert sound.

import { h } from "./dom.js";
import { lang, pick, t } from "./i18n.js";
import { chip, seatOf } from "./render.js";
import { ROMAN, tt } from "./table_words.js";

/** Every seat's total, large, always on screen. */
export function scoresBar(view) {
  return h(
    "section",
    { class: "scores-bar", id: "scores", "aria-label": tt("scores") },
    view.scores.map((sheet) =>
      h(
        "div",
        { class: `score${sheet.winner ? " winner" : ""}`, dataset: { seat: String(sheet.seat) } },
        h("span", { class: "score-who" }, chip(seatOf(view, sheet.seat)), sheet.winner ? h("span", { class: "score-winner" }, `★ ${t("winner")}`) : null),
        h("span", { class: "score-total" }, String(sheet.total), h("small", {}, ` ${tt("pp_short")}`)),
      ),
    ),
  );
}

function stepList(card, steps, onTick) {
  return h(
    "ol",
    { class: "steps" },
    steps.map((step) => {
      const mark = h("span", { class: "tick", "aria-hidden": "true" }, step.done ? "✓" : "");
      const words = h("span", { class: "words" }, pick(step));
      const how = h("span", { class: `how ${step.checked ? "camera" : "tap"}` }, step.checked ? tt("camera_sees") : tt("off_board"));
      const data = { step: String(step.step), part: step.part, checked: step.checked ? "1" : "0" };
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
            "aria-label": `${pick(step)} (${step.done ? tt("step_done") : tt("step_to_do")})`,
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

/** His turn: the one checklist of what to do on the table; gone once every step is done. */
export function maharajahCard(view, onTick, { spectator = false } = {}) {
  const card = view.maharajah;
  if (!card) return null;
  const steps = card.instructions.filter((step) => step.part === "turn");
  if (!steps.length || steps.every((step) => step.done)) return null;
  return h(
    "section",
    { class: "panel maharajah", id: "maharajah", dataset: { decade: String(card.decade), round: String(card.round) } },
    h("h2", {}, tt("his_turn")),
    spectator ? null : h("p", { class: "hint" }, onTick ? tt("his_turn_help") : tt("his_turn_locked")),
    stepList(card, steps, onTick),
    card.trace && card.trace.length
      ? h(
          "details",
          { class: "trace" },
          h("summary", {}, t("maharajah_trace")),
          h("ol", {}, card.trace.map((line) => h("li", {}, pick(line)))),
        )
      : null,
  );
}

/** What the end of a decade (or of the game) moved right after his turn: its own panel. */
export function decadeSteps(view, onTick, { spectator = false } = {}) {
  const card = view.maharajah;
  if (!card) return null;
  const steps = card.instructions.filter((step) => step.part === "after");
  if (!steps.length || steps.every((step) => step.done)) return null;
  return h(
    "section",
    { class: "panel decade-steps", id: "decade-steps" },
    h("h2", {}, tt("decade_scoring", { d: ROMAN[card.decade] || card.decade })),
    spectator ? null : h("p", { class: "hint" }, onTick ? tt("decade_scoring_help") : tt("his_turn_locked")),
    stepList(card, steps, onTick),
  );
}

export function houseRulesPanel(view) {
  const rules = view.house_rules || [];
  return h(
    "section",
    { class: "panel house-rules", id: "house-rules" },
    h("h2", {}, tt("house_rules")),
    rules.length ? h("ul", {}, rules.map((rule) => h("li", {}, pick(rule)))) : h("p", { class: "hint" }, tt("no_house_rules")),
  );
}

function when(seconds) {
  if (!seconds) return "";
  const locale = lang() === "es" ? "es-ES" : "en-GB";
  return new Date(seconds * 1000).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

/** The games logged beside this one, newest first. */
export function pastGamesPanel(games) {
  if (games === null) return null;
  return h(
    "section",
    { class: "panel past-games", id: "past-games" },
    h("h2", {}, tt("past_games")),
    games.length
      ? h(
          "ul",
          {},
          games.map((game) => {
            const status = game.problem ? game.problem : game.finished ? tt("finished") : game.ended ? tt("ended_early") : tt("unfinished");
            const names = game.names.map((name, i) => {
              const shown = game.solo && i === game.names.length - 1 ? tt("maharajah_name") : name;
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
      : h("p", { class: "hint" }, tt("no_past_games")),
  );
}

/** The controls menu; a dangerous one asks again before it runs. */
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
        h("button", { type: "button", class: "danger", id: "confirm-yes", onclick: () => { close(); confirming.run(); } }, `${tt("confirm")}: ${confirming.label}`),
        h("button", { type: "button", class: "secondary", id: "confirm-no", onclick: close }, tt("cancel")),
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
                class: action.danger ? "danger" : "secondary",
                onclick: () => (action.confirm ? setMenu({ open: true, confirming: key }) : (close(), action.run())),
              },
              action.label,
            )
          : null,
      ),
      h("button", { type: "button", class: "secondary", id: "menu-close", onclick: close }, tt("close")),
    );
  }
  return h("div", { class: "menu-sheet", id: "menu", role: "dialog", "aria-label": tt("menu") }, h("h2", {}, t("table_controls")), content);
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
