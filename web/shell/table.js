// @ts-check
// The table screen (#/table), game-neutral: the run loop (whose turn, paced computer turns with
// a visible "thinking" sign, the hot-seat hand-over with its recap), the log, the round-end and
// end-of-game screens (rematch, replay-seed link). The game module draws the table and composes
// the actions; this file makes every worker call that plays, and each move is one call: `act`
// and `ai_step` answer with the new View. Everything drawn comes from the View of the seat on
// screen (view.seat, -1 while no hand may show), so a card that seat may not see never
// reaches the page.
import { $, esc } from "../dom.js";
import { playSound } from "./sound.js";
import { t } from "../i18n.js";
import { say } from "./say.js";
import { endLinks, playLink } from "./links.js";
import { confirmSpoiler, download, hotSeat, markRoundSeen, recordFileName, roundSeen } from "./saves.js";
import { ownSave } from "./tabs.js";
import { recordResult } from "./stats.js";
import { reviewButton } from "./review.js";
import { nextControl, rove, tableTools } from "./keys.js";
import { pause, paced } from "./motion.js";

/** @typedef {import("../protocol").View} View */
/** @typedef {import("../protocol").Answer<unknown>} Answer */

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const AI_NAMES = ["Bianca", "Carlo", "Dora", "Enzo", "Fiamma", "Guido"];
const PACE = { off: 60, fast: 60, normal: 320, slow: 650 }; // ms before each computer turn ("off": no animation, no wait)
const OLDER_PAGE = 50; // log entries fetched per "show older"

/** @type {import("../protocol").TableShell} */
let shell = null; // {engineCall, announce, settings, cardOpts, loadCatalogue, loadModule, errorText, gameOp}
/**
 * The game on the table.
 * @typedef {object} TableGame
 * @property {string} name
 * @property {import("../protocol").CatalogueGame} info
 * @property {import("../protocol").CatalogueVariant} variant
 * @property {import("../protocol").NewGameRequest} request what a rematch asks for again
 * @property {string} sid the worker's session
 * @property {string[]} seats
 * @property {string[]} names
 * @property {number[]} humans the human seats
 * @property {import("../protocol").GameModule} module
 * @property {View} view the View on screen
 * @property {{[name: string]: any}} local the module's own state (TableContext.local)
 * @property {number | null} lastHuman the human seat that last had the device
 * @property {number | null} pendingSeat the seat the hand-over waits for
 * @property {string | number | null} roundShown the id of the last round summary shown
 * @property {import("../protocol").LogEntry[]} older log entries fetched by "show older"
 * @property {number} [olderFrom] the whole log's index of older[0]
 * @property {boolean} running
 * @property {boolean} busy
 * @property {boolean} sending
 * @property {number} lockTimer
 * @property {boolean} counted the result went into the statistics
 * @property {string | null} save
 * @property {string | null} notice
 * @property {"fast" | "now" | null} [autoplay] playing to the end without stops
 * @property {((value?: unknown) => void) | null} [afterRound] goes on once the round summary is closed
 * @property {boolean} [keepLogScroll]
 * @property {boolean} [focusing] the focus is on its way back to a control after a redraw (keepFocus)
 * @property {import("../protocol").EngineCall} engine the game's engine: the worker, or a net table's controller (shell/net/)
 * @property {NetTable | null} net a table played together across devices (shell/net/host.js, guest.js), else null
 */
/**
 * What a table played across devices adds (shell/net/host.js and guest.js make it). Seats of kind
 * "remote" are played on another device: the run loop asks the engine `{op: "wait", session, after}`
 * for the next View (its `seats` when a seat's kind changed meanwhile).
 * @typedef {object} NetTable
 * @property {"host" | "guest"} role
 * @property {(box: HTMLElement) => void} [endBox] fills the end screen's verification line (#end-verify)
 * @property {() => void} rematch the rematch button: every player must accept, the seats kept
 * @property {() => void} [leave] the table closes on this device
 * @property {() => import("../protocol").GameRecord | null} [reviewRecord] a guest: the record its device verified, or null
 *   until then (its end screen's review waits for "Deal verified")
 */
/** @type {TableGame | null} */
let game = null; // the game on the table
let resuming = false; // looking for the saved game to resume after a reload
/** @type {number[]} */
export const thinkTimes = []; // milliseconds each computer decision took in the worker (the AI latency benches read it)

/** @param {import("../protocol").TableShell} c */
export function setContext(c) { shell = c; }

// The player's settings (shell/keys.js: the single-key shortcuts may be off), or null before the shell is up.
export function settingsNow() { return shell ? shell.settings : null; }

// For the keys (read the table, shortcuts): the game on screen and its View, while the table shows.
/** @returns {import("../protocol").ReadContext | null} */
export function tableNow() {
  return game && game.view && $("#screen-table") ? { name: game.name, view: game.view, nameOf, seats: game.seats, settings: shell.settings } : null;
}

