// @ts-check
// The replay viewer (#/replay?v=1&seats=…&r=…): a finished game's record from a link (or a file),
// checked by the worker exactly like `python -m pygame_core replay` before anything is shown,
// then stepped forward and back (buttons, arrow keys, a slider), showing one seat's view, the
// table only, or every hand (the game is over), with the log beside it. The game module draws the
// table from each step's observation, as on the live table.
import { $, esc } from "../dom.js";
import { t } from "../i18n.js";
import { cardSVG } from "../cards.js";
import { say } from "./say.js";
import { LinkError, REPLAY_VERSION, quoteLink, unpackRecord } from "./links.js";
import { LoadError } from "../games/index.js";
import { mountReview, takeHandoff } from "./review.js";

const AI_NAMES = ["Bianca", "Carlo", "Dora", "Enzo", "Fiamma", "Guido"]; // as on the table

// A seat's kind: "human" (a player on this device), a computer level, or "remote" (a player on another
// device, at a table played together: "Player n", never "You", and its review is not yours).
const REMOTE = "remote";

function seatNames(seats) {
  const humans = seats.filter((k) => k === "human").length;
  let ai = 0;
  return seats.map((k, i) => (k === REMOTE || (k === "human" && humans !== 1) ? t("table.player", { n: i + 1 })
    : k === "human" ? t("table.you") : AI_NAMES[ai++ % AI_NAMES.length]));
}

/**
 * The replay on screen.
 * @typedef {object} Replay
 * @property {import("../protocol").GameRecord} record
 * @property {import("../protocol").CatalogueGame} game
 * @property {import("../protocol").GameModule} module
 * @property {import("../protocol").CatalogueVariant} variant
 * @property {string[]} seats
 * @property {string[]} names
 * @property {import("../protocol").NameOf} nameOf
 * @property {(d: import("../protocol").Description) => string} sayFor
 * @property {number} steps
 * @property {number} step the step drawn
 * @property {number} target the step asked for last
 * @property {number | "all"} seat whose view: a seat, -1 (the table) or every hand
 * @property {number | null} want the step to fetch next
 * @property {boolean} busy
 */
/** @type {Replay | null} */
let current = null; // the replay on screen: {record, steps, step, seat, ...}

/** For tests: where the replay on screen stands. */
export function replayInfo() {
  return current && { game: current.game.name, steps: current.steps, step: current.step, seat: current.seat };
}

/** @typedef {import("../protocol").SetupContext} SetupContext */

/** #/replay: from a link's record, or (without one) a file picker. ctx: the shell's route ctx plus module, badLink.
 * @param {HTMLElement} main @param {URLSearchParams} params @param {SetupContext} ctx */
export async function renderReplay(main, params, ctx) {
  current = null;
  for (const k of params.keys()) {
    if (!["v", "r", "seats", "review"].includes(k)) return ctx.badLink(main, t("link.badparam", { name: quoteLink(k), variant: t("replay.title.short") }));
    if (params.getAll(k).length > 1) return ctx.badLink(main, t("link.twice", { name: quoteLink(k) }));
  }
  const review = params.get("review") === "1"; // the end screen's "Review this game": its review starts at once
  const handed = review && !params.has("r") ? takeHandoff() : null; // a game too long for a link
  if (handed) return open(main, handed.text, handed.seats, ctx, true);
  if (!params.has("r")) return renderPicker(main, ctx);
  if (params.get("v") !== REPLAY_VERSION) return ctx.badLink(main, t("replay.badversion", { version: quoteLink(params.get("v") ?? "") }));
  let text;
  try {
    text = await unpackRecord(params.get("r"));
  } catch (err) {
    return ctx.badLink(main, err instanceof LinkError ? err.message : t("link.baddeflate"));
  }
  const seats = params.has("seats") ? params.get("seats").split(",") : null;
  return open(main, text, seats, ctx, review);
}

/** @param {HTMLElement} main @param {SetupContext} ctx */
function renderPicker(main, ctx) {
  main.innerHTML = `
    <section class="screen" id="screen-replay-open" aria-labelledby="replay-open-title">
      <h1 id="replay-open-title">${esc(t("replay.title.short"))}</h1>
      <p class="lede">${esc(t("replay.open.lede"))}</p>
      <label class="field"><span>${esc(t("replay.open.file"))}</span> <input type="file" id="replay-file" accept=".json,application/json"></label>
      <p class="message error" id="replay-message" role="alert"></p>
    </section>`;
  $("#replay-file").addEventListener("change", async (e) => {
    const file = e.target.files && e.target.files[0];
    if (!file) return;
    if (file.size > 1_000_000) { $("#replay-message").textContent = t("link.toolong"); return; }
    // The record's game's module, if it cannot be downloaded: said here (a link's goes to the route).
    await open(main, await file.text(), null, ctx).catch((err) => {
      if (!(err instanceof LoadError)) throw err;
      if ($("#replay-message")) $("#replay-message").textContent = t("load.failed");
    });
  });
}

/** @param {HTMLElement} main @param {string} text @param {string[] | null} seatsFromLink @param {SetupContext} ctx
 * @param {boolean} [review] start the game's review at once */
