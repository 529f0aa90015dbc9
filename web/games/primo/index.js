// Primo's game module (see ../index.js for the GameModule interface): the six rows A–F drawn
// head → tail with the movable runs marked, every seat's hand and pile counts, the shown seat's
// hand, and three ways to play each step: drag and drop (Pointer Events: mouse, pen and touch),
// tap-then-target, and keys. Every legal target lights up; a drop that is not legal asks the core
// why (`why` operation) and loses nothing. Also the Top and Take flows, exchange mode, End turn,
// Undo within the turn (the shell's Undo, the worker's `undo`), the row-clear animation, the coach, the score sheet
// of the rounds variant, the rules section and the lessons. Everything is drawn from the View of
// the seat on screen, so no other hand ever reaches the DOM.
import { $, esc } from "../../dom.js";
import { t } from "../../i18n.js";
import { cardArt } from "../../cards.js";
import { actionsOf, cardParts, dropAction, exchangeAction, movableRuns, parseAction, runCards, targetsOf } from "./model.js";
import { describe, joinAnd, name, names } from "./describe.js";
import { rulesSection } from "./rules.js";
import { keys } from "./keys.js";
import { renderLearn } from "./learn.js";
import { animate, duration, fly, motionSpeed, rectOf, scrolled, slide } from "../../shell/motion.js";
import { playSound } from "../../shell/sound.js";
import { addStrings } from "../../i18n.js";
import stringsEn from "./strings.en.js";
import stringsIt from "./strings.it.js";
import stringsDe from "./strings.de.js";

// Primo's own strings (strings.<lang>.js), known to t() from here on.
addStrings({ en: stringsEn, it: stringsIt, de: stringsDe });

const ROWS = ["A", "B", "C", "D", "E", "F"];
// Plain backs (no card's identity): one card for a hand, a stack for a draw pile.
const BACK = (x, y) => `<rect x="${x}" y="${y}" width="12" height="17" rx="2" fill="#7d1f2c" stroke="#fffaf0" stroke-width="1.5"/>`;
const HAND_ICON = `<svg class="po-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><g transform="rotate(-12 7 18)">${BACK(1, 2)}</g><g transform="rotate(12 13 18)">${BACK(7, 2)}</g></svg>`;
const PILE_ICON = `<svg class="po-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><rect x="4" y="15" width="12" height="4" rx="1" fill="#fffaf0"/>${BACK(4, 0)}<path d="M4 17.5h12M4 19h12" stroke="#7d1f2c" stroke-width="1"/></svg>`;
const DRAG_SLOP = 6; // px of movement before a press becomes a drag (a wiggle stays a tap)
const CLEAR_SCALE = 2; // a row clear lasts two card travels: Off / Fast / Normal / Slow = 0 / 240 / 500 / 1000 ms
const ONE_TAP_MS = 250; // a hand card with one place to go plays on one tap, its target lit this long first

// ---------------------------------------------------------------- helpers on the view
const obs = (v) => v.observation;
const myTurn = (v) => v.seat >= 0 && v.current === v.seat && v.legal.length > 0 && !v.terminal;
const rowOf = (o, r) => (o.rows || []).find((x) => x.name === r) || { name: r, cards: [] };
const tops = (o) => (o.turn && o.turn.tops) || [];
// A move is in flight (the shell's bar is busy, its controls inert, a one-tap's highlight showing): taps wait.
const inFlight = () => !!document.querySelector('#actions[aria-busy="true"]');

/** The one move a tap on this hand card plays at once, or null (it is picked, its targets light up):
 * a card with exactly one legal place, unless the player asked to confirm each play (Settings), or
 * it is a Take card (what it takes cannot be undone). acts: the card's legal actions (actionsOf). */
function oneTap(card, acts, ctx) {
  if (ctx.settings.confirmPlay || card === "TAKE") return null;
  return acts.length === 1 ? acts[0] : null;
}

function rowLabel(o, row, movable) {
  const cards = row.cards;
  if (!cards.length) return t("po.row.empty", { row: row.name });
  const head = cardParts(cards[0]).value;
  const tail = cardParts(cards[cards.length - 1]).value;
  const from = cards.findIndex((c) => movable.has(`${row.name}:${cardParts(c).value}`));
  const run = from >= 0 ? t("po.row.movable", { cards: cards.slice(from).map((c) => cardParts(c).value).join(" ") }) : "";
  return [t(cards.length === 1 ? "po.row.label.one" : "po.row.label", { row: row.name, head, tail, n: cards.length }), tops(o).includes(row.name) ? t("po.row.top") : "", run].filter(Boolean).join(", ");
}

// ---------------------------------------------------------------- the table
function drawTable(el, view, ctx) {
  if (!$("#po-rows", el)) {
    el.innerHTML = `
      <div class="seats-bar po-seats" id="seats" role="list" aria-label="${esc(t("table.seats"))}"></div>
      <div class="felt po-felt" id="po-felt">
        <p class="phase" id="phase"></p>
        <div class="po-rows" id="po-rows" role="group" aria-label="${esc(t("po.rows"))}"></div>
        <p class="po-last" id="po-last"></p>
        <p class="po-hint-line" id="po-hint" aria-live="polite"></p>
      </div>
      <div class="me" id="me"></div>`;
  }
  const local = ctx.local;
  const o = obs(view);
  // A selection lives only while the same seat is on screen in the same position of the game.
  const stamp = `${view.seat}:${view.actions}`;
  if (local.stamp !== stamp) {
    local.sel = null;
    local.exch = null;
    local.hint = null;
    local.stamp = stamp;
  }
  if (!myTurn(view)) { local.sel = null; local.exch = null; }
  local.view = view;
  local.ctx = ctx;
  const focus = focusKey(el);
  const before = readPlaces(view, ctx);
  drawSeats(o, view, ctx);
  drawFelt(o, view, ctx);
  drawRows(o, view, ctx);
  drawMe(o, view, ctx);
  applyHighlights(ctx);
  restoreFocus(focus, el);
  animateClears(view, ctx);
  animateMoves(o, view, ctx, before);
}

