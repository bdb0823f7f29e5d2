// The end of any game, drawn from the view alone (no game is named here):
// who won first (and, when the best total was shared, the rulebook's
// tie-break that decided it), the score sheets side by side (a column per
// player, a row per score item, the totals last), each player's score over
// the game (a line per player, a point per round; the last point is the
// sheet's total), where the points came from, and the sheets to download as
// CSV and JSON. The server supplies `view.scores` (the sheets) and
// `view.game_over` ({outcome, history, rows}: companion/server/game_over.py).
// The table screen adds a "New game" button (onNewGame). One screen for all
// four games: Amritsar's phone, table screen and spectator view draw it too
// (what its own end screen had is here: the ranking, the decade marks on the
// plot, the bars, the CSV columns; its ids and classes kept: #winner,
// #pp-plot, .pp-line, .pp-final, .decade-mark, #sources, .source-seat, .bar,
// #export-csv).

import { h, s } from "./dom.js";
import { playerHex } from "./colours.js";
import { lang, pick } from "./i18n.js";

const WORDS = {
  en: {
    over: "The game is over",
    ended: "The table ended the game before its end",
    wins: "{who} wins with {n}",
    wins_words: "{who} wins: {words}",
    share: "{who} share the victory with {n}",
    ahead: "Ahead when it was ended: {who} with {n}",
    points: "{n} points",
    point: "{n} point",
    rule: "Rule",
    ranking: "Final order",
    winner: "Winner",
    sheets: "Score sheets",
    item: "Score item",
    total: "Total",
    plot: "Score over the game",
    plot_label: "Each player's score at the start of every round and at the end (the last point is the total).",
    plot_label_periods: "Each player's score at the start of every round, the start of each {period} marked, and at the end (the last point is the total).",
    round: "R{n}",
    end: "End",
    sources: "Where the points came from",
    export: "Download the score sheets",
    csv: "Score sheets (CSV)",
    json: "Score sheets (JSON)",
    new_game: "New game",
    new_game_confirm: "Leave this game for the start page? It stays among the past games.",
    and: "and",
    review: "Where the game was won and lost",
    review_help: "For each player, the three decisions that cost the most points against the companion's best answer, played on over the same sampled futures. About a minute.",
    review_start: "Review the game",
    review_running: "Reviewing: {done} of {total} decisions",
    review_failed: "The review could not be made.",
    review_none: "No decision cost a point or more.",
    review_skipped: "{n} decisions were not looked at in the time allowed.",
  },
  es: {
    over: "La partida ha terminado",
    ended: "La mesa terminó la partida antes de su final",
    wins: "Gana {who} con {n}",
    wins_words: "Gana {who}: {words}",
    share: "{who} comparten la victoria con {n}",
    ahead: "En cabeza al terminarla: {who} con {n}",
    points: "{n} puntos",
    point: "{n} punto",
    rule: "Regla",
    ranking: "Orden final",
    winner: "Ganador",
    sheets: "Hojas de puntuación",
    item: "Concepto",
    total: "Total",
    plot: "La puntuación a lo largo de la partida",
    plot_label: "La puntuación de cada jugador al empezar cada ronda y al final (el último punto es el total).",
    plot_label_periods: "La puntuación de cada jugador al empezar cada ronda, marcado el comienzo de cada {period}, y al final (el último punto es el total).",
    round: "R{n}",
    end: "Fin",
    sources: "De dónde salieron los puntos",
    export: "Descargar las hojas de puntuación",
    csv: "Hojas de puntuación (CSV)",
    json: "Hojas de puntuación (JSON)",
    new_game: "Nueva partida",
    new_game_confirm: "¿Dejar esta partida por la página de inicio? Queda entre las partidas anteriores.",
    and: "y",
    review: "Dónde se ganó y se perdió la partida",
    review_help: "Para cada jugador, las tres decisiones que más puntos costaron frente a la mejor respuesta del compañero, jugadas sobre los mismos futuros de muestra. Cerca de un minuto.",
    review_start: "Repasar la partida",
    review_running: "Repasando: {done} de {total} decisiones",
    review_failed: "No se pudo hacer el repaso.",
    review_none: "Ninguna decisión costó un punto o más.",
    review_skipped: "{n} decisiones no se miraron en el tiempo previsto.",
  },
};

