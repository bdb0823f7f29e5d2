// The table screen before any game: choose the game, the players (names and
// colours), solo against the Maharajah or not, and the house rules, or resume
// an unfinished game. Starting needs the table PIN, typed here once or given
// in the link (`/table#pin=...`): it is kept for this browser session
// (pin.js), so the game's table screen, reloaded in its place, shows each
// seat's QR code without asking again, and so does the start page the table's
// "New game" brings back. Phones and spectators that open the companion before
// a game has started are told so, and reload when it has.

import { byId, h, put } from "./dom.js";
import { lang, pick, setLang } from "./i18n.js";
import { ApiError, api } from "./live.js";
import { forgetPin, keepPin, pinRefused, takePin } from "./pin.js";

const WORDS = {
  en: {
    title: "Start a game",
    language: "Español",
    game: "Game",
    players: "Players",
    solo: "Solo",
    solo_note: "You play against the Maharajah, carried out by a person; he plays the {colour} pieces.",
    hard: "The harder Maharajah",
    player_n: "Player {n}",
    name: "Name",
    colour: "Colour",
    colours_note: "With {n} players the {colours} pieces are played.",
    house_rules: "House rules",
    house_rules_help: "For what the rulebook leaves open. Leave them off to play as written.",
    rulebook: "Rulebook:",
    without: "Without it:",
    pin: "Table PIN",
    pin_help: "The PIN the companion showed when it started.",
    pin_kept: "Table PIN: kept on this screen until the browser is closed.",
    pin_other: "Type another PIN",
    start: "Start the game",
    starting: "Starting…",
    unfinished: "Resume an unfinished game",
    unfinished_none: "No unfinished games.",
    unfinished_count: "{n} unfinished game(s).",
    show_unfinished: "Show them (PIN)",
    resume: "Resume",
    maharajah: "Maharajah",
    waiting: "No game has started yet",
    waiting_help: "The table screen starts one. This page carries on by itself when it has.",
    open_table: "Open the table screen",
    no_games: "The companion serves no game at the table.",
    companion: "Seats the companion plays",
    companion_help: "A seat ticked here has no phone: the companion chooses its moves and the table screen shows them for someone to carry out on the table.",
    companion_seat: "Player {n}",
    companion_name: "Companion",
    hints: "Hints on request: the deciding phone may ask for the companion's three best answers.",
    companion_excludes: "A seat the companion plays knows its own cards: ticking one unticks “{rules}”.",
    level: "How well it plays",
  },
  es: {
    title: "Empezar una partida",
    language: "English",
    game: "Juego",
    players: "Jugadores",
    solo: "Solitario",
    solo_note: "Juegas contra el marajá, que mueve una persona; él juega con las piezas de color {colour}.",
    hard: "El marajá difícil",
    player_n: "Jugador {n}",
    name: "Nombre",
    colour: "Color",
    colours_note: "Con {n} jugadores se juega con las piezas {colours}.",
    house_rules: "Reglas de la casa",
    house_rules_help: "Para lo que el reglamento deja abierto. Sin marcar se juega como está escrito.",
    rulebook: "Reglamento:",
    without: "Sin ella:",
    pin: "PIN de la mesa",
    pin_help: "El PIN que mostró el compañero al arrancar.",
    pin_kept: "PIN de la mesa: guardado en esta pantalla hasta que se cierre el navegador.",
    pin_other: "Escribir otro PIN",
    start: "Empezar la partida",
    starting: "Empezando…",
    unfinished: "Seguir una partida sin terminar",
    unfinished_none: "No hay partidas sin terminar.",
    unfinished_count: "{n} partida(s) sin terminar.",
    show_unfinished: "Verlas (PIN)",
    resume: "Seguir",
    maharajah: "Marajá",
    waiting: "Aún no ha empezado ninguna partida",
    waiting_help: "La pantalla de la mesa la empieza. Esta página sigue sola cuando haya empezado.",
    open_table: "Abrir la pantalla de la mesa",
    no_games: "El compañero no sirve ningún juego en la mesa.",
    companion: "Puestos que juega el compañero",
    companion_help: "Un puesto marcado aquí no tiene móvil: el compañero elige sus jugadas y la pantalla de la mesa las muestra para que alguien las haga en la mesa.",
    companion_seat: "Jugador {n}",
    companion_name: "Compañero",
    hints: "Pistas a petición: el móvil que decide puede pedir las tres mejores respuestas del compañero.",
    companion_excludes: "Un puesto que juega el compañero conoce sus cartas: marcar uno desmarca «{rules}».",
    level: "Cómo de bien juega",
  },
};

