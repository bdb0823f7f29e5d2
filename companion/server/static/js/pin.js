// The table PIN on the table screen, asked once: typed on the start page or the
// table screen, or given in the screen's link (`/table#pin=...`), it is kept in
// this browser tab's sessionStorage, so neither the game's table screen nor
// "New game" asks for it again. It is forgotten when the browser (or the tab)
// is closed, when the server refuses it (a 403 `bad_pin` or `pin_missing`:
// the page then asks once, in the page), and when the screen is locked.
// Why sessionStorage is acceptable: see docs/security.md, "The table PIN".

import { ApiError } from "./live.js";

// The key Amritsar's table screen has always used, so a screen already
// unlocked keeps its PIN across this change.
const KEY = "amritsar.pin";

/** The PIN kept for this browser session, or null. */
export function storedPin() {
  try {
    return sessionStorage.getItem(KEY) || null;
  } catch {
    return null; // storage blocked: the page asks each time
  }
}

/** Keep the PIN for this browser session (an empty one is forgotten). */
export function keepPin(pin) {
  const value = (pin || "").trim();
  try {
    if (value) sessionStorage.setItem(KEY, value);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage blocked: nothing kept
  }
}

/** Forget the kept PIN (refused, or the screen locked). */
export function forgetPin() {
  keepPin("");
}

/**
 * The PIN given in the address (`#pin=...`), taken out of the address bar at
 * once (so it is neither bookmarked nor shown); null without one. The other
 * parts of the fragment, if any, stay.
 */
export function pinFromLink() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const given = (fragment.get("pin") || "").trim();
  if (!fragment.has("pin")) return null;
  fragment.delete("pin");
  const rest = fragment.toString();
  history.replaceState(history.state, "", location.pathname + location.search + (rest ? `#${rest}` : ""));
  return given || null;
}

/** The PIN to use on this page: the link's (then kept), else the kept one, else null. */
export function takePin() {
  const linked = pinFromLink();
  if (linked) {
    keepPin(linked);
    return linked;
  }
  return storedPin();
}

/** Whether an API error is the server refusing the PIN (wrong or missing): forget it then. */
export function pinRefused(error) {
  const code = error instanceof ApiError && error.status === 403 ? error.result?.code : null;
  if (code === "bad_pin" || code === "pin_missing") {
    forgetPin();
    return true;
  }
  return false;
}
