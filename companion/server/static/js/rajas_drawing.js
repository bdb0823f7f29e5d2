// A drawing of Rajas of the Ganges' public board (`board.drawing`, built by the
// server in companion/games/rajas/drawing.py): the race of every player's fame
// and money markers and how far they still are from meeting, the action spaces
// (quarry, market, palace, harbour) with the worker on each, the river with the
// boats, the province tiles on show, the building scrolls with every player's
// cube and one province board per player with its tiles and roads. Every word
// arrives as an {en, es} pair; every piece of a player carries their mark (a
// letter) as well as their colour. Places a player may be asked for carry
// data-place (space:Q1, square:B1, stack:blue-cow, building:temple) for
// picking.js. SVGs are drawn at their pixel size, none wider than 336 px.

import { PIECE_HEX } from "./colours.js";
import { h, s } from "./dom.js";
import { pick } from "./i18n.js";

const PLAYER = PIECE_HEX; // the players' colours, as every other page draws them (colours.js)
const PLAYER_INK = { red: "#ffffff", blue: "#ffffff", green: "#ffffff", yellow: "#111111" };
const DIE = { blue: "#1f5fae", green: "#2e7d32", orange: "#f08a24", purple: "#6a2c91" };
const DIE_INK = { blue: "#ffffff", green: "#ffffff", orange: "#111111", purple: "#ffffff" };
const TINT = { blue: "#dbe7f8", green: "#dcf0dd", orange: "#fde6cf", purple: "#ece0f5" };
const PAPER = "#f3ead6";
const EDGE = "#8a7658";
const INK = "#1f1a14";
const ROAD = "#9b7a4c";
const FONT = 12;

function text(x, y, content, attrs = {}) {
  return s("text", { x, y, "font-size": FONT, fill: INK, "dominant-baseline": "middle", ...attrs }, content);
}

