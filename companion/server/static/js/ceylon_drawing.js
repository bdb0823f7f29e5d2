// A drawing of Ceylon's public board (`board.drawing`, built by the server in
// companion/games/ceylon/drawing.py): the island's hexes where the printed map
// has them, each with its elevation (a shade AND a number), its plantation (its
// owner's colour AND mark) and the pawns on it; the rivers between districts;
// each district's advisor with the discs of those who hired it; the train's
// three wagons with their contracts; the tech track with its stacked discs;
// the district bonuses; the action card in play; and each player's board.
// Every word arrives as an {en, es} pair. Places a decision may ask for carry
// `data-place` ("hex:D1", "district:uva", "wagon:1") for the picking module.
// The SVGs scale to the width they are given (viewBox); their units are CSS
// pixels on a 390 px phone, where the drawing spans the screen.

import { PIECE_HEX } from "./colours.js";
import { h, s } from "./dom.js";
import { pick } from "./i18n.js";

const HEX_W = 44; // a hex across, flat side to flat side
// centre to top corner: a little taller than a regular hex (25.4), so that a
// hex's id, its pieces and its level each have a band of their own
const HEX_R = 30;
const ROW = 1.5 * HEX_R;
const EDGE = 4; // margin around the map
const BOX_H = 46; // an advisor's box
const GAP = 6;
const WIDTH = 382; // every SVG's viewBox width: the phone's drawing width
const FONT = 13;
const INK_DARK = "#1f1a14";

const FILL = PIECE_HEX; // the players' colours, as every other page draws them (colours.js)
const INK = { red: "#ffffff", blue: "#ffffff", green: "#ffffff", yellow: "#1f1a14" };
const LEVEL = ["#f4eedb", "#dcc99b", "#b89d62"];
const OUT = "#d4d0c8";
const CUBE = { fill: ["#1f1a14", "#2e7d32", "#ffffff"], ink: ["#ffffff", "#ffffff", "#1f1a14"] };
const RIVER = "#2f7fc1";
const COAST = "#5a3e1b";

