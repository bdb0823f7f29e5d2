// Joining on the generic table screen (generic_board.js, role "table"): each
// seat's QR code and link until that seat's phone joins, then only "Joined:
// code hidden" (a photo of the screen taken later lets nobody into a seat),
// as Amritsar's table screen does. The codes need the table PIN: kept from
// the start page (pin.js), or typed once in this panel's own field.
// A joined seat's phone lost: "New code" (confirmed) shows a fresh code and
// the old link stops working at once. A name typed wrong at the start: each
// seat's "Rename" opens a field in the panel itself (no browser prompt), saved
// through the table's seats API (POST /api/table/seats/{index}, PIN); the
// field being typed in survives the live redraws.

import { h } from "./dom.js";
import { lang } from "./i18n.js";

const WORDS = {
  en: {
    join: "Join the game",
    join_help: "Each player scans their own code with their phone.",
    all_joined: "Every player has joined.",
    joined: "Joined: code hidden",
    new_code: "New code",
    new_code_confirm: "Show a new code for {name}? The link on their phone stops working.",
    pin: "Table PIN",
    pin_help: "The PIN the companion showed when it started. This screen keeps it until the browser is closed.",
    show_codes: "Show the codes",
    pin_first: "Type the table PIN first (under “Join the game”).",
    rename: "Rename",
    rename_label: "New name for {name}",
    save: "Save",
    cancel: "Cancel",
  },
  es: {
    join: "Únete a la partida",
    join_help: "Cada jugador escanea su propio código con el móvil.",
    all_joined: "Todos los jugadores se han unido.",
    joined: "Conectado: código oculto",
    new_code: "Código nuevo",
    new_code_confirm: "¿Mostrar un código nuevo para {name}? El enlace de su móvil deja de funcionar.",
    pin: "PIN de la mesa",
    pin_help: "El PIN que mostró el compañero al arrancar. Esta pantalla lo guarda hasta que se cierre el navegador.",
    show_codes: "Ver los códigos",
    pin_first: "Escribe antes el PIN de la mesa (en «Únete a la partida»).",
    rename: "Cambiar nombre",
    rename_label: "Nuevo nombre para {name}",
    save: "Guardar",
    cancel: "Cancelar",
  },
};

/** A word of the join panel in the page's language. */
export function jw(key, vars = {}) {
  let text = (WORDS[lang()] || WORDS.en)[key] ?? WORDS.en[key] ?? key;
  for (const [name, value] of Object.entries(vars)) text = text.replace(`{${name}}`, String(value));
  return text;
}

function dot(colour) {
  return h("span", { class: "g-dot", dataset: { colour: colour || "" } });
}

let pinForm = null; // kept across redraws, so a PIN being typed survives a live update

function lockedPanel(onPin) {
  if (pinForm && pinForm.dataset.lang === lang()) return pinForm;
  pinForm = h(
    "section",
    { class: "g-panel g-join", id: "join", dataset: { lang: lang() } },
    h("h2", {}, jw("join")),
    h(
      "form",
      {
        class: "g-pin-form",
        id: "g-pin-form",
        onsubmit: (event) => {
          event.preventDefault();
          const input = event.target.querySelector("input");
          onPin(input.value.trim());
        },
      },
      h("label", { for: "g-pin-input" }, jw("pin")),
      h("input", {
        id: "g-pin-input",
        type: "password",
        inputmode: "numeric",
        autocomplete: "off",
        maxlength: "12",
        "aria-describedby": "g-pin-help",
      }),
      h("button", { type: "submit", id: "g-pin-button" }, jw("show_codes")),
    ),
    h("p", { class: "g-hint", id: "g-pin-help" }, jw("pin_help")),
  );
  return pinForm;
}

// The seat being renamed and its form, kept across redraws (a name being typed survives).
let renaming = null; // {index, lang, form}