function w(key, vars = {}) {
  let text = WORDS[lang()][key] ?? WORDS.en[key] ?? key;
  for (const [name, value] of Object.entries(vars)) text = text.replace(`{${name}}`, String(value));
  return text;
}

let choices = null;
const form = {
  game: null,
  count: 2,
  solo: false,
  hard: false,
  names: ["", "", "", ""],
  colours: [],
  rules: new Set(),
  bots: [false, false, false, false], // per row: the companion plays it
  level: "normal",
  hints: false, // the deciding phone may ask for the companion's best answers
};
let unfinished = null; // the list, once the PIN has shown it
let message = null; // {text, ok, fields}
let busy = false;
let knownPin = null; // the PIN kept for this browser session (pin.js): the field is not shown

function offer() {
  return choices.games.find((g) => g.name === form.game) || choices.games[0];
}

function players() {
  return form.solo ? 1 : form.count;
}

function inPlay() {
  return offer().colours.slice(0, players());
}

function colourWord(colour) {
  return lang() === "es" ? colour.es : colour.en;
}

/** Every seat's colour, one each: the colours in play in order unless a row chose another. */
function fixColours() {
  const names = inPlay().map((c) => c.name);
  const chosen = [];
  for (let i = 0; i < names.length; i += 1) {
    const want = form.colours[i];
    chosen.push(names.includes(want) && !chosen.includes(want) ? want : null);
  }
  for (let i = 0; i < chosen.length; i += 1) {
    if (!chosen[i]) chosen[i] = names.find((n) => !chosen.includes(n));
  }
  form.colours = chosen;
}

function readInputs() {
  for (let i = 0; i < 4; i += 1) {
    const input = byId(`name-${i + 1}`);
    if (input) form.names[i] = input.value;
  }
}

function invalid(field) {
  return message && message.fields && message.fields.includes(field) ? "true" : null;
}

function explain(error) {
  if (error instanceof ApiError && error.result) return { text: pick(error.result), ok: false, fields: error.result.fields || [] };
  return { text: String(error), ok: false, fields: [] };
}

function header() {
  return h(
    "header",
    { class: "top" },
    h("h1", {}, w("title")),
    h(
      "button",
      {
        type: "button",
        class: "lang",
        id: "lang",
        onclick: () => {
          readInputs();
          setLang(lang() === "en" ? "es" : "en");
          draw();
        },
      },
      w("language"),
    ),
  );
}

function gamePicker() {
  return h(
    "fieldset",
    { class: "start-games", id: "start-game" },
    h("legend", {}, w("game")),
    choices.games.map((game) =>
      h(
        "label",
        { class: "choice" },
        h("input", {
          type: "radio",
          name: "game",
          value: game.name,
          checked: game.name === form.game,
          onchange: () => {
            readInputs();
            form.game = game.name;
            form.rules = tableRules(game);
            draw();
          },
        }),
        h("span", {}, pick(game, "title"), " ", h("span", { class: "hint" }, `(${game.min_players}–${game.max_players})`)),
      ),
    ),
  );
}

/** The fewest players of a game that is not solo (a game with a solo mode lists 1 for it). */
function fewest(game) {
  return game.solo ? Math.max(2, game.min_players) : game.min_players;
}