// For tests and assistive tools: which game is on the table and whose view is shown.
export function tableInfo() {
  return game && {
    game: game.name, session: game.sid, viewer: game.view ? game.view.seat : -1, seats: game.seats,
    names: game.names, variant: game.variant.name, actions: game.view ? game.view.actions : 0,
    current: game.view && !game.view.terminal ? game.view.current : -1, // whose turn (-1: none, the end)
    terminal: game.view ? game.view.terminal : false, busy: !!game.busy, // busy: a call or a computer's turn under way
  };
}

export function seatNames(seats) {
  const humans = seats.filter((k) => k === "human").length;
  let ai = 0;
  let friend = 0;
  return seats.map((k, i) => {
    if (k === "remote") return t("net.friend", { n: ++friend }); // a player on another device, until they say their name
    if (k !== "human") return AI_NAMES[ai++ % AI_NAMES.length];
    return humans === 1 ? t("table.you") : t("table.player", { n: i + 1 });
  });
}

/** Start a game from setup's request ({game, variant, options, seats, seed?, undo?}); an error text, or null.
 * opts.wanted(): false once the player left the page that asked (the new game is then closed unseen).
 * @param {import("../protocol").NewGameRequest} request
 * @param {{wanted?: () => boolean}} [opts]
 * @returns {Promise<string | null>} */
export async function startGame(request, opts = {}) {
  const answer = await shell.engineCall({ op: "new_game", names: seatNames(request.seats), ...request });
  if (opts.wanted && !opts.wanted()) {
    if (answer.ok) {
      shell.engineCall({ op: "close", session: answer.result.session });
      if (answer.result.save) shell.engineCall({ op: "delete_save", save: answer.result.save });
    }
    return null;
  }
  if (!answer.ok) return shell.errorText(answer);
  return openGame(answer.result, { request });
}

/** Put a game the worker opened on the table: new_game's, resume's or import_record's answer
 * ({session, seats, names, game, variant, options, undo, view}); an error text, or null.
 * @param {import("../protocol").Started} started
 * opts.engine: the engine that plays it (default the worker); opts.net: a table played across devices.
 * @param {{request?: import("../protocol").NewGameRequest, resumed?: boolean, imported?: boolean, notice?: string | null,
 *   engine?: import("../protocol").EngineCall, net?: NetTable | null}} [opts]
 * @returns {Promise<string | null>} */
export async function openGame(started, opts = {}) {
  const cat = await shell.loadCatalogue();
  const engine = opts.engine || shell.engineCall;
  const name = started.game || (opts.request && opts.request.game);
  const info = cat.games.find((g) => g.name === name);
  const variant = info && info.variants.find((v) => v.name === (started.variant || opts.request.variant));
  // The game's module (downloaded now if no screen of that game was open: a saved game resumed).
  let module;
  try {
    module = await shell.loadModule(name);
  } catch {
    engine({ op: "close", session: started.session });
    return t("load.failed");
  }
  if (!info || !variant || !module) {
    engine({ op: "close", session: started.session });
    return t("save.nogame");
  }
  const seats = started.seats;
  const request = opts.request || { game: name, variant: variant.name, options: started.options || {}, seats, undo: started.undo !== false };
  if (game && game.sid && game.sid !== started.session) closeGame(game);
  game = {
    name, info, variant, request, sid: started.session, seats,
    names: Array.isArray(started.names) && started.names.length === seats.length ? started.names : seatNames(seats),
    humans: seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0),
    module, view: started.view, local: {}, lastHuman: null,
    pendingSeat: null, roundShown: null, older: [], running: false, busy: false, sending: false, lockTimer: 0,
    counted: started.view.terminal, // a game opened over (an imported record) does not count in the statistics
    save: started.save || null, notice: opts.notice || null, // a resumed game's notice (a save the rules refuse)
    engine, net: opts.net || null,
  };
  const r = game.module.roundEnd ? game.module.roundEnd(game.view, tableCtx()) : null;
  // A resumed game shows the round summary again unless the player had closed it (a reload on the
  // deal-end screen); a new or imported game does not show the round before it.
  const seen = opts.resumed ? roundSeen(game.save) : undefined;
  game.roundShown = seen !== undefined ? seen : r ? r.id : null;
  markRoundSeen(game.save, game.roundShown);
  ownSave(game.save); // this tab plays it (shell/tabs.js: a resumed save was taken before it was read)
  if (location.hash === "#/table") renderTable($("#main")); else location.hash = "#/table";
  return null;
}

/** The game leaves this tab's table (another tab plays it now): its session, or null. */
export function leaveTable() {
  const g = game;
  game = null;
  if (g && g.net && g.net.leave) g.net.leave();
  return g ? g.sid : null;
}

