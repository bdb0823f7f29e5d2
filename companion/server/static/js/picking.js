// Answers picked on the picture: the decision's answers as short screens of at
// most eight buttons (the server folds them: companion/server/answer_menu.py,
// `view.menu`), and the places a screen offers made tappable on the board
// drawing. A drawing marks each place with `data-place="<kind>:<id>"`; here the
// offered ones get class `g-pickable`, role="button", a keyboard focus, a name
// for screen readers and an invisible hit area of at least 44x44 CSS px (SVG),
// highlighted so a player sees what may be tapped. Tapping a place opens its
// follow-up (the slots of a boat, a tile's turn; a screen that carries its own
// `question` shows it above its answers) or sends the answer; an answer
// marked `ask` (Ceylon's move that costs rupees) first shows its whole words
// with one button, so the cost is read before it is sent. While a
// player picks, the parts of the drawing with places (or marked data-pick-context)
// come first.
// Places a drawing does not show become buttons, so nothing is unreachable.

import { byId, h, s } from "./dom.js";
import { lang, pick } from "./i18n.js";

const WORDS = {
  en: {
    back: "Back",
    on_drawing: "Tap one of the highlighted places on the drawing.",
    answers: "Answers",
  },
  es: {
    back: "Atrás",
    on_drawing: "Toca uno de los sitios resaltados en el dibujo.",
    answers: "Respuestas",
  },
};
const HIT = 44; // CSS px: the smallest tap target

function w(key) {
  return WORDS[lang()][key] ?? WORDS.en[key];
}

// Where the player is in the menu: the items tapped so far, for one state.
let where = { key: "", path: [] };
let shown = null; // {menu, onChoose, list}

/** True when some answer of the menu is a place (the drawing then belongs near the question). */
export function hasPlaces(menu) {
  if (!menu) return false;
  return menu.items.some((item) => item.place || (item.items && hasPlaces(item)));
}

function screenOf(menu) {
  let node = menu;
  const trail = [];
  for (const [step, index] of where.path.entries()) {
    const next = node.items && node.items[index];
    if (next && next.ask && next.action && step === where.path.length - 1) {
      // a place tapped whose answer asks first: its whole words, one button to send
      trail.push(next);
      const send = { action: next.action, full: next.full, en: next.full.en, es: next.full.es, place: "", button: true };
      return { node: { items: [send], asked: true }, trail };
    }
    if (!next || !next.items) {
      where.path = [];
      return { node: menu, trail: [] };
    }
    trail.push(next);
    node = next;
  }
  return { node, trail };
}

/** The answer screen of `view` (its buttons; places on the drawing are armed by armPlaces). */
export function answerList(view, onChoose) {
  // the same decision (an update that changes nothing asked keeps the screen the player is on)
  const first = view.options.length ? view.options[0].action : "";
  const key = `${view.state_id}:${view.seat}:${view.decision.kind}:${view.options.length}:${first}`;
  if (where.key !== key) where = { key, path: [] };
  const list = h("div", { class: "g-options g-menu", id: "answers", role: "group", "aria-label": w("answers") });
  shown = { menu: view.menu, onChoose, list };
  fill();
  return list;
}

function fill() {
  const { menu, list } = shown;
  const { node, trail } = screenOf(menu);
  const places = node.items.filter((item) => item.place);
  const parts = [];
  if (trail.length) parts.push(h("p", { class: "g-path" }, trail.map((t) => pick(t)).join(" › ")));
  // a follow-up's own question ("Which track?"), above its answers (and on its "More…" pages)
  const asked = [...trail].reverse().find((t) => t.question);
  if (asked) parts.push(h("p", { class: "g-follow-question", id: "answers-question" }, pick(asked.question)));
  if (node.picture) parts.push(h("p", { class: "g-pick-hint" }, w("on_drawing")));
  node.items.forEach((item, index) => {
    if (!item.button) return;
    const group = !item.action;
    parts.push(
      h(
        "button",
        {
          type: "button",
          class: `g-option${group ? " g-group" : ""}`,
          // a follow-up's answer names the answer sent before it (first); the screen of a
          // follow-up, the answer that opens it (opens)
          dataset: item.action ? { action: item.action, ...(item.first ? { first: item.first } : {}) } : { menu: String(index), place: item.place || "", ...(item.opens ? { opens: item.opens } : {}) },
          "aria-label": item.full ? pick(item.full) : null,
          onclick: () => choose(index),
        },
        pick(item),
        group ? h("span", { class: "g-more", "aria-hidden": "true" }, " ›") : null,
      ),
    );
  });
  if (trail.length) {
    parts.push(h("button", { type: "button", class: "g-secondary g-back", id: "answers-back", onclick: back }, `‹ ${w("back")}`));
  }
  list.replaceChildren(...parts);
  list.dataset.depth = String(trail.length);
  list.dataset.places = String(places.length);
}

