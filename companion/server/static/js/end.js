// The phone at the end of the game: who won, every seat's PP over the game
// (a line per seat, the decades marked), where each seat's points came from,
// and the score sheets to download as CSV. Everything is drawn from the view
// the server sent: the plot's last point is the score sheet's total.

import { h, s } from "./dom.js";
import { pick, t } from "./i18n.js";
import { PLAYER_HEX, chip, seatOf } from "./render.js";

const ROMAN = ["", "I", "II", "III"];

function seatName(view, index) {
  return seatOf(view, index)?.name ?? String(index);
}

export function winnerPanel(view) {
  const winners = view.scores.filter((sheet) => sheet.winner);
  if (!winners.length) return null;
  const names = winners.map((sheet) => seatName(view, sheet.seat)).join(" · ");
  const n = winners[0].total;
  return h(
    "section",
    { class: "panel winner-panel", id: "winner" },
    h("h2", {}, "★ ", winners.length > 1 ? t("winners_are", { who: names, n }) : t("winner_is", { who: names, n })),
    h(
      "ol",
      { class: "ranking" },
      [...view.scores]
        .sort((a, b) => b.total - a.total)
        .map((sheet) => h("li", { dataset: { seat: String(sheet.seat) } }, chip(seatOf(view, sheet.seat)), ` ${sheet.total} PP`)),
    ),
  );
}

/** PP of every seat at the start of each round, the decades marked, the totals at the end. */
export function plotPanel(view) {
  const points = view.pp_history || [];
  if (points.length < 2) return null;
  const width = 360;
  const height = 220;
  const left = 34;
  const right = 40;
  const top = 12;
  const bottom = 28;
  const seats = points[0].pp.length;
  const top_pp = Math.max(10, ...points.flatMap((p) => p.pp));
  const x = (i) => left + (i * (width - left - right)) / (points.length - 1);
  const y = (pp) => top + (1 - pp / top_pp) * (height - top - bottom);
  const parts = [];
  // Horizontal guides every 10 or 20 PP.
  const step = top_pp > 60 ? 20 : 10;
  for (let pp = 0; pp <= top_pp; pp += step) {
    parts.push(s("line", { x1: left, x2: width - right, y1: y(pp), y2: y(pp), class: "guide" }));
    parts.push(s("text", { x: left - 4, y: y(pp) + 4, class: "axis", "text-anchor": "end" }, String(pp)));
  }
  points.forEach((point, i) => {
    if (point.round === 1) {
      parts.push(s("line", { x1: x(i), x2: x(i), y1: top, y2: height - bottom, class: "decade-mark", dataset: { decade: String(point.decade) } }));
      parts.push(s("text", { x: x(i) + 3, y: height - bottom + 16, class: "axis" }, `${t("decade")} ${ROMAN[point.decade] || point.decade}`));
    }
  });
  for (let seat = 0; seat < seats; seat += 1) {
    const colour = PLAYER_HEX[seatOf(view, seat)?.colour] || "#555";
    const values = points.map((p) => p.pp[seat]);
    parts.push(
      s("polyline", {
        class: "pp-line",
        points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "),
        stroke: colour,
        dataset: { seat: String(seat), values: values.join(",") },
      }),
    );
    const last = values[values.length - 1];
    parts.push(s("circle", { cx: x(values.length - 1), cy: y(last), r: 4, fill: colour, class: "pp-final", dataset: { seat: String(seat), final: String(last) } }));
    parts.push(s("text", { x: x(values.length - 1) + 6, y: y(last) + 4, class: "final-label", fill: colour }, String(last)));
  }
  return h(
    "section",
    { class: "panel plot", id: "pp-plot" },
    h("h2", {}, t("pp_over_time")),
    s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("plot_label"), class: "pp-plot" }, parts),
    h(
      "p",
      { class: "legend" },
      view.seats.map((seat) => h("span", { class: "legend-item" }, h("span", { class: "swatch", dataset: { colour: seat.colour } }), chip(seat))),
    ),
    h("p", { class: "hint" }, t("plot_label")),
  );
}

/** For each seat, its points by where they came from, largest first, as bars. */
export function sourcesPanel(view) {
  // Totals by category for every seat; one scale for all, so bars compare across seats.
  const bySeat = view.scores.map((sheet) => {
    const totals = new Map();
    for (const line of sheet.lines) {
      const entry = totals.get(line.category) || { label: pick(line), amount: 0 };
      entry.amount += line.amount;
      totals.set(line.category, entry);
    }
    return [...totals.entries()].filter(([, e]) => e.amount !== 0).sort((a, b) => b[1].amount - a[1].amount);
  });
  const biggest = Math.max(1, ...bySeat.flat().map(([, e]) => Math.abs(e.amount)));
  return h(
    "section",
    { class: "panel sources", id: "sources" },
    h("h2", {}, t("points_from")),
    view.scores.map((sheet, index) =>
      h(
        "div",
        { class: "source-seat", dataset: { seat: String(sheet.seat) } },
        h("h3", {}, chip(seatOf(view, sheet.seat)), ` ${sheet.total} PP`),
        h(
          "ul",
          { class: "bars" },
          bySeat[index].map(([category, e]) =>
            h(
              "li",
              { dataset: { category } },
              h("span", { class: "bar-label" }, e.label),
              h("span", { class: `bar${e.amount < 0 ? " negative" : ""}`, dataset: { width: String(Math.round((100 * Math.abs(e.amount)) / biggest)) } }),
              h("span", { class: "bar-value" }, String(e.amount)),
            ),
          ),
        ),
      ),
    ),
  );
}

function csvField(value) {
  const text = String(value ?? "");
  return /[",\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The score sheets as CSV: one row per score line, then one total row per seat. */
export function scoresCsv(view) {
  const rows = [["player", "seat", "category", "label", "component", "rule", "amount"]];
  for (const sheet of view.scores) {
    const name = seatName(view, sheet.seat);
    for (const line of sheet.lines) rows.push([name, sheet.seat, line.category, pick(line), line.component, line.rule, line.amount]);
  }
  for (const sheet of view.scores) rows.push([seatName(view, sheet.seat), sheet.seat, "total", t("total"), "", "", sheet.total]);
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

export function exportPanel(view) {
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(scoresCsv(view))}`;
  return h(
    "section",
    { class: "panel export", id: "export" },
    h("a", { class: "button-link", id: "export-csv", href, download: "amritsar-scores.csv" }, t("export_csv")),
  );
}

/** Widths from data attributes (the page's CSP forbids inline styles set as text). */
export function sizeBars(root) {
  for (const bar of root.querySelectorAll(".bars .bar")) bar.style.width = `${bar.dataset.width}%`;
  for (const swatch of root.querySelectorAll(".swatch")) swatch.style.background = PLAYER_HEX[swatch.dataset.colour] || "#555";
}
