// @ts-check
// Primi's motion, shared by every game: cards and chips that travel (a deal, a bet, a draw, a
// card played, a capture, the pot going to its winner, a Primo row clear).
//
// The rules of this module:
// - Motion is cosmetic. The DOM is always drawn in its final state at once; an animation only
//   moves the real element there from where it was (FLIP: First rect, Last rect, Invert with a
//   transform, Play back to none), or flies a transient, inert token or the element that just left
//   (in #fx-layer, removed when done). Tests that wait on state never wait on motion.
// - Only transform and opacity are animated (the Web Animations API, run by the compositor); rects
//   are read in one batch before any animation is started, so nothing thrashes the layout.
// - Speed: the player's Off / Fast / Normal / Slow (settings.speed); prefers-reduced-motion means Off
//   unless the player chose a speed in Settings (settings.speedChosen).
// - A click, a tap or a key anywhere finishes every animation now playing (skip()); a tap on a
//   control that was moving acts on that control (pressClick).
// Test hook: window.primi.motion = {played, speed()}; html[data-motion-played] counts the animations started.

const DURATION = { off: 0, fast: 120, normal: 250, slow: 500 }; // one card's travel (lichess's animationMillis)
const STAGGER = 0.3; // a deal's cards start this fraction of a travel apart
const MAX_TOTAL = 1200; // a composite animation (a whole deal) never runs longer (ms, at Normal)

/** @type {Pick<import("../protocol").Settings, "speed" | "speedChosen">} */
let settings = { speed: "normal", speedChosen: false };
let played = 0;
const kinds = { slide: 0, fly: 0, chip: 0, other: 0 }; // animations started, by kind (tests)
const running = new Set();

const reduced = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The settings object (kept by reference: a change in Settings applies at once).
 * @param {import("../protocol").Settings} s */
export function initMotion(s) {
  settings = s;
  // A click, a tap or a key anywhere jumps every animation to its end (capture: before any handler).
  document.addEventListener("pointerdown", pressDown, true);
  document.addEventListener("click", pressClick, true);
  document.addEventListener("keydown", () => skip(), true);
}

// A press that lands on a control while it moves (a card being dealt to the hand) is meant for that
// control; finishing the motion moves it away from under the finger, and the click that ends the
// tap would go to whatever lies there now (another card, or nothing). That click goes to the
// control the press landed on, as the same tap on a still table would.
/** @type {{ el: HTMLElement, at: number } | null} */
let pressed = null;
const PRESS_MS = 1500; // a click this long after its press is no longer that tap's

function movingControl(target) {
  const el = target instanceof Element ? /** @type {HTMLElement | null} */ (target.closest("button, [data-action]")) : null;
  if (!el) return null;
  for (const a of running) {
    const moved = a.effect && /** @type {KeyframeEffect} */ (a.effect).target;
    if (moved && (moved === el || moved.contains(el))) return el;
  }
  return null;
}

function pressDown(e) {
  pressed = running.size ? (() => { const el = movingControl(e.target); return el ? { el, at: performance.now() } : null; })() : null;
  skip();
}

function pressClick(e) {
  const p = pressed;
  pressed = null;
  if (!p || !p.el.isConnected || p.el.contains(/** @type {Node} */ (e.target)) || performance.now() - p.at > PRESS_MS) return;
  e.stopPropagation();
  e.preventDefault();
  p.el.click();
}

/** The speed in force: "off" | "fast" | "normal" | "slow" ("off" while a skipped sequence hurries to its end). */
export function motionSpeed() {
  const s = DURATION[settings.speed] === undefined ? "normal" : settings.speed;
  if (hurry || (!settings.speedChosen && reduced())) return "off";
  return s;
}

/** One travel's duration in ms at the speed in force (0: no motion), times `scale`. */
export function duration(scale = 1) {
  return Math.round(DURATION[motionSpeed()] * scale);
}

/** Finish every animation now playing (their elements show their final state). */
export function skip() {
  for (const a of [...running]) {
    try { a.finish(); } catch { a.cancel(); }
  }
  running.clear();
  hurryPaced();
}

// ---------------------------------------------------------------- paced sequences
// The table shows the computers' turns one step at a time (table.js), a pause between steps
// (pause(ms), its length the game's: Primo's `pace`). A click, a tap or a key during a paced
// sequence (skip()) ends the pause under way and every later one, with no motion, until the
// sequence is over (paced(false): the player's turn, a hand-over, a round's summary).
let pacing = false;
let hurry = false;
const pauses = new Set();
const pauseCounts = { waited: 0, hurried: 0 }; // pauses waited (or cut short), and skipped by a hurry (tests)