async function open(main, text, seatsFromLink, ctx, review = false) {
  const first = await ctx.engineCall({ op: "replay", record: text, step: 0, seat: -1 });
  if (!first.ok) return ctx.badLink(main, t("replay.bad", { error: ctx.errorText(first) }));
  const rec = first.result.record;
  const cat = await ctx.loadCatalogue();
  const game = cat.games.find((g) => g.name === rec.game);
  const module = await ctx.loadModule(rec.game); // downloaded if need be: a LoadError goes to the route
  if (!game || !module) return ctx.badLink(main, t("link.badgame", { name: quoteLink(rec.game) }));
  // A rule set this version lacks: its name only.
  const variant = game.variants.find((v) => v.name === rec.variant)
    || /** @type {import("../protocol").CatalogueVariant} */ ({ name: rec.variant, label: rec.variant, options: [] });
  const players = first.result.players;
  let seats = Array.from({ length: players }, () => "human");
  const levels = (game.agents || []).filter((a) => a !== "random");
  // A record from a file says who played (a level this version lacks: every seat a player).
  const own = rec.seats;
  if (!seatsFromLink && Array.isArray(own) && own.length === players && own.every((k) => k === "human" || k === REMOTE || levels.includes(k))) seats = own;
  if (seatsFromLink) {
    const bad = seatsFromLink.find((k) => k !== "human" && k !== REMOTE && !levels.includes(k));
    if (bad !== undefined) return ctx.badLink(main, t("link.badseat", { value: quoteLink(bad) }));
    if (seatsFromLink.length !== players) return ctx.badLink(main, t("link.seatcount", { n: seatsFromLink.length, players }));
    seats = seatsFromLink;
  }
  const names = seatNames(seats);
  const nameOf = (s) => (s >= 0 && s < names.length ? names[s] : t("table.nobody"));
  const you = seats.filter((k) => k === "human").length === 1 ? seats.indexOf("human") : null;
  const sayFor = (d) => say(module.describe ? module.describe(d, { nameOf, settings: ctx.settings }) : d, nameOf, you);
  const steps = first.result.steps;
  current = { record: rec, game, module, variant, seats, names, nameOf, sayFor, steps, step: 0, target: 0, seat: "all", want: null, busy: false };
  main.innerHTML = `
    <section class="screen table-screen replay-screen" id="screen-replay" data-game="${esc(game.name)}" data-steps="${steps}" aria-labelledby="replay-title">
      <h1 id="replay-title">${esc(t("replay.title", { game: game.label, variant: variant.label }))}</h1>
      <div class="replay-controls panel" role="group" aria-label="${esc(t("replay.controls"))}">
        <p class="row">
          <button type="button" class="btn secondary" id="replay-first">${esc(t("replay.first"))}</button>
          <button type="button" class="btn secondary" id="replay-prev" aria-keyshortcuts="ArrowLeft">${esc(t("replay.prev"))}</button>
          <button type="button" class="btn" id="replay-next" aria-keyshortcuts="ArrowRight" data-primary>${esc(t("replay.next"))}</button>
          <button type="button" class="btn secondary" id="replay-last">${esc(t("replay.last"))}</button>
        </p>
        <label class="field replay-slider"><span>${esc(t("replay.slider"))}</span>
          <input type="range" id="replay-slider" min="0" max="${steps}" step="1" value="0"></label>
        <label class="field"><span>${esc(t("replay.show"))}</span>
          <select id="replay-seat"><option value="all">${esc(t("replay.seat.all"))}</option><option value="-1">${esc(t("replay.seat.table"))}</option>
          ${names.map((n, i) => `<option value="${i}">${esc(i === you ? t("replay.seat.you") : t("replay.seat.one", { name: n }))}</option>`).join("")}</select></label>
        <p id="replay-step" role="status" aria-live="polite"></p>
      </div>
      <p class="message error" id="replay-message" role="alert"></p>
      <div class="replay-review" id="replay-review"></div>
      <div class="board" id="board"></div>
      <div id="replay-hands"></div>
      <div class="side">
        <section class="panel" aria-labelledby="replay-log-title">
          <h2 id="replay-log-title">${esc(t("table.log"))}</h2>
          <div class="log" id="replay-log" tabindex="0" aria-labelledby="replay-log-title"></div>
        </section>
      </div>
    </section>`;
  const go = (step) => show(Math.max(0, Math.min(steps, step)), ctx);
  $("#replay-first").addEventListener("click", () => go(0));
  $("#replay-prev").addEventListener("click", () => go(current.target - 1));
  $("#replay-next").addEventListener("click", () => go(current.target + 1));
  $("#replay-last").addEventListener("click", () => go(steps));
  $("#replay-slider").addEventListener("input", (e) => go(Number(e.target.value)));
  $("#replay-seat").addEventListener("change", (e) => { current.seat = e.target.value === "all" ? "all" : Number(e.target.value); go(current.target); });
  if (!keysBound) { document.addEventListener("keydown", (e) => onKey(e, ctx)); keysBound = true; }
  await show(0, ctx);
  $("#replay-next").focus();
  // The review (shell/review.js): a marked decision jumps here, to the state before it, as its seat saw it.
  mountReview($("#replay-review"), { record: rec, seats, nameOf, sayFor, engineCall: ctx.engineCall, errorText: ctx.errorText, auto: review,
    go: (step, seat) => { current.seat = seat; $("#replay-seat").value = String(seat); go(step); } });
}