// ---------------------------------------------------------------- cards that move (shell/motion.js)
// A card played onto a row (add, open, head), a run moved between rows and a Take's cards travel
// from where they were to where they are: the DOM is final already (FLIP). Four copies of each
// card exist, so a card is known by its row and place, not by its text.
// Where the cards were: read in the animation frame after each render (the layout is done then
// anyway), never at the start of a render, which would force one more layout (a long task).
function readPlaces(view, ctx) {
  const prev = ctx.local.places;
  const seen = ctx.local.seen;
  const stamp = `${view.seat}:${view.actions}`;
  if (!prev || prev.stamp === stamp || !seen || seen.stamp !== prev.stamp || motionSpeed() === "off") return null;
  const fix = (x) => ({ ...x, rect: scrolled(x.rect, seen.sx, seen.sy) });
  return { rows: Object.fromEntries(Object.entries(seen.rows).map(([r, xs]) => [r, xs.map(fix)])), hand: prev.seat === view.seat ? seen.hand.map(fix) : [] };
}

function notePlaces(ctx) {
  const stamp = ctx.local.places && ctx.local.places.stamp;
  if (motionSpeed() === "off" || typeof requestAnimationFrame !== "function") return;
  requestAnimationFrame(() => {
    if (!ctx.local.places || ctx.local.places.stamp !== stamp) return;
    const read = (node) => ({ card: node.dataset.card, node, rect: node.getBoundingClientRect() });
    const rows = {};
    for (const rowEl of document.querySelectorAll("#po-rows .po-row")) rows[rowEl.dataset.row] = [...rowEl.querySelectorAll(".po-row-cards [data-card]")].map(read);
    ctx.local.seen = { stamp, sx: scrollX, sy: scrollY, rows, hand: [...document.querySelectorAll("#my-hand [data-card]")].map(read) };
  });
}

// Which old places of a row still hold their card, as new index → old index: cards laid at the
// tail (or taken from it) keep their places; a card laid at the head shifts them by one.
function kept(old, now) {
  const same = (k) => old.every((c, i) => now[i + k] === c);
  const map = new Map();
  if (old.length <= now.length) {
    const k = same(0) ? 0 : same(now.length - old.length) ? now.length - old.length : -1;
    if (k >= 0) old.forEach((_, i) => map.set(i + k, i));
    else for (let i = 0; i < old.length && old[i] === now[i]; i++) map.set(i, i);
  } else {
    for (let i = 0; i < now.length && old[i] === now[i]; i++) map.set(i, i);
  }
  return map;
}

function animateMoves(o, v, ctx, before) {
  const prev = ctx.local.places;
  const rowsNow = Object.fromEntries(ROWS.map((r) => [r, rowOf(o, r).cards]));
  ctx.local.places = { stamp: `${v.seat}:${v.actions}`, seat: v.seat, round: o.round, rows: rowsNow, tops: tops(o) };
  notePlaces(ctx);
  if (!before || !prev || prev.round !== o.round) return;
  const cleared = new Set((v.say || []).filter((d) => d && d.key === "po.clear").map((d) => d.args && d.args.row));
  const last = [...(o.log || [])].reverse().find((e) => e.seat >= 0 && e.key !== "po.refill");
  const seatEl = (s) => (s === v.seat ? $("#me .me-head") : document.querySelector(`#seats [data-seat="${s}"]`));
  const moves = [];
  const arrived = [];
  const departed = []; // old row places whose card is no longer there: {card, rect, node, row}
  for (const r of ROWS) {
    const old = before.rows[r] || [];
    const els = [...document.querySelectorAll(`#po-rows .po-row[data-row="${r}"] .po-row-cards [data-card]`)];
    const map = kept(old.map((x) => x.card), els.map((e) => e.dataset.card));
    const stay = new Set(map.values());
    old.forEach((x, i) => { if (!stay.has(i)) departed.push({ ...x, row: r }); });
    // A row whose cards or Top card changed reflows: its cards that stay slide to their new places.
    const changed = old.length !== els.length || old.some((x, i) => x.card !== els[i].dataset.card) || (prev.tops || []).includes(r) !== tops(o).includes(r);
    els.forEach((el, i) => {
      if (map.has(i)) { if (changed) moves.push({ el, from: old[map.get(i)].rect, card: true }); } // a shift (a head card, a reflow) slides
      else arrived.push(el);
    });
  }
  const hand = [...before.hand];
  for (const el of arrived) {
    const c = el.dataset.card;
    // From another row (a run moved, a Take opening a row), else from the hand on screen, else from its player's seat.
    const i = departed.findIndex((x) => x.card === c);
    if (i >= 0) { moves.push({ el, from: departed[i].rect, card: true }); departed.splice(i, 1); continue; }
    const h = hand.findIndex((x) => x.card === c);
    if (h >= 0) { moves.push({ el, from: hand[h].rect, card: true }); hand.splice(h, 1); continue; }
    if (last) moves.push({ el, from: () => rectOf(seatEl(last.seat)), fade: true });
  }
  slide(moves);
  // A Top card played from the hand on screen flies to the row's head slot.
  for (const r of tops(o).filter((x) => !(prev.tops || []).includes(x))) {
    const h = hand.findIndex((x) => x.card === "TOP");
    if (h >= 0) fly({ from: hand[h].rect, to: () => rectOf(`#po-rows .po-head-slot[data-row="${r}"]`), node: hand[h].node, fade: false });
  }
  // A Take's cards go to their taker's pile (a cleared row's cards are shown by its clear).
  const took = last && last.key === "po.take" ? [...((last.args && last.args.takes) || [])] : []; // a copy: the log is drawn from it
  for (const x of departed) {
    if (cleared.has(x.row)) continue;
    const k = took.findIndex((e) => e.args && e.args.card === x.card && e.args.row === x.row);
    const taker = k >= 0 ? took.splice(k, 1)[0].seat : last ? last.seat : -1;
    if (taker >= 0) fly({ from: x.rect, to: () => rectOf(seatEl(taker)), node: x.node, scale: 0.6 });
  }
}