function choose(index, onDrawing = false) {
  const { menu, onChoose } = shown;
  const { node } = screenOf(menu);
  const item = node.items[index];
  if (!item) return;
  if (item.action && item.ask && onDrawing) {
    where.path = [...where.path, index]; // its words and cost first (a button sends it)
    refresh();
    return;
  }
  if (item.action) {
    // an answer reached through a follow-up names the answer sent before it (`first`)
    onChoose({ action: item.action, en: item.full.en, es: item.full.es, first: item.first });
    return;
  }
  where.path = [...where.path, index];
  refresh();
}

function back() {
  where.path = where.path.slice(0, -1);
  refresh();
}

function refresh() {
  if (!shown || !shown.list.isConnected) return;
  fill();
  armPlaces();
  const box = shown.list.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) shown.list.scrollIntoView({ block: "nearest" });
}

function disarm(root) {
  for (const el of root.querySelectorAll(".g-hit, .g-hit-ring")) el.remove();
  for (const el of root.querySelectorAll(".g-pickable")) {
    el.classList.remove("g-pickable");
    el.removeAttribute("role");
    el.removeAttribute("tabindex");
    el.removeAttribute("aria-label");
    el.onclick = null;
    el.onkeydown = null;
    delete el.dataset.pickOnly;
    delete el.dataset.answer;
  }
}

/** An invisible-but-outlined rect at least 44x44 CSS px around an SVG place. */
function hitArea(el) {
  const box = el.getBBox();
  const ctm = el.getScreenCTM();
  const scale = ctm ? Math.hypot(ctm.a, ctm.b) || 1 : 1;
  const width = Math.max(box.width, HIT / scale);
  const height = Math.max(box.height, HIT / scale);
  const attrs = {
    class: "g-hit",
    x: box.x + box.width / 2 - width / 2,
    y: box.y + box.height / 2 - height / 2,
    width,
    height,
    rx: 6 / scale,
    "stroke-width": 3 / scale,
  };
  // A place drawn as a polygon (Ceylon's hexes) is outlined in its own shape, not a box
  // over its neighbours; grown about its middle only if it is under 44 px across.
  const shape = el.tagName.toLowerCase() === "g" ? el.querySelector(":scope > polygon") : null;
  if (shape) {
    const own = shape.getBBox();
    const grow = Math.max(1, HIT / scale / own.width, HIT / scale / own.height);
    const cx = own.x + own.width / 2;
    const cy = own.y + own.height / 2;
    const points = shape.getAttribute("points");
    const about = (k) => `translate(${cx} ${cy}) scale(${k}) translate(${-cx} ${-cy})`;
    const hit = { class: "g-hit g-hit-shape", points };
    if (grow > 1) hit.transform = about(grow);
    // the outline drawn inside the shape, so a neighbour drawn later never hides it
    const ring = { class: "g-hit-ring", points, transform: about(0.84), "stroke-width": 3 / scale / 0.84 };
    el.append(s("polygon", hit), s("polygon", ring));
    return [el];
  }
  if (el.tagName.toLowerCase() === "g" || el.tagName.toLowerCase() === "svg") {
    el.append(s("rect", attrs));
    return [el];
  }
  const transform = el.getAttribute("transform");
  const rect = s("rect", transform ? { ...attrs, transform } : attrs);
  el.after(rect);
  return [el, rect];
}

