// The connection to the companion: REST for commands, one WebSocket for views.
// The socket reconnects by itself (a phone that slept, a Wi-Fi blip); a view
// older than the one shown is ignored.

export class ApiError extends Error {
  constructor(status, result) {
    super(result?.en || `HTTP ${status}`);
    this.status = status;
    this.result = result;
  }
}

/** Call the REST API; resolves with the JSON body, or throws ApiError. */
export async function api(method, path, { body, token, pin } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  if (pin) headers["X-Table-Pin"] = pin;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return { status: response.status, data };
}

/** The errors that end a player's link for good (the server closes 4401, 4403, 4410). */
export const DEAD_LINK = new Set(["bad_token", "link_revoked", "game_left"]);

export class Live {
  /**
   * @param {object} options
   * @param {string|null} options.token  a seat token, or null for a spectator
   * @param {(view: object) => void} options.onView
   * @param {(status: "connecting"|"live"|"offline") => void} options.onStatus
   * @param {(error: object) => void} options.onError  a refusal from the server
   */
  constructor({ token, onView, onStatus, onError }) {
    this.token = token;
    this.onView = onView;
    this.onStatus = onStatus || (() => {});
    this.onError = onError || (() => {});
    this.stateId = -1;
    this.view = null;
    this.delay = 250;
    this.stopped = false;
  }

  start() {
    this.stopped = false;
    this.connect();
  }

  stop() {
    this.stopped = true;
    if (this.socket) this.socket.close();
  }

  connect() {
    this.onStatus("connecting");
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "hello", token: this.token }));
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "welcome") {
        this.delay = 250;
        this.onStatus("live");
      } else if (message.type === "view") {
        const view = message.view;
        // Equal state ids still replace: undo requests change without a new state.
        if (view.state_id < this.stateId) return;
        this.stateId = view.state_id;
        this.view = view;
        this.onView(view);
      } else if (message.type === "error") {
        this.onError(message);
        // A dead link (unknown, revoked by a new code, or a game the table has left)
        // stops reconnecting: the page says why (i18n: bad_token, link_revoked, game_left).
        if (this.token && DEAD_LINK.has(message.code)) this.stopped = true;
      }
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.onStatus("offline");
      if (this.stopped) return;
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    });
  }
}