/** A paced sequence begins (on: true, and nothing hurried yet) or is over (false). */
export function paced(on) {
  pacing = on;
  hurry = false;
}

function hurryPaced() {
  if (!pacing) return;
  hurry = true;
  for (const wake of [...pauses]) wake();
}

/** Wait `ms` (0, or a skipped sequence: not at all) between two steps of a paced sequence.
 * @param {number} ms @returns {Promise<void>} */
export function pause(ms) {
  if (hurry) pauseCounts.hurried += 1;
  if (hurry || !(ms > 0)) return Promise.resolve();
  pauseCounts.waited += 1;
  return new Promise((resolve) => {
    const wake = () => { clearTimeout(timer); pauses.delete(wake); resolve(); };
    const timer = setTimeout(wake, ms);
    pauses.add(wake);
  });
}

function track(anim, after, kind = "other") {
  played += 1;
  kinds[kind] += 1;
  document.documentElement.dataset.motionPlayed = String(played);
  running.add(anim);
  const done = () => { running.delete(anim); if (after) after(); };
  anim.addEventListener("finish", done);
  anim.addEventListener("cancel", done);
  return anim;
}

// An animation that turned out to have nothing to move: not counted as played.
function unplay(anim, kind) {
  played -= 1;
  kinds[kind] -= 1;
  document.documentElement.dataset.motionPlayed = String(played);
  anim.cancel();
}

/** Animate an element with keyframes of transform/opacity (a no-op at speed Off). */
export function animate(el, keyframes, opts = {}) {
  const ms = opts.duration ?? duration(opts.scale || 1);
  if (!el || ms <= 0 || typeof el.animate !== "function") return null;
  return track(el.animate(keyframes, { duration: ms, delay: opts.delay || 0, easing: opts.easing || "ease-out", fill: "backwards" }), opts.after, opts.kind);
}

/** Rects of the elements under root matching selector, by their `attr` (e.g. data-card). */
export function rects(root, selector, attr) {
  const out = new Map();
  if (!root || motionSpeed() === "off") return out;
  for (const el of root.querySelectorAll(selector)) {
    const key = el.getAttribute(attr);
    if (key !== null && !out.has(key)) out.set(key, { rect: el.getBoundingClientRect(), node: el });
  }
  return out;
}

/** The rect of an element or a selector (null if none on screen, or with motion off: only motion
 * reads rects, and a read right after a render forces a layout of its own, as `rects` avoids too). */
export function rectOf(x) {
  if (motionSpeed() === "off") return null;
  const el = typeof x === "string" ? document.querySelector(x) : x;
  if (!el || !el.isConnected) return null;
  const r = el.getBoundingClientRect();
  return r.width || r.height ? r : null;
}

const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

/**
 * Moves, planned then played in one batch: each move is {el, from, card?, delay?, fade?} (card:
 * `from` is that card's own old rect, else a region such as a seat or the stock; `from` may be a
 * function that gives the rect, read with the others). The element is already at its final place;
 * it is drawn from `from` back to there (FLIP). The rects are read and the animations started in
 * the next animation frame, where the browser lays the page out anyway: a render never forces an
 * extra layout (long tasks), and the frame that first paints the new state paints it moving.
 */