// Arrow keys step (Home/End jump) anywhere on the replay screen, but the slider and the menu keep theirs.
let keysBound = false;
/** @param {KeyboardEvent} e @param {SetupContext} ctx */
function onKey(e, ctx) {
  if (!current || !$("#screen-replay") || e.altKey || e.ctrlKey || e.metaKey) return;
  const tag = e.target && /** @type {Element} */ (e.target).tagName;
  if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") return;
  const moves = { ArrowLeft: current.target - 1, ArrowRight: current.target + 1, Home: 0, End: current.steps };
  if (!(e.key in moves)) return;
  e.preventDefault();
  show(Math.max(0, Math.min(current.steps, moves[e.key])), ctx);
}

// Steps are asked one at a time; while one is on its way, only the latest wanted step follows it.
/** @param {number} step @param {SetupContext} ctx */
async function show(step, ctx) {
  const r = current;
  r.want = step;
  r.target = step; // a key pressed before this step is drawn moves on from here
  if (r.busy) return;
  r.busy = true;
  try {
    while (r.want !== null) {
      const want = r.want;
      r.want = null;
      const answer = await ctx.engineCall({ op: "replay", record: r.record, step: want, seat: r.seat });
      if (current !== r || !$("#screen-replay")) return;
      if (!answer.ok) { $("#replay-message").textContent = ctx.errorText(answer); return; }
      draw(answer.result, ctx);
    }
  } finally {
    r.busy = false;
  }
}

/** @param {import("../protocol").ReplayStep} res @param {SetupContext} ctx */
function draw(res, ctx) {
  const r = current;
  r.step = res.step;
  const seat = res.seat === "all" ? -1 : res.seat;
  /** @type {import("../protocol").View} */
  const view = {
    seat, observation: res.observation, legal: [], current: res.current, terminal: res.terminal, result: res.result,
    actions: res.step, say: [], record: null, seed: null, undo: false,
  };
  /** @type {import("../protocol").TableContext} */
  const tctx = {
    t, esc, settings: ctx.settings, cardOpts: ctx.cardOpts, engineCall: ctx.engineCall, gameOp: ctx.gameOp, errorText: ctx.errorText,
    announce: () => {}, catalogue: ctx.catalogueNow ? ctx.catalogueNow() : null, game: r.game, variant: r.variant, seats: r.seats,
    names: r.names, nameOf: r.nameOf, say: r.sayFor, local: {}, session: null, send: () => {}, redraw: () => {},
  };
  r.module.drawTable($("#board"), view, tctx);
  if (seat < 0) {
    // The table's "hands are hidden while the device changes hands" is about hot-seat play: here
    // it says what the replay shows instead.
    const hidden = t("table.handhidden");
    const walk = document.createTreeWalker($("#board"), NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (n.nodeValue.trim() === hidden) n.nodeValue = t(res.hands ? "replay.hidden.all" : "replay.hidden.table");
    }
  }
  const hands = $("#replay-hands");
  if (res.hands) {
    hands.innerHTML = `<section class="panel replay-hands" aria-labelledby="replay-hands-title"><h2 id="replay-hands-title">${esc(t("replay.hands"))}</h2>
      <ul>${res.hands.map((o, s) => `<li data-seat="${s}"><strong>${esc(r.nameOf(s))}:</strong> ${(o.hand || []).length
        ? `<span class="replay-hand">${(o.hand || []).map((c) => `<span class="card mini" data-card="${esc(c)}">${cardSVG(String(c), ctx.cardOpts())}</span>`).join("")}</span>`
        : esc(t("replay.nohand"))}</li>`).join("")}</ul></section>`;
  } else hands.innerHTML = "";
  $("#replay-log").innerHTML = `<ol>${res.log.map((e) => `<li data-seat="${esc(e.seat)}">${esc(r.sayFor(e))}</li>`).join("")}</ol>`;
  $("#replay-log").scrollTop = $("#replay-log").scrollHeight;
  $("#replay-slider").value = String(res.step);
  $("#replay-prev").disabled = res.step === 0;
  $("#replay-first").disabled = res.step === 0;
  $("#replay-next").disabled = res.step === r.steps;
  $("#replay-last").disabled = res.step === r.steps;
  const status = $("#replay-step");
  status.dataset.step = String(res.step);
  status.textContent = res.terminal && res.result
    ? t("replay.step.end", { step: res.step, steps: r.steps, names: (res.result.winners || []).map(r.nameOf).join(", ") })
    : t("replay.step", { step: res.step, steps: r.steps });
  const screen = $("#screen-replay");
  screen.dataset.step = String(res.step);
  screen.dataset.seat = String(res.seat);
}
