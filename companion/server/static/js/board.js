// The main board drawn as SVG from the public game state (the view's "game")
// and the catalog: the four districts with their tiles, worker sections (and
// coins left there), elephants with their loads, the Maharajah spaces and his
// token, the donation tiles with every counter, the active temple tile and
// the market columns. North is at the top, as on the table.

import { s } from "./dom.js";
import { district, t } from "./i18n.js";
import { PLAYER_HEX } from "./render.js";

const WORKER_HEX = { Y: "#e8c547", B: "#4a78c2", W: "#f4f4ee", G: "#5aa05a" };
const RESOURCE_HEX = { marble: "#e6e3dc", copper: "#c87533", gold: "#e0b030" };
const ROMAN = ["", "I", "II", "III"];
const W = 1200;
const CARD_W = 310;
const CARD_H = 300;
// Top-left corner of each district's card.
const CARDS = { N: [445, 10], E: [880, 450], S: [445, 890], W: [10, 450] };
// Donation tile boxes around the temple, 190 x 110.
const LAKE = { N: [505, 330], E: [685, 545], S: [505, 760], W: [325, 545] };
// Maharajah spaces, between the districts (space i follows district i clockwise).
const SPACES = { NE: [1040, 160], ES: [1040, 1040], SW: [160, 1040], WN: [160, 160] };
const DISTRICT_ORDER = ["N", "E", "S", "W"];

function seatColour(seats, index) {
  const seat = seats.find((x) => x.index === index);
  return seat ? PLAYER_HEX[seat.colour] || "#666" : "#666";
}

function worker(letter, cx, cy, r = 14) {
  return s("circle", {
    cx,
    cy,
    r,
    fill: WORKER_HEX[letter] || "#999",
    stroke: "#333",
    "stroke-width": 2,
    class: `worker worker-${letter}`,
  });
}

function districtCard(game, seats, catalog, letter) {
  const [x, y] = CARDS[letter];
  const index = DISTRICT_ORDER.indexOf(letter);
  const active = game.turn.active_district === letter;
  const g = s("g", { transform: `translate(${x} ${y})`, class: "district", dataset: { district: letter } });
  g.append(
    s("rect", {
      width: CARD_W,
      height: CARD_H,
      rx: 14,
      class: `card${active ? " active" : ""}`,
    }),
    s("text", { x: 12, y: 26, class: "card-title" }, district(letter)),
  );
  // District tiles: three, coloured by their worker colour.
  const tiles = game.board.district_tiles[letter] || [];
  tiles.forEach((id, slot) => {
    const info = catalog.district_tiles[id] || {};
    const tx = 8 + slot * 100;
    const highlighted = active && game.turn.tile_slot === slot;
    g.append(
      s("rect", {
        x: tx,
        y: 38,
        width: 94,
        height: 64,
        rx: 6,
        fill: WORKER_HEX[info.colour] || "#ccc",
        class: `tile district-tile${highlighted ? " active" : ""}`,
        dataset: { tile: id || "" },
      }),
      s("text", { x: tx + 47, y: 76, class: "tile-id", "text-anchor": "middle" }, id || ""),
    );
  });
  // Two worker sections with the coins left on them.
  for (let k = 0; k < 2; k += 1) {
    const section = index * 2 + k;
    const sx = 8 + k * 151;
    const workers = game.board.sections[section] || "";
    const coins = game.board.section_coins[section] || 0;
    const name = `${letter}${k + 1}`;
    const box = s("g", { class: "section", dataset: { section: name, workers } });
    box.append(
      s("rect", { x: sx, y: 112, width: 143, height: 92, rx: 8, class: "section-box" }),
      s("text", { x: sx + 8, y: 130, class: "label" }, name),
    );
    [...workers].forEach((w, i) => box.append(worker(w, sx + 24 + i * 32, 165)));
    if (coins) {
      box.append(
        s("circle", { cx: sx + 124, cy: 126, r: 11, class: "coin" }),
        s("text", { x: sx + 124, y: 131, class: "coin-text", "text-anchor": "middle" }, String(coins)),
      );
    }
    g.append(box);
  }
  // The elephant path: every elephant here, with the counters it carries.
  g.append(s("text", { x: 12, y: 228, class: "label" }, t("elephants")));
  const here = [];
  for (const p of game.seats) if (p.elephant === letter) here.push({ colour: seatColour(seats, p.seat), load: p.on_elephant, seat: p.seat });
  if (game.maharajah && game.maharajah.elephant === letter) {
    here.push({ colour: seatColour(seats, game.players), load: game.maharajah.on_elephant, seat: game.players });
  }
  here.forEach((e, i) => {
    const ex = 12 + i * 72;
    g.append(
      s(
        "g",
        { class: "elephant", dataset: { seat: String(e.seat) } },
        s("rect", { x: ex, y: 238, width: 64, height: 48, rx: 18, fill: e.colour, stroke: "#222", "stroke-width": 2 }),
        s("text", { x: ex + 32, y: 270, class: "load", "text-anchor": "middle" }, String(e.load)),
      ),
    );
  });
  return g;
}