function drawSeats(o, v, ctx) {
  const n = o.players;
  const me = v.seat;
  const order = [];
  for (let i = 0; i < n; i++) order.push((Math.max(me, 0) + (me >= 0 ? 1 : 0) + i) % n);
  const seats = me >= 0 ? order.filter((s) => s !== me) : order;
  const rounds = (o.rounds || 1) > 1;
  const last = [...(o.log || [])].reverse().find((e) => e.seat >= 0 && e.key !== "po.refill");
  $("#seats").innerHTML = seats.map((s) => {
    const kind = ctx.seats[s] === "human" ? t("setup.human") : t("level." + ctx.seats[s]);
    const hand = o.hands[s];
    const pile = o.piles[s];
    return `<div class="seat po-seat ${v.current === s ? "to-act" : ""}" role="listitem" data-seat="${s}" ${last && last.seat === s ? "data-last-play" : ""}>
      <div class="seat-name">${esc(ctx.nameOf(s))} <span class="seat-kind">${esc(kind)}</span></div>
      <div class="po-counts"><span aria-hidden="true" title="${esc(t("po.counts", { hand, pile }))}">${HAND_ICON}${hand} ${PILE_ICON}${pile}</span><span class="sr-only">${esc(t("po.counts", { hand, pile }))}</span>${rounds ? ` · <span>${esc(t("po.points", { n: o.scores[s] }))}</span>` : ""}</div>
    </div>`;
  }).join("");
}

function drawFelt(o, v, ctx) {
  const turn = v.terminal ? t("table.over")
    : v.current === v.seat ? t("po.yourturn")
      : t("po.turn", { name: ctx.nameOf(v.current) });
  const bits = [];
  if ((o.rounds || 1) > 1) bits.push(t("po.round", { n: o.round, of: o.rounds }));
  bits.push(turn);
  if (!v.terminal && o.turn && o.turn.phase === "play" && o.turn.played) bits.push(t("po.played", { n: o.turn.played }));
  bits.push(t("po.out", { n: o.out }));
  $("#phase").textContent = bits.join(" · ");
  const log = o.log || [];
  const last = [...log].reverse().find((e) => e.seat >= 0 && e.key !== "po.refill");
  $("#po-last").innerHTML = last ? `<span class="pa-last-label">${esc(t("po.last"))}:</span> ${esc(ctx.say(last))}` : "&nbsp;";
  helpLine(ctx);
}

// The line under the rows: the coach's step when asked, else what to do now.
function helpLine(ctx) {
  const box = $("#po-hint");
  const local = ctx.local;
  const v = local.view;
  if (!box || local.hint) return;
  const o = obs(v);
  const stuck = local.sel && !targetsOf(local.sel, v.legal).size;
  box.textContent = !myTurn(v) ? "" : local.exch ? t("po.exch.help") : stuck ? selectionText(local.sel, ctx) : local.sel ? t("po.help.target") : o.turn && o.turn.phase === "start" ? t("po.help.start") : t("po.help.play");
}

function drawRows(o, v, ctx) {
  const box = $("#po-rows");
  const mine = myTurn(v);
  const movable = mine ? movableRuns(v.legal) : new Set();
  const topRows = tops(o);
  box.classList.toggle("po-mine", mine);
  box.innerHTML = ROWS.map((r) => {
    const row = rowOf(o, r);
    const n = row.cards.length;
    const top = topRows.includes(r);
    const firstMovable = row.cards.findIndex((c) => movable.has(`${r}:${cardParts(c).value}`));
    const cards = row.cards.map((c, i) => {
      const value = cardParts(c).value;
      const can = movable.has(`${r}:${value}`);
      const inRun = firstMovable >= 0 && i >= firstMovable;
      const cls = ["card", "po-card", can ? "po-movable" : "", inRun ? "po-run" : "", i === n - 1 ? "po-tail" : "", i === 0 ? "po-headcard" : ""].filter(Boolean).join(" ");
      const label = t(i === n - 1 ? "po.rowcard.tail" : i === 0 ? "po.rowcard.head" : "po.rowcard", { card: name(c), row: r, i: i + 1, n });
      return `<button type="button" class="${cls}" data-card="${c}" data-row="${r}" data-value="${value}" data-i="${i}"${can && mine ? ' data-action="pick"' : ""} style="--i:${i}" tabindex="-1"><span class="sr-only">${esc(label + (can ? ", " + t("po.rowcard.canmove") : ""))}</span>${cardArt(c, ctx.cardOpts())}</button>`;
    }).join("");
    const headSlot = top ? `<span class="po-slot po-head-slot" data-row="${r}" data-slot="head" aria-hidden="true">+${esc(t("po.top.short"))}</span>` : "";
    return `<div class="po-row ${top ? "po-has-top" : ""} ${n ? "" : "po-empty"}" data-row="${r}" data-n="${n}">
      <button type="button" class="po-row-label" data-row="${r}" tabindex="${r === "A" ? 0 : -1}" aria-label="${esc(rowLabel(o, row, movable))}"><span aria-hidden="true">${r}</span>${top ? `<span class="po-top-badge" aria-hidden="true">▲</span>` : ""}</button>
      <div class="po-row-cards" style="--n:${Math.max(n + (top ? 1 : 0), 1)}">${headSlot}${n ? cards : `<span class="po-slot po-base" aria-hidden="true">${esc(t("po.base"))}</span>`}</div>
    </div>`;
  }).join("");
  for (const label of box.querySelectorAll(".po-row-label")) {
    label.addEventListener("click", () => { if (dragDone()) return; rowActivate(label.dataset.row, null, ctx); });
  }
  for (const b of box.querySelectorAll(".po-card")) {
    b.addEventListener("click", () => { if (dragDone()) return; rowActivate(b.dataset.row, Number(b.dataset.value), ctx); });
    if (mine) wireDrag(b, () => ({ kind: "run", row: b.dataset.row, value: Number(b.dataset.value) }), ctx);
  }
  for (const slot of box.querySelectorAll(".po-head-slot")) {
    slot.addEventListener("click", () => { if (dragDone()) return; rowActivate(slot.dataset.row, null, ctx, "head"); });
  }
  for (const row of box.querySelectorAll(".po-row")) {
    // A tap on the row's empty space is a tap on the row (the label is its keyboard stop).
    row.addEventListener("click", (e) => {
      if (e.target.closest("button, .po-head-slot") || dragDone()) return;
      rowActivate(row.dataset.row, null, ctx);
    });
  }
  box.onkeydown = (e) => rowKeys(e, ctx);
}