function countPicker() {
  const game = offer();
  const counts = [];
  if (game.solo) counts.push({ solo: true, n: 1, label: w("solo") });
  for (let n = fewest(game); n <= game.max_players; n += 1) counts.push({ solo: false, n, label: String(n) });
  return h(
    "fieldset",
    { class: "start-count", id: "start-count" },
    h("legend", {}, w("players")),
    h(
      "div",
      { class: "segmented" },
      counts.map((c) => {
        const on = c.solo ? form.solo : !form.solo && form.count === c.n;
        return h(
          "button",
          {
            type: "button",
            class: on ? "segment on" : "segment secondary",
            "aria-pressed": on ? "true" : "false",
            dataset: { count: c.solo ? "solo" : String(c.n) },
            onclick: () => {
              readInputs();
              form.solo = c.solo;
              if (!c.solo) form.count = c.n;
              fixColours();
              draw();
            },
          },
          c.label,
        );
      }),
    ),
  );
}

function playerRows() {
  const colours = inPlay();
  const rows = [];
  for (let i = 0; i < players(); i += 1) {
    const n = i + 1;
    rows.push(
      h(
        "div",
        { class: "player-row" },
        h("label", { for: `name-${n}`, class: "row-label" }, h("span", { class: `dot colour-${form.colours[i]}` }), w("player_n", { n })),
        h("input", {
          id: `name-${n}`,
          type: "text",
          value: form.names[i],
          maxlength: String(choices.max_name),
          autocomplete: "off",
          "aria-invalid": invalid(`names.${n}`) || invalid("names"),
          placeholder: w("name"),
        }),
        h(
          "select",
          {
            id: `colour-${n}`,
            "aria-label": `${w("colour")} ${n}`,
            "aria-invalid": invalid(`colours.${n}`),
            onchange: (event) => {
              readInputs();
              const chosen = event.target.value;
              const other = form.colours.indexOf(chosen);
              if (other >= 0 && other !== i) form.colours[other] = form.colours[i]; // swap
              form.colours[i] = chosen;
              draw();
            },
          },
          colours.map((c) => h("option", { value: c.name, selected: c.name === form.colours[i] }, colourWord(c))),
        ),
      ),
    );
  }
  const game = offer();
  const notes = [];
  if (form.solo) {
    const his = game.colours[1];
    notes.push(h("p", { class: "hint" }, w("solo_note", { colour: his ? colourWord(his) : "" })));
    notes.push(
      h(
        "label",
        { class: "choice" },
        h("input", { type: "checkbox", id: "hard", checked: form.hard, onchange: (e) => (form.hard = e.target.checked) }),
        h("span", {}, w("hard")),
      ),
    );
  } else {
    notes.push(h("p", { class: "hint" }, w("colours_note", { n: players(), colours: colours.map(colourWord).join(", ") })));
  }
  return h("div", { class: "player-rows", id: "players" }, rows, notes, companionSeats(game));
}

/** A name for a seat the companion plays, not already another row's. */
function companionName(i) {
  const taken = form.names.slice(0, players()).filter((_, j) => j !== i);
  const base = w("companion_name");
  for (let k = 1; ; k += 1) {
    const name = k === 1 ? base : `${base} ${k}`;
    if (!taken.includes(name)) return name;
  }
}

/** Which seats the companion plays (a game whose rules it can play), and how well. */
function companionSeats(game) {
  if (!game.companion || form.solo) return null;
  const boxes = [];
  for (let i = 0; i < players(); i += 1) {
    const n = i + 1;
    boxes.push(
      h(
        "label",
        { class: "choice" },
        h("input", {
          type: "checkbox",
          id: `bot-${n}`,
          checked: form.bots[i],
          "aria-invalid": invalid("companion"),
          onchange: (event) => {
            readInputs();
            form.bots[i] = event.target.checked;
            const companion = [w("companion_name"), `${w("companion_name")} 2`, `${w("companion_name")} 3`];
            if (form.bots[i] && !form.names[i].trim()) form.names[i] = companionName(i);
            if (!form.bots[i] && companion.includes(form.names[i])) form.names[i] = "";
            // a house rule a companion seat cannot play with (Ceylon's unknown hands) goes
            if (form.bots.slice(0, players()).some(Boolean)) for (const name of game.companion_excludes) form.rules.delete(name);
            draw();
          },
        }),
        h("span", {}, w("companion_seat", { n })),
      ),
    );
  }
  const any = form.bots.slice(0, players()).some(Boolean);
  const unticked = game.house_rules.filter((rule) => game.companion_excludes.includes(rule.name));
  const excludes = unticked.length ? h("p", { class: "hint" }, w("companion_excludes", { rules: unticked.map((rule) => pick(rule)).join(", ") })) : null;
  const level = any
    ? h(
        "label",
        { class: "row-label level", for: "level" },
        w("level"),
        h(
          "select",
          {
            id: "level",
            "aria-invalid": invalid("level"),
            onchange: (event) => (form.level = event.target.value),
          },
          game.levels.map((l) => h("option", { value: l.name, selected: l.name === form.level }, pick(l))),
        ),
      )
    : null;
  return h(
    "fieldset",
    { class: "companion-seats", id: "companion-seats" },
    h("legend", {}, w("companion")),
    h("p", { class: "hint" }, w("companion_help")),
    h("div", { class: "choices" }, boxes),
    excludes,
    level,
    h(
      "label",
      { class: "choice" },
      h("input", { type: "checkbox", id: "hints", checked: form.hints, onchange: (event) => (form.hints = event.target.checked) }),
      h("span", {}, w("hints")),
    ),
  );
}