// A game replaced on the table: its session closes (a net table's controller closes its connections).
function closeGame(g) {
  if (g.net && g.net.leave) g.net.leave();
  g.engine({ op: "close", session: g.sid });
}

/** A net table's controller: the seats' kinds changed (a computer took a dropped player's seat, the
 * player came back), said on the table in words; `names` when a player's name changed.
 * @param {string} sid @param {{seats?: string[], names?: string[], text?: string}} change */
export function netChange(sid, change) {
  if (!game || game.sid !== sid) return;
  if (change.seats) game.seats = change.seats;
  if (change.names && change.names.length === game.seats.length) game.names = change.names;
  if (change.text) {
    const box = $("#table-net");
    if (box) { box.textContent = change.text; box.hidden = false; }
    shell.announce(change.text);
  }
  if ($("#screen-table")) draw();
}

/** The game on the table is this net session: its end box is drawn again (the verification came). */
export function netRedrawEnd(sid) {
  if (!game || game.sid !== sid || !game.view.terminal || !$("#game-end")) return;
  if (game.net && game.net.endBox) game.net.endBox(/** @type {HTMLElement} */ ($("#game-end")));
}

// The one human at the table is "You" (hot-seat players go by their seat's name).
const youSeat = () => (game && game.humans.length === 1 ? game.humans[0] : null);
// A game may make its Descriptions' args readable first (cards, lists of seats): module.describe.
const sayFor = (d) => say(game && game.module.describe ? game.module.describe(d, { nameOf, settings: shell.settings }) : d, nameOf, youSeat());
const nameOf = (seat) => (seat >= 0 && game && seat < game.names.length ? game.names[seat] : t("table.nobody"));

/** @returns {import("../protocol").TableContext} */
function tableCtx() {
  return {
    t, esc, settings: shell.settings, cardOpts: shell.cardOpts, engineCall: game.engine,
    // A game's operations go where the game is: a guest's to the host's worker, for its own seat (net/guest.js).
    gameOp: game.engine === shell.engineCall ? shell.gameOp : (name, op, fields) => game.engine({ op: "game_op", game: name, name: op, ...fields }),
    errorText: shell.errorText, announce: shell.announce, catalogue: shell.catalogueNow(), game: game.info,
    variant: game.variant, seats: game.seats, names: game.names, nameOf, say: sayFor,
    local: game.local, session: game.sid, send, redraw: drawControls,
  };
}

// ---------------------------------------------------------------- the screen
export async function renderTable(main) {
  if (!game) {
    // A reload (or a crash) on the table: back into the most recent saved game, else home.
    main.innerHTML = `<section class="screen" id="screen-resuming"><p role="status">${esc(t("save.resuming"))}</p></section>`;
    if (!resuming) {
      resuming = true;
      const resumed = await shell.resumeLatest().finally(() => { resuming = false; });
      if (resumed) return;
    }
    if (!game && location.hash === "#/table") location.hash = "#/";
    return;
  }
  main.innerHTML = `
    <section class="screen table-screen" id="screen-table" data-game="${esc(game.name)}" aria-labelledby="table-title" aria-busy="true">
      <h1 id="table-title" class="sr-only">${esc(t("table.title", { game: game.info.label, variant: game.variant.label }))}</h1>
      ${game.notice ? `<p class="panel message" id="table-notice" role="alert">${esc(game.notice)}</p>` : ""}
      <p class="panel message" id="table-net" role="status" hidden></p>
      <div class="board" id="board"></div>
      <p class="turn-status" id="table-status"></p>
      <div class="action-bar" id="actions" role="toolbar" tabindex="-1" aria-label="${esc(t("table.actions"))}"></div>
      <p class="message error" id="table-message" role="alert"></p>
      <div class="side">
        <p class="row table-tools" id="table-tools">
          <button type="button" class="btn secondary" id="table-undo" hidden>${esc(t("save.undo"))}</button>
          <button type="button" class="btn secondary" id="table-export">${esc(t("save.exportgame"))}</button>
        </p>
        <div id="game-side"></div>
        <section class="panel" aria-labelledby="log-title">
          <h2 id="log-title">${esc(t("table.log"))}</h2>
          <div class="log" id="log" role="log" aria-live="off" tabindex="0" aria-labelledby="log-title"></div>
          <button type="button" class="btn secondary" id="log-older" hidden>${esc(t("log.older"))}</button>
        </section>
      </div>
    </section>
    <div class="overlay" id="handover" hidden role="dialog" aria-modal="true" aria-labelledby="handover-title">
      <div class="overlay-box"><h2 id="handover-title"></h2><p id="handover-text"></p>
      <div id="handover-recap"></div>
      <button class="btn" id="handover-go" data-primary data-action="show-hand">${esc(t("handover.show"))}</button></div>
    </div>
    <div class="overlay" id="dealend" hidden role="dialog" aria-modal="true" aria-labelledby="dealend-title">
      <div class="overlay-box"><h2 id="dealend-title"></h2><div id="dealend-body"></div>
      <button class="btn" id="dealend-go" data-primary data-action="next-deal">${esc(t("dealend.next"))}</button></div>
    </div>`;
  $("#handover-go").addEventListener("click", showPending);
  // A round summary may offer to play the rest without stops (buttons [data-autoplay="fast"|"now"]).
  $("#dealend-body").addEventListener("click", (e) => {
    const b = e.target.closest("[data-autoplay]");
    if (!b) return;
    game.autoplay = b.dataset.autoplay;
    if (game.autoplay === "now") { const box = $("#table-status"); if (box) box.textContent = t("table.toend"); }
    $("#dealend-go").click();
  });
  $("#dealend-go").addEventListener("click", () => {
    markRoundSeen(game.save, game.roundShown); // closed: a reload no longer shows it
    $("#dealend").hidden = true;
    $("#dealend-body").innerHTML = "";
    focusBar();
    if (game.afterRound) { const f = game.afterRound; game.afterRound = null; f(); }
  });
  $("#actions").addEventListener("click", barLock, true);
  tableTools($("#table-tools"));
  $("#log-older").addEventListener("click", loadOlder);
  $("#table-undo").addEventListener("click", undo);
  $("#table-export").addEventListener("click", exportRecord);
  draw();
  if (game.sending) { setBusy(true); inert(true); return; } // the player's move is on its way: send() goes on
  if (game.afterRound) {
    // The player left while a round's summary was open: show it again on this new screen.
    const resume = game.afterRound;
    game.afterRound = null;
    game.roundShown = null;
    resume();
    return;
  }
  run();
}

