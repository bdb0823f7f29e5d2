// Far mode for the table screen: a toggle in its top bar that shows the
// question, whose turn it is, the scores and the alerts in large print
// (at least 32 px: about 16 arcminutes at 1.5 m, what reads comfortably from
// across a table; the ordinary 16-18 px is half that). Remembered in this
// browser's localStorage, so a screen set up for a room stays so. Used by
// every game's table screen (generic_board.js); the sizes are in far.css.

import { h } from "./dom.js";
import { lang } from "./i18n.js";

const KEY = "companion.far";
let unstored = false; // far mode when this browser keeps no storage: until the page reloads

const WORDS = {
  en: { far: "Large print", far_help: "Large print, to read the screen from across the table" },
  es: { far: "Letra grande", far_help: "Letra grande, para leer la pantalla desde el otro lado de la mesa" },
};

function word(key) {
  return (WORDS[lang()] || WORDS.en)[key];
}

/** Whether far mode is on for this browser. */
export function farOn() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return unstored;
  }
}

function setFar(on) {
  try {
    if (on) localStorage.setItem(KEY, "1");
    else localStorage.removeItem(KEY);
  } catch {
    unstored = on;
  }
}

/** Mark the page (body.far) as far mode says (far.css is linked in the table screen's head). */
export function applyFar() {
  document.body.classList.toggle("far", farOn());
}

/** The top bar's toggle; `redraw` lays the page out again after a change. */
export function farButton(redraw, className = "secondary") {
  const on = farOn();
  return h(
    "button",
    {
      type: "button",
      class: `far-toggle ${className}`,
      id: "far-toggle",
      "aria-pressed": on ? "true" : "false",
      title: word("far_help"),
      onclick: () => {
        setFar(!farOn());
        applyFar();
        redraw();
      },
    },
    word("far"),
  );
}