function drawMe(o, v, ctx) {
  const box = $("#me");
  if (v.seat < 0) {
    box.innerHTML = v.terminal ? "" : `<p class="help">${esc(t(ctx.seats.includes("human") ? "table.handhidden" : "table.watching"))}</p>`;
    return;
  }
  const hand = o.hand || [];
  const mine = myTurn(v);
  const local = ctx.local;
  const exch = local.exch;
  const rounds = (o.rounds || 1) > 1;
  box.innerHTML = `
    <div class="me-head">
      <strong>${esc(ctx.nameOf(v.seat))}</strong>
      <span>${esc(t("po.counts", { hand: hand.length, pile: o.piles[v.seat] }))}</span>
      ${rounds ? `<span>${esc(t("po.points", { n: o.scores[v.seat] }))}</span>` : ""}
      ${exch ? `<span class="badge" id="po-exch-mode">${esc(t("po.exch.mode"))}</span>` : ""}
    </div>
    <div class="po-hand hand-row" id="my-hand" role="group" aria-label="${esc(t(exch ? "po.hand.exch" : "po.hand"))}">
      ${hand.map((c, i) => {
        const pos = { card: name(c), i: i + 1, n: hand.length };
        if (!mine) return `<span class="card po-card" data-card="${c}" role="img" aria-label="${esc(t("po.handcard", pos))}">${cardArt(c, ctx.cardOpts())}</span>`;
        const plays = actionsOf({ kind: "hand", card: c }, v.legal).length;
        const pressed = exch ? exch.has(i) : !!(local.sel && local.sel.kind === "hand" && local.sel.i === i);
        return `<button type="button" class="card po-card po-hand-card ${plays ? "po-playable" : ""}" data-card="${c}" data-i="${i}" data-action="pick" aria-pressed="${pressed}" tabindex="${i === 0 ? 0 : -1}"><span class="sr-only">${esc(t(plays ? "po.handcard.plays" : "po.handcard", { ...pos, k: plays }))}</span>${cardArt(c, ctx.cardOpts())}${plays && !exch ? `<span class="po-fits" aria-hidden="true">${plays}</span>` : ""}</button>`;
      }).join("")}
    </div>`;
  const buttons = [...box.querySelectorAll("button.po-hand-card")];
  buttons.forEach((b, i) => {
    b.addEventListener("click", () => { if (dragDone()) return; handActivate(i, ctx); });
    b.addEventListener("keydown", (e) => handKeys(e, buttons, i, ctx));
    if (!exch) wireDrag(b, () => ({ kind: "hand", i, card: b.dataset.card }), ctx);
  });
}

// ---------------------------------------------------------------- selection and highlights
function handActivate(i, ctx) {
  if (inFlight()) return;
  const local = ctx.local;
  const v = local.view;
  const card = obs(v).hand[i];
  if (local.exch) {
    if (local.exch.has(i)) local.exch.delete(i); else local.exch.add(i);
    for (const b of document.querySelectorAll("#my-hand button.po-hand-card")) b.setAttribute("aria-pressed", String(local.exch.has(Number(b.dataset.i))));
    ctx.redraw();
    return;
  }
  const same = local.sel && local.sel.kind === "hand" && local.sel.i === i;
  const acts = actionsOf({ kind: "hand", card }, v.legal);
  const only = same ? null : oneTap(card, acts, ctx);
  if (only) {
    // One place to go: the card is picked and its target row lit for ONE_TAP_MS, then it is played
    // (the shell keeps every control inert meanwhile: a second tap plays nothing).
    local.sel = { kind: "hand", i, card };
    applyHighlights(ctx);
    ctx.send(only, { hold: ONE_TAP_MS });
    return;
  }
  if (same) {
    // A second tap on the selected card plays it when it has exactly one place to go.
    if (acts.length === 1) { play(acts[0], ctx); return; }
    select(null, ctx);
    return;
  }
  select({ kind: "hand", i, card }, ctx);
}

function rowActivate(r, value, ctx, slot = null) {
  const local = ctx.local;
  const v = local.view;
  if (!myTurn(v) || local.exch || inFlight()) return;
  const sel = local.sel;
  const targets = targetsOf(sel, v.legal);
  const movable = movableRuns(v.legal);
  if (value !== null) {
    // A card of a row: pick its run (any run may be tried; a drop that is not legal says why),
    // unless a selection is on its way to this row.
    const sameRow = sel && sel.kind === "run" && sel.row === r;
    if (sameRow && sel.value === value) { select(null, ctx); return; }
    if (!sel || sameRow || (!targets.has(r) && movable.has(`${r}:${value}`))) {
      select({ kind: "run", row: r, value }, ctx);
      return;
    }
  }
  if (sel) {
    if (sel.kind === "run" && sel.row === r) { select(null, ctx); return; }
    attempt(sel, r, ctx, slot);
    return;
  }
  // Nothing selected: a tap on a row takes its longest movable run (the common case).
  const row = rowOf(obs(v), r);
  const first = row.cards.find((c) => movable.has(`${r}:${cardParts(c).value}`));
  if (first) select({ kind: "run", row: r, value: cardParts(first).value }, ctx);
  else say(t(row.cards.length ? "po.nomove" : "po.nomove.empty", { row: r }), ctx);
}

function select(sel, ctx) {
  ctx.local.sel = sel;
  const msg = $("#table-message");
  if (msg) msg.textContent = "";
  applyHighlights(ctx);
  ctx.redraw();
  if (sel) ctx.announce(selectionText(sel, ctx));
}

function selectionText(sel, ctx) {
  const v = ctx.local.view;
  const targets = [...targetsOf(sel, v.legal).keys()];
  const what = sel.kind === "run" ? t("po.sel.run", { cards: runCards(obs(v).rows, sel.row, sel.value).map((c) => cardParts(c).value).join(" "), row: sel.row }) : name(sel.card);
  return targets.length ? t("po.sel.targets", { what, rows: joinAnd(targets) }) : t("po.sel.none", { what });
}