export function slide(moves) {
  if (motionSpeed() === "off" || !moves.length) return;
  const ms = duration();
  const plans = moves.filter((m) => m.el && m.from);
  const step = staggerStep(plans.length, ms);
  // The animations exist at once (a test or a click sees them playing), their keyframes are set in the frame.
  const anims = plans.map((m, i) => animate(m.el, [], { duration: ms, delay: m.delay ?? i * step, kind: "slide" }));
  inFrame(() => {
    plans.forEach((m, i) => {
      const anim = anims[i];
      if (!anim || anim.playState === "finished" || anim.playState === "idle") return;
      const from = typeof m.from === "function" ? m.from() : m.from;
      const to = m.el.isConnected ? m.el.getBoundingClientRect() : null;
      if (!from || !to) { unplay(anim, "slide"); return; }
      const a = centre(from);
      const b = centre(to);
      const dx = a.x - b.x;
      const dy = a.y - b.y;
      // From a card's old place the element is resized too (FLIP); from a region (a seat, the stock) it grows from half size.
      const sx = m.card && to.width ? from.width / to.width : m.card ? 1 : 0.5;
      const sy = m.card && to.height ? from.height / to.height : m.card ? 1 : 0.5;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(sx - 1) < 0.02) { unplay(anim, "slide"); return; }
      anim.effect.setKeyframes([
        { transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`, opacity: m.fade ? 0.2 : 1 },
        { transform: "none", opacity: 1 },
      ]);
    });
  });
}

// Run fn in the next animation frame (before its layout and paint), with the others of this task.
let frameQueue = null;
function inFrame(fn) {
  if (typeof requestAnimationFrame !== "function") { fn(); return; }
  if (!frameQueue) {
    frameQueue = [];
    requestAnimationFrame(() => { const q = frameQueue; frameQueue = null; for (const f of q) f(); });
  }
  frameQueue.push(fn);
}

/** A rect a page scroll later: `r` read when the page was scrolled by (sx, sy), seen now. */
export function scrolled(r, sx, sy) {
  return { left: r.left + sx - scrollX, top: r.top + sy - scrollY, width: r.width, height: r.height };
}

// A composite animation (a deal of many cards) stays within MAX_TOTAL at Normal.
function staggerStep(n, ms) {
  if (n <= 1) return 0;
  const budget = (MAX_TOTAL * ms) / DURATION.normal - ms;
  return Math.max(0, Math.min(ms * STAGGER, budget / (n - 1)));
}

function layer() {
  let box = document.getElementById("fx-layer");
  if (!box) {
    box = document.createElement("div");
    box.id = "fx-layer";
    box.className = "fx-layer";
    box.setAttribute("aria-hidden", "true");
    box.inert = true;
    document.body.appendChild(box);
  }
  return box;
}

// A copy fit to fly: no id, no data-*, nothing a test or a screen reader could take for the real thing.
function inertCopy(node) {
  const copy = node.cloneNode(true);
  for (const el of [copy, ...copy.querySelectorAll("*")]) {
    for (const a of [...el.attributes]) {
      if (a.name === "id" || a.name.startsWith("data-") || a.name.startsWith("aria-") || a.name === "role" || a.name === "tabindex") el.removeAttribute(a.name);
    }
  }
  copy.setAttribute("aria-hidden", "true");
  return copy;
}

/**
 * Fly something from one rect to another in the fx layer, then remove it: `node` (an element that
 * just left the DOM: a captured card, a discard; only ever one the seat on screen saw) or a token
 * of `className` (a chip, a card back). Nothing waits on it.
 */
export function fly(spec) {
  if (motionSpeed() === "off") return;
  // `from` and `to` may be functions that give the rect: read in the next frame, with the other reads.
  if (typeof spec.from === "function" || typeof spec.to === "function") {
    inFrame(() => fly({ ...spec, from: typeof spec.from === "function" ? spec.from() : spec.from, to: typeof spec.to === "function" ? spec.to() : spec.to }));
    return;
  }
  const { from, to, node = null, className = "fx-chip", html = "", delay = 0, scale = 1, fade = true } = spec;
  if (!from || !to) return;
  const el = node ? inertCopy(node) : document.createElement("span");
  if (!node) { el.className = className; el.innerHTML = html; }
  el.classList.add("fx-fly");
  const w = node ? from.width : 0;
  const h = node ? from.height : 0;
  el.style.left = `${from.left + (node ? 0 : from.width / 2)}px`;
  el.style.top = `${from.top + (node ? 0 : from.height / 2)}px`;
  if (node) { el.style.width = `${w}px`; el.style.height = `${h}px`; }
  layer().appendChild(el);
  const a = centre(from);
  const b = centre(to);
  const anim = animate(el, [
    { transform: "translate(0, 0) scale(1)", opacity: 1 },
    { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(${scale})`, opacity: fade ? 0.35 : 1 },
  ], { delay, easing: "ease-in-out", after: () => el.remove(), kind: node ? "fly" : className === "fx-chip" ? "chip" : "other" });
  if (!anim) el.remove();
}

/** Chips from one place to another: a few tokens a little apart (a bet to the pot, the pot to a winner). */
export function chips(from, to, n = 3) {
  if (motionSpeed() === "off" || !from || !to) return;
  const step = duration(0.15);
  for (let i = 0; i < Math.max(1, Math.min(4, n)); i++) fly({ from, to, className: "fx-chip", delay: i * step, fade: false });
}

/**
 * Play `fn` once the round's summary (the table's #dealend dialog, about to open) is closed, so that
 * what moves at a round's end (the pot to its winner, the next deal) is seen, not hidden behind it.
 * `still()` says whether the table still shows that moment (else nothing plays).
 */
export function afterRoundEnd(fn, still = () => true) {
  const go = document.getElementById("dealend-go");
  if (!go) { fn(); return; }
  go.addEventListener("click", () => { if (still()) fn(); }, { once: true });
}

// For tests and tools.
export const motionInfo = { get played() { return played; }, kinds, speed: () => motionSpeed(), running: () => running.size,
  hurried: () => hurry, pauses: pauseCounts };