/** A player's piece: a disc (worker, money marker) or a square (fame marker, cube) with their mark. */
function piece(cx, cy, p, { r = 12, shape = "disc", label = null } = {}) {
  const fill = PLAYER[p.colour] || "#cccccc";
  const body =
    shape === "disc"
      ? s("circle", { cx, cy, r, fill, stroke: INK, "stroke-width": 1.5 })
      : s("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, rx: 3, fill, stroke: INK, "stroke-width": 1.5 });
  return s(
    "g",
    { class: "r-piece", dataset: { seat: String(p.seat) } },
    s("title", {}, label || `${p.name} (${pick(p.colour_name)})`),
    body,
    text(cx, cy + 1, p.mark, { "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: PLAYER_INK[p.colour] || INK }),
  );
}

function pieceIcon(p, shape = "disc") {
  return s("svg", { width: 26, height: 26, viewBox: "0 0 26 26", "aria-hidden": "true" }, piece(13, 13, p, { shape }));
}

function die(x, y, colour, value, size = 22) {
  const fill = colour ? DIE[colour] : "#ffffff";
  return s(
    "g",
    { class: "r-die" },
    s("rect", { x, y, width: size, height: size, rx: 4, fill, stroke: INK, "stroke-width": 1.2 }),
    value === null || value === undefined ? null : text(x + size / 2, y + size / 2 + 1, String(value), { "text-anchor": "middle", "font-weight": 700, fill: colour ? DIE_INK[colour] : INK }),
  );
}

/** A reward as a small badge: money a coin, fame a star, karma a lotus, a die, an upgrade arrow. */
function badge(cx, cy, reward) {
  const parts = [s("title", {}, pick(reward.label))];
  const n = reward.amount > 1 ? String(reward.amount) : "";
  const kind = reward.kind;
  if (kind === "money") {
    parts.push(s("circle", { cx, cy, r: 9, fill: "#f2c94c", stroke: INK, "stroke-width": 1 }), text(cx, cy + 1, String(reward.amount), { "text-anchor": "middle", "font-weight": 700 }));
  } else if (kind === "fame") {
    const pts = [];
    for (let i = 0; i < 10; i += 1) {
      const a = (Math.PI / 5) * i - Math.PI / 2;
      const rr = i % 2 ? 6.5 : 12.5;
      pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
    }
    parts.push(s("polygon", { points: pts.join(" "), fill: "#ffe9a8", stroke: INK, "stroke-width": 1 }), text(cx, cy + 1.5, String(reward.amount), { "text-anchor": "middle", "font-weight": 700 }));
  } else if (kind === "karma") {
    parts.push(s("circle", { cx, cy, r: 9, fill: "#e9d6f7", stroke: INK, "stroke-width": 1 }), text(cx, cy + 1, String(reward.amount), { "text-anchor": "middle", "font-weight": 700 }));
  } else if (kind === "die" || kind.startsWith("die-")) {
    const colour = kind.startsWith("die-") ? kind.slice(4) : null;
    parts.push(die(cx - 9, cy - 9, colour, colour ? "+" : "?", 18));
  } else if (kind === "upgrade") {
    parts.push(s("polygon", { points: `${cx},${cy - 10} ${cx + 9},${cy + 8} ${cx - 9},${cy + 8}`, fill: "#cfe8d0", stroke: INK, "stroke-width": 1 }), text(cx, cy + 2, "↑", { "text-anchor": "middle", "font-weight": 700 }));
  } else {
    parts.push(s("circle", { cx, cy, r: 9, fill: "#ffffff", stroke: INK, "stroke-width": 1 }), text(cx, cy + 1, n || "+", { "text-anchor": "middle", "font-weight": 700 }));
  }
  return s("g", { class: "r-badge", dataset: { kind } }, parts);
}

// -- the race ------------------------------------------------------------------

const RACE_W = 320;

function raceRow(row, p, race, y) {
  const left = 14;
  const width = RACE_W - 2 * left;
  const at = (value) => left + ((value - race.low) / (race.high - race.low)) * width;
  const trackY = y + 40;
  const fameX = at(row.fame);
  const moneyX = at(row.money_at);
  // Two markers closer than a piece's width are drawn side by side (in their order),
  // each with a stroke down to its exact place on the track.
  let fameAt = fameX;
  let moneyAt = moneyX;
  if (Math.abs(fameX - moneyX) < 23) {
    const mid = (fameX + moneyX) / 2;
    const sign = fameX <= moneyX ? -1 : 1;
    fameAt = mid + sign * 11.5;
    moneyAt = mid - sign * 11.5;
  }
  const met = row.to_meet <= 0;
  const ticks = [];
  for (let v = Math.ceil(race.low / 10) * 10; v <= race.high; v += 10) {
    ticks.push(s("line", { x1: at(v), x2: at(v), y1: trackY - 4, y2: trackY + 4, stroke: EDGE, "stroke-width": 1 }));
    ticks.push(text(at(v), trackY + 14, String(v), { "text-anchor": "middle", fill: "#5a4e40" }));
  }
  return s(
    "g",
    { class: "r-race-row", dataset: { seat: String(row.seat), fame: String(row.fame), money: String(row.money), toMeet: String(row.to_meet) } },
    text(0, y + 8, `${p.name} (${p.mark}) · ${pick(row.fame_label)} · ${pick(row.money_label)}`, { "font-weight": 700 }),
    text(0, y + 70, pick(row.label), { class: "r-gap", "font-weight": 600, fill: met ? "#1f6b25" : "#5a4e40" }),
    s("line", { x1: left, x2: left + width, y1: trackY, y2: trackY, stroke: "#c9b894", "stroke-width": 6, "stroke-linecap": "round" }),
    s("line", { x1: Math.min(fameX, moneyX), x2: Math.max(fameX, moneyX), y1: trackY, y2: trackY, stroke: met ? "#2e7d32" : "#7a5510", "stroke-width": 4, "stroke-dasharray": met ? null : "5 4" }),
    ticks,
    s("line", { x1: moneyAt, y1: trackY - 5, x2: moneyX, y2: trackY, stroke: INK, "stroke-width": 1.5 }),
    s("line", { x1: fameAt, y1: trackY - 5, x2: fameX, y2: trackY, stroke: INK, "stroke-width": 1.5 }),
    piece(moneyAt, trackY - 15, p, { r: 10, shape: "disc", label: `${p.name}: ${pick(row.money_label)}` }),
    piece(fameAt, trackY - 15, p, { r: 10, shape: "square", label: `${p.name}: ${pick(row.fame_label)}` }),
  );
}

function racePanel(drawing, owners) {
  const race = drawing.race;
  const rowH = 88;
  const height = race.rows.length * rowH;
  const legendFame = drawing.players[0];
  return h(
    "figure",
    { class: "r-fig r-race", dataset: { part: "race" } },
    h("h3", {}, pick(race.title)),
    h("p", { class: "r-label" }, pick(race.note)),
    legendFame
      ? h(
          "ul",
          { class: "r-legend" },
          h("li", {}, pieceIcon(legendFame, "square"), pick(drawing.words.fame)),
          h("li", {}, pieceIcon(legendFame, "disc"), pick(drawing.words.money)),
        )
      : null,
    s(
      "svg",
      { width: RACE_W, height, viewBox: `0 0 ${RACE_W} ${height}`, role: "img", "aria-label": pick(race.title) },
      race.rows.map((row, i) => raceRow(row, owners.get(row.seat), race, i * rowH)),
    ),
  );
}

// -- action spaces -------------------------------------------------------------

const CELL_W = 76;
const CELL_H = 64;
const STEP_X = 80;
const STEP_Y = 68;
const CHAMBER_STEP = 106; // the palace's chambers: three a row, their names on two lines

function spaceCell(space, owners, words) {
  const step = space.kind === "chamber" ? CHAMBER_STEP : STEP_X;
  const cellW = step - (STEP_X - CELL_W);
  const x = space.col * step;
  const y = space.row * STEP_Y;
  const worker = space.worker === null || space.worker === undefined ? null : owners.get(space.worker);
  const title = worker ? `${pick(space.title)} · ${pick(words.worker_of).replace("{name}", worker.name)}` : pick(space.title);
  const parts = [
    s("title", {}, title),
    s("rect", { x, y, width: cellW, height: CELL_H, rx: 6, fill: space.covered ? "#ddd5c4" : PAPER, stroke: EDGE, "stroke-width": 1.5 }),
  ];
  const bold = space.kind !== "swap"; // "2 naranjas" in bold would not fit its box
  space.lines.forEach((line, i) => parts.push(text(x + 6, y + 12 + i * 14, pick(line), { "font-weight": i === 0 && bold ? 700 : 500 })));
  if (space.covered) {
    parts.push(text(x + 6, y + 48, pick(words.covered), { fill: "#4a3f33", "font-style": "italic" }));
    return s("g", { class: "r-space covered", dataset: { space: space.id } }, parts);
  }
  const by = y + 48;
  if (space.money) parts.push(badge(x + 16, by, { kind: "money", amount: space.money, label: space.title }));
  if (space.kind === "chamber") parts.push(die(x + 5, by - 11, null, space.die_value));
  if (space.kind === "take" && space.gain_colour) parts.push(die(x + 5, by - 11, space.gain_colour, "+"));
  if (space.kind === "swap") parts.push(die(x + 5, by - 11, space.dice_colour, null), die(x + 14, by - 8, space.dice_colour, null, 16));
  if ((space.kind === "harbour" || space.kind === "single") && !space.money) parts.push(die(x + 5, by - 11, null, "?"));
  if (space.kind === "harbour") parts.push(die(x + 30, by - 9, null, "?", 18));
  const wx = x + cellW - 18;
  parts.push(worker ? piece(wx, by, worker) : s("circle", { cx: wx, cy: by, r: 11, fill: "none", stroke: EDGE, "stroke-width": 1.2, "stroke-dasharray": "3 3" }));
  return s("g", { class: "r-space", dataset: { place: space.place, space: space.id, worker: worker ? String(worker.seat) : "" } }, parts);
}

function areaPanel(area, owners, words) {
  const rows = Math.max(...area.spaces.map((sp) => sp.row)) + 1;
  const width = Math.max(...area.spaces.map((sp) => (sp.col + 1) * (sp.kind === "chamber" ? CHAMBER_STEP : STEP_X))) - (STEP_X - CELL_W);
  const height = (rows - 1) * STEP_Y + CELL_H;
  return h(
    "figure",
    { class: "r-fig r-area", dataset: { area: area.key } },
    h("h3", {}, pick(area.title)),
    s("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": pick(area.title) }, area.spaces.map((sp) => spaceCell(sp, owners, words))),
  );
}

// -- the river -----------------------------------------------------------------

function riverPanel(river, owners, words) {
  return h(
    "figure",
    { class: "r-fig r-riverfig", dataset: { part: "river" } },
    h("h3", {}, pick(river.title)),
    h(
      "ol",
      { class: "r-river" },
      river.spaces.map((space) => {
        const boats = space.boats.map((seat) => owners.get(seat)).filter(Boolean);
        const width = Math.max(1, boats.length) * 26;
        return h(
          "li",
          { class: space.bridge ? "bridge" : "", dataset: { river: String(space.index), boats: boats.map((b) => b.mark).join(" ") } },
          s(
            "svg",
            { width: 30, height: 30, viewBox: "0 0 30 30", "aria-hidden": "true" },
            space.many ? s("ellipse", { cx: 15, cy: 15, rx: 14, ry: 11, fill: "#bfdcef", stroke: "#2b5d80", "stroke-width": 1.5 }) : s("circle", { cx: 15, cy: 15, r: 13, fill: "#bfdcef", stroke: "#2b5d80", "stroke-width": 1.5 }),
            text(15, 16, String(space.index), { "text-anchor": "middle", "font-weight": 700 }),
          ),
          h("span", { class: "r-reward" }, pick(space.label)),
          boats.length
            ? s(
                "svg",
                { width, height: 26, viewBox: `0 0 ${width} 26`, role: "img", "aria-label": pick(words.boats_here).replace("{names}", boats.map((b) => b.name).join(", ")) },
                boats.map((b, i) => piece(13 + i * 26, 13, b, { r: 11, label: `${b.name}: ${pick(words.boat)}` })),
              )
            : null,
        );
      }),
    ),
  );
}

// -- tiles, stacks and provinces -----------------------------------------------

const SIDE_XY = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

/** A province tile's face at (x, y), `size` across: its roads, buildings and markets. */
function tileFace(x, y, size, tile, { cost = false } = {}) {
  const cx = x + size / 2;
  const cy = y + size / 2;
  const parts = [
    s("title", {}, `${tile.id} · ${pick(tile.colour_name)}${tile.rotation ? ` · ${tile.rotation}°` : ""}`),
    s("rect", { x, y, width: size, height: size, rx: 4, fill: TINT[tile.colour] || PAPER, stroke: DIE[tile.colour] || EDGE, "stroke-width": 2 }),
  ];
  for (const side of tile.roads) {
    const [dx, dy] = SIDE_XY[side];
    parts.push(s("line", { x1: cx, y1: cy, x2: cx + (dx * size) / 2, y2: cy + (dy * size) / 2, stroke: ROAD, "stroke-width": 7, "stroke-linecap": "butt", class: "r-road", dataset: { side } }));
  }
  parts.push(s("circle", { cx, cy, r: 4.5, fill: ROAD }));
  parts.push(s("rect", { x: x + 2, y: y + 2, width: Math.ceil(tile.id.length * 8) + 4, height: 15, rx: 3, fill: "#ffffff", "fill-opacity": 0.9 }), text(x + 4, y + 10, tile.id, { "font-weight": 700 }));
  if (cost) parts.push(die(x + size - 20, y + 2, tile.colour, tile.cost, 18));
  // Buildings (a letter in a house) and markets (goods and value in a pill) along the
  // bottom, left to right, a row higher when the bottom row is full.
  const marks = [
    ...tile.buildings.map((b) => ({ width: 16, draw: (bx, by) => s("g", { class: "r-building" }, s("title", {}, pick(b.label)), s("rect", { x: bx, y: by - 8, width: 16, height: 16, rx: 2, fill: "#fff6e0", stroke: INK, "stroke-width": 1 }), text(bx + 8, by + 1, pick(b.code), { "text-anchor": "middle", "font-weight": 700 })) })),
    ...tile.markets.map((m) => {
      const label = pick(m.code);
      const width = Math.ceil(label.length * 6.8) + 6;
      return { width, draw: (bx, by) => s("g", { class: "r-market" }, s("title", {}, pick(m.label)), s("rect", { x: bx, y: by - 8, width, height: 16, rx: 7, fill: "#ffffff", stroke: INK, "stroke-width": 1 }), text(bx + 3, by + 1, label, { "font-weight": 600 })) };
    }),
  ];
  let bx = x + 2;
  let by = y + size - 10;
  for (const mark of marks) {
    if (bx + mark.width > x + size - 1 && bx > x + 2) {
      bx = x + 2;
      by -= 18;
    }
    parts.push(mark.draw(bx, by));
    bx += mark.width + 2;
  }
  return s("g", { class: "r-tile", dataset: { tile: tile.id, roads: tile.roads } }, parts);
}

/** The twelve stacks: a row per dice colour (its name above), a column per symbol. */
function stacksPanel(stacks) {
  const size = 58;
  const colW = 90;
  const rowH = 108;
  const width = 3 * colW - (colW - size) + 20;
  const height = 4 * rowH - 4;
  return h(
    "figure",
    { class: "r-fig r-stacks", dataset: { part: "stacks" } },
    h("h3", {}, pick(stacks.title)),
    s(
      "svg",
      { width, height, viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": pick(stacks.title) },
      stacks.stacks.map((st, i) => {
        const x = (i % 3) * colW;
        const row = Math.floor(i / 3) * rowH;
        const y = row + 18;
        const face = st.top ? tileFace(x, y, size, st.top, { cost: true }) : s("rect", { x, y, width: size, height: size, rx: 4, fill: "none", stroke: EDGE, "stroke-dasharray": "4 3" });
        return s(
          "g",
          { class: "r-stack", dataset: { place: st.place, stack: st.id, top: st.top ? st.top.id : "" } },
          s("title", {}, `${pick(st.label)}${st.top ? ` · ${st.top.id}` : ""} · ${pick(st.below_label)}`),
          i % 3 === 0 ? text(0, row + 7, pick(st.colour_name), { "font-weight": 700 }) : null,
          face,
          text(x, y + size + 11, pick(st.symbol_name)),
          text(x, y + size + 25, st.top || st.below ? pick(st.below_label) : pick(stacks.empty), { fill: "#5a4e40" }),
        );
      }),
    ),
  );
}

const CELL = 57; // a 5-cell province (321 px) fits the 322 px a 390 px phone gives it
const MARGIN = 18;

function provincePanel(prov, p, drawing) {
  const width = prov.width * CELL + 2 * MARGIN;
  const height = prov.height * CELL + 2 * MARGIN;
  const cells = prov.cells.map((cell, i) => {
    const x = MARGIN + (i % prov.width) * CELL;
    const y = MARGIN + Math.floor(i / prov.width) * CELL;
    const parts = [s("title", {}, cell.id)];
    if (cell.residence) {
      parts.push(
        s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, fill: "#f6d9b8", stroke: EDGE, "stroke-width": 1.5 }),
        ...["E", "S", "W"].map((side) => s("line", { x1: x + CELL / 2, y1: y + CELL / 2, x2: x + CELL / 2 + (SIDE_XY[side][0] * CELL) / 2, y2: y + CELL / 2 + (SIDE_XY[side][1] * CELL) / 2, stroke: ROAD, "stroke-width": 7 })),
        s("polygon", { points: `${x + CELL / 2},${y + 10} ${x + CELL / 2 + 15},${y + 24} ${x + CELL / 2 + 11},${y + 24} ${x + CELL / 2 + 11},${y + 38} ${x + CELL / 2 - 11},${y + 38} ${x + CELL / 2 - 11},${y + 24} ${x + CELL / 2 - 15},${y + 24}`, fill: "#9c1f18", stroke: INK, "stroke-width": 1 }),
        s("title", {}, pick(prov.residence_label)),
      );
    } else if (cell.tile) {
      parts.push(tileFace(x + 1, y + 1, CELL - 2, cell.tile));
    } else {
      parts.push(s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, fill: "#fbf6ea", stroke: "#cdbd98", "stroke-width": 1 }), text(x + CELL / 2, y + CELL / 2, cell.id, { "text-anchor": "middle", fill: "#6b5d4c" }));
    }
    const data = { cell: cell.id };
    if (cell.place) data.place = cell.place;
    return s("g", { class: `r-cell${cell.tile ? " tiled" : ""}`, dataset: data }, parts);
  });
  const yields = prov.yields.map((yd) => {
    const index = prov.cells.findIndex((c) => c.id === yd.cell);
    const x = MARGIN + (index % prov.width) * CELL + CELL / 2;
    const y = MARGIN + Math.floor(index / prov.width) * CELL + CELL / 2;
    const [dx, dy] = SIDE_XY[yd.side];
    const cx = x + dx * (CELL / 2 + MARGIN / 2);
    const cy = y + dy * (CELL / 2 + MARGIN / 2);
    const spread = yd.rewards.length > 1 ? 10 : 0;
    return s(
      "g",
      { class: "r-yield", dataset: { cell: yd.cell, side: yd.side } },
      s("title", {}, pick(yd.label)),
      yd.rewards.map((r, k) => badge(cx + (dy ? (k - 0.5) * 2 * spread : 0), cy + (dx ? (k - 0.5) * 2 * spread : 0), r)),
    );
  });
  return h(
    "figure",
    { class: "r-fig r-province", dataset: { seat: String(prov.seat) } },
    h("p", { class: "r-who" }, pieceIcon(p), h("span", {}, pick(prov.title))),
    s("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": pick(prov.title) }, cells, yields),
    h("p", { class: "r-facts" }, `${pick(p.karma_label)} · ${pick(p.workers_label)}`),
    h(
      "p",
      { class: "r-kali", dataset: { dice: p.dice.map((d) => d.values.map((v) => `${d.colour[0]}${v}`).join(" ")).join(" ") } },
      h("strong", {}, `${pick(drawing.words.kali)}:`),
      p.dice.length
        ? p.dice.map((d) =>
            h(
              "span",
              {},
              pick(d.colour_name),
              s("svg", { width: d.values.length * 24, height: 22, viewBox: `0 0 ${d.values.length * 24} 22`, "aria-hidden": "true" }, d.values.map((v, k) => die(k * 24, 0, d.colour, v))),
            ),
          )
        : h("span", {}, pick(drawing.words.no_dice)),
    ),
  );
}

