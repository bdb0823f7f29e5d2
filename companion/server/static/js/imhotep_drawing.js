// A drawing of Imhotep's public board (`board.drawing`, built by the server in
// companion/server/drawings.py): the round, the four boats with their slots bow
// to stern, the five sites with their stones and market cards, and each
// player's sled and quarry. Everything in it is public; every word arrives as
// an {en, es} pair. Each stone carries its player's mark (a letter), so colour
// is never the only way to tell whose stone it is. SVGs are drawn at their
// pixel size (no scaling), so the 13 px marks stay 13 px on every screen.
// Boats and sites carry `data-place` (boat:<id>, site:<name>) for picking.js.

import { PIECE_HEX } from "./colours.js";
import { h, s } from "./dom.js";
import { pick } from "./i18n.js";

const STONE = 26;
const GAP = 4;
const STEP = STONE + GAP;
const FILL = PIECE_HEX; // the players' colours, as every other page draws them (colours.js)
const INK = { black: "#ffffff", white: "#111111", brown: "#ffffff", grey: "#111111", gray: "#111111" };

function stone(x, y, colour, owners) {
  const owner = owners.get(colour);
  const mark = owner ? owner.mark : "?";
  return s(
    "g",
    { class: "i-stone", dataset: { colour } },
    s("title", {}, owner ? `${owner.name} (${pick(owner.colour_name)})` : colour),
    s("rect", { x: x + 1, y: y + 1, width: STONE - 2, height: STONE - 2, rx: 4, fill: FILL[colour] || "#cccccc", stroke: "#3a3024", "stroke-width": 1.5 }),
    s(
      "text",
      { x: x + STONE / 2, y: y + STONE / 2 + 1, "text-anchor": "middle", "dominant-baseline": "middle", "font-size": 13, "font-weight": 700, fill: INK[colour] || "#111111" },
      mark,
    ),
  );
}

function slot(x, y, empty) {
  return s(
    "g",
    { class: "i-slot" },
    s("title", {}, empty),
    s("rect", { x: x + 2, y: y + 2, width: STONE - 4, height: STONE - 4, rx: 4, fill: "#f3ead6", stroke: "#8a7658", "stroke-width": 1.5, "stroke-dasharray": "4 3" }),
  );
}

/** Stones on `size` slots: row by row across `columns`, or column by column down `rows`. */
function grid(group, owners, empty) {
  const size = Math.max(group.size, group.stones.length);
  if (!size) return null;
  const byColumn = group.rows > 0;
  const cols = byColumn ? Math.ceil(size / group.rows) : Math.min(group.columns || size, size);
  const rows = byColumn ? group.rows : Math.ceil(size / cols);
  const cells = [];
  for (let i = 0; i < size; i += 1) {
    const col = byColumn ? Math.floor(i / rows) : i % cols;
    const row = byColumn ? i % rows : Math.floor(i / cols);
    const colour = group.stones[i];
    cells.push(colour ? stone(col * STEP, row * STEP, colour, owners) : slot(col * STEP, row * STEP, empty));
  }
  const width = cols * STEP - GAP;
  const height = rows * STEP - GAP;
  return s("svg", { class: "i-grid", width, height, viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true" }, cells);
}

function boat(b, owners, emptyPair) {
  const empty = pick(emptyPair);
  const bow = 18;
  const width = bow + b.slots.length * STEP + 6;
  const height = STONE + 12;
  const hull = `M0 ${height / 2} L${bow} 2 L${width - 2} 2 L${width - 2} ${height - 2} L${bow} ${height - 2} Z`;
  return h(
    "figure",
    { class: `i-boat${b.where === "harbour" ? "" : " docked"}`, dataset: { boat: String(b.id), where: b.where, place: `boat:${b.id}` } },
    s(
      "svg",
      { width, height, viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true" },
      s("path", { d: hull, fill: "#c9a66b", stroke: "#5a3e1b", "stroke-width": 2 }),
      b.slots.map((colour, i) => (colour ? stone(bow + i * STEP, 6, colour, owners) : slot(bow + i * STEP, 6, empty))),
    ),
    h("figcaption", {}, h("strong", {}, pick(b.label)), h("br"), pick(b.where_label)),
  );
}

function site(x, owners, empty) {
  // side B market: the cards lying face down on the lower-right space, drawn as card backs
  const backs = Array.from({ length: x.face_down_cards || 0 }, () => h("div", { class: "i-card face-down", dataset: { card: "face-down" } }));
  const cards = x.cards
    ? h(
        "div",
        { class: "i-cards" },
        x.cards.map((card) =>
          card ? h("div", { class: "i-card", dataset: { card: card.id } }, pick(card.name)) : h("div", { class: "i-card empty" }, pick(empty)),
        ),
        backs,
      )
    : null;
  return h(
    "figure",
    { class: "i-site", dataset: { site: x.key, side: x.side, place: `site:${x.key}` } },
    h("h3", {}, pick(x.title)),
    x.docked ? h("p", { class: "i-docked" }, pick(x.docked)) : null,
    cards,
    x.face_down ? h("p", { class: "i-label" }, pick(x.face_down)) : null,
    h(
      "div",
      { class: "i-groups" },
      x.groups.map((group) => h("div", { class: "i-group" }, h("p", { class: "i-label" }, pick(group.label)), grid(group, owners, pick(empty)))),
    ),
  );
}

function player(p, owners, drawing) {
  const sled = { stones: Array(p.sled).fill(p.colour), size: p.sled_size, columns: p.sled_size, rows: 0 };
  return h(
    "div",
    { class: "i-player", dataset: { seat: String(p.seat) } },
    h(
      "p",
      { class: "i-who" },
      s("svg", { width: STONE, height: STONE, viewBox: `0 0 ${STONE} ${STONE}`, "aria-hidden": "true" }, stone(0, 0, p.colour, owners)),
      h("span", {}, `${p.name} (${pick(p.colour_name)})`),
    ),
    h("div", { class: "i-sled" }, h("span", { class: "i-label" }, pick(drawing.sled_label)), grid(sled, owners, pick(drawing.empty))),
    h("p", { class: "i-label i-quarry" }, pick(p.quarry)),
  );
}

/** The board drawing as one panel, to go above the worded panels. */
export function drawImhotep(drawing) {
  const owners = new Map(drawing.players.map((p) => [p.colour, p]));
  return h(
    "section",
    { class: "g-panel i-drawing", id: "drawing", dataset: { game: "imhotep" } },
    h("h2", {}, pick(drawing.title), " · ", pick(drawing.round_label)),
    h("div", { class: "i-players" }, drawing.players.map((p) => player(p, owners, drawing))),
    drawing.boats.length ? h("h3", {}, pick(drawing.boats_label)) : null,
    h("div", { class: "i-boats" }, drawing.boats.map((b) => boat(b, owners, drawing.empty))),
    h("div", { class: "i-sites" }, drawing.sites.map((x) => site(x, owners, drawing.empty))),
  );
}
