// The main board drawn as SVG from the public game state (the view's "game")
// and the catalog: the four districts with their tiles, worker sections (and
// coins left there), elephants with their loads, the Maharajah spaces and his
// token, the donation tiles with every counter and the active temple tile.
// North is at the top, as on the table. The market is drawn beside it by
// marketPanel() (HTML), so the board itself stays square.
//
// Sized to be read from 1.5 m: the board is 1000 units square and shown about
// 730 px tall on a 1280x800 screen, so no text is smaller than 26 units
// (about 19 px). Codes printed on no real tile are left out of the drawing
// (a tile's colour and place identify it; its effect is in its tooltip).
//
// On an illegal-move alert the view carries "board_marks": where a piece was
// seen that it should not be (drawn red, crossed) and where it belongs
// (ringed green).

import { h, s } from "./dom.js";
import { district, pick, t } from "./i18n.js";
import { PLAYER_HEX } from "./render.js";
import { ROMAN, tt } from "./table_words.js";

const WORKER_HEX = { Y: "#e8c547", B: "#4a78c2", W: "#f4f4ee", G: "#5aa05a" };
const W = 1000;
// Each district's card: x, y, width, height.
const CARDS = { N: [330, 8, 340, 272], E: [712, 360, 280, 280], S: [330, 720, 340, 272], W: [8, 360, 280, 280] };
// Donation tiles around the temple, 140 x 132.
const LAKE = { N: [430, 288], E: [564, 434], S: [430, 580], W: [296, 434] };
const LAKE_W = 140;
const LAKE_H = 132;
// Maharajah spaces in the corners, between two districts (space i follows district i clockwise).
const SPACES = { NE: [835, 175], ES: [835, 825], SW: [165, 825], WN: [165, 175] };
const DISTRICT_ORDER = ["N", "E", "S", "W"];

function seatColour(seats, index) {
  const seat = seats.find((x) => x.index === index);
  return seat ? PLAYER_HEX[seat.colour] || "#666" : "#666";
}

function worker(letter, cx, cy, r = 14, extra = "") {
  return s("circle", {
    cx,
    cy,
    r,
    fill: WORKER_HEX[letter] || "#999",
    stroke: "#333",
    "stroke-width": 2,
    class: `worker worker-${letter}${extra}`,
  });
}

function sectionBox(letter, k, cw) {
  const sw = (cw - 24) / 2;
  return { x: 8 + k * (sw + 8), y: 102, w: sw, h: 96 };
}

function elephantSlot(cw, count, i) {
  const step = Math.min(78, (cw - 16 - 70) / Math.max(1, count - 1));
  return { x: 8 + i * step, y: 206, w: 70, h: 58 };
}

function elephantsIn(game, seats, letter) {
  const here = [];
  for (const p of game.seats) if (p.elephant === letter) here.push({ colour: seatColour(seats, p.seat), load: p.on_elephant, seat: p.seat });
  if (game.maharajah && game.maharajah.elephant === letter) {
    here.push({ colour: seatColour(seats, game.players), load: game.maharajah.on_elephant, seat: game.players });
  }
  return here;
}