function setBusy(busy) {
  game.busy = busy;
  showBusy();
}

// The table says it is busy while a call is in flight, and while the focus is on its way back to a
// control after a redraw (keepFocus: until the next frame), so nothing reads it settled with the
// focus on <body>.
function showBusy() {
  const screen = $("#screen-table");
  if (screen) screen.setAttribute("aria-busy", String(!!(game.busy || game.focusing)));
}

// A move the engine refuses (a stale tap, a double tap) is said in the player's words, never the
// engine's (no seat numbers, no quoted action texts).
/** @param {Answer} answer */
export function playerError(answer) {
  return shell.errorText(answer); // shell/errors.js: a refused move is the table's sentence (err.move)
}

/** @param {Answer | string} answer */
function showError(answer) {
  const text = typeof answer === "string" ? answer : playerError(answer);
  const box = $("#table-message");
  if (box) box.textContent = text;
  shell.announce(text, true);
}

/** Take a View from the worker: announce what happened, draw it (not while playing to the end unseen).
 * @param {View} view */
function take(view, quiet = false) {
  const shownBefore = game.view ? game.view.seat : null;
  const wasMine = !!game.view && game.view.current === game.view.seat && shownBefore === view.seat && !game.view.terminal;
  game.view = view;
  if (view.terminal && !game.counted) {
    game.counted = true;
    recordResult(game.name, game.variant.name, game.seats, view.result);
  }
  if (view.seat !== shownBefore) game.older = []; // another seat's log: fetch older entries afresh
  if (!view.terminal && view.seat >= 0 && view.current === view.seat && $("#table-message")) $("#table-message").textContent = ""; // the turn came round: an old alert goes
  if (quiet) return;
  if (!view.terminal && view.seat >= 0 && view.current === view.seat && !wasMine) playSound("turn");
  for (const d of view.say || []) shell.announce(sayFor(d));
  draw();
}

