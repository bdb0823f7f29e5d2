// A drawing of Amritsar's public board (`board.drawing`, built by the server
// from the public view: companion/games/amritsar/drawing.py): the four districts
// with their tiles, worker sections (and coins left there) and elephants with
// their loads, the Maharajah's spaces with his token and the workers beside
// them, the donation tiles with every counter, the active temple tile, and
// beside it the market's three columns. North is at the top, as on the table.
//
// Sized to be read from 1.5 m: the board is 1000 units square; on the table
// screen it is shown about 730 px tall, so no text is smaller than 26 units
// (about 19 px). On a phone the board keeps at least 470 px across (12 px text)
// and scrolls sideways. Every elephant and donation counter carries its
// owner's mark (a letter), so colour never carries meaning alone.
//
// On an illegal-move alert the drawing carries `marks`: where a piece was seen
// that it should not be (drawn red, crossed) and where it belongs (ringed
// green). Places carry `data-place` (section:N1, district:N, space:NE,
// donation:N:3, market:gold) for picking.js.

import { AMRITSAR_HEX } from "./colours.js";
import { h, s } from "./dom.js";
import { pick } from "./i18n.js";

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
const ROMAN = ["", "I", "II", "III"];

function owner(drawing, seat) {
  return drawing.seats.find((x) => x.seat === seat) || null;
}

function seatColour(drawing, seat) {
  const found = owner(drawing, seat);
  return (found && AMRITSAR_HEX[found.colour]) || "#666666";
}

function worker(letter, cx, cy, r = 14, extra = "") {
  return s("circle", {
    cx,
    cy,
    r,
    fill: WORKER_HEX[letter] || "#999999",
    stroke: "#333333",
    "stroke-width": 2,
    class: `worker worker-${letter}${extra}`,
  });
}

function sectionBox(k, cw) {
  const sw = (cw - 24) / 2;
  return { x: 8 + k * (sw + 8), y: 102, w: sw, h: 96 };
}

function elephantSlot(cw, count, i) {
  const step = Math.min(78, (cw - 16 - 70) / Math.max(1, count - 1));
  return { x: 8 + i * step, y: 206, w: 70, h: 58 };
}

function elephantShape(drawing, e, slot) {
  const who = owner(drawing, e.seat);
  const mark = who ? who.mark : "?";
  return s(
    "g",
    { class: "elephant", dataset: { seat: String(e.seat) } },
    s("title", {}, who ? `${pick(who.name)}: ${e.load}` : String(e.load)),
    s("rect", { x: slot.x, y: slot.y, width: slot.w, height: slot.h, rx: 20, fill: seatColour(drawing, e.seat), stroke: "#222222", "stroke-width": 2 }),
    s("text", { x: slot.x + 4, y: slot.y + 24, class: "owner-mark" }, mark),
    s("text", { x: slot.x + slot.w - 8, y: slot.y + 50, class: "load", "text-anchor": "end" }, String(e.load)),
  );
}