function renameButton(seat, redraw) {
  return h(
    "button",
    {
      type: "button",
      class: "g-secondary g-rename-open",
      dataset: { seat: String(seat.index) },
      onclick: () => {
        renaming = { index: seat.index, lang: lang(), form: null };
        redraw();
        const input = document.getElementById(`g-rename-${seat.index}`);
        if (input) {
          input.focus();
          input.select();
        }
      },
    },
    jw("rename"),
  );
}

function renameForm(seat, onRename, redraw) {
  if (renaming.form && renaming.lang === lang()) return renaming.form;
  const id = `g-rename-${seat.index}`;
  const close = () => {
    renaming = null;
    redraw();
  };
  renaming.lang = lang();
  renaming.form = h(
    "form",
    {
      class: "g-rename",
      dataset: { seat: String(seat.index) },
      onsubmit: async (event) => {
        event.preventDefault();
        const name = event.target.querySelector("input").value.trim().replace(/\s+/g, " ");
        if (!name) return; // the field is required: the browser says so
        if (name === seat.name || (await onRename(seat, name))) close();
      },
    },
    h("label", { for: id }, jw("rename_label", { name: seat.name })),
    h("input", { id, type: "text", value: seat.name, maxlength: "40", required: true, autocomplete: "off", spellcheck: "false" }),
    h("button", { type: "submit", class: "g-rename-save" }, jw("save")),
    h("button", { type: "button", class: "g-secondary g-rename-cancel", onclick: close }, jw("cancel")),
  );
  return renaming.form;
}

/** A seat's rename control: its button, or its open form. */
function renameTool(seat, onRename, redraw) {
  if (!onRename) return null;
  return renaming && renaming.index === seat.index ? renameForm(seat, onRename, redraw) : renameButton(seat, redraw);
}

/**
 * The join panel: `seats` as /api/table/seats gives them (null while the PIN
 * is unknown), `onPin(candidate)` when a PIN is typed, `onNewCode(seat)` for a
 * joined seat's fresh code, `onRename(seat, name)` (resolves true once saved)
 * and `redraw()` for a seat's new name. Null for a game that is over.
 */
export function joinPanel({ seats, over, onPin, onNewCode, onRename = null, redraw = () => {} }) {
  if (over) return null;
  if (!seats) return lockedPanel(onPin);
  pinForm = null;
  if (renaming && !seats.some((seat) => seat.index === renaming.index)) renaming = null;
  const waiting = seats.filter((seat) => !seat.joined);
  return h(
    "section",
    { class: `g-panel g-join${waiting.length ? "" : " done"}`, id: "join" },
    h("h2", {}, jw("join")),
    h("p", { class: "g-hint" }, jw(waiting.length ? "join_help" : "all_joined")),
    waiting.length
      ? h(
          "div",
          { class: "g-qr-grid" },
          waiting.map((seat) =>
            h(
              "figure",
              { class: "g-qr", dataset: { seat: String(seat.index) } },
              h("img", { src: seat.qr, alt: `QR ${seat.name}`, width: 160, height: 160 }),
              h("figcaption", {}, dot(seat.colour), " ", h("strong", {}, seat.name), h("span", { class: "g-url" }, seat.url)),
              renameTool(seat, onRename, redraw),
            ),
          ),
        )
      : null,
    h(
      "ul",
      { class: "g-joined" },
      seats
        .filter((seat) => seat.joined)
        .map((seat) =>
          h(
            "li",
            { dataset: { seat: String(seat.index) } },
            dot(seat.colour),
            h("span", { class: "g-joined-name" }, h("strong", {}, seat.name), ` · ${jw("joined")}`),
            renameTool(seat, onRename, redraw),
            h(
              "button",
              {
                type: "button",
                class: "g-secondary g-new-code",
                onclick: () => {
                  if (window.confirm(jw("new_code_confirm", { name: seat.name }))) onNewCode(seat);
                },
              },
              jw("new_code"),
            ),
          ),
        ),
    ),
  );
}
