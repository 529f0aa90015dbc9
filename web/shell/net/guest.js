// @ts-check
// The guest's controller of a table played together across devices (issue 22). The host's device
// runs the game; this page joins through the host's invite (peer.js guestJoin), answers, sends its
// secret for the fair deal, and draws its own seat's Views with the same game modules and table as
// a local game: the table plays through `engine`, a proxy whose calls become wire messages. Every
// View received is kept (`seen`: {actions, observation}); at the end its own worker checks the
// host's reveal (`net_verify`) and the end screen says "Deal verified" or a warning.
import { hasKey, t } from "../../i18n.js";
import { guestJoin } from "./peer.js";
import { openGame, netChange, netRedrawEnd } from "../table.js";

/** @typedef {import("../../protocol").View} View */
/** @typedef {{ok: boolean, result?: any, kind?: string, key?: string, args?: any}} AnyAnswer */

const GUEST_KEY = "primi.net.guest"; // this tab joined a table (a reload: "Ask the host for a new link")
const NAME_KEY = "primi.net.name";
const MAX_SEEN = 5000;
export const AI_NAMES = ["Bianca", "Carlo", "Dora", "Enzo", "Fiamma", "Guido"];

let guest = null;
/** @type {Set<() => void>} */
const listeners = new Set();
/** The guest's state for the join screen, or null. */
export function guestTable() { return guest; }
/** @param {() => void} fn */
export function onGuestChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }
function changed() { for (const fn of [...listeners]) { try { fn(); } catch (err) { console.error(err); } } }

/** The player's name as they last gave it (the host's lobby shows it). */
export function savedName() { try { return localStorage.getItem(NAME_KEY) || ""; } catch { return ""; } }
/** @param {string} name */
export function keepName(name) { try { localStorage.setItem(NAME_KEY, name.slice(0, 24)); } catch { /* private mode */ } }

