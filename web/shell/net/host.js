// @ts-check
// The host's controller of a table played together across devices (issue 22). The host's worker
// holds the only game state; this file ties it to the guests' connections (shell/net/peer.js):
// the lobby (one invite per remote seat, each seat's state and name), the guests' messages handed
// to the worker (`net_message`) after the relay's checks, the `remote` Views of every answer sent
// to their guests (each guest gets only its own seat's View), a dropped guest's seat played by the
// fallback computer (`net_seat`) with a new invite to come back through, the reveal at the end, the
// rematch (every player accepts, the seats kept) and a net save resumed after the host reloaded.
// The table (shell/table.js) plays it through `engine`: the worker's calls, plus `wait` for a
// remote seat's move.
import { t } from "../../i18n.js";
import { answerFor, hostInvite } from "./peer.js";
import { createRelay } from "./relay.js";
import { linkTools, wireTools } from "./share.js";
import { esc } from "../../dom.js";
import { savedName } from "./guest.js";
import { openGame, netChange, netRedrawEnd, seatNames } from "../table.js";

/** @typedef {import("../../protocol").View} View */
/** @typedef {{ok: boolean, result?: any, kind?: string, key?: string, args?: any}} AnyAnswer */
/** @typedef {(req: object) => Promise<AnyAnswer>} RawCall */
/**
 * One remote seat.
 * @typedef {object} RemoteSeat
 * @property {number} seat
 * @property {"making" | "waiting" | "connected" | "ready" | "lost"} state making: its invite is being made;
 *   waiting: the invite is out; connected: the channel is open; ready: its secret came (it may start)
 * @property {string | null} name the name its player gave
 * @property {string | null} secret
 * @property {any} conn the connection (peer.js hostInvite's)
 * @property {number} gen the connection's generation (relay.js): messages of a replaced one are dropped
 * @property {any} relay the seat's relay (relay.js: size, rate, generation), kept across its connections
 * @property {string} invite the invite's link
 * @property {string} inviteId the invite's id (an answer names it)
 * @property {boolean} dropped a computer plays the seat until the player comes back
 */

const HEX64 = /^[0-9a-f]{64}$/;
/** The channel an answer link opened in another tab of this browser hands the answer through (screens.js renderAnswer). */
export const CHANNEL = "primi-net";
let channel = null;

// While this tab hosts a table, it takes the answers opened in the browser's other tabs (#/answer?a=…).
function listen() {
  if (channel || typeof BroadcastChannel === "undefined") return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = async (e) => {
    const d = e.data;
    if (!d || d.t !== "answer" || typeof d.a !== "string" || !table) return;
    channel.postMessage({ t: "got", id: d.id });
    const error = await hostAccept(d.a);
    const box = document.getElementById("together-message") || document.getElementById("net-panel-message");
    if (box) box.textContent = error || "";
  };
}

/** The table this tab hosts, or null. */
let table = null;
/** @type {Set<() => void>} */
const listeners = new Set();

/** The lobby's state for the screens (shell/net/screens.js), or null. */
export function hostTable() { return table; }

/** The host typed their name in the lobby: the friends already in see it at once. */
export function hostRenamed() {
  const tb = table;
  if (!tb) return;
  for (const r of tb.remotes) if (r.state !== "making" && r.state !== "waiting") send(r, { t: "names", names: wireNames() });
}
/** Call `fn` whenever the lobby's state changes; returns the unsubscribe. @param {() => void} fn */
export function onHostChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }
function changed() {
  for (const fn of [...listeners]) { try { fn(); } catch (err) { console.error(err); } }
  drawPanel();
}