// Classes and data-action on what is drawn: the selection, its targets, the coach's step.
function applyHighlights(ctx) {
  const local = ctx.local;
  const v = local.view;
  if (!v || !$("#po-rows")) return;
  const o = obs(v);
  const sel = local.sel;
  const targets = myTurn(v) ? targetsOf(sel, v.legal) : new Map();
  for (const rowEl of document.querySelectorAll("#po-rows .po-row")) {
    const r = rowEl.dataset.row;
    const tg = targets.get(r);
    rowEl.classList.toggle("po-target", !!tg);
    rowEl.classList.toggle("po-target-head", !!tg && tg.slot === "head");
    const label = rowEl.querySelector(".po-row-label");
    const slot = rowEl.querySelector(".po-head-slot");
    if (tg) {
      label.dataset.action = tg.action;
      if (tg.slot === "head" && slot) slot.dataset.action = tg.action;
    } else delete label.dataset.action;
    if (slot && !(tg && tg.slot === "head")) delete slot.dataset.action;
    label.setAttribute("aria-label", rowLabel(o, rowOf(o, r), myTurn(v) ? movableRuns(v.legal) : new Set()) + (tg ? ", " + t("po.row.target") : ""));
    for (const c of rowEl.querySelectorAll(".po-card")) {
      const picked = sel && sel.kind === "run" && sel.row === r && Number(c.dataset.value) <= sel.value;
      c.classList.toggle("po-picked", !!picked);
      c.setAttribute("aria-pressed", String(!!picked));
    }
  }
  for (const b of document.querySelectorAll("#my-hand button.po-hand-card")) {
    if (local.exch) continue;
    const picked = !!(sel && sel.kind === "hand" && sel.i === Number(b.dataset.i));
    b.setAttribute("aria-pressed", String(picked));
    // A tap on a card with one place to go plays it (a second tap, with "Confirm each play" or for a
    // Take card): the button says which action; "pick": a selection, its targets light up.
    const only = actionsOf({ kind: "hand", card: b.dataset.card }, v.legal);
    const plays = picked ? (only.length === 1 ? only[0] : null) : myTurn(v) ? oneTap(b.dataset.card, only, ctx) : null;
    b.dataset.action = plays || "pick";
  }
  // The coach's step: its source and its target marked (a dotted ring and a "hint" tag).
  for (const el of document.querySelectorAll(".po-hint")) el.classList.remove("po-hint");
  const hint = local.hint;
  if (hint && hint.action) {
    const p = parseAction(hint.action);
    if (p.verb === "move") {
      for (const c of document.querySelectorAll(`#po-rows .po-card[data-row="${p.row}"]`)) if (Number(c.dataset.value) <= p.value) c.classList.add("po-hint");
      const to = document.querySelector(`#po-rows .po-row[data-row="${p.to}"]`);
      if (to) to.classList.add("po-hint");
    } else if (p.card) {
      const b = document.querySelector(`#my-hand [data-card="${p.card}"]`);
      if (b) b.classList.add("po-hint");
      const to = document.querySelector(`#po-rows .po-row[data-row="${p.row}"]`);
      if (to) to.classList.add("po-hint");
    } else {
      const b = document.querySelector(p.verb === "exchange" ? "#po-exchange-mode" : `#actions [data-action="${hint.action}"]`);
      if (b) b.classList.add("po-hint");
    }
  }
}

// ---------------------------------------------------------------- playing, and why not
function play(action, ctx) {
  ctx.local.sel = null;
  ctx.send(action);
}

/** Drop the selection on a row: play it if legal, else say why (the selection stays). */
async function attempt(sel, r, ctx, slot = null) {
  const v = ctx.local.view;
  const o = obs(v);
  const action = dropAction(sel, r, o.rows, tops(o), slot);
  if (!action) { select(null, ctx); return; }
  if (v.legal.includes(action)) { play(action, ctx); return; }
  // A head slot tapped for a card that fits the tail (or the reverse): play what fits that row.
  const tg = targetsOf(sel, v.legal).get(r);
  if (tg && slot === null) { play(tg.action, ctx); return; }
  await explain(action, ctx);
}

async function explain(action, ctx) {
  const answer = await ctx.gameOp("primo", "why", { session: ctx.session, action });
  const text = answer.ok ? ctx.say(answer.result) : ctx.errorText(answer);
  const box = $("#table-message");
  if (box) {
    box.textContent = text;
    box.dataset.action = action;
    box.dataset.why = answer.ok && answer.result ? answer.result.key : "";
  }
  ctx.announce(text, true);
}

// A notice, not an error (a card that fits nowhere, a row with no run to move): the line under
// the rows says it, and it is read politely.
function say(text, ctx) {
  const msg = $("#table-message");
  if (msg) { msg.textContent = ""; delete msg.dataset.why; }
  const box = $("#po-hint");
  if (box) box.textContent = text;
  ctx.announce(text);
}

// ---------------------------------------------------------------- keys
function handKeys(e, buttons, i, ctx) {
  const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
  if (step || e.key === "Home" || e.key === "End") {
    e.preventDefault();
    const j = e.key === "Home" ? 0 : e.key === "End" ? buttons.length - 1 : (i + step + buttons.length) % buttons.length;
    for (const x of buttons) x.tabIndex = -1;
    buttons[j].tabIndex = 0;
    buttons[j].focus();
    return;
  }
  if (e.key === "ArrowUp") {
    // Up from the hand goes to the rows: to the first row that is a target, else row F.
    e.preventDefault();
    const target = document.querySelector("#po-rows .po-row.po-target .po-row-label") || document.querySelector('#po-rows .po-row-label[data-row="F"]');
    focusRowItem(target);
    return;
  }
  commonKeys(e, ctx);
}

function rowItems() {
  return ROWS.map((r) => [...document.querySelectorAll(`#po-rows .po-row[data-row="${r}"] .po-row-label, #po-rows .po-card[data-row="${r}"]`)]);
}