// ---------------------------------------------------------------- the run loop
// Computer turns are played one call at a time until a human must act; the device is handed
// over between human seats.
async function run() {
  if (game.running || game.sending) return;
  const g = game;
  g.running = true;
  setBusy(true);
  paced(true); // the computers' steps from here on are paced; a click or key hurries them to the end
  try {
    for (;;) {
      if (game !== g || !$("#screen-table")) return;
      const v = g.view;
      if (await roundEnded()) { paced(true); continue; } // the summary's click hurries nothing after it
      if (v.terminal) {
        if (g.autoplay) { g.autoplay = null; setThinking(null); draw(); }
        shell.announce(t("end.winners", { names: v.result.winners.map(nameOf).join(", ") }));
        if (v.result.winners.some((s) => g.seats[s] === "human")) playSound("win");
        keepFocus(); // the end's own controls, when the last draw took the focused one away
        return;
      }
      const cur = v.current;
      if (cur < 0) return;
      if (g.seats[cur] === "remote") {
        // Played on another device: the next View comes when that player moves (or the seat's kind
        // changes: a computer took a dropped player's seat). shell/net/host.js or guest.js answer.
        setThinking(cur);
        const next = await /** @type {(r: object) => Promise<Answer>} */ (g.engine)({ op: "wait", session: g.sid, after: v.actions });
        if (game !== g) return;
        setThinking(null);
        if (!next.ok) { showError(next); return; }
        const moved = /** @type {View & {seats?: string[]}} */ (next.result);
        if (moved.seats) g.seats = moved.seats;
        take(moved);
        lockBar();
        continue;
      }
      if (g.seats[cur] !== "human") {
        // Out of chips, the player may watch the rest at speed ("fast") or skip to the result ("now").
        if (g.autoplay !== "now") setThinking(cur);
        await pause(g.autoplay === "now" ? 0 : g.autoplay ? PACE.fast : stepPause(g)); // a click or key skips (motion.js)
        if (game !== g) return; // the game left the table meanwhile (another tab plays it)
        const step = await g.engine({ op: "ai_step", session: g.sid });
        if (g.autoplay !== "now") setThinking(null);
        if (game !== g) return;
        if (!step.ok) { showError(step); return; }
        if (typeof step.result.think_ms === "number") thinkTimes.push(step.result.think_ms);
        take(step.result, g.autoplay === "now");
        lockBar();
        continue;
      }
      if (v.seat === cur) { keepFocus(); return; } // the human to act sees the table: wait for their move
      // The device changes hands only when another human is next; the same player keeps it.
      if (g.humans.length > 1 && cur !== g.lastHuman) { await handOver(cur); return; }
      const shown = await g.engine({ op: "show", session: g.sid, seat: cur });
      if (game !== g) return;
      if (!shown.ok) { showError(shown); return; }
      take(shown.result);
      focusBar();
      return;
    }
  } finally {
    paced(false);
    if (game === g) { g.running = false; setBusy(false); }
  }
}

// The pause before a computer's step: the game's (GameModule.pace: long enough to follow the step
// just drawn, 0 at speed Off), else the shell's by speed.
function stepPause(g) {
  const own = g.module.pace ? g.module.pace(g.view, tableCtx()) : null;
  return typeof own === "number" ? own : PACE[shell.settings.speed] ?? PACE.normal;
}

// After a computer's move changes the options, taps on the bar are ignored for 300 ms, so a
// label never changes under a finger; #actions[data-locked] says so (tests wait on it). Only the
// bar's own controls are locked (barLock): a hand card's one-tap play or a tap on the table acts at
// once, as on a still table (a tap during the computer's animation finishes it, shell/motion.js).
// localStorage "primi.barlock" = "off" leaves the bar unlocked: the e2e tests' browser contexts set
// it (e2e/conftest.py: 300 ms of waiting before each of their human steps, about a fifth of a
// whole-game test), except the lock's own tests.
const BAR_LOCK_MS = 300;

function lockBar() {
  let off = false;
  try { off = localStorage.getItem("primi.barlock") === "off"; } catch { /* storage blocked: the lock stays */ }
  if (off) { unlockBar(); return; }
  const bar = $("#actions");
  if (!bar) return;
  bar.dataset.locked = "";
  clearTimeout(game.lockTimer);
  game.lockTimer = setTimeout(() => { delete bar.dataset.locked; }, BAR_LOCK_MS);
}

// A click on the locked bar (a tap, Enter on a button, a single-key shortcut: all click a
// [data-action] of #actions) stops here, before the button's own handler.
function barLock(e) {
  const bar = /** @type {HTMLElement} */ (e.currentTarget);
  if (!("locked" in bar.dataset) || e.target === bar) return;
  e.stopPropagation();
  e.preventDefault();
}

function unlockBar() {
  clearTimeout(game.lockTimer);
  const bar = $("#actions");
  if (bar) delete bar.dataset.locked;
}

function setThinking(seat) {
  const box = $("#table-status");
  for (const el of document.querySelectorAll("#board [data-seat].thinking")) el.classList.remove("thinking");
  if (!box) return;
  if (seat === null) { box.textContent = ""; box.removeAttribute("data-thinking"); return; }
  box.textContent = t("table.thinking", { name: nameOf(seat) });
  box.dataset.thinking = String(seat);
  const el = document.querySelector(`#board [data-seat="${seat}"]`);
  if (el) el.classList.add("thinking");
}