export function gw(key, vars = {}) {
  let text = WORDS[lang()][key] ?? WORDS.en[key] ?? key;
  for (const [name, value] of Object.entries(vars)) text = text.replace(`{${name}}`, String(value));
  return text;
}

/** A player's colour as the game's own pages draw it (colours.js; a dark casing keeps a
 *  white line visible); grey for a colour the game has not. */
function hexOf(view, seat) {
  return playerHex(view.game_over?.game, seatOf(view, seat)?.colour) || "#555555";
}
/** A dash pattern per seat, so a line is told apart without its colour. */
const DASHES = ["", "8 4", "2 4", "10 4 2 4"];

function seatOf(view, index) {
  return view.seats.find((seat) => seat.index === index);
}

function nameOf(view, index) {
  return seatOf(view, index)?.name ?? String(index + 1);
}

function sheetOf(view, index) {
  return view.scores.find((sheet) => sheet.seat === index);
}

function listed(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} ${gw("and")} ${names[names.length - 1]}` : names.join("");
}

let unit = null; // the game's own word for points (view.game_over.unit: Amritsar's PP)

function points(n) {
  const own = unit?.[lang()];
  if (own) return `${n} ${own[Math.abs(n) === 1 ? 0 : 1]}`;
  return gw(Math.abs(n) === 1 ? "point" : "points", { n });
}

/** The players in the order to show them: winners first, then by total. */
export function order(view) {
  const given = view.game_over?.outcome?.order;
  if (given && given.length) return given;
  return [...view.scores].sort((a, b) => Number(b.winner) - Number(a.winner) || b.total - a.total).map((sheet) => sheet.seat);
}

function dot(view, seat) {
  return h("span", { class: "g-dot go-dot", dataset: { colour: seatOf(view, seat)?.colour || "", hex: hexOf(view, seat) } });
}

function totalText(sheet) {
  return sheet.total_en ? `${sheet.total} · ${pick(sheet, "total")}` : points(sheet.total);
}

export function winnerPanel(view) {
  const outcome = view.game_over?.outcome || {};
  const winners = (outcome.winners || view.scores.filter((sheet) => sheet.winner).map((sheet) => sheet.seat)).map((seat) => sheetOf(view, seat)).filter(Boolean);
  let headline;
  if (winners.length === 1) {
    const sheet = winners[0];
    headline = sheet.total_en ? gw("wins_words", { who: nameOf(view, sheet.seat), words: pick(sheet, "total") }) : gw("wins", { who: nameOf(view, sheet.seat), n: points(sheet.total) });
  } else if (winners.length > 1) {
    headline = gw("share", { who: listed(winners.map((sheet) => nameOf(view, sheet.seat))), n: totalText(winners[0]) });
  } else {
    const leaders = (outcome.leaders || []).map((seat) => sheetOf(view, seat)).filter(Boolean);
    headline = leaders.length ? gw("ahead", { who: listed(leaders.map((sheet) => nameOf(view, sheet.seat))), n: totalText(leaders[0]) }) : gw("over");
  }
  const tie = outcome.tie_break;
  return h(
    "section",
    { class: "go-panel go-winner", id: "winner" },
    h("p", { class: "go-kicker" }, view.finished ? gw("over") : gw("ended")),
    h("h2", { id: "winner-headline" }, winners.length ? "★ " : "", headline),
    tie ? h("p", { class: "go-tie", id: "tie-break" }, pick(tie), " ", h("span", { class: "go-rule" }, `(${gw("rule")}: ${tie.rule})`)) : null,
    h(
      "ol",
      { class: "go-ranking", "aria-label": gw("ranking") },
      order(view).map((seat) => {
        const sheet = sheetOf(view, seat);
        return h(
          "li",
          { dataset: { seat: String(seat) }, class: sheet?.winner ? "winner" : "" },
          dot(view, seat),
          h("span", { class: "go-name" }, nameOf(view, seat)),
          h("span", { class: "go-total" }, sheet ? totalText(sheet) : ""),
          sheet?.winner ? h("span", { class: "go-badge" }, `★ ${gw("winner")}`) : null,
        );
      }),
    ),
  );
}

/** The sheets side by side: a column per player (winners first), a row per item, totals last. */
export function sheetsTable(view) {
  const seats = order(view);
  const rows = view.game_over?.rows || [];
  return h(
    "section",
    { class: "go-panel go-sheets", id: "sheets" },
    h("h2", {}, gw("sheets")),
    h(
      "div",
      { class: "go-table-wrap" },
      h(
        "table",
        { class: "go-table", id: "score-table" },
        h(
          "thead",
          {},
          h("tr", {}, h("th", { scope: "col" }, gw("item")), seats.map((seat) => h("th", { scope: "col", dataset: { seat: String(seat) } }, dot(view, seat), " ", nameOf(view, seat)))),
        ),
        h(
          "tbody",
          {},
          rows.map((row) => {
            const cells = new Map(row.cells.map((cell) => [cell.seat, cell]));
            // On a phone the lines' words go in a row of their own under the amounts
            // (game_over.css), so that the columns stay as narrow as the numbers.
            const said = seats.filter((seat) => cells.get(seat)?.details.length);
            const below = said.length
              ? h(
                  "tr",
                  { class: "go-detail-row" },
                  h("td", { colspan: String(seats.length + 1) }, said.map((seat) => `${nameOf(view, seat)}: ${cells.get(seat).details.map((d) => pick(d)).join("; ")}`).join(" · ")),
                )
              : null;
            return [h(
              "tr",
              { dataset: { category: row.category } },
              h("th", { scope: "row" }, pick(row.label)),
              seats.map((seat) => {
                const cell = cells.get(seat);
                return h(
                  "td",
                  { dataset: { seat: String(seat), amount: String(cell ? cell.amount : 0) } },
                  h("span", { class: "go-amount" }, cell && cell.scored ? String(cell.amount) : "–"),
                  cell && cell.details.length ? h("span", { class: "go-detail" }, cell.details.map((d) => pick(d)).join("; ")) : null,
                );
              }),
            ), below];
          }),
        ),
        h(
          "tfoot",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "row" }, gw("total")),
            seats.map((seat) => {
              const sheet = sheetOf(view, seat);
              return h(
                "td",
                { dataset: { seat: String(seat), total: String(sheet ? sheet.total : 0) } },
                h("span", { class: "go-amount" }, sheet ? String(sheet.total) : ""),
              ); // a total's words (total_en/total_es) are in the ranking above: the columns stay narrow
            }),
          ),
        ),
      ),
    ),
  );
}

/** Each player's score at the start of every round and at the end: a line per player. */
export function plotPanel(view) {
  const history = view.game_over?.history || [];
  if (history.length < 2) return null;
  const width = 360;
  const height = 230;
  const left = 40;
  const right = 44;
  const top = 14;
  const bottom = 30;
  const values = history.flatMap((point) => point.points);
  let low = Math.min(0, ...values);
  let high = Math.max(1, ...values);
  const step = niceStep(high - low);
  low = Math.floor(low / step) * step;
  high = Math.ceil(high / step) * step;
  const x = (i) => left + (i * (width - left - right)) / (history.length - 1);
  const y = (v) => top + (1 - (v - low) / (high - low)) * (height - top - bottom);
  const parts = [];
  for (let v = low; v <= high; v += step) {
    parts.push(s("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: v === 0 ? "go-axis-zero" : "go-guide" }));
    parts.push(s("text", { x: left - 5, y: y(v) + 5, class: "go-axis", "text-anchor": "end" }, String(v)));
  }
  const periods = history.some((point) => point.period_label);
  if (periods) {
    // Rounds count again in each period (Amritsar's decades): a mark where one starts, named.
    history.forEach((point, i) => {
      if (point.final || (i > 0 && history[i - 1].period === point.period)) return;
      parts.push(s("line", { x1: x(i), x2: x(i), y1: top, y2: height - bottom, class: "go-period decade-mark", dataset: { decade: String(point.period) } }));
      parts.push(s("text", { x: x(i) + 3, y: height - bottom + 20, class: "go-axis" }, pick(point.period_label)));
    });
    parts.push(s("text", { x: x(history.length - 1), y: height - bottom + 20, class: "go-axis", "text-anchor": "middle" }, gw("end")));
  }
  const every = Math.max(1, Math.ceil(history.length / 7)); // labels that do not overlap
  history.forEach((point, i) => {
    if (periods) return;
    const last = i === history.length - 1;
    if (!last && i % every !== 0) return;
    if (!last && i === history.length - 2 && every > 1) return;
    const label = point.final ? gw("end") : gw("round", { n: point.round });
    parts.push(s("text", { x: x(i), y: height - bottom + 20, class: "go-axis", "text-anchor": "middle" }, label));
  });
  const hint = periods ? gw("plot_label_periods", { period: pick(view.game_over.period) || "" }) : gw("plot_label");
  const seats = order(view);
  const ends = [];
  seats.forEach((seat, rank) => {
    const series = history.map((point) => point.points[seat] ?? 0);
    const colour = hexOf(view, seat);
    const line = series.map((v, i) => `${x(i)},${y(v)}`).join(" ");
    parts.push(s("polyline", { points: line, class: "go-casing" }));
    parts.push(
      s("polyline", {
        points: line,
        class: "go-line pp-line",
        stroke: colour,
        "stroke-dasharray": DASHES[rank % DASHES.length] || null,
        dataset: { seat: String(seat), values: series.join(",") },
      }),
    );
    const final = series[series.length - 1];
    parts.push(s("circle", { cx: x(series.length - 1), cy: y(final), r: 5, fill: colour, class: "go-final pp-final", dataset: { seat: String(seat), final: String(final) } }));
    ends.push({ seat, final, at: y(final) });
  });
  // The totals at the line ends, pushed apart so that close ones (a tie: two on one point)
  // stay readable: a label's line (1.5 times its 14 px) apart, the lowest kept above the
  // round labels under the plot (the others slid up to make room).
  const gap = 21;
  const lowest = height - bottom - 8;
  ends.sort((a, b) => a.at - b.at);
  for (let i = 1; i < ends.length; i += 1) ends[i].at = Math.max(ends[i].at, ends[i - 1].at + gap);
  for (let i = ends.length - 1; i >= 0; i -= 1) ends[i].at = Math.min(ends[i].at, i === ends.length - 1 ? lowest : ends[i + 1].at - gap);
  for (const end of ends) parts.push(s("text", { x: width - right + 9, y: end.at + 5, class: "go-end-label" }, `${initial(view, end.seat)} ${end.final}`));
  return h(
    "section",
    { class: "go-panel go-plot", id: "score-plot" },
    h("h2", {}, gw("plot")),
    // #pp-plot: the plot's own box (the id Amritsar's end screen had, which its tests select).
    h(
      "div",
      { id: "pp-plot" },
      s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": hint, class: "go-svg" }, parts),
      h(
        "ul",
        { class: "go-legend" },
      seats.map((seat, rank) =>
        h(
          "li",
          { dataset: { seat: String(seat) } },
          s("svg", { viewBox: "0 0 36 12", class: "go-swatch", "aria-hidden": "true" },
            s("line", { x1: 2, x2: 34, y1: 6, y2: 6, class: "go-casing" }),
            s("line", { x1: 2, x2: 34, y1: 6, y2: 6, class: "go-line", stroke: hexOf(view, seat), "stroke-dasharray": DASHES[rank % DASHES.length] || null })),
          `${initial(view, seat)} · ${nameOf(view, seat)}`,
        ),
      ),
    ),
    ),
    h("p", { class: "go-hint" }, hint),
  );
}

function initial(view, seat) {
  return (nameOf(view, seat).trim()[0] || String(seat + 1)).toUpperCase();
}

function niceStep(span) {
  for (const step of [1, 2, 5, 10, 20, 25, 50, 100]) if (span / step <= 6) return step;
  return 200;
}

/** For each player, their points by score item, largest first, as bars on one scale. */
export function sourcesPanel(view) {
  const rows = view.game_over?.rows || [];
  const biggest = Math.max(1, ...rows.flatMap((row) => row.cells.map((cell) => Math.abs(cell.amount))));
  return h(
    "section",
    { class: "go-panel go-sources", id: "sources" },
    h("h2", {}, gw("sources")),
    order(view).map((seat) => {
      const items = rows
        .map((row) => ({ row, cell: row.cells.find((cell) => cell.seat === seat) }))
        .filter(({ cell }) => cell && cell.amount !== 0)
        .sort((a, b) => b.cell.amount - a.cell.amount);
      return h(
        "div",
        { class: "go-source source-seat", dataset: { seat: String(seat) } },
        h("h3", {}, dot(view, seat), " ", nameOf(view, seat)),
        h(
          "ul",
          { class: "go-bars" },
          items.map(({ row, cell }) =>
            h(
              "li",
              { dataset: { category: row.category } },
              h("span", { class: "go-bar-label" }, pick(row.label)),
              h("span", { class: "go-bar-track" }, h("span", { class: `go-bar bar${cell.amount < 0 ? " negative" : ""}`, dataset: { width: String(Math.round((100 * Math.abs(cell.amount)) / biggest)) } })),
              h("span", { class: "go-bar-value" }, String(cell.amount)),
            ),
          ),
        ),
      );
    }),
  );
}

function csvField(value) {
  const text = String(value ?? "");
  return /[",\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The sheets as CSV (Amritsar's end.js columns): a row per score line, then a total row per player. */
export function scoresCsv(view) {
  const rows = [["player", "seat", "category", "label", "component", "rule", "amount"]];
  const seats = order(view);
  for (const seat of seats) {
    const sheet = sheetOf(view, seat);
    for (const line of sheet.lines.filter((l) => !l.provisional)) rows.push([nameOf(view, seat), seat, line.category, pick(line), line.component, line.rule, line.amount]);
  }
  for (const seat of seats) rows.push([nameOf(view, seat), seat, "total", gw("total"), "", "", sheetOf(view, seat).total]);
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** The sheets as JSON: every player's lines and total, the winners, the tie-break and the plot's points. */
export function scoresJson(view) {
  const outcome = view.game_over?.outcome || {};
  const data = {
    game: view.game_name,
    title: pick(view.title),
    language: lang(),
    finished: Boolean(view.finished),
    ended_early: Boolean(outcome.ended_early),
    winners: (outcome.winners || []).map((seat) => nameOf(view, seat)),
    tie_break: outcome.tie_break ? pick(outcome.tie_break) : null,
    players: order(view).map((seat) => {
      const sheet = sheetOf(view, seat);
      return {
        seat,
        name: nameOf(view, seat),
        colour: seatOf(view, seat)?.colour ?? sheet.colour,
        total: sheet.total,
        total_words: sheet.total_en ? pick(sheet, "total") : null,
        winner: sheet.winner,
        lines: sheet.lines.filter((l) => !l.provisional).map((line) => ({ category: line.category, label: pick(line), component: line.component, rule: line.rule, amount: line.amount })),
      };
    }),
    history: view.game_over?.history || [],
    review: view.review?.state === "done" ? view.review.seats.map((s) => ({ name: s.name, findings: s.findings.map((f) => ({ text: pick(f), gain: f.gain, error: f.error, chosen: f.chosen, better: f.better })) })) : null,
  };
  return JSON.stringify(data, null, 2) + "\n";
}

/** The review after the game (review_runner.py): a button until someone asks (a phone
 *  or the table: `onReview`), a progress bar while it runs, then each player's findings. */
export function reviewPanel(view, onReview = null) {
  const review = view.review;
  if (!review) return null;
  let body;
  if (review.state === "idle") {
    body = onReview ? h("button", { type: "button", id: "review-start", onclick: onReview }, gw("review_start")) : null;
  } else if (review.state === "running") {
    const total = Math.max(review.total, 1);
    body = h(
      "p",
      { class: "go-review-progress" },
      h("label", { for: "review-bar" }, gw("review_running", { done: review.done, total: review.total || "…" })),
      h("progress", { id: "review-bar", max: String(total), value: String(review.done) }),
    );
  } else if (review.state === "failed") {
    body = h("p", {}, gw("review_failed"));
  } else {
    body = [
      review.seats.map((seat) =>
        h(
          "article",
          { class: "go-review-seat", dataset: { seat: String(seat.seat) } },
          h("h3", {}, dot(view, seat.seat), " ", seat.name),
          seat.findings.length ? h("ol", {}, seat.findings.map((f) => h("li", {}, pick(f)))) : h("p", {}, gw("review_none")),
        ),
      ),
      review.skipped ? h("p", { class: "go-note" }, gw("review_skipped", { n: review.skipped })) : null,
    ];
  }
  if (!body && review.state === "idle") return null;
  return h("section", { class: "go-panel go-review", id: "review" }, h("h2", {}, gw("review")), h("p", { class: "go-note" }, gw("review_help")), body);
}

export function exportPanel(view) {
  const name = view.game_name || "game";
  return h(
    "section",
    { class: "go-panel go-export", id: "export" },
    h("h2", {}, gw("export")),
    h(
      "p",
      { class: "go-links" },
      h("a", { class: "go-link", id: "export-csv", href: `data:text/csv;charset=utf-8,${encodeURIComponent(scoresCsv(view))}`, download: `${name}-scores.csv` }, gw("csv")),
      h("a", { class: "go-link", id: "export-json", href: `data:application/json;charset=utf-8,${encodeURIComponent(scoresJson(view))}`, download: `${name}-scores.json` }, gw("json")),
    ),
  );
}

/** Bar widths and the players' dots from data attributes (the page's CSP forbids inline
 *  styles set as text; the dots are coloured here, whatever sheets the page links). */
export function sizeBars(root) {
  for (const bar of root.querySelectorAll(".go-bar")) bar.style.width = `${bar.dataset.width}%`;
  for (const dot of root.querySelectorAll(".go-dot")) if (dot.dataset.hex) dot.style.background = dot.dataset.hex;
}

/**
 * The whole game-over screen. `onNewGame` (the table screen): a "New game"
 * button that asks first, then leaves for the start page.
 */
export function gameOverScreen(view, { onNewGame = null, onReview = null } = {}) {
  unit = view.game_over?.unit || null;
  // game_over.css is linked in every page's head (server/pages.py): styled before the first draw.
  const newGame = onNewGame
    ? h(
        "p",
        { class: "go-actions" },
        h(
          "button",
          {
            type: "button",
            id: "new-game",
            onclick: () => {
              if (window.confirm(gw("new_game_confirm"))) onNewGame();
            },
          },
          gw("new_game"),
        ),
      )
    : null;
  const root = h(
    "div",
    { class: "go-screen", id: "game-over" },
    winnerPanel(view),
    newGame,
    h("div", { class: "go-columns" }, h("div", { class: "go-col" }, sheetsTable(view), exportPanel(view)), h("div", { class: "go-col" }, plotPanel(view), sourcesPanel(view))),
    reviewPanel(view, onReview),
  );
  sizeBars(root);
  return root;
}
