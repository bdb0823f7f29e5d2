// Getting a player's attention on the phone: a short vibration and a tone
// when a question becomes theirs or an alert appears, and a screen wake lock
// so the phone lying on the table does not go dark mid-game. Every one of
// these is optional in browsers: when one is missing the page works without it.

let audio = null;

/** Browsers allow sound only after a tap: make the audio context on the first one. */
function unlockAudio() {
  if (audio) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio = new Context();
  } catch {
    audio = null;
  }
}

/** Phones refuse to vibrate a page nobody has tapped yet (and log it): ask only after a tap. */
function vibrate(pattern) {
  if (navigator.vibrate && navigator.userActivation?.hasBeenActive) navigator.vibrate(pattern);
}

function tone(frequencies) {
  if (!audio) return;
  let start = audio.currentTime;
  for (const frequency of frequencies) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.001, start);
    gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.001, start + 0.18);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.2);
    start += 0.2;
  }
}

/** Counted for the page's tests: what the phone did to call the player. */
export const calls = { turn: 0, alert: 0 };

export function yourTurn() {
  calls.turn += 1;
  document.body.dataset.calledTurn = String(calls.turn);
  vibrate([80, 60, 80]);
  tone([660, 880]);
}

export function alertRaised() {
  calls.alert += 1;
  document.body.dataset.calledAlert = String(calls.alert);
  vibrate([250, 100, 250]);
  tone([440, 330, 440]);
}

let lock = null;

async function keepAwake() {
  if (!navigator.wakeLock || document.visibilityState !== "visible" || lock) return;
  try {
    lock = await navigator.wakeLock.request("screen");
    document.body.dataset.wakeLock = "on";
    lock.addEventListener("release", () => {
      lock = null;
      document.body.dataset.wakeLock = "off";
    });
  } catch {
    lock = null; // refused (battery saver, an insecure page): the phone may sleep
  }
}

/** Once per page: sound after the first tap, the wake lock while the page is shown. */
export function startAttention() {
  document.addEventListener("pointerdown", unlockAudio, { once: true, capture: true });
  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();
}