async function roundEnded() {
  if (!game.module.roundEnd) return false;
  const r = game.module.roundEnd(game.view, tableCtx());
  if (!r || r.id === game.roundShown) return false;
  game.roundShown = r.id;
  if (game.autoplay) { markRoundSeen(game.save, r.id); return false; } // playing to the end: no stop at each round
  $("#dealend-title").textContent = r.title;
  $("#dealend-body").innerHTML = r.html;
  $("#dealend-go").textContent = game.view.terminal ? t("dealend.final") : (r.next || t("dealend.next"));
  $("#dealend").hidden = false;
  $("#dealend-go").focus();
  shell.announce(r.text);
  setBusy(false);
  await new Promise((resolve) => { game.afterRound = resolve; });
  setBusy(true);
  return true;
}

async function handOver(seat) {
  const g = game;
  g.pendingSeat = seat;
  g.local.selected = [];
  if (g.view.seat !== -1) {
    // No private card stays on screen while the device changes hands.
    const hidden = await g.engine({ op: "show", session: g.sid, seat: -1 });
    if (game !== g) return;
    if (!hidden.ok) { showError(hidden); return; }
    take(hidden.result);
  }
  // "Since your turn": the public actions after this seat last acted.
  const log = [...g.older, ...(g.view.observation.log || [])];
  let from = 0;
  for (let i = log.length - 1; i >= 0; i--) if (log[i].seat === seat) { from = i + 1; break; }
  const recap = log.slice(from).filter((e) => e.seat >= 0);
  $("#handover-recap").innerHTML = recap.length
    ? `<h3>${esc(t("handover.since"))}</h3><ol class="recap" id="handover-recap-list">${recap.map((e) => `<li>${esc(sayFor(e))}</li>`).join("")}</ol>` : "";
  $("#handover-title").textContent = t("handover.title", { name: nameOf(seat) });
  $("#handover-text").textContent = t("handover.text", { name: nameOf(seat) });
  $("#handover").hidden = false;
  $("#handover-go").focus();
}

async function showPending() {
  const g = game;
  if (g.busy) return;
  const seat = g.pendingSeat;
  setBusy(true);
  const answer = await g.engine({ op: "show", session: g.sid, seat });
  if (game !== g) return;
  setBusy(false);
  if (!answer.ok) { showError(answer); return; }
  g.pendingSeat = null;
  g.lastHuman = seat;
  $("#handover").hidden = true;
  unlockBar(); // the player sees these options for the first time: nothing changed under a finger
  take(answer.result);
  focusBar();
}

// The human on screen plays one action: one call, whose answer is the new View. opts.hold (ms):
// a one-tap play waits that long first, its highlight shown and every control inert (no double play).
/** @type {import("../protocol").Send} */
async function send(action, opts = {}) {
  const g = game;
  if (!g || g.busy) return; // a call is in flight: no double send
  const v = g.view;
  if (v.seat < 0 || v.current !== v.seat) return;
  if (!v.legal.includes(action)) { showError(t("table.notnow")); return; }
  const seat = v.seat;
  g.lastHuman = seat;
  setBusy(true);
  inert(true); // every control is inert until the answer comes: a second tap does nothing
  g.sending = true; // a table drawn again meanwhile (the player left and came back) stays inert too
  if (opts.hold) {
    await sleep(opts.hold);
    if (game !== g) return;
    if (!$("#screen-table")) { g.sending = false; setBusy(false); return; } // the player left the table first: nothing played
  }
  /** @type {import("../protocol").RequestOf<"act">} */
  const request = { op: "act", session: g.sid, seat, action };
  if (g.humans.length > 1) request.show = -1; // hot-seat: hide this hand at once
  const answer = await g.engine(request);
  g.sending = false;
  if (game !== g) return;
  setBusy(false);
  inert(false);
  if (!answer.ok) { showError(answer); return; }
  $("#table-message").textContent = "";
  g.local.selected = [];
  take(answer.result);
  keepFocus();
  run();
}

// While a move is in flight the action controls (and the hand) are disabled and the bar says it is busy.
function inert(on) {
  const bar = $("#actions");
  if (bar) bar.setAttribute("aria-busy", String(on));
  for (const el of /** @type {NodeListOf<HTMLButtonElement | HTMLSelectElement>} */ (document.querySelectorAll("#screen-table [data-action], #screen-table button.card, #actions select"))) {
    if (on) { if (!el.disabled) { el.disabled = true; el.dataset.inert = ""; } } else if ("inert" in el.dataset) { el.disabled = false; delete el.dataset.inert; }
  }
}

// ---------------------------------------------------------------- drawing
function draw() {
  if (!$("#screen-table")) return;
  const v = game.view;
  $("#screen-table").toggleAttribute("data-over", !!v.terminal); // the end: no coach (style.css)
  game.module.drawTable($("#board"), v, tableCtx());
  drawControls();
  drawLog();
  if (v.terminal) drawEnd();
}