function text(x, y, content, attrs = {}) {
  return s(
    "text",
    { x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": FONT, fill: INK_DARK, ...attrs },
    content,
  );
}

function title(words) {
  return s("title", {}, words);
}

/** A piece's width: wider for a two-letter mark ("An", "A1"), so the mark stays inside. */
function pieceWidth(player, size) {
  return player && player.mark.length > 1 ? size + 6 : size;
}

/** A player's piece: a pawn (round) or a plantation (square tile), with their mark. */
function piece(kind, x, y, player, size = 17) {
  const colour = player ? player.colour : "";
  const fill = FILL[colour] || "#cccccc";
  const width = pieceWidth(player, size);
  const box = { x: x - width / 2, y: y - size / 2, width, height: size, fill, stroke: INK_DARK, "stroke-width": 1.5 };
  const shape =
    kind === "pawn"
      ? width === size
        ? s("circle", { cx: x, cy: y, r: size / 2, fill, stroke: INK_DARK, "stroke-width": 1.5 })
        : s("rect", { ...box, rx: size / 2 })
      : s("rect", { ...box, rx: 3 });
  return s(
    "g",
    { class: `c-${kind}`, dataset: { seat: player ? String(player.seat) : "" } },
    shape,
    text(x, y + 0.5, player ? player.mark : "?", { "font-weight": 700, fill: INK[colour] || INK_DARK, class: "c-mark" }),
  );
}

/** The six corners, clockwise from the top; `inset` draws a smaller hex inside. */
function corners(cx, cy, inset = 0) {
  const w = HEX_W / 2 - inset;
  const r = HEX_R - inset * 1.2;
  return [
    [cx, cy - r],
    [cx + w, cy - r / 2],
    [cx + w, cy + r / 2],
    [cx, cy + r],
    [cx - w, cy + r / 2],
    [cx - w, cy - r / 2],
  ];
}

// The neighbour across each side (top-right, right, bottom-right, bottom-left,
// left, top-left) in "odd-r" offset coordinates: odd rows are shifted right.
function across(col, row, side) {
  const odd = row & 1;
  const steps = [
    [odd ? 1 : 0, -1],
    [1, 0],
    [odd ? 1 : 0, 1],
    [odd ? 0 : -1, 1],
    [-1, 0],
    [odd ? 0 : -1, -1],
  ];
  return [col + steps[side][0], row + steps[side][1]];
}

function centre(hex, top) {
  return [EDGE + HEX_W / 2 + hex.col * HEX_W + (hex.row & 1 ? HEX_W / 2 : 0), top + HEX_R + hex.row * ROW];
}

// Where the pieces of a hex stand: the plantation on the left of the middle
// band, pawns beside it, then beside the level when more share the hex. Five
// pieces (a plantation and four pawns) overlap a little, never on an id or level.
const SLOTS_WITH = [[11, 1], [14, 15], [-14, 15]];
const SLOTS_WITHOUT = [[-11, 1], [11, 1], [14, 15], [-14, 15]];
const SLOTS_FULL = [[14, 1], [14, 16], [-14, 16], [0, 1]];

/** A hex as a place: its shade (the level) and, during a harvest, its reach. */
function hexShape(hex, cx, cy) {
  const pts = corners(cx, cy).map((p) => p.join(",")).join(" ");
  const fill = hex.in_play ? LEVEL[hex.level] || LEVEL[0] : OUT;
  const parts = [
    title(pick(hex.title)),
    s("polygon", { points: pts, fill, stroke: "#8a7658", "stroke-width": 1.2 }),
  ];
  if (hex.reach) {
    const inner = corners(cx, cy, 4).map((p) => p.join(",")).join(" ");
    parts.push(s("polygon", { class: "c-reach", points: inner, fill: "none", stroke: INK_DARK, "stroke-width": 2, "stroke-dasharray": "4 3" }));
  }
  const attrs = {
    class: `c-hex${hex.in_play ? "" : " c-out"}`,
    dataset: { hex: hex.id, district: hex.district, level: String(hex.level) },
  };
  if (hex.in_play) attrs.dataset.place = `hex:${hex.id}`;
  return s("g", attrs, parts);
}

/** What stands on a hex, drawn above the rivers: its id, its level (a badge from level 1 up:
 *  the shade tells level 0, the legend says so), its plantation, its pawns. */
function hexPieces(hex, cx, cy, players) {
  const parts = [text(cx, cy - 16, hex.id, { "font-weight": 700, class: "c-hex-id" })];
  if (hex.in_play && hex.level >= 1) {
    parts.push(
      s(
        "g",
        { class: "c-level-badge" },
        s("circle", { cx, cy: cy + 18, r: 7.5, fill: "#ffffff", stroke: "#5a4e40", "stroke-width": 1 }),
        text(cx, cy + 18.5, String(hex.level), { "font-weight": 700, class: "c-level" }),
      ),
    );
  }
  const full = hex.plantation && hex.pawns.length > SLOTS_WITH.length;
  if (hex.plantation) {
    const owner = players[hex.plantation.seat];
    const px = cx + (full ? -14 : -11);
    if (hex.plantation.markers > 1) {
      // the second leaf marker: a tile showing behind the first
      const width = pieceWidth(owner, 17);
      parts.push(s("rect", { x: px - width / 2 + 3, y: cy + 1 - 8.5 - 3, width, height: 17, rx: 3, fill: FILL[owner && owner.colour] || "#cccccc", stroke: INK_DARK, "stroke-width": 1.5 }));
    }
    parts.push(piece("plantation", px, cy + 1, owner));
  }
  const slots = full ? SLOTS_FULL : hex.plantation ? SLOTS_WITH : SLOTS_WITHOUT;
  hex.pawns.forEach((seat, i) => {
    const [dx, dy] = slots[Math.min(i, slots.length - 1)];
    parts.push(piece("pawn", cx + dx, cy + dy, players[seat]));
  });
  return s("g", { class: "c-on", dataset: { hex: hex.id } }, parts);
}

/** The lines between hexes: rivers between districts, the coast around the island. */
function borders(hexes, top) {
  const at = new Map(hexes.map((x) => [`${x.col},${x.row}`, x]));
  const lines = [];
  for (const hex of hexes) {
    const [cx, cy] = centre(hex, top);
    const pts = corners(cx, cy);
    for (let side = 0; side < 6; side += 1) {
      const [c, r] = across(hex.col, hex.row, side);
      const other = at.get(`${c},${r}`);
      const [a, b] = [pts[side], pts[(side + 1) % 6]];
      if (!other) {
        lines.push(s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: COAST, "stroke-width": 2.5, "stroke-linecap": "round" }));
      } else if (other.district !== hex.district && hex.id < other.id) {
        lines.push(s("line", { class: "c-river", x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: RIVER, "stroke-width": 5, "stroke-linecap": "round" }));
      }
    }
  }
  return s("g", { class: "c-borders", "pointer-events": "none" }, lines);
}