function districtCard(game, seats, catalog, letter) {
  const [x, y, cw, ch] = CARDS[letter];
  const index = DISTRICT_ORDER.indexOf(letter);
  const active = game.turn.active_district === letter;
  const g = s("g", { transform: `translate(${x} ${y})`, class: "district", dataset: { district: letter } });
  g.append(
    s("rect", { width: cw, height: ch, rx: 14, class: `card${active ? " active" : ""}` }),
    s("text", { x: 14, y: 34, class: "card-title" }, district(letter)),
  );
  // District tiles: three, in their worker colour; what each does is in its tooltip.
  const tiles = game.board.district_tiles[letter] || [];
  const tw = (cw - 32) / 3;
  tiles.forEach((id, slot) => {
    const info = catalog.district_tiles[id] || {};
    const highlighted = active && game.turn.tile_slot === slot;
    g.append(
      s(
        "rect",
        {
          x: 8 + slot * (tw + 8),
          y: 44,
          width: tw,
          height: 50,
          rx: 6,
          fill: WORKER_HEX[info.colour] || "#ccc",
          class: `tile district-tile${highlighted ? " active" : ""}`,
          dataset: { tile: id || "" },
        },
        s("title", {}, info.main ? `${pick(info.main)} / ${pick(info.secondary)}` : ""),
      ),
    );
  });
  // Two worker sections with the coins left on them.
  for (let k = 0; k < 2; k += 1) {
    const section = index * 2 + k;
    const b = sectionBox(letter, k, cw);
    const workers = game.board.sections[section] || "";
    const coins = game.board.section_coins[section] || 0;
    const name = `${letter}${k + 1}`;
    const box = s("g", { class: "section", dataset: { section: name, index: String(section), workers } });
    box.append(
      s("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 8, class: "section-box" }),
      s("text", { x: b.x + 10, y: b.y + 30, class: "label" }, name),
    );
    const gap = Math.min(32, (b.w - 30) / Math.max(1, workers.length));
    [...workers].forEach((w, i) => box.append(worker(w, b.x + 22 + i * gap, b.y + 68)));
    if (coins) {
      box.append(
        s("circle", { cx: b.x + b.w - 24, cy: b.y + 24, r: 19, class: "coin" }),
        s("text", { x: b.x + b.w - 24, y: b.y + 33, class: "coin-text", "text-anchor": "middle" }, String(coins)),
      );
    }
    g.append(box);
  }
  // The elephant path: every elephant here, with the counters it carries.
  const here = elephantsIn(game, seats, letter);
  here.forEach((e, i) => {
    const slot = elephantSlot(cw, here.length, i);
    g.append(
      s(
        "g",
        { class: "elephant", dataset: { seat: String(e.seat) } },
        s("rect", { x: slot.x, y: slot.y, width: slot.w, height: slot.h, rx: 20, fill: e.colour, stroke: "#222", "stroke-width": 2 }),
        s("text", { x: slot.x + slot.w / 2, y: slot.y + 40, class: "load", "text-anchor": "middle" }, String(e.load)),
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
  g.append(s("rect", { width: LAKE_W, height: LAKE_H, rx: 10, class: "lake" }));
  let position = 0;
  levels.forEach((level, depth) => {
    const count = level.pp.length;
    const rowY = LAKE_H - 4 - (depth + 1) * 31;
    const startX = LAKE_W / 2 - (count * 33) / 2;
    level.pp.forEach((pp, i) => {
      const owner = owners[position];
      const filled = owner !== undefined && owner >= 0;
      g.append(
        s(
          "g",
          {
            class: `donation-space${filled ? " filled" : ""}`,
            dataset: { owner: String(owner ?? -1), position: String(position) },
          },
          s("rect", {
            x: startX + i * 33 + 1,
            y: rowY,
            width: 31,
            height: 29,
            rx: 4,
            fill: filled ? seatColour(seats, owner) : "#fdfaf0",
            stroke: "#5b4a2a",
          }),
          s("text", { x: startX + i * 33 + 16.5, y: rowY + 24, class: "pp", "text-anchor": "middle" }, String(pp)),
        ),
      );
      position += 1;
    });
  });
  return g;
}

function donationSpaceBox(catalog, letter, position) {
  const [x, y] = LAKE[letter];
  const levels = catalog.donation_tiles[letter] || [];
  let at = 0;
  for (let depth = 0; depth < levels.length; depth += 1) {
    const count = levels[depth].pp.length;
    if (position < at + count) {
      const i = position - at;
      return { x: x + LAKE_W / 2 - (count * 33) / 2 + i * 33 + 1, y: y + LAKE_H - 4 - (depth + 1) * 31, w: 31, h: 29 };
    }
    at += count;
  }
  return { x, y, w: LAKE_W, h: LAKE_H };
}

function temple(game, catalog) {
  const decade = Math.min(game.decade, game.board.temple.length || 3);
  const active = game.board.temple[decade - 1];
  const pp = catalog.temple_tiles[active] || {};
  const g = s("g", { class: "temple", dataset: { tile: active || "" } });
  g.append(
    s("circle", { cx: 500, cy: 500, r: 58, class: "temple-disc" }, s("title", {}, `${t("temple")} ${active || ""}`)),
    s("text", { x: 500, y: 511, class: "temple-title", "text-anchor": "middle" }, ROMAN[decade] || String(decade)),
  );
  const at = { N: [500, 474], E: [538, 511], S: [500, 550], W: [462, 511] };
  for (const letter of DISTRICT_ORDER) {
    if (pp[letter] === undefined) continue;
    const [px, py] = at[letter];
    g.append(s("text", { x: px, y: py, class: "temple-pp", "text-anchor": "middle" }, String(pp[letter])));
  }
  return g;
}

function maharajahSpaces(game) {
  const g = s("g", { class: "maharajah-spaces" });
  Object.entries(SPACES).forEach(([name, [cx, cy]], i) => {
    const here = game.board.maharajah_space === name;
    const space = s("g", { class: `maharajah-space${here ? " here" : ""}`, dataset: { space: name } });
    space.append(s("circle", { cx, cy, r: 64, class: "space-disc" }));
    if (here) {
      space.append(
        s("circle", { cx, cy, r: 36, class: "maharajah-token" }),
        s("text", { x: cx, y: cy + 12, class: "token-text", "text-anchor": "middle" }, "M"),
      );
    }
    const beside = game.board.maharajah_workers[i];
    if (beside) space.append(worker(beside, cx + 62, cy + 56, 16));
    g.append(space);
  });
  return g;
}

// -- alert marks -------------------------------------------------------------

function districtBox(letter) {
  const [x, y, w, hh] = CARDS[letter] || [0, 0, 0, 0];
  return { x, y, w, h: hh };
}

function ring(box, kind, data, label) {
  const pad = 6;
  const g = s("g", { class: `mark mark-${kind}`, dataset: data });
  g.append(
    s("rect", {
      x: box.x - pad,
      y: box.y - pad,
      width: box.w + 2 * pad,
      height: box.h + 2 * pad,
      rx: 12,
      class: "mark-ring",
    }),
  );
  if (label) {
    const above = box.y - pad - 8 > 30;
    const ly = above ? box.y - pad - 8 : box.y + box.h + pad + 30;
    const lx = Math.min(W - 70, Math.max(70, box.x + box.w / 2)); // kept inside the board
    g.append(s("text", { x: lx, y: ly, class: "mark-label", "text-anchor": "middle" }, label));
  }
  return g;
}

function elephantBox(game, seats, letter, seat, ghost) {
  const [x, y, cw] = CARDS[letter];
  const here = elephantsIn(game, seats, letter);
  const count = here.length + (ghost ? 1 : 0);
  let i = here.findIndex((e) => e.seat === seat);
  if (ghost || i < 0) i = here.length;
  const slot = elephantSlot(cw, count, i);
  return { x: x + slot.x, y: y + slot.y, w: slot.w, h: slot.h };
}

function sectionAbsBox(section) {
  const letter = DISTRICT_ORDER[Math.floor(section / 2)];
  const [x, y, cw] = CARDS[letter];
  const b = sectionBox(letter, section % 2, cw);
  return { x: x + b.x, y: y + b.y, w: b.w, h: b.h };
}

/** The marks an alert asks for: the wrong piece crossed in red, its place ringed green. */
function marks(view, catalog) {
  const game = view.game;
  const g = s("g", { class: "marks" });
  for (const mark of view.board_marks || []) {
    const data = { piece: mark.piece };
    if (mark.piece === "elephant") {
      data.seat = String(mark.seat);
      if (mark.seen) {
        const box = elephantBox(game, view.seats, mark.seen, mark.seat, true);
        const wrong = ring(box, "wrong", { ...data, district: mark.seen }, tt("wrong_here"));
        wrong.prepend(
          s("rect", {
            x: box.x,
            y: box.y,
            width: box.w,
            height: box.h,
            rx: 20,
            fill: seatColour(view.seats, mark.seat),
            class: "ghost",
          }),
        );
        wrong.append(
          s("line", { x1: box.x + 8, y1: box.y + 8, x2: box.x + box.w - 8, y2: box.y + box.h - 8, class: "cross" }),
          s("line", { x1: box.x + box.w - 8, y1: box.y + 8, x2: box.x + 8, y2: box.y + box.h - 8, class: "cross" }),
        );
        g.append(wrong);
      }
      if (mark.belongs) {
        const box = elephantBox(game, view.seats, mark.belongs, mark.seat, false);
        g.append(ring(box, "belongs", { ...data, district: mark.belongs }, tt("belongs_here")));
      }
    } else if (mark.piece === "workers") {
      const box = sectionAbsBox(mark.section);
      g.append(ring(box, "wrong", { ...data, section: String(mark.section) }, null));
      const belongsBox = { ...box };
      g.append(
        s(
          "g",
          { class: "mark mark-belongs", dataset: { ...data, section: String(mark.section) } },
          [...(mark.belongs || "")].map((w, i) => worker(w, belongsBox.x + 22 + i * 30, belongsBox.y + belongsBox.h + 22, 12, " ghost-worker")),
        ),
      );
    } else if (mark.piece === "donation") {
      if (mark.seen_position !== null && mark.seen_position !== undefined) {
        const box = donationSpaceBox(catalog, mark.district, mark.seen_position);
        g.append(ring(box, "wrong", { ...data, district: mark.district, position: String(mark.seen_position) }, null));
      }
      if (mark.belongs_position !== null && mark.belongs_position !== undefined) {
        const box = donationSpaceBox(catalog, mark.district, mark.belongs_position);
        g.append(ring(box, "belongs", { ...data, district: mark.district, position: String(mark.belongs_position) }, null));
      }
    } else if (mark.piece === "maharajah_token") {
      for (const [kind, name] of [["wrong", mark.seen], ["belongs", mark.belongs]]) {
        if (!SPACES[name]) continue;
        const [cx, cy] = SPACES[name];
        g.append(ring({ x: cx - 64, y: cy - 64, w: 128, h: 128 }, kind, { ...data, space: name }, kind === "wrong" ? tt("wrong_here") : tt("belongs_here")));
      }
    }
  }
  return g;
}

/** The whole board as one <svg> element (square). */
export function boardSvg(view, catalog) {
  const game = view.game;
  const root = s("svg", {
    viewBox: `0 0 ${W} ${W}`,
    class: "board",
    role: "img",
    "aria-label": t("board"),
    id: "board",
  });
  root.append(s("rect", { width: W, height: W, rx: 24, class: "board-bg" }));
  root.append(maharajahSpaces(game));
  for (const letter of DISTRICT_ORDER) root.append(districtCard(game, view.seats, catalog, letter));
  for (const letter of DISTRICT_ORDER) root.append(donationTile(game, view.seats, catalog, letter));
  root.append(temple(game, catalog));
  root.append(marks(view, catalog));
  return root;
}

/** The market's three columns as rows: price of each space, PP where it pays, filled ones coloured. */
export function marketPanel(view, catalog) {
  const game = view.game;
  return h(
    "section",
    { class: "panel market-panel", id: "market" },
    h("h2", {}, tt("market")),
    ["marble", "copper", "gold"].map((resource) => {
      const info = catalog.market[resource] || { price: [], pp: [] };
      const filled = game.board.market[resource] || 0;
      return h(
        "div",
        { class: "market-row", dataset: { resource, filled: String(filled) } },
        h("span", { class: "market-name" }, t(resource)),
        info.price.map((price, row) =>
          h(
            "span",
            { class: `market-cell${row < filled ? ` filled fill-${resource}` : ""}` },
            h("b", {}, `${price}¢`),
            info.pp[row] ? h("small", {}, `+${info.pp[row]} ${tt("pp_short")}`) : null,
          ),
        ),
      );
    }),
  );
}