function drawControls() {
  const bar = $("#actions");
  if (!bar) return;
  const v = game.view;
  const ctx = tableCtx();
  if (v.terminal) bar.innerHTML = "";
  else if (v.seat < 0 || v.current !== v.seat || !v.legal.length) {
    bar.innerHTML = `<p class="help">${esc(t("table.waiting", { name: nameOf(v.current) }))}</p>`;
  } else game.module.composeActions(bar, v, ctx, send);
  if (game.module.side) game.module.side($("#game-side"), v, ctx);
  rove();
  const undoButton = $("#table-undo");
  if (undoButton) undoButton.hidden = !(v.undo && !v.terminal && v.seat >= 0 && v.current === v.seat) || !!game.net; // no undo at a net table
  const exportButton = $("#table-export");
  if (exportButton) exportButton.hidden = !v.terminal && (hotSeat(game.seats) || !!game.net); // hot-seat, net: the record only at the end
}

// Undo against the computer: back to before your last decision (the computers' moves since are undone too).
async function undo() {
  const g = game;
  if (!g || g.busy) return;
  const v = g.view;
  if (!v.undo || v.seat < 0) return;
  setBusy(true);
  const answer = await g.engine({ op: "undo", session: g.sid, seat: v.seat });
  if (game !== g) return;
  setBusy(false);
  if (!answer.ok) { showError(answer); return; }
  $("#table-message").textContent = "";
  g.local.selected = [];
  g.older = []; // the log went back too
  take(answer.result);
  // Back before a deal's end, its summary shows again when the deal ends again.
  const r = g.module.roundEnd ? g.module.roundEnd(g.view, tableCtx()) : null;
  g.roundShown = r ? r.id : null;
  markRoundSeen(g.save, g.roundShown);
  shell.announce(t("save.undone"));
  focusBar();
  run();
}

// The game record as a file, on the player's request (it holds the seed and every card dealt).
async function exportRecord() {
  const g = game;
  if (!g) return;
  if (!g.view.terminal) {
    // Before the end the record shows every hidden card: never in hot-seat, else only once confirmed.
    if (hotSeat(g.seats) || !(await confirmSpoiler()) || game !== g) return;
  }
  const answer = await g.engine({ op: "record", session: g.sid, export: true });
  if (game !== g) return;
  if (!answer.ok) { showError(answer); return; }
  download(recordFileName(g.name, g.variant.name), JSON.stringify(answer.result, null, 1));
  shell.announce(t("save.exported"));
}

// The log is updated in place: an entry already shown keeps its DOM node (a screen reader's
// reading position and the player's scroll stay put), new entries are appended, entries fetched by
// "show older" are put before, and only entries that changed (another seat's view after a
// hand-over, an undo) are replaced or removed. Each <li> carries its index in the whole log.
function drawLog() {
  const box = $("#log");
  const o = game.view.observation;
  const recent = o.log || [];
  const size = typeof o.log_size === "number" ? o.log_size : game.older.length + recent.length;
  fitOlder(size - recent.length);
  const entries = [...game.older, ...recent];
  const first = size - entries.length; // the whole log's index of entries[0]
  const tag = game.module.logTag || (() => "");
  let list = box.querySelector("ol");
  if (!list) { list = document.createElement("ol"); box.replaceChildren(list); }
  const shown = new Map([...list.children].map((li) => [li.dataset.i, li]));
  let prev = null;
  let added = false;
  entries.forEach((e, k) => {
    const mark = tag(e);
    const html = `${mark ? `<span class="log-deal">${esc(mark)}</span> ` : ""}${esc(sayFor(e))}`;
    const i = String(first + k);
    let li = shown.get(i);
    if (li && li.dataset.seat === String(e.seat) && li.primiHtml === html) shown.delete(i);
    else {
      li = document.createElement("li");
      li.dataset.i = i;
      li.dataset.seat = String(e.seat);
      li.innerHTML = html;
      li.primiHtml = html;
      added = true;
    }
    const at = prev ? prev.nextSibling : list.firstChild;
    if (at !== li) list.insertBefore(li, at);
    prev = li;
  });
  for (const li of shown.values()) li.remove(); // gone from this view (an undo, another seat's log)
  $("#log-older").hidden = entries.length >= size;
  // Scrolled in the next frame, where the page is laid out anyway (reading scrollHeight now would force a layout: a long task).
  if (added && !game.keepLogScroll) requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });
  game.keepLogScroll = false;
}

// The older entries fetched by "show older" end where the view's recent entries begin. The recent
// window moves on at a new deal: the older entries it now holds are dropped from game.older, and
// after a gap (entries between the two no one fetched) game.older starts again, so the log never
// shows a hole.
function fitOlder(recentFrom) {
  const g = game;
  if (!g.older.length) return;
  const end = g.olderFrom + g.older.length;
  if (end < recentFrom || g.olderFrom >= recentFrom) g.older = [];
  else if (end > recentFrom) g.older = g.older.slice(0, recentFrom - g.olderFrom);
}