function advisorBox(district, x0, x1, y, players) {
  const width = x1 - x0;
  const name = pick(district.name);
  const advisor = pick(district.advisor_name);
  // the discs of those who hired the advisor, from the box's right end
  const step = Math.max(...players.map((p) => pieceWidth(p, 18))) + 4;
  const discs = district.hired.map((seat, i) => piece("pawn", x1 - 4 - step / 2 - i * step, y + 14, players[seat], 18));
  const dataset = { district: district.id, advisor: district.advisor || "" };
  if (district.in_play) dataset.place = `district:${district.id}`; // one out of play is never asked for
  return s(
    "g",
    { class: `c-district${district.in_play ? "" : " c-out"}`, dataset },
    title(`${name} · ${advisor}: ${pick(district.ability)} (${pick(district.hired_label)})`),
    s("rect", { x: x0, y, width, height: BOX_H - 4, rx: 6, fill: district.in_play ? "#fffaf0" : OUT, stroke: COAST, "stroke-width": 1.5 }),
    text(x0 + 8, y + 12, name, { "text-anchor": "start", "font-weight": 700, class: "c-district-name" }),
    text(x0 + 8, y + 30, advisor, { "text-anchor": "start", class: "c-advisor" }),
    discs,
  );
}

function island(drawing) {
  const map = drawing.map;
  const players = drawing.players;
  const hexes = map.hexes;
  const middle = (map.rows - 1) / 2;
  const byDistrict = new Map();
  for (const hex of hexes) {
    if (!byDistrict.has(hex.district)) byDistrict.set(hex.district, []);
    byDistrict.get(hex.district).push(hex);
  }
  const above = (id) => {
    const list = byDistrict.get(id) || [];
    return list.reduce((sum, x) => sum + x.row, 0) / Math.max(1, list.length) < middle;
  };
  const top = EDGE + (drawing.districts.some((d) => above(d.id)) ? BOX_H : 0);
  const mapBottom = top + 2 * HEX_R + (map.rows - 1) * ROW;
  const height = mapBottom + (drawing.districts.some((d) => !above(d.id)) ? BOX_H : 0) + EDGE;
  const boxes = drawing.districts.map((d) => {
    const list = byDistrict.get(d.id) || [];
    if (!list.length) return null;
    const up = above(d.id);
    const edgeRow = up ? Math.min(...list.map((x) => x.row)) : Math.max(...list.map((x) => x.row));
    const xs = list.filter((x) => x.row === edgeRow).map((x) => centre(x, top)[0]);
    const x0 = Math.min(...xs) - HEX_W / 2 + 2;
    const x1 = Math.max(...xs) + HEX_W / 2 - 2;
    return advisorBox(d, x0, x1, up ? EDGE : mapBottom + 4, players);
  });
  const width = EDGE * 2 + map.columns * HEX_W + HEX_W / 2;
  return s(
    "svg",
    { class: "c-map", viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img", "aria-label": pick(drawing.title) },
    boxes,
    s("g", { class: "c-hexes" }, hexes.map((x) => hexShape(x, ...centre(x, top)))),
    borders(hexes, top),
    // above the rivers; a tap goes through to the hex underneath
    s("g", { class: "c-pieces", "pointer-events": "none" }, hexes.map((x) => hexPieces(x, ...centre(x, top), players))),
  );
}

function legend(drawing) {
  const map = drawing.map;
  const swatch = (level) =>
    s(
      "svg",
      { width: 26, height: 22, viewBox: "0 0 26 22", "aria-hidden": "true" },
      s("rect", { x: 1, y: 1, width: 24, height: 20, rx: 3, fill: LEVEL[level], stroke: COAST }),
      level ? text(13, 11.5, String(level), { "font-weight": 700 }) : null,
    );
  const icon = (kind) =>
    s("svg", { width: 26, height: 22, viewBox: "0 0 26 22", "aria-hidden": "true" }, piece(kind, 13, 11, drawing.players[0]));
  const items = [
    h("span", { class: "c-key" }, pick(map.levels_label), ":", [0, 1, 2].map((n) => swatch(n))),
    map.legend.level_zero ? h("span", { class: "c-key c-level-zero" }, swatch(0), pick(map.legend.level_zero)) : null,
    h("span", { class: "c-key" }, icon("plantation"), pick(map.legend.plantation)),
    h("span", { class: "c-key" }, icon("pawn"), pick(map.legend.pawn)),
  ];
  if (map.legend.reach) {
    items.push(
      h(
        "span",
        { class: "c-key" },
        s("svg", { width: 22, height: 22, viewBox: "0 0 22 22", "aria-hidden": "true" }, s("rect", { x: 2, y: 2, width: 18, height: 18, fill: "none", stroke: INK_DARK, "stroke-width": 2, "stroke-dasharray": "4 3" })),
        pick(map.legend.reach),
      ),
    );
  }
  return h("p", { class: "c-legend" }, items);
}

function advisors(drawing) {
  return h(
    "ul",
    { class: "c-advisors", "aria-label": pick(drawing.advisors_label) },
    drawing.districts.map((d) =>
      h(
        "li",
        { dataset: { district: d.id } },
        h("strong", {}, pick(d.name)),
        ": ",
        d.in_play ? `${pick(d.ability)} (${pick(d.hired_label)})` : pick(d.advisor_name),
      ),
    ),
  );
}

function cube(x, y, level, words) {
  return s(
    "g",
    { class: "c-cube", dataset: { level: String(level) } },
    title(pick(words[level])),
    s("rect", { x, y, width: 18, height: 18, rx: 2, fill: CUBE.fill[level], stroke: INK_DARK, "stroke-width": 1.5 }),
    text(x + 9, y + 9.5, String(level), { "font-weight": 700, fill: CUBE.ink[level] }),
  );
}

function train(drawing) {
  const t = drawing.train;
  const step = (WIDTH - 2 * EDGE + GAP) / Math.max(1, t.wagons.length);
  const width = step - GAP;
  const wagons = t.wagons.map((w, i) => {
    const x = EDGE + i * step;
    const mid = x + width / 2;
    const c = w.contract;
    const inside = [];
    if (c) {
      const cubes = [];
      c.cubes.forEach((n, level) => {
        for (let k = 0; k < n; k += 1) cubes.push(level);
      });
      const start = mid - (cubes.length * 22 - 4) / 2;
      inside.push(
        text(mid, 18, pick(c.company_label), { "font-weight": 700, class: "c-company" }),
        cubes.map((level, k) => cube(start + k * 22, 30, level, t.tea_words)),
        text(mid, 64, pick(c.rupees_label)),
        text(mid, 82, pick(c.points_label)),
      );
    } else {
      inside.push(text(mid, 48, pick(t.empty), { class: "c-empty" }));
    }
    return s(
      "g",
      { class: "c-wagon", dataset: { place: `wagon:${w.wagon}`, contract: c ? c.id : "" } },
      title(`${pick(w.label)}: ${c ? `${pick(c.company_label)}, ${pick(c.rupees_label)} ${pick(c.points_label)}` : pick(t.empty)}`),
      s("rect", { x, y: 2, width, height: 92, rx: 6, fill: c ? "#f3e3c0" : "#f7f1e3", stroke: COAST, "stroke-width": 2, "stroke-dasharray": c ? null : "5 4" }),
      s("circle", { cx: x + 22, cy: 98, r: 6, fill: COAST }),
      s("circle", { cx: x + width - 22, cy: 98, r: 6, fill: COAST }),
      inside,
      text(mid, 116, pick(w.label), { class: "c-wagon-label" }),
    );
  });
  return h(
    "figure",
    { class: "c-part c-train" },
    h("h3", {}, pick(t.label)),
    s("svg", { viewBox: `0 0 ${WIDTH} 126`, width: "100%", role: "img", "aria-label": pick(t.label) }, wagons),
    h("p", { class: "c-note" }, pick(t.left_label)),
  );
}

function techTrack(drawing) {
  const tech = drawing.tech;
  const players = drawing.players;
  const spaces = tech.last + 1;
  const cell = (WIDTH - 2 * EDGE) / spaces;
  const tallest = Math.max(1, ...Array.from({ length: spaces }, (_, n) => tech.discs.filter((d) => d.space === n).length));
  const height = 48 + tallest * 26 + 4;
  const cells = [];
  for (let n = 0; n < spaces; n += 1) {
    const x = EDGE + n * cell;
    const scoring = tech.spaces.includes(n);
    cells.push(
      s(
        "g",
        { class: "c-tech-space", dataset: { space: String(n) } },
        scoring ? title(pick(tech.points_label)) : null,
        s("rect", { x: x + 1, y: 2, width: cell - 2, height: 40, rx: 4, fill: n === 0 ? "#cfe8cf" : scoring ? "#f3e3c0" : "#fffaf0", stroke: COAST, "stroke-width": 1.2 }),
        text(x + cell / 2, 14, String(n), { "font-weight": 700 }),
        scoring ? text(x + cell / 2, 32, `+${tech.points}`, { fill: "#7a5510", "font-weight": 700, class: "c-plus" }) : null,
      ),
    );
    // the disc on top of a shared space (the highest order) is drawn first, at the top
    const here = tech.discs.filter((d) => d.space === n).sort((a, b) => b.order - a.order);
    here.forEach((d, k) => cells.push(piece("pawn", x + cell / 2, 60 + k * 26, players[d.seat], 22)));
  }
  return h(
    "figure",
    { class: "c-part c-tech" },
    h("h3", {}, pick(tech.label)),
    s("svg", { viewBox: `0 0 ${WIDTH} ${height}`, width: "100%", role: "img", "aria-label": pick(tech.label) }, cells),
  );
}

function bonuses(drawing) {
  const b = drawing.bonuses;
  const players = drawing.players;
  const nextLeft = b.tiles.find((tile) => tile.left);
  const tiles = b.tiles.map((tile, i) => {
    const x = EDGE + i * 62;
    const owner = tile.seat === null || tile.seat === undefined ? null : players[tile.seat];
    return s(
      "g",
      { class: "c-bonus", dataset: { points: String(tile.points), seat: owner ? String(owner.seat) : "" } },
      title(pick(tile.label)),
      s("rect", { x, y: 4, width: 44, height: 44, rx: 6, fill: tile.left ? "#f3e3c0" : "#f7f1e3", stroke: tile === nextLeft ? "#7a5510" : COAST, "stroke-width": tile === nextLeft ? 3 : 1.5, "stroke-dasharray": tile.left ? null : "5 4" }),
      text(x + 22, 26, String(tile.points), { "font-size": 18, "font-weight": 700 }),
      owner ? piece("pawn", x + 46, 46, owner, 20) : null,
    );
  });
  return h(
    "figure",
    { class: "c-part c-bonuses" },
    h("h3", {}, pick(b.label)),
    s("svg", { viewBox: `0 0 ${WIDTH} 60`, width: "100%", role: "img", "aria-label": pick(b.label) }, tiles),
  );
}

function card(drawing) {
  const c = drawing.card;
  return h(
    "figure",
    { class: "c-part c-card-in-play", dataset: { face: c ? c.face : "" } },
    h("h3", {}, pick(drawing.card_label)),
    c
      ? h(
          "div",
          { class: "c-card" },
          h("p", { class: "c-card-active", dataset: { action: c.active_action } }, pick(c.active_label)),
          h("p", { class: "c-card-others" }, pick(c.others_label)),
        )
      : null,
    h("p", { class: "c-note" }, pick(drawing.deck_label)),
  );
}

function player(p, drawing) {
  const icons = s(
    "svg",
    { width: 52, height: 22, viewBox: "0 0 52 22", "aria-hidden": "true" },
    piece("pawn", 13, 11, p),
    piece("plantation", 39, 11, p),
  );
  const tea = p.cubes.map((n, level) =>
    h(
      "span",
      { class: "c-key", dataset: { level: String(level) } },
      s("svg", { width: 22, height: 22, viewBox: "0 0 22 22", "aria-hidden": "true" }, cube(2, 2, level, drawing.train.tea_words)),
      `×${n}`,
    ),
  );
  return h(
    "div",
    { class: "c-player", dataset: { seat: String(p.seat) } },
    h("p", { class: "c-who" }, icons, h("span", {}, `${p.name} (${pick(p.colour_name)}) · ${pick(p.points_label)}`), p.first ? h("span", { class: "c-first" }, pick(p.first_label)) : null),
    h("p", { class: "c-board-row" }, pick(p.rupees_label), " · ", pick(p.tokens_label), " · ", pick(p.markers_label), " · ", pick(p.hand_label)),
    h("p", { class: "c-board-row c-tea" }, h("span", {}, `${pick(p.tea_label)}:`), tea),
    h("p", { class: "c-board-row" }, pick(p.companies_label), p.start_label ? ` · ${pick(p.start_label)}` : ""),
  );
}

/** The board drawing as one panel, to go above the worded panels. */
export function drawCeylon(drawing) {
  return h(
    "section",
    { class: `g-panel c-drawing${drawing.ending ? " c-ending" : ""}`, id: "drawing", dataset: { game: "ceylon" } },
    h("h2", {}, pick(drawing.title), " · ", pick(drawing.status)),
    h("div", { class: "c-island" }, island(drawing), legend(drawing), advisors(drawing)),
    h("div", { class: "c-parts" }, card(drawing), train(drawing), techTrack(drawing), bonuses(drawing)),
    h("div", { class: "c-players" }, drawing.players.map((p) => player(p, drawing))),
  );
}