function districtCard(drawing, d) {
  const [x, y, cw, ch] = CARDS[d.letter];
  const g = s("g", { transform: `translate(${x} ${y})`, class: "district", dataset: { district: d.letter, place: d.place } });
  g.append(
    s("rect", { width: cw, height: ch, rx: 14, class: `card${d.active ? " active" : ""}` }),
    s("text", { x: 14, y: 34, class: "card-title" }, pick(d.name)),
  );
  // District tiles: three, in their worker colour; what each does is in its tooltip.
  const tw = (cw - 32) / 3;
  d.tiles.forEach((tile, slot) => {
    g.append(
      s(
        "rect",
        {
          x: 8 + slot * (tw + 8),
          y: 44,
          width: tw,
          height: 50,
          rx: 6,
          fill: WORKER_HEX[tile.colour] || "#cccccc",
          class: `tile district-tile${tile.active ? " active" : ""}`,
          dataset: { tile: tile.id },
        },
        s("title", {}, tile.words ? pick(tile.words) : ""),
      ),
    );
  });
  // Two worker sections with the coins left on them.
  d.sections.forEach((section, k) => {
    const b = sectionBox(k, cw);
    const box = s("g", { class: "section", dataset: { section: section.name, index: String(section.index), workers: section.workers, place: section.place } });
    box.append(
      s("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 8, class: "section-box" }),
      s("text", { x: b.x + 10, y: b.y + 30, class: "label" }, section.name),
    );
    const gap = Math.min(32, (b.w - 30) / Math.max(1, section.workers.length));
    [...section.workers].forEach((w, i) => box.append(worker(w, b.x + 22 + i * gap, b.y + 68)));
    if (section.coins) {
      box.append(
        s("circle", { cx: b.x + b.w - 24, cy: b.y + 24, r: 19, class: "coin" }),
        s("text", { x: b.x + b.w - 24, y: b.y + 33, class: "coin-text", "text-anchor": "middle" }, String(section.coins)),
      );
    }
    g.append(box);
  });
  // The elephant path: every elephant here, with the counters it carries.
  d.elephants.forEach((e, i) => g.append(elephantShape(drawing, e, elephantSlot(cw, d.elephants.length, i))));
  return g;
}

function donationTile(drawing, tile) {
  const [x, y] = LAKE[tile.letter];
  const g = s("g", { transform: `translate(${x} ${y})`, class: "donation-tile", dataset: { district: tile.letter } });
  g.append(s("rect", { width: LAKE_W, height: LAKE_H, rx: 10, class: "lake" }));
  let position = 0;
  tile.levels.forEach((level, depth) => {
    const rowY = LAKE_H - 4 - (depth + 1) * 31;
    const startX = LAKE_W / 2 - (level.length * 33) / 2;
    level.forEach((pp, i) => {
      const seat = tile.owners[position];
      const filled = seat !== undefined && seat >= 0;
      const who = filled ? owner(drawing, seat) : null;
      g.append(
        s(
          "g",
          {
            class: `donation-space${filled ? " filled" : ""}`,
            dataset: { owner: String(seat ?? -1), position: String(position), place: `donation:${tile.letter}:${position}` },
          },
          s("title", {}, who ? `${pick(who.name)}: ${pp} ${pick(drawing.words.pp)}` : `${pp} ${pick(drawing.words.pp)}`),
          s("rect", {
            x: startX + i * 33 + 1,
            y: rowY,
            width: 31,
            height: 29,
            rx: 4,
            fill: filled ? seatColour(drawing, seat) : "#fdfaf0",
            stroke: "#5b4a2a",
          }),
          // a counter shows its owner's mark; a free space what it pays
          s("text", { x: startX + i * 33 + 16.5, y: rowY + 24, class: "pp", "text-anchor": "middle" }, filled ? (who ? who.mark : "?") : String(pp)),
        ),
      );
      position += 1;
    });
  });
  return g;
}

function donationSpaceBox(drawing, letter, position) {
  const [x, y] = LAKE[letter];
  const tile = drawing.donations.find((d) => d.letter === letter);
  const levels = tile ? tile.levels : [];
  let at = 0;
  for (let depth = 0; depth < levels.length; depth += 1) {
    const count = levels[depth].length;
    if (position < at + count) {
      const i = position - at;
      return { x: x + LAKE_W / 2 - (count * 33) / 2 + i * 33 + 1, y: y + LAKE_H - 4 - (depth + 1) * 31, w: 31, h: 29 };
    }
    at += count;
  }
  return { x, y, w: LAKE_W, h: LAKE_H };
}

function temple(drawing) {
  const t = drawing.temple;
  const g = s("g", { class: "temple", dataset: { tile: t.tile || "" } });
  g.append(
    s("circle", { cx: 500, cy: 500, r: 58, class: "temple-disc" }, s("title", {}, pick(t.title))),
    s("text", { x: 500, y: 511, class: "temple-title", "text-anchor": "middle" }, ROMAN[t.decade] || String(t.decade)),
  );
  const at = { N: [500, 474], E: [538, 511], S: [500, 550], W: [462, 511] };
  for (const [letter, [px, py]] of Object.entries(at)) {
    if (t.pp[letter] === undefined) continue;
    g.append(s("text", { x: px, y: py, class: "temple-pp", "text-anchor": "middle" }, String(t.pp[letter])));
  }
  return g;
}

function maharajahSpaces(drawing) {
  const g = s("g", { class: "maharajah-spaces" });
  for (const space of drawing.spaces) {
    const [cx, cy] = SPACES[space.name];
    const el = s("g", { class: `maharajah-space${space.here ? " here" : ""}`, dataset: { space: space.name, place: space.place } });
    el.append(s("circle", { cx, cy, r: 64, class: "space-disc" }));
    if (space.here) {
      el.append(
        s("circle", { cx, cy, r: 36, class: "maharajah-token" }, s("title", {}, pick(drawing.words.maharajah))),
        s("text", { x: cx, y: cy + 12, class: "token-text", "text-anchor": "middle" }, "M"),
      );
    }
    if (space.worker) el.append(worker(space.worker, cx + 62, cy + 56, 16));
    g.append(el);
  }
  return g;
}

// -- alert marks -------------------------------------------------------------

function ring(box, kind, data, label) {
  const pad = 6;
  const g = s("g", { class: `mark mark-${kind}`, dataset: data });
  g.append(s("rect", { x: box.x - pad, y: box.y - pad, width: box.w + 2 * pad, height: box.h + 2 * pad, rx: 12, class: "mark-ring" }));
  if (label) {
    const above = box.y - pad - 8 > 30;
    const ly = above ? box.y - pad - 8 : box.y + box.h + pad + 30;
    const lx = Math.min(W - 70, Math.max(70, box.x + box.w / 2)); // kept inside the board
    g.append(s("text", { x: lx, y: ly, class: "mark-label", "text-anchor": "middle" }, label));
  }
  return g;
}

function elephantBox(drawing, letter, seat, ghost) {
  const [x, y, cw] = CARDS[letter];
  const here = (drawing.districts.find((d) => d.letter === letter) || { elephants: [] }).elephants;
  const count = here.length + (ghost ? 1 : 0);
  let i = here.findIndex((e) => e.seat === seat);
  if (ghost || i < 0) i = here.length;
  const slot = elephantSlot(cw, count, i);
  return { x: x + slot.x, y: y + slot.y, w: slot.w, h: slot.h };
}

function sectionAbsBox(section) {
  const letter = "NESW"[Math.floor(section / 2)];
  const [x, y, cw] = CARDS[letter];
  const b = sectionBox(section % 2, cw);
  return { x: x + b.x, y: y + b.y, w: b.w, h: b.h };
}

/** The marks an alert asks for: the wrong piece crossed in red, its place ringed green. */
function marks(drawing) {
  const g = s("g", { class: "marks" });
  const wrongHere = pick(drawing.words.wrong);
  const belongsHere = pick(drawing.words.belongs);
  for (const mark of drawing.marks || []) {
    const data = { piece: mark.piece };
    if (mark.piece === "elephant") {
      data.seat = String(mark.seat);
      if (mark.seen && CARDS[mark.seen]) {
        const box = elephantBox(drawing, mark.seen, mark.seat, true);
        const wrong = ring(box, "wrong", { ...data, district: mark.seen }, wrongHere);
        wrong.prepend(s("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 20, fill: seatColour(drawing, mark.seat), class: "ghost" }));
        wrong.append(
          s("line", { x1: box.x + 8, y1: box.y + 8, x2: box.x + box.w - 8, y2: box.y + box.h - 8, class: "cross" }),
          s("line", { x1: box.x + box.w - 8, y1: box.y + 8, x2: box.x + 8, y2: box.y + box.h - 8, class: "cross" }),
        );
        g.append(wrong);
      }
      if (mark.belongs && CARDS[mark.belongs]) {
        const box = elephantBox(drawing, mark.belongs, mark.seat, false);
        g.append(ring(box, "belongs", { ...data, district: mark.belongs }, belongsHere));
      }
    } else if (mark.piece === "workers") {
      const box = sectionAbsBox(mark.section);
      g.append(ring(box, "wrong", { ...data, section: String(mark.section) }, null));
      g.append(
        s(
          "g",
          { class: "mark mark-belongs", dataset: { ...data, section: String(mark.section) } },
          [...(mark.belongs || "")].map((w, i) => worker(w, box.x + 22 + i * 30, box.y + box.h + 22, 12, " ghost-worker")),
        ),
      );
    } else if (mark.piece === "donation") {
      for (const [kind, position] of [["wrong", mark.seen_position], ["belongs", mark.belongs_position]]) {
        if (position === null || position === undefined) continue;
        const box = donationSpaceBox(drawing, mark.district, position);
        g.append(ring(box, kind, { ...data, district: mark.district, position: String(position) }, null));
      }
    } else if (mark.piece === "maharajah_token") {
      for (const [kind, name] of [["wrong", mark.seen], ["belongs", mark.belongs]]) {
        if (!SPACES[name]) continue;
        const [cx, cy] = SPACES[name];
        g.append(ring({ x: cx - 64, y: cy - 64, w: 128, h: 128 }, kind, { ...data, space: name }, kind === "wrong" ? wrongHere : belongsHere));
      }
    }
  }
  return g;
}

/** The whole board as one <svg> element (square). */
export function boardSvg(drawing) {
  const root = s("svg", { viewBox: `0 0 ${W} ${W}`, class: "board", role: "img", "aria-label": pick(drawing.aria), id: "board-svg" });
  root.append(s("rect", { width: W, height: W, rx: 24, class: "board-bg" }));
  root.append(maharajahSpaces(drawing));
  for (const d of drawing.districts) root.append(districtCard(drawing, d));
  for (const tile of drawing.donations) root.append(donationTile(drawing, tile));
  root.append(temple(drawing));
  root.append(marks(drawing));
  return root;
}

/** The market's three columns as rows: price of each space, PP where it pays, filled ones coloured. */
export function marketPanel(drawing) {
  return h(
    "section",
    // data-beside: a table screen that fits one screen puts it beside the board
    { class: "a-market", id: "market", "aria-label": pick(drawing.market_title), dataset: { beside: "1" } },
    drawing.market.map((column) =>
      h(
        "div",
        { class: "market-row", dataset: { resource: column.resource, filled: String(column.filled), place: column.place } },
        h("span", { class: "market-name" }, pick(column.name)),
        column.cells.map((cell, row) =>
          h(
            "span",
            { class: `market-cell${row < column.filled ? ` filled fill-${column.resource}` : ""}` },
            h("b", {}, `${cell.price}¢`),
            cell.pp ? h("small", {}, `+${cell.pp} ${pick(drawing.words.pp)}`) : null,
          ),
        ),
      ),
    ),
  );
}

/** The board drawing as one panel (generic_board.js's DRAWINGS). */
export function drawAmritsar(drawing) {
  return h(
    "section",
    { class: "g-panel a-drawing", id: "drawing", dataset: { game: "amritsar" } },
    h("h2", { class: "a-title" }, pick(drawing.title)),
    h("div", { class: "a-scroll" }, h("div", { class: "a-board" }, boardSvg(drawing))),
    marketPanel(drawing),
  );
}