async function loadOlder() {
  const g = game;
  if (g.busy) return;
  const o = g.view.observation;
  const size = o.log_size;
  fitOlder(size - (o.log || []).length);
  const have = g.older.length + (o.log || []).length;
  const stop = size - have;
  if (stop <= 0) return;
  const start = Math.max(0, stop - OLDER_PAGE);
  const answer = await g.engine({ op: "log", session: g.sid, start, stop });
  if (game !== g) return;
  if (!answer.ok) { showError(answer); return; }
  g.older = [...answer.result, ...g.older];
  g.olderFrom = start;
  g.keepLogScroll = true;
  drawLog();
  $("#log").scrollTop = 0;
}

function focusBar() {
  const b = nextControl();
  if (b) b.focus({ preventScroll: true });
}

// Focus never falls to <body> after a play (the bar's buttons are redrawn): it goes to the next
// sensible control (keys.js nextControl), or waits on the bar while others play, and moves on
// from there when the turn comes back (never away from where the player put it).
// Focused in the next frame, where the new table is laid out anyway: focusing now would force that
// layout inside the task that drew it (a table's first draw was a 50 ms task of the CPU).
function keepFocus() {
  const lost = () => { const el = document.activeElement; return !el || el === document.body || !el.isConnected || el.id === "actions" || el.id === "main"; };
  if (!lost()) return;
  const g = game;
  g.focusing = true;
  showBusy();
  requestAnimationFrame(() => {
    if (game !== g) return;
    g.focusing = false;
    if (lost()) focusBar();
    showBusy();
  });
}

// ---------------------------------------------------------------- the end
function drawEnd() {
  const v = game.view;
  const r = v.result;
  const ctx = tableCtx();
  const order = r.scores.map((s, i) => [i, s]).sort((a, b) => b[1] - a[1]);
  const scoreText = game.module.scoreText || ((res, s) => String(res.scores[s]));
  const note = game.module.endNote ? game.module.endNote(r, ctx) : "";
  const winners = r.winners.map((s) => nameOf(s)).join(", ");
  const link = "#" + playLink({ ...(v.record || game.request), seats: game.seats, seed: v.seed }).split("#")[1];
  $("#actions").innerHTML = "";
  const box = document.createElement("div");
  box.className = "panel end";
  box.id = "game-end";
  box.innerHTML = `
      <h2>${esc(t("end.title"))}</h2>
      <p id="end-winners">${esc(t("end.winners", { names: winners }))}</p>
      <ol class="standings" id="end-standings">${order.map(([s], i) => `<li data-seat="${s}"><span class="st-rank">${i + 1}.</span> <span class="st-name">${esc(nameOf(s))}</span> <span class="st-score">${esc(scoreText(r, s, ctx))}</span></li>`).join("")}</ol>
      ${note ? `<p>${esc(note)}</p>` : ""}
      ${v.seed !== null && v.seed !== undefined ? `<p id="end-seed" data-seed="${esc(v.seed)}">${esc(t("end.seed", { seed: v.seed }))}</p>` : ""}
      ${game.net ? `<p class="message" id="end-verify" role="status"></p>` : ""}
      <p class="row"><button type="button" class="btn" id="end-rematch" data-primary>${esc(t("end.rematch"))}</button>
      <a class="btn secondary" href="${esc(link)}" id="end-replay">${esc(t("end.replay"))}</a>
      <a class="btn secondary" href="#/play/${esc(encodeURIComponent(game.name))}?variant=${esc(encodeURIComponent(game.variant.name))}" id="end-new">${esc(t("end.new"))}</a>
      <button type="button" class="btn secondary" id="end-export">${esc(t("save.exportgame"))}</button></p>`;
  const felt = $("#felt") || $("#board");
  felt.appendChild(box);
  $("#end-rematch").addEventListener("click", rematch);
  endLinks(box, { name: game.name, label: game.info.label, request: game.request, seats: game.seats, view: v,
    scoreText: (s) => scoreText(r, s, ctx) }, shell);
  $("#end-export").addEventListener("click", exportRecord);
  reviewButton(/** @type {HTMLElement} */ ($("#end-export").parentElement), { record: v.record, seats: game.seats, engineCall: shell.engineCall, errorText: shell.errorText,
    ready: game.net && game.net.reviewRecord });
  if (game.net && game.net.endBox) game.net.endBox(box);
}

// The same table again with a fresh seed drawn by the worker.
async function rematch() {
  const button = $("#end-rematch");
  if (!button || button.disabled) return;
  button.disabled = true;
  if (game.net) { game.net.rematch(); return; } // a net table: every player accepts first, the seats kept
  const { seed, ...request } = game.request; // eslint-disable-line no-unused-vars
  const error = await startGame(request);
  if (error) { button.disabled = false; showError(error); }
}