/** The house rules a game starts with on this table (``on``: how the table plays
 * unless unticked, e.g. Ceylon's hands never entered); another game's ticks never carry over. */
function tableRules(game) {
  return new Set(game.house_rules.filter((rule) => rule.on).map((rule) => rule.name));
}

function houseRules() {
  const rules = offer().house_rules;
  return h(
    "section",
    { class: "panel start-rules", id: "start-rules" },
    h("h2", {}, w("house_rules")),
    h("p", { class: "hint" }, w("house_rules_help")),
    h(
      "ul",
      {},
      rules.map((rule) => {
        const es = lang() === "es";
        const without = es ? rule.default_es : rule.default_en;
        const quote = es ? rule.text_es : rule.text;
        return h(
          "li",
          {},
          h(
            "label",
            { class: "choice rule" },
            h("input", {
              type: "checkbox",
              value: rule.name,
              dataset: { rule: rule.name },
              checked: form.rules.has(rule.name),
              onchange: (e) => {
                if (e.target.checked) form.rules.add(rule.name);
                else form.rules.delete(rule.name);
              },
            }),
            h("span", {}, pick(rule)),
          ),
          without ? h("p", { class: "hint" }, `${w("without")} ${without}.`) : null,
          quote ? h("p", { class: "hint quote" }, `${w("rulebook")} ${quote}`) : null,
        );
      }),
    ),
  );
}

function pinValue() {
  return (byId("start-pin")?.value || "").trim() || knownPin || "";
}

/** After a refusal: a refused PIN is forgotten (the field comes back, marked). */
function refused(error) {
  if (pinRefused(error)) knownPin = null;
  return explain(error);
}

async function start(resume = null) {
  if (busy) return;
  readInputs();
  const pin = pinValue();
  const body = resume
    ? { game: form.game, resume }
    : {
        game: form.game,
        names: form.names.slice(0, players()),
        colours: form.colours.slice(0, players()),
        solo: form.solo,
        hard: form.solo && form.hard,
        options: [...form.rules],
        ...(offer().companion && !form.solo
          ? { companion: form.bots.slice(0, players()), level: form.level, hints: form.hints }
          : {}),
      };
  busy = true;
  message = { text: w("starting"), ok: true, fields: [] };
  draw();
  try {
    await api("POST", "/api/start", { pin, body });
    keepPin(pin);
    location.reload();
    return;
  } catch (error) {
    // Another screen started a game meanwhile: this server now serves that game.
    if (error instanceof ApiError && error.status === 404) {
      location.reload();
      return;
    }
    message = refused(error);
  }
  busy = false;
  draw();
}

async function showUnfinished() {
  readInputs();
  const pin = pinValue();
  try {
    unfinished = (await api("GET", "/api/start/unfinished", { pin })).data;
    keepPin(pin); // right: the table screen will not ask for it again
    message = null;
  } catch (error) {
    message = refused(error);
  }
  draw();
}