// How soon a part of the drawing comes while picking: 0 it holds a place to tap or
// the one tapped last (or is a place itself: places keep their order among
// themselves), 1 it shows what is being placed (data-pick-context: Rajas's tile in
// hand), 2 it holds other places, 3 none of these (Imhotep's sleds, Rajas's race).
const PLACES = ".g-pickable, .g-chosen";
const CONTEXT = "[data-pick-context]";
const ORDER = ["", "g-context", "g-rest", "g-aside"];
function rank(el) {
  if (el.matches("[data-place]") || el.matches(PLACES) || el.querySelector(PLACES)) return 0;
  if (el.matches(CONTEXT) || el.querySelector(CONTEXT)) return 1;
  return el.querySelector("[data-place]") ? 2 : 3;
}

/** Reorder `box` (HTML, three levels down) by rank, with CSS order only: nothing moves in the DOM. */
function lift(box, depth) {
  if (depth > 3 || box instanceof SVGElement) return;
  const parts = [...box.children];
  const ranks = parts.map(rank);
  if (ranks.some((r) => r !== ranks[0])) {
    const display = getComputedStyle(box).display;
    box.classList.add(display === "flex" || display === "grid" ? "g-lifted" : "g-lifted-block");
    parts.forEach((part, i) => {
      const title = i === 0 && /^H[1-6]$/.test(part.tagName);
      if (!title && ranks[i] > 0) part.classList.add(ORDER[ranks[i]]);
    });
  }
  parts.forEach((part, i) => {
    if (ranks[i] < 2 && !part.matches("[data-place]")) lift(part, depth + 1);
  });
}

function arm(el, item, index) {
  const targets = el instanceof SVGElement ? hitArea(el) : [el];
  el.classList.add("g-pickable");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", pick(item.full || item));
  if (!item.button) el.dataset.pickOnly = "1"; // no button for it: the drawing is the way
  if (item.action) el.dataset.answer = item.action; // tapping it sends this answer
  for (const target of targets) {
    target.onclick = (event) => {
      event.preventDefault();
      event.stopPropagation();
      choose(index, true);
    };
  }
  el.onkeydown = (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(index, true);
    }
  };
}

/** Mark the places the current screen offers on the drawing; a place the drawing
 * lacks becomes a button so it stays reachable. Call after the page is placed. */
export function armPlaces() {
  const root = byId("drawing");
  if (root) {
    disarm(root);
    for (const el of root.querySelectorAll(".g-aside, .g-rest, .g-context, .g-lifted, .g-lifted-block")) el.classList.remove("g-aside", "g-rest", "g-context", "g-lifted", "g-lifted-block");
    root.classList.remove("g-lifted", "g-lifted-block");
    for (const el of root.querySelectorAll(".g-chosen")) el.classList.remove("g-chosen");
  }
  if (!shown || !shown.list.isConnected) return;
  const { node, trail } = screenOf(shown.menu);
  // The place tapped last stays marked on its follow-up screens (the square a tile goes on).
  const chosen = [...trail].reverse().find((t) => t.place);
  const mark = root && chosen ? root.querySelector(`[data-place="${CSS.escape(chosen.place)}"]`) : null;
  if (mark) mark.classList.add("g-chosen");
  const missing = [];
  node.items.forEach((item, index) => {
    if (!item.place) return;
    const el = root ? root.querySelector(`[data-place="${CSS.escape(item.place)}"]`) : null;
    if (el) arm(el, item, index);
    else if (!item.button) missing.push([item, index]);
  });
  const backButton = shown.list.querySelector(".g-back");
  for (const [item, index] of missing) {
    const button = h(
      "button",
      { type: "button", class: `g-option${item.action ? "" : " g-group"}`, dataset: item.action ? { action: item.action } : { menu: String(index), place: item.place }, onclick: () => choose(index) },
      pick(item),
    );
    shown.list.insertBefore(button, backButton);
  }
  // While picking, the parts of the drawing with places to tap come first (Imhotep's
  // sleds, Rajas's race of markers go after them): fewer screens to scroll.
  if (root && root.querySelector(".g-pickable, .g-chosen")) lift(root, 0);
  if (missing.length) {
    const hint = shown.list.querySelector(".g-pick-hint");
    if (hint && missing.length === node.items.filter((i) => i.place && !i.button).length) hint.remove();
  }
}

/** Forget the screen (the decision was answered or the page left it). */
export function resetAnswers() {
  where = { key: "", path: [] };
}
