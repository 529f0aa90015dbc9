// @ts-check
// Primi's sounds: small cues for the deal, a bet, a card played, a win and "your turn", made on
// the spot with WebAudio oscillators and envelopes (no sound file is downloaded). Off by default
// (settings.sound), with a volume (settings.volume, 0–1); never the only cue (every event is also
// shown and announced). No AudioContext exists until sound is on and the player has clicked or
// pressed a key (turning sound on in Settings is such a gesture): the browsers' autoplay policy.
// Test hook: window.primi.sounds = {deal, bet, play, win, turn, contexts} counts the cues played.

/** @type {Pick<import("../protocol").Settings, "sound" | "volume">} */
let settings = { sound: false, volume: 0.6 };
let audio = null;
let gestured = false;
export const soundCounts = { deal: 0, bet: 0, play: 0, win: 0, turn: 0, contexts: 0 };

/** @param {import("../protocol").Settings} s the settings object (kept by reference) */
export function initSound(s) {
  settings = s;
  const mark = () => { gestured = true; };
  document.addEventListener("pointerdown", mark, true);
  document.addEventListener("keydown", mark, true);
}

// The AudioContext, made on first need once sound is on and a gesture happened.
function context() {
  if (!settings.sound || !gestured) return null;
  if (!audio) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    try { audio = new AC(); } catch { return null; }
    soundCounts.contexts += 1;
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

/** Sound was just turned on (a click in Settings): start the context and play a sample. */
export function soundTurnedOn() {
  gestured = true;
  playSound("turn");
}

// One tone: an oscillator through a gain envelope (fast attack, exponential decay).
function tone(ac, out, { type = "sine", freq, to = null, at = 0, dur = 0.12, peak = 0.3 }) {
  const t0 = ac.currentTime + at;
  const osc = ac.createOscillator();
  const env = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, t0 + dur);
  env.gain.setValueAtTime(0.0001, t0);
  env.gain.exponentialRampToValueAtTime(peak, t0 + 0.008);
  env.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(env).connect(out);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

// The cues: each a few tones, original to Primi.
const CUES = {
  // Cards flicked out: three quick falling blips.
  deal: (ac, out) => { for (let i = 0; i < 3; i++) tone(ac, out, { type: "triangle", freq: 1100, to: 520, at: i * 0.07, dur: 0.06, peak: 0.22 }); },
  // A chip: two bright partials, a short ring.
  bet: (ac, out) => { tone(ac, out, { freq: 2350, dur: 0.14, peak: 0.18 }); tone(ac, out, { freq: 3520, at: 0.004, dur: 0.09, peak: 0.1 }); },
  // A card laid on the table: a soft low knock.
  play: (ac, out) => { tone(ac, out, { type: "triangle", freq: 260, to: 140, dur: 0.09, peak: 0.3 }); },
  // A win: a rising major arpeggio.
  win: (ac, out) => { [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(ac, out, { type: "triangle", freq: f, at: i * 0.09, dur: 0.22, peak: 0.22 })); },
  // Your turn: a gentle two-note chime.
  turn: (ac, out) => { tone(ac, out, { freq: 659.25, dur: 0.18, peak: 0.16 }); tone(ac, out, { freq: 987.77, at: 0.1, dur: 0.24, peak: 0.14 }); },
};

/** Play a cue ("deal", "bet", "play", "win", "turn") if sound is on; counted for the tests. */
export function playSound(name) {
  if (!settings.sound || !CUES[name]) return;
  soundCounts[name] += 1;
  const ac = context();
  if (!ac) return;
  try {
    const out = ac.createGain();
    out.gain.value = Math.max(0, Math.min(1, Number(settings.volume ?? 0.6)));
    out.connect(ac.destination);
    CUES[name](ac, out);
  } catch { /* sound is never worth an error */ }
}