function when(seconds) {
  const locale = lang() === "es" ? "es-ES" : "en-GB";
  return new Date(seconds * 1000).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

function resumePanel() {
  const count = choices.unfinished;
  let body;
  if (unfinished) {
    body = unfinished.length
      ? h(
          "ul",
          { class: "unfinished" },
          unfinished.map((game) =>
            h(
              "li",
              {},
              h(
                "span",
                { class: "game-line" },
                h("strong", {}, when(game.started)),
                " ",
                game.names
                  .map((name, i) => `${game.solo && i === game.names.length - 1 ? w("maharajah") : name} ${game.totals[i] ?? 0}`)
                  .join(" · "),
              ),
              h("button", { type: "button", class: "resume", dataset: { file: game.file }, onclick: () => start(game.file) }, w("resume")),
            ),
          ),
        )
      : h("p", { class: "hint" }, w("unfinished_none"));
  } else if (count) {
    body = [h("p", { class: "hint" }, w("unfinished_count", { n: count })), h("button", { type: "button", class: "secondary", id: "show-unfinished", onclick: showUnfinished }, w("show_unfinished"))];
  } else {
    body = h("p", { class: "hint" }, w("unfinished_none"));
  }
  return h("section", { class: "panel start-resume", id: "start-resume" }, h("h2", {}, w("unfinished")), body);
}

function startPanel() {
  const kept = pinValue();
  const pinField = knownPin
    ? [
        h("p", { class: "hint", id: "pin-kept" }, w("pin_kept")),
        h(
          "button",
          {
            type: "button",
            class: "secondary",
            id: "pin-other",
            onclick: () => {
              readInputs();
              forgetPin();
              knownPin = null;
              draw();
              byId("start-pin")?.focus();
            },
          },
          w("pin_other"),
        ),
      ]
    : pinInput(kept);
  return h(
    "section",
    { class: "panel start-go", id: "start-go" },
    pinField,
    h("button", { type: "submit", id: "start-button", disabled: busy }, w("start")),
    h("p", { id: "start-message", class: message ? `feedback ${message.ok ? "ok" : "refused"}` : "feedback", role: "alert" }, message ? message.text : ""),
  );
}

function pinInput(kept) {
  return [
    h("label", { for: "start-pin" }, w("pin")),
    h("input", {
      id: "start-pin",
      type: "password",
      inputmode: "numeric",
      autocomplete: "off",
      maxlength: "12",
      value: kept,
      "aria-invalid": invalid("pin"),
      "aria-describedby": "pin-help",
    }),
    h("p", { class: "hint", id: "pin-help" }, w("pin_help")),
  ];
}

function draw() {
  const root = byId("app");
  if (!choices.games.length) {
    put(root, header(), h("p", { class: "refused" }, w("no_games")));
    return;
  }
  fixColours();
  put(
    root,
    header(),
    h(
      "form",
      {
        id: "start-form",
        class: "start-layout",
        onsubmit: (event) => {
          event.preventDefault();
          start();
        },
      },
      h("section", { class: "panel start-new", id: "start-new" }, gamePicker(), countPicker(), playerRows()),
      houseRules(),
      h("div", { class: "start-side" }, startPanel(), resumePanel()),
    ),
  );
}

function waiting() {
  const root = byId("app");
  put(
    root,
    h("header", { class: "top" }, h("h1", {}, w("waiting"))),
    h("section", { class: "panel" }, h("p", {}, w("waiting_help")), h("a", { href: "/table", class: "button-link" }, w("open_table"))),
  );
  // Once a game has started the server answers with the game's pages: reload.
  setInterval(async () => {
    try {
      await api("GET", "/api/start/choices");
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) location.reload();
    }
  }, 3000);
}

async function main() {
  if (location.pathname !== "/table") {
    waiting();
    return;
  }
  knownPin = takePin(); // typed before on this screen, or `#pin=` in the link (then taken out)
  choices = (await api("GET", "/api/start/choices")).data;
  form.game = choices.games.length ? choices.games[0].name : null;
  const game = choices.games[0];
  if (game) form.rules = tableRules(game);
  if (game) form.count = Math.min(Math.max(2, fewest(game)), game.max_players);
  draw();
  byId("name-1")?.focus();
}

main();