function focusRowItem(el) {
  if (!el) return;
  for (const x of document.querySelectorAll("#po-rows .po-row-label, #po-rows .po-card")) x.tabIndex = -1;
  el.tabIndex = 0;
  el.focus();
}

function rowKeys(e, ctx) {
  const items = rowItems();
  const el = document.activeElement;
  let ri = -1;
  let ci = -1;
  items.forEach((list, i) => { const j = list.indexOf(el); if (j >= 0) { ri = i; ci = j; } });
  if (ri < 0) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (e.key in moves) {
    e.preventDefault();
    const [dr, dc] = moves[e.key];
    if (dr > 0 && ri === items.length - 1) {
      // Down from row F goes to the hand.
      const b = document.querySelector("#my-hand button.po-hand-card[tabindex='0']") || document.querySelector("#my-hand button.po-hand-card");
      if (b) { b.focus(); return; }
    }
    const nr = Math.max(0, Math.min(items.length - 1, ri + dr));
    const nc = Math.max(0, Math.min(items[nr].length - 1, dr ? ci : ci + dc));
    focusRowItem(items[nr][nc]);
    return;
  }
  if (e.key === "-" || e.key === "+" || e.key === "=") {
    // Shrink or extend the selected run by one card.
    const sel = ctx.local.sel;
    if (!sel || sel.kind !== "run") return;
    e.preventDefault();
    const movable = movableRuns(ctx.local.view.legal);
    const want = sel.value + (e.key === "-" ? -1 : 1);
    if (movable.has(`${sel.row}:${want}`)) select({ ...sel, value: want }, ctx);
    return;
  }
  commonKeys(e, ctx);
}

// Esc cancels; the letters A–F drop the selection on that row.
function commonKeys(e, ctx) {
  if (inFlight()) return;
  if (e.key === "Escape") {
    if (ctx.local.sel || ctx.local.exch) { e.preventDefault(); ctx.local.exch = null; select(null, ctx); redrawMe(ctx); }
    return;
  }
  const r = e.key.length === 1 ? e.key.toUpperCase() : "";
  if (ROWS.includes(r) && ctx.local.sel && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    attempt(ctx.local.sel, r, ctx);
  }
}

function focusKey(root) {
  const el = document.activeElement;
  if (!el || !root.contains(el)) return null;
  if (el.matches("#my-hand button")) return { zone: "hand", i: Number(el.dataset.i) };
  if (el.matches("#po-rows .po-row-label")) return { zone: "row", row: el.dataset.row };
  if (el.matches("#po-rows .po-card")) return { zone: "card", row: el.dataset.row, i: Number(el.dataset.i) };
  return null;
}

function restoreFocus(key, root) {
  if (!key || (document.activeElement && root.contains(document.activeElement) && document.activeElement !== document.body)) return;
  let el = null;
  if (key.zone === "hand") {
    const bs = [...document.querySelectorAll("#my-hand button")];
    el = bs[Math.min(key.i, bs.length - 1)] || null;
    if (el) { for (const b of bs) b.tabIndex = -1; el.tabIndex = 0; }
  } else {
    const cards = [...document.querySelectorAll(`#po-rows .po-card[data-row="${key.row}"]`)];
    el = key.zone === "card" && cards.length ? cards[Math.min(key.i, cards.length - 1)] : document.querySelector(`#po-rows .po-row-label[data-row="${key.row}"]`);
    if (el) { for (const x of document.querySelectorAll("#po-rows .po-row-label, #po-rows .po-card")) x.tabIndex = -1; el.tabIndex = 0; }
  }
  if (el) el.focus({ preventScroll: true });
}

function redrawMe(ctx) {
  const v = ctx.local.view;
  drawMe(obs(v), v, ctx);
  applyHighlights(ctx);
}

// ---------------------------------------------------------------- drag and drop (Pointer Events)
let drag = null;
let afterDrag = false; // true only while the click that follows a drag's pointerup is dispatched
const dragDone = () => afterDrag;
function dragEnded() {
  afterDrag = true;
  setTimeout(() => { afterDrag = false; }, 0);
}

function wireDrag(el, selOf, ctx) {
  el.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || !myTurn(ctx.local.view) || ctx.local.exch || inFlight()) return;
    drag = { id: e.pointerId, el, x: e.clientX, y: e.clientY, sel: selOf(), before: ctx.local.sel, dragging: false, ghost: null, over: null };
    try { el.setPointerCapture(e.pointerId); } catch { /* not capturable: window listeners still see it */ }
  });
  el.addEventListener("pointermove", (e) => {
    if (!drag || drag.id !== e.pointerId) return;
    if (!drag.dragging) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < DRAG_SLOP) return;
      startDrag(ctx);
    }
    e.preventDefault();
    moveGhost(e.clientX, e.clientY);
    hover(e.clientX, e.clientY);
  });
  el.addEventListener("pointerup", (e) => {
    if (!drag || drag.id !== e.pointerId) return;
    const d = drag;
    drag = null;
    if (!d.dragging) return; // a tap: the click handler does it
    dragEnded();
    endDrag(d);
    if (d.over) attempt(d.sel, d.over.row, ctx, d.over.slot);
    else { ctx.local.sel = d.before; applyHighlights(ctx); ctx.redraw(); }
  });
  const cancel = (e) => {
    if (!drag || drag.id !== e.pointerId) return;
    const d = drag;
    drag = null;
    if (!d.dragging) return;
    dragEnded();
    endDrag(d);
    ctx.local.sel = d.before; // a cancelled drag springs back: nothing lost, nothing played
    applyHighlights(ctx);
    ctx.redraw();
  };
  el.addEventListener("pointercancel", cancel);
  // iOS Safari honours touch-action unreliably: stop the page from scrolling under a drag.
  el.addEventListener("touchmove", (e) => { if (drag && drag.dragging) e.preventDefault(); }, { passive: false });
}