/** The invite code of a link or a bare code. @param {string} text */
export function inviteCode(text) {
  const s = String(text || "").trim();
  const m = /[#?&]i=([^&#\s]+)/.exec(s);
  return m ? decodeURIComponent(m[1]) : s;
}

/** This tab was a guest's before it reloaded: the table is gone ("Ask the host for a new link"). Asked once. */
export function guestReloaded() {
  try {
    const was = sessionStorage.getItem(GUEST_KEY) === "1";
    sessionStorage.removeItem(GUEST_KEY);
    return was && !guest;
  } catch { return false; }
}

/**
 * Join a table through its invite: the answer to send back comes in `guest.answer`. An error
 * text, or null.
 * @param {import("../../protocol").ShellContext} ctx @param {string} text the invite (link or code)
 */
export async function guestOpen(ctx, text) {
  const code = inviteCode(text);
  if (guest) leave();
  const g = {
    ctx, code, state: "making", answer: "", conn: null, welcome: null, secret: randomHex(), seat: -1, rejoined: false,
    started: null, view: null, seats: null, names: null, seen: [], waiters: [], acts: [], logs: [], ops: new Map(), opSeq: 0, reveal: null,
    verify: null, again: false, error: "", sid: "",
  };
  guest = g;
  changed();
  try {
    const conn = await guestJoin(code, {
      onMessage: (m) => { if (guest === g) onMessage(g, m); },
      onState: (s) => { if (guest === g) onState(g, s); },
    }, { settings: ctx.settings }); // the ICE servers: none unless the player opted in (peer.js iceServers)
    if (guest !== g) { conn.close(); return null; }
    g.conn = conn;
    g.answer = answerLink(conn.answer);
    g.state = "answered";
  } catch (err) {
    if (guest === g) guest = null;
    changed();
    // An invite this browser answered already (peer.js: opened again, a reload): a new link is needed.
    const key = err && typeof err.key === "string" ? err.key : "net.bad.invite";
    return t(key === "net.used" ? "net.reload" : key);
  }
  changed();
  return null;
}

/** The link the host opens: the answer in this page's fragment. @param {string} code */
export function answerLink(code) { return `${location.origin}${location.pathname}#/answer?a=${code}`; }

function send(g, obj) {
  if (!g.conn) return;
  try { g.conn.send(obj); } catch (err) { console.error(err); }
}

function onState(g, state) {
  if (state === "open") { g.state = "connected"; changed(); return; }
  if (state === "lost" || state === "closed") {
    if (g.state === "over") return;
    g.state = "lost";
    g.error = t("net.lost");
    fail(g, "net.lost");
    if (g.sid) netChange(g.sid, { text: t("net.lost") });
    changed();
  }
}

function onMessage(g, message) {
  let msg;
  try { msg = typeof message === "string" ? JSON.parse(message) : message; } catch { return; }
  if (!msg || typeof msg !== "object") return;
  switch (msg.t) {
    case "welcome": welcomed(g, msg); break;
    case "names": if (Array.isArray(msg.names)) { g.wireNames = msg.names; changed(); } break;
    case "start": started(g, msg); break;
    case "view": gotView(g, msg.view); break;
    case "seat": seatNote(g, msg); break;
    case "refused": refused(g, msg); break;
    case "log": { const w = g.logs.shift(); if (w) w({ ok: true, result: Array.isArray(msg.entries) ? msg.entries : [] }); break; }
    case "op": { // a game's operation the host ran for this seat (the coach): matched by its id
      const w = g.ops.get(msg.id);
      g.ops.delete(msg.id);
      const e = msg.error && typeof msg.error === "object" ? msg.error : null;
      if (w) w(e ? { ok: false, kind: String(e.kind || "RequestError"), key: String(e.key || "err.request"), args: e.args || {} } : { ok: true, result: msg.result });
      break;
    }
    case "reveal": revealed(g, msg); break;
    case "again": g.again = true; g.welcome.commitment = msg.commitment; g.secret = randomHex(); send(g, { t: "secret", secret: g.secret, name: savedName() || undefined }); redrawEnd(g); break;
    case "bye": g.state = "over"; g.error = t(typeof msg.key === "string" ? msg.key : "net.bye.closed"); fail(g, "net.bye.closed"); if (g.sid) netChange(g.sid, { text: g.error }); changed(); break;
    default: break; // ping/pong: peer.js's
  }
}

function welcomed(g, msg) {
  if (msg.v !== 1 || typeof msg.seat !== "number") { g.error = t("net.bad.version"); changed(); return; }
  g.welcome = msg;
  g.seat = msg.seat;
  g.wireNames = Array.isArray(msg.names) ? msg.names : [];
  g.state = "ready";
  try { sessionStorage.setItem(GUEST_KEY, "1"); } catch { /* private mode */ }
  send(g, { t: "secret", secret: g.secret, name: savedName() || undefined });
  changed();
}

/** The names on this guest's screen: "You", the host's and friends' names (or "Host", "Friend n"), the computers'. */
export function guestNames(g = guest) {
  const kinds = g.welcome.kinds;
  let friend = 0;
  let ai = 0;
  return kinds.map((k, i) => {
    const given = (g.wireNames || [])[i];
    if (k === "remote") friend++;
    if (i === g.seat) return t("table.you");
    if (given) return given;
    if (k === "host") return t("net.hostname");
    if (k === "remote") return t("net.friend", { n: friend });
    return AI_NAMES[ai++ % AI_NAMES.length];
  });
}

async function started(g, msg) {
  const s = msg.started;
  if (!s || !s.view || typeof s.session !== "string") return;
  g.view = s.view;
  g.seen = [];
  g.reveal = null;
  g.verify = null;
  g.again = false;
  g.asked = false;
  g.rejoined = !!msg.rejoin;
  g.secretUsed = g.secret; // the secret this deal's seed was made with (a rejoin's came after the deal)
  g.secrets = Array.isArray(msg.secrets) ? msg.secrets : [];
  g.sid = "net-" + s.session;
  g.state = "playing";
  keep(g, s.view);
  if (Array.isArray(s.names)) g.wireNames = s.names;
  // On this device, only this seat is played here: every other seat is "remote" (played elsewhere).
  g.seats = s.seats.map((/** @type {string} */ _k, /** @type {number} */ i) => (i === g.seat ? "human" : "remote"));
  const names = guestNames(g);
  const sid = g.sid;
  changed();
  // The table leaves this deal (another tab, home's new game): the connection closes; a rematch's
  // deal replacing it keeps the connection.
  const error = await openGame({ ...s, session: sid, seats: g.seats, names, undo: false, save: null },
    { engine, net: { role: "guest", endBox, rematch, leave: () => { if (guest === g && g.sid === sid) leave(); },
      reviewRecord: () => (guest === g && g.sid === sid ? verifiedRecord(g) : null) } });
  if (error) { g.error = error; changed(); }
}

function keep(g, view) {
  if (g.seen.length < MAX_SEEN) g.seen.push({ actions: view.actions, observation: view.observation });
}

function gotView(g, view) {
  if (!view || typeof view !== "object" || typeof view.actions !== "number") return;
  keep(g, view);
  const say = [...(g.pendingSay || []), ...(view.say || [])];
  g.view = view;
  g.pendingSay = say;
  // A move of this seat's waits for the View after it; a wait for anyone's move, any newer View.
  for (const a of g.acts.splice(0)) a({ ok: true, result: take(g) });
  if (g.waiters.length) { const r = take(g); for (const w of g.waiters.splice(0)) w({ ok: true, result: r }); }
}

function take(g) {
  const view = { ...g.view, say: g.pendingSay || [] };
  g.pendingSay = [];
  return view;
}

function refused(g, msg) {
  const answer = { ok: false, kind: "IllegalActionError", key: typeof msg.key === "string" ? msg.key : "err.move", args: msg.args && typeof msg.args === "object" ? msg.args : {} };
  const a = g.acts.shift();
  if (a) { a(answer); return; }
  if (g.sid) netChange(g.sid, { text: g.ctx.errorText(answer) });
}

function seatNote(g, msg) {
  if (!g.sid || typeof msg.seat !== "number") return;
  const name = guestNames(g)[msg.seat];
  netChange(g.sid, { text: msg.kind === "computer" ? t("net.took.short", { name }) : t("net.back", { name }) });
}

function fail(g, key) {
  const answer = { ok: false, kind: "RequestError", key, args: {} };
  const ops = [...g.ops.values()];
  g.ops.clear();
  for (const w of [...g.acts.splice(0), ...g.waiters.splice(0), ...g.logs.splice(0), ...ops]) w(answer);
}

// ---------------------------------------------------------------- the table's engine
/** @type {import("../../protocol").EngineCall} */
const engine = /** @type {any} */ ((req) => {
  const g = guest;
  if (!g || !g.view) return Promise.resolve({ ok: false, kind: "RequestError", key: "net.lost", args: {} });
  const dead = g.state === "lost" || g.state === "over";
  switch (req.op) {
    case "wait":
      if (g.view.actions > req.after) return Promise.resolve({ ok: true, result: take(g) });
      if (dead) return Promise.resolve({ ok: false, kind: "RequestError", key: "net.lost", args: {} });
      return new Promise((resolve) => g.waiters.push(resolve));
    case "act":
      if (dead) return Promise.resolve({ ok: false, kind: "RequestError", key: "net.lost", args: {} });
      return new Promise((resolve) => { g.acts.push(resolve); send(g, { t: "act", action: req.action, at: g.view.actions }); });
    case "show": case "view":
      return Promise.resolve({ ok: true, result: { ...g.view, say: [] } });
    case "log":
      if (dead) return Promise.resolve({ ok: false, kind: "RequestError", key: "net.lost", args: {} });
      return new Promise((resolve) => { g.logs.push(resolve); send(g, { t: "log", start: req.start, stop: req.stop }); });
    case "game_op": { // a game's operation (Primero's coach) runs on the host, for this seat's observation
      if (dead) return Promise.resolve({ ok: false, kind: "RequestError", key: "net.lost", args: {} });
      const { op: _op, game: _game, name, session: _session, ...fields } = req;
      const id = ++g.opSeq;
      return new Promise((resolve) => { g.ops.set(id, resolve); send(g, { t: "op", id, name, fields }); });
    }
    case "record":
      if (g.reveal && g.reveal.record) return Promise.resolve({ ok: true, result: g.reveal.record });
      return Promise.resolve({ ok: false, kind: "RequestError", key: "err.request", args: {} });
    case "close":
      if (guest === g && req.session === g.sid) leave();
      return Promise.resolve({ ok: true, result: true });
    default:
      return Promise.resolve({ ok: false, kind: "RequestError", key: "err.request", args: {} });
  }
});

// ---------------------------------------------------------------- the end
async function revealed(g, msg) {
  g.reveal = msg;
  g.verify = "checking";
  redrawEnd(g);
  const problem = ownSecretProblem(g, msg);
  if (problem) { g.verify = problem; redrawEnd(g); return; }
  const call = /** @type {(r: object) => Promise<AnyAnswer>} */ (/** @type {unknown} */ (g.ctx.engineCall));
  // The commitment the host sent before the deal (welcome), never the one the reveal says.
  const answer = await call({ op: "net_verify", record: msg.record, secret: msg.secret, commitment: g.welcome.commitment, secrets: msg.secrets, seat: g.seat, seen: g.seen });
  if (guest !== g) return;
  g.verify = !answer.ok ? "net.verify.record" : answer.result.ok ? "ok" : (answer.result.problem || "net.verify.record");
  redrawEnd(g);
}

// This guest's own secret went into the seed (unless it came back after a drop: the deal was
// made before its new secret).
function ownSecretProblem(g, msg) {
  if (g.rejoined) return null;
  const order = g.welcome.kinds.map((k, i) => (k === "remote" ? i : -1)).filter((i) => i >= 0);
  const k = order.indexOf(g.seat);
  return Array.isArray(msg.secrets) && msg.secrets[k] === g.secretUsed ? null : "net.verify.seed";
}

function redrawEnd(g) { if (g.sid) netRedrawEnd(g.sid); }

/** The record this device checked against every screen it was shown ("Deal verified"), else null. */
const verifiedRecord = (g) => (g.verify === "ok" && g.reveal ? g.reveal.record : null);

function endBox(box) {
  const g = guest;
  const line = /** @type {HTMLElement | null} */ (box.querySelector("#end-verify"));
  if (!line || !g) return;
  line.classList.toggle("error", !!g.verify && g.verify !== "ok" && g.verify !== "checking");
  line.dataset.verify = g.verify || "waiting";
  line.textContent = g.verify === "ok" ? t("net.verified") : g.verify === "checking" || !g.verify ? t("net.verifying")
    : hasKey(g.verify) ? t(g.verify) : t("net.notverified"); // net.verify.*: the warning says what failed
  if (g.again) line.textContent += " " + t("net.again.dealing");
  const button = /** @type {HTMLButtonElement | null} */ (box.querySelector("#end-rematch"));
  if (button) button.disabled = !!g.asked || g.state !== "playing";
  // "Review this game" once this device has checked the record ("Deal verified"; table.js reviewRecord).
  const review = /** @type {HTMLButtonElement | null} */ (box.querySelector("#end-review"));
  if (review) {
    review.disabled = !verifiedRecord(g);
    review.setAttribute("aria-describedby", "end-verify");
  }
  const replay = box.querySelector("#end-new");
  if (replay) replay.remove(); // a new game is the host's to set up
}

function rematch() {
  const g = guest;
  if (!g) return;
  g.asked = true;
  send(g, { t: "rematch" });
  redrawEnd(g);
}

/** This tab leaves the table: the connection closes. */
export function leave() {
  const g = guest;
  guest = null;
  if (!g) return;
  fail(g, "net.bye.closed");
  if (g.conn) { try { g.conn.close(); } catch { /* closed */ } }
  try { sessionStorage.removeItem(GUEST_KEY); } catch { /* private mode */ }
  changed();
}

function randomHex() {
  const b = new Uint8Array(32);
  crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}