function scrollsPanel(scrolls, owners) {
  const labelW = 80;
  const colW = 76;
  const rowH = 54;
  const width = labelW + scrolls.levels.length * colW;
  const height = 20 + scrolls.rows.length * rowH;
  return h(
    "figure",
    { class: "r-fig r-scrolls", dataset: { part: "scrolls" } },
    h("h3", {}, pick(scrolls.title)),
    s(
      "svg",
      { width, height, viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": pick(scrolls.title) },
      scrolls.levels.map((level, c) => text(labelW + c * colW + 26, 10, String(level), { "text-anchor": "middle", "font-weight": 700, "font-size": 14 })),
      scrolls.rows.map((row, r) => {
        const y = 20 + r * rowH;
        return s(
          "g",
          { class: "r-scroll", dataset: { place: row.place, building: row.key } },
          s("title", {}, pick(row.label)),
          s("rect", { x: 0, y: y + 2, width, height: rowH - 4, rx: 6, fill: PAPER, stroke: EDGE, "stroke-width": 1.2 }),
          text(6, y + rowH / 2, pick(row.label), { "font-weight": 700 }),
          row.cubes.map((seats, c) =>
            seats.map((seat, k) => {
              const p = owners.get(seat);
              return p ? piece(labelW + c * colW + 14 + (k % 2) * 26, y + 15 + Math.floor(k / 2) * 24, p, { r: 10, shape: "square" }) : null;
            }),
          ),
        );
      }),
    ),
  );
}

function legendPanel(drawing) {
  const legend = drawing.legend;
  const code = (c, shape) =>
    s(
      "svg",
      { width: shape === "pill" ? 30 : 18, height: 18, viewBox: `0 0 ${shape === "pill" ? 30 : 18} 18`, "aria-hidden": "true" },
      s("rect", { x: 1, y: 1, width: shape === "pill" ? 28 : 16, height: 16, rx: shape === "pill" ? 7 : 2, fill: shape === "pill" ? "#ffffff" : "#fff6e0", stroke: INK, "stroke-width": 1 }),
      text(shape === "pill" ? 15 : 9, 10, pick(c), { "text-anchor": "middle", "font-weight": 700 }),
    );
  return h(
    "figure",
    { class: "r-fig r-legendfig", dataset: { part: "legend" } },
    h("h3", {}, pick(drawing.words.legend)),
    h(
      "ul",
      { class: "r-legend" },
      legend.buildings.map((b) => h("li", {}, code(b.code, "house"), pick(b.label))),
      legend.goods.map((g) => h("li", {}, code(g.code, "pill"), pick(g.label))),
      legend.rewards.map((r) => h("li", {}, s("svg", { width: 24, height: 24, viewBox: "0 0 24 24", "aria-hidden": "true" }, badge(12, 12, { ...r, amount: r.kind === "die" || r.kind === "upgrade" ? 1 : "" })), pick(r.label))),
    ),
  );
}

/** The board drawing as one panel, to go above the worded panels. */
export function drawRajas(drawing) {
  const owners = new Map(drawing.players.map((p) => [p.seat, p]));
  const hand = drawing.tile_in_hand;
  return h(
    "section",
    { class: "g-panel r-drawing", id: "drawing", dataset: { game: "rajas" } },
    h("h2", {}, pick(drawing.title), " · ", pick(drawing.round_label)),
    drawing.elephant ? h("p", { class: "r-round" }, pick(drawing.elephant)) : null,
    h("div", { class: "r-row" }, racePanel(drawing, owners), drawing.areas.map((area) => areaPanel(area, owners, drawing.words))),
    riverPanel(drawing.river, owners, drawing.words),
    h(
      "div",
      { class: "r-row" },
      stacksPanel(drawing.stacks),
      hand
        ? h("figure", { class: "r-fig r-hand", dataset: { pickContext: "tile" } }, h("h3", {}, pick(hand.label)), s("svg", { width: 64, height: 64, viewBox: "0 0 64 64", "aria-hidden": "true" }, tileFace(2, 2, 60, hand.tile, { cost: true })))
        : null,
      scrollsPanel(drawing.scrolls, owners),
    ),
    h("div", { class: "r-row" }, drawing.provinces.map((prov) => provincePanel(prov, owners.get(prov.seat), drawing))),
    legendPanel(drawing),
  );
}