// During the game, above every screen: the new invite of each friend who left (the computer plays
// for them meanwhile) and the box for their answer.
function drawPanel() {
  const away = table && table.phase === "playing" ? table.remotes.filter((r) => r.dropped) : [];
  let panel = document.getElementById("net-panel");
  if (!away.length) { if (panel) panel.remove(); return; }
  if (!panel) {
    panel = document.createElement("section");
    panel.id = "net-panel";
    panel.className = "panel net-panel";
    panel.setAttribute("aria-label", t("net.lobby.title"));
    panel.innerHTML = `<ol class="net-seats" id="net-panel-seats"></ol>
      <form class="field" id="net-panel-paste" novalidate><label for="net-panel-answer">${esc(t("net.paste"))}</label>
      <textarea id="net-panel-answer" rows="2" autocomplete="off" spellcheck="false"></textarea>
      <p class="row"><button type="submit" class="btn secondary" id="net-panel-accept">${esc(t("net.connect"))}</button></p>
      <p class="message error" id="net-panel-message" role="alert"></p></form>`;
    document.getElementById("main").before(panel);
    wireTools(panel);
    panel.querySelector("form").addEventListener("submit", async (e) => {
      e.preventDefault();
      const area = /** @type {HTMLTextAreaElement} */ (document.getElementById("net-panel-answer"));
      const error = await hostAccept(area.value);
      const box = document.getElementById("net-panel-message");
      if (box) box.textContent = error || "";
      if (!error) area.value = "";
    });
  }
  const list = panel.querySelector("ol");
  const names = localNames();
  const key = away.map((r) => `${r.seat}|${r.state}|${r.invite}`).join(";");
  if (list.getAttribute("data-key") === key) return;
  list.setAttribute("data-key", key);
  list.innerHTML = away.map((r) => `<li data-seat="${r.seat}" data-state="${esc(r.state)}">
    ${r.invite && r.state === "waiting" ? linkTools(`reinvite-${r.seat}`, r.invite, t("net.reinvite", { name: names[r.seat] })) : `<p>${esc(t("net.reinvite", { name: names[r.seat] }))}: ${esc(t("net.state." + r.state))}</p>`}</li>`).join("");
}

/**
 * Open a net table: the worker deals nothing yet, it commits to its secret (`net_host`); one
 * invite per remote seat follows. An error text, or null.
 * @param {import("../../protocol").ShellContext} ctx
 * @param {{game: string, variant: string, options: object, seats: string[], fallback: string}} request
 * @param {{debug?: boolean, tamper?: boolean}} [flags] the e2e's tamper hook (only under ?debug)
 */
export async function hostOpen(ctx, request, flags = {}) {
  if (table) closeTable("net.bye.closed");
  const call = /** @type {RawCall} */ (/** @type {unknown} */ (ctx.engineCall));
  const names = seatNames(request.seats);
  const answer = await call({ op: "net_host", ...request, names });
  if (!answer.ok) return ctx.errorText(/** @type {any} */ (answer));
  table = {
    ctx, call, request, flags, names, id: answer.result.table, commitment: answer.result.commitment,
    remotes: request.seats.map((k, i) => (k === "remote" ? newSeat(i) : null)).filter(Boolean),
    sid: null, started: null, phase: "lobby", view: null, pendingSay: [], waiters: [], revealed: null,
    accepted: new Set(), error: "",
  };
  listen();
  changed();
  await Promise.all(table.remotes.map((r) => invite(r)));
  return null;
}

/** @param {number} seat @returns {RemoteSeat} */
function newSeat(seat) {
  return { seat, state: "making", name: null, secret: null, conn: null, gen: 0, relay: createRelay(), invite: "", inviteId: "", dropped: false };
}

// A (new) invite for a seat: the old connection, if any, is replaced (its messages dropped from now on).
async function invite(r) {
  const tb = table;
  const gen = r.relay.connect();
  r.gen = gen;
  if (r.conn) { try { r.conn.close(); } catch { /* already closed */ } }
  r.conn = null;
  r.state = "making";
  r.invite = "";
  changed();
  try {
    const conn = await hostInvite({
      onMessage: (_msg, text) => { if (table === tb) onMessage(r, gen, text); },
      onState: (s) => { if (table === tb && r.gen === gen) onState(r, s); },
    }, { settings: tb.ctx.settings }); // the ICE servers: none unless the player opted in (peer.js iceServers)
    if (table !== tb || r.gen !== gen) { conn.close(); return; }
    r.conn = conn;
    r.invite = inviteLink(conn.invite);
    r.inviteId = conn.id;
    r.state = "waiting";
  } catch (err) {
    console.error(err);
    tb.error = t(err && err.key ? err.key : "net.failed");
  }
  changed();
}