function donationTile(game, seats, catalog, letter) {
  const [x, y] = LAKE[letter];
  const levels = catalog.donation_tiles[letter] || [];
  const owners = game.board.donations[letter] || [];
  const g = s("g", { transform: `translate(${x} ${y})`, class: "donation-tile", dataset: { district: letter } });
  g.append(s("rect", { width: 190, height: 110, rx: 10, class: "lake" }));
  let position = 0;
  levels.forEach((level, depth) => {
    const count = level.pp.length;
    const rowY = 110 - 8 - (depth + 1) * 24;
    const startX = 95 - (count * 30) / 2;
    level.pp.forEach((pp, i) => {
      const owner = owners[position];
      const filled = owner !== undefined && owner >= 0;
      g.append(
        s(
          "g",
          { class: `donation-space${filled ? " filled" : ""}`, dataset: { owner: String(owner ?? -1) } },
          s("rect", {
            x: startX + i * 30 + 1,
            y: rowY,
            width: 28,
            height: 22,
            rx: 4,
            fill: filled ? seatColour(seats, owner) : "#fdfaf0",
            stroke: "#5b4a2a",
          }),
          s("text", { x: startX + i * 30 + 15, y: rowY + 16, class: "pp", "text-anchor": "middle" }, String(pp)),
        ),
      );
      position += 1;
    });
  });
  return g;
}

function temple(game, catalog) {
  const decade = game.decade;
  const active = game.board.temple[decade - 1];
  const bridge = game.board.bridge[decade - 1];
  const pp = catalog.temple_tiles[active] || {};
  const g = s("g", { class: "temple", dataset: { tile: active || "" } });
  g.append(
    s("circle", { cx: 600, cy: 600, r: 75, class: "temple-disc" }),
    s("text", { x: 600, y: 585, class: "temple-title", "text-anchor": "middle" }, `${t("decade")} ${ROMAN[decade] || decade}`),
    s("text", { x: 600, y: 607, class: "temple-id", "text-anchor": "middle" }, active || ""),
    s("text", { x: 600, y: 628, class: "small", "text-anchor": "middle" }, `${t("round")} ${game.round}`),
  );
  const at = { N: [600, 545], E: [660, 604], S: [600, 668], W: [540, 604] };
  for (const letter of DISTRICT_ORDER) {
    if (pp[letter] === undefined) continue;
    const [px, py] = at[letter];
    g.append(s("text", { x: px, y: py, class: "temple-pp", "text-anchor": "middle" }, String(pp[letter])));
  }
  if (bridge) {
    g.append(s("text", { x: 600, y: 718 - 0, class: "small bridge", "text-anchor": "middle" }, `${t("bridge")} ${bridge}`));
  }
  return g;
}

function maharajahSpaces(game) {
  const g = s("g", { class: "maharajah-spaces" });
  Object.entries(SPACES).forEach(([name, [cx, cy]], i) => {
    const here = game.board.maharajah_space === name;
    const space = s("g", { class: `maharajah-space${here ? " here" : ""}`, dataset: { space: name } });
    space.append(
      s("circle", { cx, cy, r: 50, class: "space-disc" }),
      s("text", { x: cx, y: cy - 28, class: "label", "text-anchor": "middle" }, name),
    );
    if (here) {
      space.append(
        s("circle", { cx, cy: cy + 6, r: 24, class: "maharajah-token" }),
        s("text", { x: cx, y: cy + 13, class: "token-text", "text-anchor": "middle" }, "M"),
      );
    }
    const beside = game.board.maharajah_workers[i];
    if (beside) space.append(worker(beside, cx + 44, cy + 40, 12));
    g.append(space);
  });
  return g;
}

function market(game, catalog) {
  const g = s("g", { transform: "translate(0 1210)", class: "market" });
  g.append(
    s("rect", { x: 10, y: 0, width: W - 20, height: 180, rx: 14, class: "card" }),
    s("text", { x: 24, y: 28, class: "card-title" }, t("market")),
  );
  ["marble", "copper", "gold"].forEach((resource, column) => {
    const info = catalog.market[resource] || { price: [], pp: [] };
    const filled = game.board.market[resource] || 0;
    const cx = 30 + column * 385;
    const col = s("g", { class: "market-column", dataset: { resource, filled: String(filled) } });
    col.append(s("text", { x: cx, y: 62, class: "label" }, t(resource)));
    info.price.forEach((price, row) => {
      const has = row < filled;
      col.append(
        s("rect", {
          x: cx + row * 70,
          y: 76,
          width: 62,
          height: 62,
          rx: 8,
          fill: has ? RESOURCE_HEX[resource] : "#fdfaf0",
          stroke: "#5b4a2a",
          class: has ? "market-cell filled" : "market-cell",
        }),
        s("text", { x: cx + row * 70 + 31, y: 104, class: "price", "text-anchor": "middle" }, `${price}¢`),
        info.pp[row] ? s("text", { x: cx + row * 70 + 31, y: 126, class: "small", "text-anchor": "middle" }, `+${info.pp[row]} PP`) : null,
      );
    });
    g.append(col);
  });
  return g;
}

/** The whole board as one <svg> element. */
export function boardSvg(view, catalog) {
  const game = view.game;
  const root = s("svg", {
    viewBox: `0 0 ${W} 1400`,
    class: "board",
    role: "img",
    "aria-label": t("board"),
    id: "board",
  });
  root.append(s("rect", { width: W, height: 1200, rx: 24, class: "board-bg" }));
  root.append(maharajahSpaces(game));
  for (const letter of DISTRICT_ORDER) root.append(districtCard(game, view.seats, catalog, letter));
  for (const letter of DISTRICT_ORDER) root.append(donationTile(game, view.seats, catalog, letter));
  root.append(temple(game, catalog));
  root.append(market(game, catalog));
  return root;
}