function startDrag(ctx) {
  drag.dragging = true;
  ctx.local.sel = drag.sel;
  applyHighlights(ctx);
  const o = obs(ctx.local.view);
  const cards = drag.sel.kind === "run" ? runCards(o.rows, drag.sel.row, drag.sel.value) : [drag.sel.card];
  const ghost = document.createElement("div");
  ghost.className = "po-ghost";
  ghost.id = "po-ghost";
  ghost.setAttribute("aria-hidden", "true");
  ghost.innerHTML = cards.map((c) => `<span class="card po-card">${cardArt(c, ctx.cardOpts())}</span>`).join("");
  document.body.appendChild(ghost);
  drag.ghost = ghost;
  drag.el.classList.add("po-dragging");
  document.documentElement.classList.add("po-drag-on");
}

function moveGhost(x, y) {
  if (drag && drag.ghost) drag.ghost.style.transform = `translate(${Math.round(x - 16)}px, ${Math.round(y - 24)}px)`;
}

function hover(x, y) {
  const hit = document.elementFromPoint(x, y);
  const rowEl = hit && hit.closest("#po-rows .po-row");
  for (const el of document.querySelectorAll(".po-over")) el.classList.remove("po-over");
  if (!rowEl) { drag.over = null; return; }
  const slot = hit.closest(".po-head-slot") ? "head" : null;
  drag.over = { row: rowEl.dataset.row, slot };
  rowEl.classList.add("po-over");
}

function endDrag(d) {
  if (d.ghost) d.ghost.remove();
  d.el.classList.remove("po-dragging");
  document.documentElement.classList.remove("po-drag-on");
  for (const el of document.querySelectorAll(".po-over")) el.classList.remove("po-over");
}

// ---------------------------------------------------------------- row clears
function animateClears(view, ctx) {
  const key = `${view.seat}:${view.actions}`;
  if (ctx.local.cleared === key) return;
  ctx.local.cleared = key;
  const clears = (view.say || []).filter((d) => d && d.key === "po.clear");
  if (!clears.length) return;
  const ms = duration(CLEAR_SCALE); // the speed in force (shell/motion.js): 0 under reduced motion unless chosen
  playSound("play");
  // For tests and tools: how many clears were shown, and the last one's animation time.
  const box = $("#po-rows");
  box.dataset.clears = String(Number(box.dataset.clears || 0) + clears.length);
  box.dataset.clearMs = String(ms);
  for (const d of clears) {
    const r = (d.args && d.args.row) || "";
    const rowEl = document.querySelector(`#po-rows .po-row[data-row="${r}"]`);
    ctx.announce(ctx.say(d));
    if (!rowEl) continue;
    // A lasting mark (with or without motion): the row says it was cleared until the next draw.
    rowEl.classList.add("po-cleared");
    rowEl.dataset.cleared = "";
    const fx = document.createElement("span");
    fx.className = "po-clear-fx";
    fx.setAttribute("aria-hidden", "true");
    fx.textContent = t("po.cleared.fx");
    rowEl.appendChild(fx);
    // A tap or a key during the animation jumps it to its end (shell/motion.js skips every animation).
    const anim = animate(fx,
      [{ opacity: 1, transform: "scaleX(1)" }, { opacity: 1, transform: "scaleX(1.04)", offset: 0.4 }, { opacity: 0.15, transform: "scaleX(0.2)" }],
      { duration: ms, easing: "ease-in" });
    if (anim) anim.effect.updateTiming({ fill: "forwards" });
  }
}

// ---------------------------------------------------------------- the action bar
function composeActions(el, view, ctx, send) {
  const local = ctx.local;
  const o = obs(view);
  const legal = view.legal;
  const canExchange = legal.some((a) => a === "pass" || a.startsWith("exchange "));
  const buttons = [];
  if (local.exch) {
    const hand = o.hand || [];
    const cards = [...local.exch].map((i) => hand[i]).filter(Boolean);
    const action = exchangeAction(cards, legal);
    const n = cards.length;
    buttons.push(n
      ? `<button type="button" class="btn" id="po-exchange" data-primary ${action ? `data-action="${esc(action)}"` : "disabled"}>${esc(t("po.exch.go", { n }))}</button>`
      : `<button type="button" class="btn" id="po-exchange" data-primary data-action="pass">${esc(t("po.btn.pass"))}</button>`);
    buttons.push(`<button type="button" class="btn secondary" id="po-exchange-cancel">${esc(t("po.exch.cancel"))}</button>`);
    el.innerHTML = buttons.join("");
  } else {
    if (local.sel) buttons.push(`<button type="button" class="btn secondary" id="po-cancel">${esc(t("po.cancel"))}</button>`);
    else {
      if (legal.includes("end")) buttons.push(`<button type="button" class="btn" data-action="end" id="po-end" data-primary>${esc(t("po.btn.end"))}</button>`);
      if (canExchange) {
        buttons.push(`<button type="button" class="btn secondary" id="po-exchange-mode">${esc(t("po.exch.start"))}</button>`);
        if (legal.includes("pass")) buttons.push(`<button type="button" class="btn secondary" data-action="pass" id="po-pass">${esc(t("po.btn.pass"))}</button>`);
      }
    }
    buttons.push(`<span class="spacer"></span>`);
    buttons.push(`<button type="button" class="btn secondary" id="po-coach-btn" aria-describedby="po-hint">${esc(t("po.coach.ask"))}</button>`);
    el.innerHTML = buttons.join("");
  }
  helpLine(ctx);
  for (const b of el.querySelectorAll("button[data-action]")) b.addEventListener("click", () => { local.exch = null; play(b.dataset.action, ctx); });
  const on = (id, f) => { const b = $("#" + id, el); if (b) b.addEventListener("click", () => { if (!inFlight()) f(); }); };
  on("po-exchange-mode", () => { local.sel = null; local.exch = new Set(); redrawMe(ctx); ctx.redraw(); const b = $("#my-hand button"); if (b) b.focus(); });
  on("po-exchange-cancel", () => { local.exch = null; redrawMe(ctx); ctx.redraw(); });
  on("po-cancel", () => select(null, ctx));
  on("po-coach-btn", () => coach(ctx));
  applyHighlights(ctx);
  void send;
}