/** The link a guest opens: this page's address with the invite in its fragment. @param {string} code */
export function inviteLink(code) { return `${location.origin}${location.pathname}#/join?i=${code}`; }

/** The code of an answer pasted as a link or as the bare code. @param {string} text */
export function answerCode(text) {
  const s = String(text || "").trim();
  const m = /[#?&]a=([^&#\s]+)/.exec(s);
  return m ? decodeURIComponent(m[1]) : s;
}

/**
 * A guest's answer (pasted, or handed over by another tab): the seat whose invite it answers
 * connects. An error text, or null.
 * @param {string} text
 */
export async function hostAccept(text) {
  if (!table) return t("net.nohost");
  const code = answerCode(text);
  if (!code) return t("net.bad.answer");
  try {
    const id = answerFor(code); // the invite it answers: that seat connects
    const r = table.remotes.find((x) => x.inviteId === id && x.conn);
    if (!r) return t("net.bad.other");
    if (r.state !== "waiting") return t("net.used");
    await r.conn.accept(code);
    return null;
  } catch (err) {
    return t(err && typeof err.key === "string" ? err.key : "net.bad.answer");
  }
}

// ---------------------------------------------------------------- the connections
function onState(r, state) {
  if (state === "open") {
    r.state = "connected";
    send(r, welcome(r.seat));
    changed();
  } else if (state === "lost" || state === "closed") {
    if (table.phase === "lobby") { r.secret = null; invite(r); return; } // not started: a fresh invite
    dropped(r);
  }
}

function welcome(seat) {
  const tb = table;
  return {
    t: "welcome", v: 1, seat, game: tb.request.game, variant: tb.request.variant, options: tb.request.options,
    kinds: tb.request.seats.map((k) => (k === "human" ? "host" : k === "remote" ? "remote" : "computer")),
    names: wireNames(), commitment: tb.commitment,
  };
}

// The names as the guests see them: a friend's own name, the computers' names; null where each
// guest's page says it in its own language (the host, a friend with no name yet).
function wireNames() {
  const tb = table;
  return tb.request.seats.map((k, i) => {
    if (k === "human") return savedName() || null; // the host's name, typed in the lobby (or as a guest once)
    if (k === "remote") return (tb.remotes.find((r) => r.seat === i) || {}).name || null;
    return tb.names[i];
  });
}

// The host's own names for the seats: "You", a friend's name (or "Friend n"), the computers'.
function localNames() {
  const tb = table;
  const saved = tb.started && Array.isArray(tb.started.names) && tb.started.names.length === tb.request.seats.length ? tb.started.names : null;
  const base = saved ? [...saved] : seatNames(tb.request.seats); // a resumed save's names: the friends' own
  for (const r of tb.remotes) if (r.name) base[r.seat] = r.name;
  return base;
}

function send(r, obj) {
  if (!r.conn) return;
  try { r.conn.send(obj); } catch (err) { console.error(err); }
}

// The relay's checks (relay.js) before the worker sees a text: size, rate (a flood: one notice to
// that guest) and the connection's generation (a replaced connection's messages are dropped).
async function onMessage(r, gen, text) {
  const tb = table;
  const verdict = r.relay.check(text, gen);
  if (!verdict.ok) {
    if (verdict.notice) send(r, { t: "refused", key: verdict.notice, args: {} });
    return;
  }
  let msg = null;
  try { msg = JSON.parse(text); } catch { /* peer.js set it aside already */ }
  const kind = msg && typeof msg === "object" ? msg.t : null;
  if (kind === "secret") { gotSecret(r, msg); return; }
  if (kind === "rematch") { accept(r.seat); return; }
  if (!tb.sid || r.dropped) { send(r, { t: "refused", key: r.dropped ? "net.refused.replaced" : "net.refused.turn", args: {} }); return; }
  const answer = await tb.call({ op: "net_message", session: tb.sid, seat: r.seat, text });
  if (table !== tb) return;
  if (!answer.ok) { send(r, { t: "refused", key: answer.key, args: answer.args || {} }); return; }
  const { host, remote, reply } = answer.result;
  if (remote) fanOut(remote);
  if (reply) send(r, reply);
  if (host) moved(host);
}

function gotSecret(r, msg) {
  const tb = table;
  if (typeof msg.secret !== "string" || !HEX64.test(msg.secret)) { send(r, { t: "refused", key: "net.refused.secret", args: {} }); return; }
  if (typeof msg.name === "string" && msg.name.trim()) r.name = msg.name.trim().slice(0, 24);
  if (tb.phase === "playing" && r.dropped) { rejoined(r); return; }
  if (tb.phase === "playing") return; // one secret a deal
  r.secret = msg.secret;
  r.state = "ready";
  for (const other of tb.remotes) if (other !== r && other.state !== "making" && other.state !== "waiting") send(other, { t: "names", names: wireNames() });
  changed();
  if (tb.phase === "again" && tb.remotes.every((x) => x.state === "ready" || !x.conn || x.dropped)) hostStart();
}

/** Every friend is in (or the computer plays the seats of those who are not): the deal. An error text, or null. */
export async function hostStart() {
  const tb = table;
  if (!tb || tb.phase === "starting" || tb.phase === "playing") return null;
  const again = tb.phase === "again";
  tb.phase = "starting";
  changed();
  // A seat whose friend is not in: the host draws its secret, and the computer plays it until they come.
  const absent = tb.remotes.filter((r) => r.state !== "ready");
  const secrets = {};
  for (const r of tb.remotes) secrets[String(r.seat)] = r.state === "ready" ? r.secret : randomHex();
  const req = { op: "net_start", table: tb.id, secrets, names: localNames() }; // the names the friends gave, kept with the save
  if (tb.flags.debug) Object.assign(req, { debug: true, tamper: !!tb.flags.tamper });
  const answer = await tb.call(req);
  if (table !== tb) return null;
  if (!answer.ok) { tb.phase = again ? "again" : "lobby"; changed(); return tb.ctx.errorText(/** @type {any} */ (answer)); }
  const { remote, net, ...started } = answer.result;
  tb.sid = started.session;
  tb.net = net;
  tb.view = started.view;
  tb.pendingSay = [];
  tb.revealed = null;
  tb.accepted = new Set();
  tb.phase = "playing";
  tb.started = started;
  for (const r of tb.remotes) {
    r.dropped = false;
    if (r.state === "ready") send(r, { t: "start", started: forGuest(started, remote[String(r.seat)]), secrets: net.secrets });
  }
  const error = await openGame({ ...started, names: localNames() }, { engine, net: { role: "host", endBox, rematch: () => accept(hostSeat()), leave: () => {} } });
  if (error) return error;
  for (const r of absent) await drop(r, false);
  changed();
  return null;
}

const hostSeat = () => table.request.seats.indexOf("human");

function forGuest(started, view) {
  const { save, remote, net, ...rest } = started; // eslint-disable-line no-unused-vars
  return { ...rest, save: null, undo: false, names: wireNames(), view };
}

function randomHex() {
  const b = new Uint8Array(32);
  crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}

// ---------------------------------------------------------------- the game
// The worker's calls for the host's table: each answer's `remote` Views go to their guests (the
// table never sees them); `wait` answers with the next View once a remote seat moved.
/** @type {import("../../protocol").EngineCall} */
const engine = /** @type {any} */ (async (req) => {
  const tb = table;
  if (req.op === "wait") return waitMove(req.after);
  if (req.op === "close") { if (tb && tb.sid === req.session) closeTable("net.bye.closed"); return tb ? tb.call(req) : { ok: true, result: true }; }
  const answer = await (tb ? tb.call(req) : /** @type {RawCall} */ (/** @type {unknown} */ (() => Promise.resolve({ ok: false, kind: "RequestError", key: "err.request", args: {} })))(req));
  if (table !== tb || !answer.ok || !answer.result || typeof answer.result !== "object" || Array.isArray(answer.result)) return answer;
  if ("remote" in answer.result) {
    const { remote, ...view } = answer.result;
    fanOut(remote);
    answer.result = view;
  }
  if ("observation" in answer.result) seen(answer.result);
  return answer;
});

// The host's View moved on (its own call, a guest's move, a seat's change).
function seen(view) {
  const tb = table;
  tb.view = view;
  if (view.terminal && !tb.revealed) reveal();
}

function moved(view) {
  table.pendingSay.push(...(view.say || []));
  seen(view);
  wake();
}

function wake(seats) {
  const tb = table;
  if (!tb.waiters.length) return;
  const view = { ...tb.view, say: tb.pendingSay };
  if (seats) view.seats = seats;
  tb.pendingSay = [];
  for (const w of tb.waiters.splice(0)) w({ ok: true, result: view });
}

function waitMove(after) {
  const tb = table;
  if (!tb) return Promise.resolve({ ok: false, kind: "RequestError", key: "err.request", args: {} });
  return new Promise((resolve) => {
    tb.waiters.push(resolve);
    if (tb.view && tb.view.actions > after) wake();
  });
}

function fanOut(remote) {
  for (const r of table.remotes) {
    const view = remote[String(r.seat)];
    if (view && !r.dropped && r.conn && r.state === "ready") send(r, { t: "view", view });
  }
}

// A guest is gone (closed tab, lost network, phone asleep: peer.js says so within 10 s): the
// computer plays the seat, the table says so, and a new invite lets the player come back.
function dropped(r) {
  if (r.dropped) { invite(r); return; } // its new invite's connection went too: another one
  drop(r, true);
}

async function drop(r, say) {
  const tb = table;
  r.dropped = true;
  r.state = "lost";
  if (tb.phase !== "playing") { changed(); return; }
  const answer = await tb.call({ op: "net_seat", session: tb.sid, seat: r.seat, kind: tb.request.fallback });
  if (table !== tb) return;
  if (answer.ok) seatChanged(answer.result);
  for (const o of tb.remotes) if (o !== r && !o.dropped) send(o, { t: "seat", seat: r.seat, kind: "computer" });
  if (say) netChange(tb.sid, { text: t("net.took", { name: localNames()[r.seat], level: t("level." + tb.request.fallback) }) });
  invite(r);
}

// The player of a dropped seat came back through its new invite (and sent a secret): the seat is
// theirs again, with their hand.
async function rejoined(r) {
  const tb = table;
  const answer = await tb.call({ op: "net_seat", session: tb.sid, seat: r.seat, kind: "remote" });
  if (table !== tb) return;
  if (!answer.ok) { send(r, { t: "bye", key: "net.refused.replaced" }); return; }
  r.dropped = false;
  r.state = "ready";
  const view = answer.result.remote && answer.result.remote[String(r.seat)];
  send(r, { t: "start", started: forGuest({ ...tb.started, seats: answer.result.seats }, view), secrets: tb.net.secrets, rejoin: true });
  seatChanged(answer.result);
  for (const o of tb.remotes) if (o !== r && !o.dropped) send(o, { t: "seat", seat: r.seat, kind: "remote" });
  netChange(tb.sid, { names: localNames(), text: t("net.back", { name: localNames()[r.seat] }) });
  if (tb.revealed) send(r, { t: "reveal", ...tb.revealed });
  changed();
}

function seatChanged(result) {
  const tb = table;
  const { remote, host, seats } = result;
  if (remote) fanOut(remote);
  if (host) { tb.pendingSay.push(...(host.say || [])); seen(host); }
  netChange(tb.sid, { seats });
  if (tb.waiters.length) wake(seats);
}

// ---------------------------------------------------------------- the end
async function reveal() {
  const tb = table;
  tb.revealed = {}; // asked once
  const answer = await tb.call({ op: "net_reveal", session: tb.sid });
  if (table !== tb || !answer.ok) return;
  tb.revealed = answer.result;
  for (const r of tb.remotes) if (!r.dropped && r.state === "ready") send(r, { t: "reveal", ...answer.result });
  netRedrawEnd(tb.sid);
}

// The end screen's line: the host's own device dealt, so there is nothing to verify; who wants a rematch.
function endBox(box) {
  const tb = table;
  const line = box.querySelector("#end-verify");
  if (!line || !tb) return;
  const names = localNames();
  const waiting = tb.remotes.filter((r) => !r.dropped && r.state === "ready" && !tb.accepted.has(r.seat)).map((r) => names[r.seat]);
  line.textContent = tb.accepted.size ? (waiting.length ? t("net.again.waiting", { names: waiting.join(", ") }) : t("net.again.dealing")) : t("net.hostdealt");
  const button = /** @type {HTMLButtonElement | null} */ (box.querySelector("#end-rematch"));
  if (button) button.disabled = tb.accepted.has(hostSeat());
}

// A rematch: when the host and every connected guest accept, a new commitment goes out (`again`),
// the guests answer with new secrets, and the new deal starts with the same seats.
async function accept(seat) {
  const tb = table;
  if (!tb || tb.phase !== "playing" || !tb.view || !tb.view.terminal) return;
  tb.accepted.add(seat);
  netRedrawEnd(tb.sid);
  const inPlay = tb.remotes.filter((r) => !r.dropped && r.state === "ready");
  if (!tb.accepted.has(hostSeat()) || !inPlay.every((r) => tb.accepted.has(r.seat))) return;
  const answer = await tb.call({ op: "net_host", ...tb.request, names: tb.names });
  if (table !== tb) return;
  if (!answer.ok) { netChange(tb.sid, { text: tb.ctx.errorText(/** @type {any} */ (answer)) }); return; }
  tb.id = answer.result.table;
  tb.commitment = answer.result.commitment;
  tb.phase = "again";
  for (const r of tb.remotes) {
    r.secret = null;
    if (inPlay.includes(r)) { r.state = "connected"; send(r, { t: "again", commitment: tb.commitment }); }
  }
  changed();
  if (!inPlay.length) hostStart();
}

/** The host closes the table: every guest is told, the connections close. @param {string} key */
export function closeTable(key = "net.bye.closed") {
  const tb = table;
  if (!tb) return;
  table = null;
  for (const r of tb.remotes) {
    send(r, { t: "bye", key });
    r.gen = r.relay.connect(); // nothing of the old connections reaches the worker any more
    if (r.conn) { try { r.conn.close(); } catch { /* closed */ } }
  }
  for (const w of tb.waiters.splice(0)) w({ ok: false, kind: "RequestError", key: "net.bye.closed", args: {} });
  changed();
}

/**
 * A saved net game resumed after the host reloaded (`net_info`'s answer): every remote seat is
 * played by the computer until its guest comes back through a new invite. What openGame said.
 * @param {import("../../protocol").ShellContext} ctx
 * @param {import("../../protocol").Started} started
 * @param {object} opts openGame's options
 * @param {{seats: string[], fallback: string, commitment: string, remote: number[], secrets?: string[]}} info
 * @returns {Promise<string | null>}
 */
export async function hostResume(ctx, started, opts, info) {
  const call = /** @type {RawCall} */ (/** @type {unknown} */ (ctx.engineCall));
  if (table) closeTable("net.bye.closed");
  const seats = info.seats;
  const request = { game: started.game, variant: started.variant, options: started.options, seats: seats.map((k, i) => (info.remote.includes(i) ? "remote" : k)), fallback: info.fallback };
  table = {
    ctx, call, request, flags: {}, names: started.names || seatNames(request.seats), id: null, commitment: info.commitment,
    remotes: info.remote.map((/** @type {number} */ s) => ({ ...newSeat(s), dropped: true, state: "lost" })),
    sid: started.session, started, phase: "playing", view: started.view, pendingSay: [], waiters: [], revealed: null,
    accepted: new Set(), error: "", net: { commitment: info.commitment, secrets: info.secrets || [] },
  };
  listen();
  const error = await openGame({ ...started, seats, names: localNames() }, { ...opts, engine, net: { role: "host", endBox, rematch: () => accept(hostSeat()), leave: () => {} } });
  if (error) return error;
  await Promise.all(table.remotes.map((r) => invite(r)));
  netChange(started.session, { text: t("net.resumed") });
  return null;
}
