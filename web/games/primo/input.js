// @ts-check
// Primo's input: three ways to play each step, all on what draw.js drew. Drag and drop (Pointer
// Events: mouse, pen and touch), tap-then-target (a hand card with one place to go plays on one
// tap), and keys (arrows, Enter, A–F, − +, Esc); the action bar (End turn, exchange mode, Pass, the
// coach). A drop that is not legal asks the core why (the `why` operation) and loses nothing.
import { $, esc } from "../../dom.js";
import { t } from "../../i18n.js";
import { cardArt } from "../../cards.js";
import { actionsOf, cardParts, dropAction, exchangeAction, movableRuns, myTurn, obs, oneTap, rowOf, ROWS, runCards, targetsOf, tops } from "./model.js";
import { actionWords, all, applyHighlights, drawMe, helpLine, one, selectionText } from "./draw.js";

/** @typedef {import("./model.js").View} View */
/** @typedef {import("./model.js").Selection} Selection */

const DRAG_SLOP = 6; // px of movement before a press becomes a drag (a wiggle stays a tap)
const ONE_TAP_MS = 250; // a hand card with one place to go plays on one tap, its target lit this long first
// A move is in flight (the shell's bar is busy, its controls inert, a one-tap's highlight showing): taps wait.
const inFlight = () => !!one('#actions[aria-busy="true"]');

// ---------------------------------------------------------------- what draw.js drew, made to answer
/** The rows answer taps (a card picks its run, a row or its head slot takes the selection), drags
 * (a run) and keys. @param {View} v */
export function wireRows(v, ctx) {
  const box = $("#po-rows");
  const mine = myTurn(v);
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

/** The shown seat's hand cards answer taps, drags (not in exchange mode) and keys. */
export function wireHand(ctx) {
  const box = $("#me");
  const exch = ctx.local.exch;
  const buttons = [...box.querySelectorAll("button.po-hand-card")];
  buttons.forEach((b, i) => {
    b.addEventListener("click", () => { if (dragDone()) return; handActivate(i, ctx); });
    b.addEventListener("keydown", (e) => handKeys(e, buttons, i, ctx));
    if (!exch) wireDrag(b, () => ({ kind: "hand", i, card: b.dataset.card }), ctx);
  });
}

// ---------------------------------------------------------------- taps: picking and dropping (highlights: draw.js)
function handActivate(i, ctx) {
  if (inFlight()) return;
  const local = ctx.local;
  const v = local.view;
  const card = obs(v).hand[i];
  if (local.exch) {
    if (local.exch.has(i)) local.exch.delete(i); else local.exch.add(i);
    for (const b of all("#my-hand button.po-hand-card")) b.setAttribute("aria-pressed", String(local.exch.has(Number(b.dataset.i))));
    ctx.redraw();
    return;
  }
  const same = local.sel && local.sel.kind === "hand" && local.sel.i === i;
  const acts = actionsOf({ kind: "hand", card }, v.legal);
  const only = same ? null : oneTap(card, acts, ctx.settings.confirmPlay);
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
  else say(t(row.cards.length ? "primo.nomove" : "primo.nomove.empty", { row: r }), ctx);
}

function select(sel, ctx) {
  ctx.local.sel = sel;
  const msg = $("#table-message");
  if (msg) msg.textContent = "";
  applyHighlights(ctx);
  ctx.redraw();
  if (sel) ctx.announce(selectionText(sel, ctx));
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
    const target = one("#po-rows .po-row.po-target .po-row-label") || one('#po-rows .po-row-label[data-row="F"]');
    focusRowItem(target);
    return;
  }
  commonKeys(e, ctx);
}

function rowItems() {
  return ROWS.map((r) => all(`#po-rows .po-row[data-row="${r}"] .po-row-label, #po-rows .po-card[data-row="${r}"]`));
}

function focusRowItem(el) {
  if (!el) return;
  for (const x of all("#po-rows .po-row-label, #po-rows .po-card")) x.tabIndex = -1;
  el.tabIndex = 0;
  el.focus();
}

function rowKeys(e, ctx) {
  const items = rowItems();
  const el = /** @type {HTMLElement | null} */ (document.activeElement);
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
      const b = one("#my-hand button.po-hand-card[tabindex='0']") || one("#my-hand button.po-hand-card");
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

/** The shown seat's hand drawn again (exchange mode on or off), wired, its highlights set. */
export function redrawMe(ctx) {
  const v = ctx.local.view;
  drawMe(obs(v), v, ctx);
  wireHand(ctx);
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
  const rowEl = /** @type {HTMLElement | null} */ (hit && hit.closest("#po-rows .po-row"));
  for (const el of all(".po-over")) el.classList.remove("po-over");
  if (!rowEl) { drag.over = null; return; }
  const slot = hit.closest(".po-head-slot") ? "head" : null;
  drag.over = { row: rowEl.dataset.row, slot };
  rowEl.classList.add("po-over");
}

function endDrag(d) {
  if (d.ghost) d.ghost.remove();
  d.el.classList.remove("po-dragging");
  document.documentElement.classList.remove("po-drag-on");
  for (const el of all(".po-over")) el.classList.remove("po-over");
}

// ---------------------------------------------------------------- the action bar
export function composeActions(el, view, ctx, send) {
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
      ? `<button type="button" class="btn" id="po-exchange" data-primary ${action ? `data-action="${esc(action)}"` : "disabled"}>${esc(t("primo.exch.go", { n }))}</button>`
      : `<button type="button" class="btn" id="po-exchange" data-primary data-action="pass">${esc(t("primo.btn.pass"))}</button>`);
    buttons.push(`<button type="button" class="btn secondary" id="po-exchange-cancel">${esc(t("primo.exch.cancel"))}</button>`);
    el.innerHTML = buttons.join("");
  } else {
    if (local.sel) buttons.push(`<button type="button" class="btn secondary" id="po-cancel">${esc(t("primo.cancel"))}</button>`);
    else {
      if (legal.includes("end")) buttons.push(`<button type="button" class="btn" data-action="end" id="po-end" data-primary>${esc(t("primo.btn.end"))}</button>`);
      if (canExchange) {
        buttons.push(`<button type="button" class="btn secondary" id="po-exchange-mode">${esc(t("primo.exch.start"))}</button>`);
        if (legal.includes("pass")) buttons.push(`<button type="button" class="btn secondary" data-action="pass" id="po-pass">${esc(t("primo.btn.pass"))}</button>`);
      }
    }
    buttons.push(`<span class="spacer"></span>`);
    buttons.push(`<button type="button" class="btn secondary" id="po-coach-btn" aria-describedby="po-hint">${esc(t("primo.coach.ask"))}</button>`);
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
  box.textContent = t("primo.coach.thinking");
  const stamp = ctx.local.stamp;
  const answer = await ctx.gameOp("primo", "coach", { session: ctx.session });
  if (ctx.local.stamp !== stamp || !$("#po-hint")) return;
  if (!answer.ok) { box.textContent = ctx.errorText(answer); return; }
  const res = answer.result || {};
  ctx.local.hint = res;
  box.dataset.action = res.action || "";
  const text = t("primo.coach.says", { step: actionWords(res.action || "", ctx), why: res.why ? ctx.say(res.why) : "" });
  box.textContent = text;
  const side = $("#po-coach-text");
  if (side) side.textContent = text;
  applyHighlights(ctx);
}