// ---------------------------------------------------------------- the coach
async function coach(ctx) {
  const v = ctx.local.view;
  if (!myTurn(v)) return;
  const box = $("#po-hint");
  box.textContent = t("po.coach.thinking");
  const stamp = ctx.local.stamp;
  const answer = await ctx.gameOp("primo", "coach", { session: ctx.session });
  if (ctx.local.stamp !== stamp || !$("#po-hint")) return;
  if (!answer.ok) { box.textContent = ctx.errorText(answer); return; }
  const res = answer.result || {};
  ctx.local.hint = res;
  box.dataset.action = res.action || "";
  const text = t("po.coach.says", { step: actionWords(res.action || "", ctx), why: res.why ? ctx.say(res.why) : "" });
  box.textContent = text;
  const side = $("#po-coach-text");
  if (side) side.textContent = text;
  applyHighlights(ctx);
}

/** An action text in words: "put Yellow 5 on row E", "move 10 … 1 from row E onto row A". */
function actionWords(action, ctx) {
  const p = parseAction(action);
  const o = obs(ctx.local.view);
  switch (p.verb) {
    case "add": return t("po.do.add", { card: name(p.card), row: p.row });
    case "open": return t("po.do.open", { card: name(p.card), row: p.row });
    case "head": return t("po.do.head", { card: name(p.card), row: p.row });
    case "top": return t("po.do.top", { row: p.row });
    case "take": return t("po.do.take", { row: p.row });
    case "move": {
      const run = runCards(o.rows, p.row, p.value).map((c) => cardParts(c).value);
      return t("po.do.move", { cards: run.length > 3 ? `${run[0]}…${run[run.length - 1]}` : run.join(" "), row: p.row, to: p.to });
    }
    case "exchange": return t("po.do.exchange", { cards: names(p.cards) });
    case "pass": return t("po.do.pass");
    case "end": return t("po.do.end");
    default: return action;
  }
}

// ---------------------------------------------------------------- side panel: coach and score sheet
function side(el, v, ctx) {
  const o = obs(v);
  const rounds = (o.rounds || 1) > 1;
  if (!$("#po-side", el)) {
    el.innerHTML = `<div id="po-side">
      <section class="panel coach" id="po-coach" aria-labelledby="po-coach-title"><h2 id="po-coach-title">${esc(t("coach.title"))}</h2>
        <p class="help" id="po-coach-text">${esc(t("po.coach.help"))}</p></section>
      <section class="panel" id="po-sheet" aria-labelledby="po-sheet-title" ${rounds ? "" : "hidden"}><h2 id="po-sheet-title">${esc(t("po.sheet"))}</h2><div id="po-sheet-body"></div></section>
    </div>`;
  }
  const coachText = $("#po-coach-text", el);
  if (!ctx.local.hint) coachText.textContent = t(myTurn(v) ? "po.coach.help" : "po.coach.wait");
  if (rounds) drawSheet(o, ctx);
}

function drawSheet(o, ctx) {
  const seats = Array.from({ length: o.players }, (_, i) => i);
  const results = o.round_results || [];
  const head = `<tr><th scope="col">${esc(t("po.col.round"))}</th>${seats.map((s) => `<th scope="col">${esc(ctx.nameOf(s))}</th>`).join("")}</tr>`;
  const body = results.map((r, i) => `<tr><th scope="row">${i + 1}</th>${seats.map((s) => `<td>${signed(r.points[s])}${r.ender === s ? ` <span class="badge">${esc(t("po.ender"))}</span>` : ""}</td>`).join("")}</tr>`).join("");
  $("#po-sheet-body").innerHTML = `<p class="help">${esc(t("po.sheet.help", { n: o.rounds }))}</p>
    <div class="pa-scroll" tabindex="0" role="region" aria-labelledby="po-sheet-title"><table class="across" id="po-sheet-table"><thead>${head}</thead><tbody>${body}</tbody>
    <tfoot><tr><th scope="row">${esc(t("po.col.total"))}</th>${seats.map((s) => `<td><strong>${signed(o.scores[s])}</strong></td>`).join("")}</tr></tfoot></table></div>`;
}

const signed = (n) => (n > 0 ? `+${n}` : String(n));

// ---------------------------------------------------------------- round end, game end
function roundEnd(v, ctx) {
  const o = obs(v);
  const results = o.round_results || [];
  if ((o.rounds || 1) <= 1 || !results.length) return null;
  const r = results[results.length - 1];
  const n = results.length;
  const seats = Array.from({ length: o.players }, (_, i) => i);
  const ended = r.ender >= 0 ? t("po.roundend.ender", { name: ctx.nameOf(r.ender) }) : t("po.roundend.stall");
  const html = `<p id="po-roundend-who">${esc(ended)}</p>
    <table class="across" id="po-roundend-table"><thead><tr><th scope="col">${esc(t("po.col.player"))}</th><th scope="col">${esc(t("po.col.left"))}</th><th scope="col">${esc(t("po.col.points"))}</th><th scope="col">${esc(t("po.col.total"))}</th></tr></thead>
    <tbody>${seats.map((s) => `<tr data-seat="${s}"><th scope="row">${esc(ctx.nameOf(s))}</th><td>${r.left[s]}</td><td>${signed(r.points[s])}</td><td>${signed(o.scores[s])}</td></tr>`).join("")}</tbody></table>`;
  const totals = seats.map((s) => `${ctx.nameOf(s)} ${signed(o.scores[s])}`).join(", ");
  return { id: n, title: t("po.roundend.title", { n, of: o.rounds }), html, text: `${ended} ${t("po.roundend.totals", { totals })}`, next: t("po.roundend.next") };
}

const scoreText = (r, seat) => t("po.score", { n: signed(r.scores[seat]) });

const homeTile = () => `<a class="btn secondary" href="#/primo/learn">${esc(t("po.learn.home"))}</a>`;

export default {
  keys,
  name: "primo",
  drawTable,
  composeActions,
  side,
  roundEnd,
  scoreText,
  describe,
  homeTile,
  rules: (game, cat) => rulesSection(game, cat),
  extraRoutes: [
    { path: "/primo/learn", render: (main, params, ctx) => renderLearn(main, params, ctx) },
  ],
};
