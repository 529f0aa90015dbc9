// @ts-check
// Primo's table drawn from the View of the seat on screen (input.js wires what is drawn here):
// the six rows A–F head → tail with the movable runs marked, every seat's hand and pile counts, the
// shown seat's hand, the highlights of a selection and of the coach's step, the cards that move
// (shell/motion.js) and the row clears, the side panel (coach, score sheet) and the round summary.
// No other hand than the shown seat's ever reaches the DOM.
import { $, esc } from "../../dom.js";
import { t } from "../../i18n.js";
import { cardArt } from "../../cards.js";
import { actionsOf, cardParts, kept, movableRuns, myTurn, obs, oneTap, parseAction, rowOf, ROWS, runCards, targetsOf, tops } from "./model.js";
import { joinAnd, name, names } from "./describe.js";
import { animate, duration, fly, motionSpeed, rectOf, scrolled, slide } from "../../shell/motion.js";
import { playSound } from "../../shell/sound.js";
import { drawRecap } from "./recap.js";

/** @typedef {import("./model.js").Observation} Observation */
/** @typedef {import("./model.js").View} View */
/** @typedef {import("./model.js").Selection} Selection */

// Plain backs (no card's identity): one card for a hand, a stack for a draw pile.
const BACK = (x, y) => `<rect x="${x}" y="${y}" width="12" height="17" rx="2" fill="#7d1f2c" stroke="#fffaf0" stroke-width="1.5"/>`;
const HAND_ICON = `<svg class="po-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><g transform="rotate(-12 7 18)">${BACK(1, 2)}</g><g transform="rotate(12 13 18)">${BACK(7, 2)}</g></svg>`;
const PILE_ICON = `<svg class="po-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><rect x="4" y="15" width="12" height="4" rx="1" fill="#fffaf0"/>${BACK(4, 0)}<path d="M4 17.5h12M4 19h12" stroke="#7d1f2c" stroke-width="1"/></svg>`;
const CLEAR_SCALE = 2; // a row clear lasts two card travels: Off / Fast / Normal / Slow = 0 / 240 / 500 / 1000 ms

/** Every element a selector matches, as HTML elements (their dataset, focus and tabIndex).
 * @param {string} sel @param {ParentNode} [root] @returns {HTMLElement[]} */
export const all = (sel, root = document) => /** @type {HTMLElement[]} */ ([...root.querySelectorAll(sel)]);
/** The first element a selector matches, as an HTML element (or null).
 * @param {string} sel @param {ParentNode} [root] @returns {HTMLElement | null} */
export const one = (sel, root = document) => /** @type {HTMLElement | null} */ (root.querySelector(sel));

// ---------------------------------------------------------------- the table
/** The table's frame, drawn once: the seats bar, the felt (phase, rows, last play, hint line), the hand.
 * @param {HTMLElement} el */
export function drawFrame(el) {
  if (!el.querySelector("#po-rows")) {
    el.innerHTML = `
      <div class="seats-bar po-seats" id="seats" role="list" aria-label="${esc(t("table.seats"))}"></div>
      <div class="felt po-felt" id="po-felt">
        <p class="phase" id="phase"></p>
        <div class="po-rows" id="po-rows" role="group" aria-label="${esc(t("primo.rows"))}"></div>
        <p class="po-last" id="po-last"></p>
        <section class="po-recap" id="po-recap" aria-labelledby="po-recap-title" hidden>
          <h2 class="po-recap-title" id="po-recap-title">${esc(t("handover.since"))}</h2>
          <div class="po-recap-body" id="po-recap-body" tabindex="-1" role="region" aria-labelledby="po-recap-title"></div>
        </section>
        <p class="po-hint-line" id="po-hint" aria-live="polite"></p>
      </div>
      <div class="me" id="me"></div>`;
  }
}

function rowLabel(o, row, movable) {
  const cards = row.cards;
  if (!cards.length) return t("primo.row.empty", { row: row.name });
  const head = cardParts(cards[0]).value;
  const tail = cardParts(cards[cards.length - 1]).value;
  const from = cards.findIndex((c) => movable.has(`${row.name}:${cardParts(c).value}`));
  const run = from >= 0 ? t("primo.row.movable", { cards: cards.slice(from).map((c) => cardParts(c).value).join(" ") }) : "";
  return [t(cards.length === 1 ? "primo.row.label.one" : "primo.row.label", { row: row.name, head, tail, n: cards.length }), tops(o).includes(row.name) ? t("primo.row.top") : "", run].filter(Boolean).join(", ");
}

// ---------------------------------------------------------------- cards that move (shell/motion.js)
// A card played onto a row (add, open, head), a run moved between rows and a Take's cards travel
// from where they were to where they are: the DOM is final already (FLIP). Four copies of each
// card exist, so a card is known by its row and place, not by its text.
// Where the cards were: read in the animation frame after each render (the layout is done then
// anyway), never at the start of a render, which would force one more layout (a long task).
export function readPlaces(view, ctx) {
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
    for (const rowEl of all("#po-rows .po-row")) rows[rowEl.dataset.row] = [...rowEl.querySelectorAll(".po-row-cards [data-card]")].map(read);
    ctx.local.seen = { stamp, sx: scrollX, sy: scrollY, rows, hand: all("#my-hand [data-card]").map(read) };
  });
}

export function animateMoves(o, v, ctx, before) {
  const prev = ctx.local.places;
  const rowsNow = Object.fromEntries(ROWS.map((r) => [r, rowOf(o, r).cards]));
  ctx.local.places = { stamp: `${v.seat}:${v.actions}`, seat: v.seat, round: o.round, rows: rowsNow, tops: tops(o) };
  notePlaces(ctx);
  if (!before || !prev || prev.round !== o.round) return;
  const cleared = new Set((v.say || []).filter((d) => d && d.key === "primo.clear").map((d) => d.args && d.args.row));
  const last = [...(o.log || [])].reverse().find((e) => e.seat >= 0 && e.key !== "primo.refill");
  const seatEl = (s) => (s === v.seat ? $("#me .me-head") : one(`#seats [data-seat="${s}"]`));
  const moves = [];
  const arrived = [];
  const departed = []; // old row places whose card is no longer there: {card, rect, node, row}
  for (const r of ROWS) {
    const old = before.rows[r] || [];
    const els = all(`#po-rows .po-row[data-row="${r}"] .po-row-cards [data-card]`);
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
  const took = last && last.key === "primo.take" ? [...((last.args && last.args.takes) || [])] : []; // a copy: the log is drawn from it
  for (const x of departed) {
    if (cleared.has(x.row)) continue;
    const k = took.findIndex((e) => e.args && e.args.card === x.card && e.args.row === x.row);
    const taker = k >= 0 ? took.splice(k, 1)[0].seat : last ? last.seat : -1;
    if (taker >= 0) fly({ from: x.rect, to: () => rectOf(seatEl(taker)), node: x.node, scale: 0.6 });
  }
}

export function drawSeats(o, v, ctx) {
  const n = o.players;
  const me = v.seat;
  const order = [];
  for (let i = 0; i < n; i++) order.push((Math.max(me, 0) + (me >= 0 ? 1 : 0) + i) % n);
  const seats = me >= 0 ? order.filter((s) => s !== me) : order;
  const rounds = (o.rounds || 1) > 1;
  const last = [...(o.log || [])].reverse().find((e) => e.seat >= 0 && e.key !== "primo.refill");
  $("#seats").innerHTML = seats.map((s) => {
    const kind = ctx.seats[s] === "human" ? t("setup.human") : t("level." + ctx.seats[s]);
    const hand = o.hands[s];
    const pile = o.piles[s];
    return `<div class="seat po-seat ${v.current === s ? "to-act" : ""}" role="listitem" data-seat="${s}" ${last && last.seat === s ? "data-last-play" : ""}>
      <div class="seat-name">${esc(ctx.nameOf(s))} <span class="seat-kind">${esc(kind)}</span></div>
      <div class="po-counts"><span aria-hidden="true" title="${esc(t("primo.counts", { hand, pile }))}">${HAND_ICON}${hand} ${PILE_ICON}${pile}</span><span class="sr-only">${esc(t("primo.counts", { hand, pile }))}</span>${rounds ? ` · <span>${esc(t("primo.points", { n: o.scores[s] }))}</span>` : ""}</div>
    </div>`;
  }).join("");
}

export function drawFelt(o, v, ctx) {
  const turn = v.terminal ? t("table.over")
    : v.current === v.seat ? t("primo.yourturn")
      : t("primo.turn", { name: ctx.nameOf(v.current) });
  const bits = [];
  if ((o.rounds || 1) > 1) bits.push(t("primo.round", { n: o.round, of: o.rounds }));
  bits.push(turn);
  if (!v.terminal && o.turn && o.turn.phase === "play" && o.turn.played) bits.push(t("primo.played", { n: o.turn.played }));
  // The cards out of play, said with what they are (cleared rows, Top and Take cards played).
  const out = `<span class="po-out" id="po-out" title="${esc(t("primo.out.help"))}">${esc(t("primo.out", { n: o.out }))}<span class="sr-only"> (${esc(t("primo.out.help"))})</span></span>`;
  $("#phase").innerHTML = [...bits.map(esc), out].join(" · ");
  const log = o.log || [];
  const last = [...log].reverse().find((e) => e.seat >= 0 && e.key !== "primo.refill");
  // A seat's own view has the recap (recap.js); a spectator's, the last play.
  const lastLine = $("#po-last");
  lastLine.hidden = v.seat >= 0;
  lastLine.innerHTML = last && v.seat < 0 ? `<span class="pa-last-label">${esc(t("primo.last"))}:</span> ${esc(ctx.say(last))}` : "&nbsp;";
  drawRecap(v, ctx);
  helpLine(ctx);
}

// The line under the rows: the coach's step when asked, else what to do now.
export function helpLine(ctx) {
  const box = $("#po-hint");
  const local = ctx.local;
  const v = local.view;
  if (!box || local.hint) return;
  const o = obs(v);
  const stuck = local.sel && !targetsOf(local.sel, v.legal).size;
  box.textContent = !myTurn(v) ? "" : local.exch ? t("primo.exch.help") : stuck ? selectionText(local.sel, ctx) : local.sel ? t("primo.help.target") : o.turn && o.turn.phase === "start" ? t("primo.help.start") : t("primo.help.play");
}

/** The six rows (input.js wireRows makes them answer taps, drags and keys). */
export function drawRows(o, v, ctx) {
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
      const label = t(i === n - 1 ? "primo.rowcard.tail" : i === 0 ? "primo.rowcard.head" : "primo.rowcard", { card: name(c), row: r, i: i + 1, n });
      return `<button type="button" class="${cls}" data-card="${c}" data-row="${r}" data-value="${value}" data-i="${i}"${can && mine ? ' data-action="pick"' : ""} style="--i:${i}" tabindex="-1"><span class="sr-only">${esc(label + (can ? ", " + t("primo.rowcard.canmove") : ""))}</span>${cardArt(c, ctx.cardOpts())}</button>`;
    }).join("");
    const headSlot = top ? `<span class="po-slot po-head-slot" data-row="${r}" data-slot="head" aria-hidden="true">+${esc(t("primo.top.short"))}</span>` : "";
    return `<div class="po-row ${top ? "po-has-top" : ""} ${n ? "" : "po-empty"}" data-row="${r}" data-n="${n}">
      <button type="button" class="po-row-label" data-row="${r}" tabindex="${r === "A" ? 0 : -1}" aria-label="${esc(rowLabel(o, row, movable))}"><span aria-hidden="true">${r}</span>${top ? `<span class="po-top-badge" aria-hidden="true">▲</span>` : ""}</button>
      <div class="po-row-cards" style="--n:${Math.max(n + (top ? 1 : 0), 1)}">${headSlot}${n ? cards : `<span class="po-slot po-base" aria-hidden="true">${esc(t("primo.base"))}</span>`}</div>
    </div>`;
  }).join("");
}

/** The shown seat's hand (input.js wireHand makes its cards answer taps, drags and keys). */
export function drawMe(o, v, ctx) {
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
      <span>${esc(t("primo.counts", { hand: hand.length, pile: o.piles[v.seat] }))}</span>
      ${rounds ? `<span>${esc(t("primo.points", { n: o.scores[v.seat] }))}</span>` : ""}
      ${exch ? `<span class="badge" id="po-exch-mode">${esc(t("primo.exch.mode"))}</span>` : ""}
    </div>
    <div class="po-hand hand-row" id="my-hand" role="group" aria-label="${esc(t(exch ? "primo.hand.exch" : "primo.hand"))}">
      ${hand.map((c, i) => {
        const pos = { card: name(c), i: i + 1, n: hand.length };
        if (!mine) return `<span class="card po-card" data-card="${c}" role="img" aria-label="${esc(t("primo.handcard", pos))}">${cardArt(c, ctx.cardOpts())}</span>`;
        const plays = actionsOf({ kind: "hand", card: c }, v.legal).length;
        const pressed = exch ? exch.has(i) : !!(local.sel && local.sel.kind === "hand" && local.sel.i === i);
        return `<button type="button" class="card po-card po-hand-card ${plays ? "po-playable" : ""}" data-card="${c}" data-i="${i}" data-action="pick" aria-pressed="${pressed}" tabindex="${i === 0 ? 0 : -1}"><span class="sr-only">${esc(t(plays ? "primo.handcard.plays" : "primo.handcard", { ...pos, k: plays }))}</span>${cardArt(c, ctx.cardOpts())}${plays && !exch ? `<span class="po-fits" aria-hidden="true">${plays}</span>` : ""}</button>`;
      }).join("")}
    </div>`;
}

export function selectionText(sel, ctx) {
  const v = ctx.local.view;
  const targets = [...targetsOf(sel, v.legal).keys()];
  const what = sel.kind === "run" ? t("primo.sel.run", { cards: runCards(obs(v).rows, sel.row, sel.value).map((c) => cardParts(c).value).join(" "), row: sel.row }) : name(sel.card);
  return targets.length ? t("primo.sel.targets", { what, rows: joinAnd(targets) }) : t("primo.sel.none", { what });
}

// Classes and data-action on what is drawn: the selection, its targets, the coach's step.
export function applyHighlights(ctx) {
  const local = ctx.local;
  const v = local.view;
  if (!v || !$("#po-rows")) return;
  const o = obs(v);
  const sel = local.sel;
  const targets = myTurn(v) ? targetsOf(sel, v.legal) : new Map();
  for (const rowEl of all("#po-rows .po-row")) {
    const r = rowEl.dataset.row;
    const tg = targets.get(r);
    rowEl.classList.toggle("po-target", !!tg);
    rowEl.classList.toggle("po-target-head", !!tg && tg.slot === "head");
    const label = one(".po-row-label", rowEl);
    const slot = one(".po-head-slot", rowEl);
    if (tg) {
      label.dataset.action = tg.action;
      if (tg.slot === "head" && slot) slot.dataset.action = tg.action;
    } else delete label.dataset.action;
    if (slot && !(tg && tg.slot === "head")) delete slot.dataset.action;
    label.setAttribute("aria-label", rowLabel(o, rowOf(o, r), myTurn(v) ? movableRuns(v.legal) : new Set()) + (tg ? ", " + t("primo.row.target") : ""));
    for (const c of all(".po-card", rowEl)) {
      const picked = sel && sel.kind === "run" && sel.row === r && Number(c.dataset.value) <= sel.value;
      c.classList.toggle("po-picked", !!picked);
      c.setAttribute("aria-pressed", String(!!picked));
    }
  }
  for (const b of all("#my-hand button.po-hand-card")) {
    if (local.exch) continue;
    const picked = !!(sel && sel.kind === "hand" && sel.i === Number(b.dataset.i));
    b.setAttribute("aria-pressed", String(picked));
    // A tap on a card with one place to go plays it (a second tap, with "Confirm each play" or for a
    // Take card): the button says which action; "pick": a selection, its targets light up.
    const only = actionsOf({ kind: "hand", card: b.dataset.card }, v.legal);
    const plays = picked ? (only.length === 1 ? only[0] : null) : myTurn(v) ? oneTap(b.dataset.card, only, ctx.settings.confirmPlay) : null;
    b.dataset.action = plays || "pick";
  }
  // The coach's step: its source and its target marked (a dotted ring and a "hint" tag).
  for (const el of all(".po-hint")) el.classList.remove("po-hint");
  const hint = local.hint;
  if (hint && hint.action) {
    const p = parseAction(hint.action);
    if (p.verb === "move") {
      for (const c of all(`#po-rows .po-card[data-row="${p.row}"]`)) if (Number(c.dataset.value) <= p.value) c.classList.add("po-hint");
      const to = one(`#po-rows .po-row[data-row="${p.to}"]`);
      if (to) to.classList.add("po-hint");
    } else if (p.card) {
      const b = one(`#my-hand [data-card="${p.card}"]`);
      if (b) b.classList.add("po-hint");
      const to = one(`#po-rows .po-row[data-row="${p.row}"]`);
      if (to) to.classList.add("po-hint");
    } else {
      const b = one(p.verb === "exchange" ? "#po-exchange-mode" : `#actions [data-action="${hint.action}"]`);
      if (b) b.classList.add("po-hint");
    }
  }
}

// ---------------------------------------------------------------- focus kept across a redraw
export function focusKey(root) {
  const el = /** @type {HTMLElement | null} */ (document.activeElement);
  if (!el || !root.contains(el)) return null;
  if (el.matches("#my-hand button")) return { zone: "hand", i: Number(el.dataset.i) };
  if (el.matches("#po-rows .po-row-label")) return { zone: "row", row: el.dataset.row };
  if (el.matches("#po-rows .po-card")) return { zone: "card", row: el.dataset.row, i: Number(el.dataset.i) };
  return null;
}

export function restoreFocus(key, root) {
  if (!key || (document.activeElement && root.contains(document.activeElement) && document.activeElement !== document.body)) return;
  let el = null;
  if (key.zone === "hand") {
    const bs = all("#my-hand button");
    el = bs[Math.min(key.i, bs.length - 1)] || null;
    if (el) { for (const b of bs) b.tabIndex = -1; el.tabIndex = 0; }
  } else {
    const cards = all(`#po-rows .po-card[data-row="${key.row}"]`);
    el = key.zone === "card" && cards.length ? cards[Math.min(key.i, cards.length - 1)] : one(`#po-rows .po-row-label[data-row="${key.row}"]`);
    if (el) { for (const x of all("#po-rows .po-row-label, #po-rows .po-card")) x.tabIndex = -1; el.tabIndex = 0; }
  }
  if (el) el.focus({ preventScroll: true });
}

// ---------------------------------------------------------------- row clears
export function animateClears(view, ctx) {
  const key = `${view.seat}:${view.actions}`;
  if (ctx.local.cleared === key) return;
  ctx.local.cleared = key;
  const clears = (view.say || []).filter((d) => d && d.key === "primo.clear");
  if (!clears.length) return;
  const ms = duration(CLEAR_SCALE); // the speed in force (shell/motion.js): 0 under reduced motion unless chosen
  playSound("play");
  // For tests and tools: how many clears were shown, and the last one's animation time.
  const box = $("#po-rows");
  box.dataset.clears = String(Number(box.dataset.clears || 0) + clears.length);
  box.dataset.clearMs = String(ms);
  for (const d of clears) {
    const r = (d.args && d.args.row) || "";
    const rowEl = one(`#po-rows .po-row[data-row="${r}"]`);
    ctx.announce(ctx.say(d));
    if (!rowEl) continue;
    // A lasting mark (with or without motion): the row says it was cleared until the next draw.
    rowEl.classList.add("po-cleared");
    rowEl.dataset.cleared = "";
    const fx = document.createElement("span");
    fx.className = "po-clear-fx";
    fx.setAttribute("aria-hidden", "true");
    fx.textContent = t("primo.cleared.fx");
    rowEl.appendChild(fx);
    // A tap or a key during the animation jumps it to its end (shell/motion.js skips every animation).
    const anim = animate(fx,
      [{ opacity: 1, transform: "scaleX(1)" }, { opacity: 1, transform: "scaleX(1.04)", offset: 0.4 }, { opacity: 0.15, transform: "scaleX(0.2)" }],
      { duration: ms, easing: "ease-in" });
    if (anim) anim.effect.updateTiming({ fill: "forwards" });
  }
}

/** An action text in words: "put Yellow 5 on row E", "move 10 … 1 from row E onto row A". */
export function actionWords(action, ctx) {
  const p = parseAction(action);
  const o = obs(ctx.local.view);
  switch (p.verb) {
    case "add": return t("primo.do.add", { card: name(p.card), row: p.row });
    case "open": return t("primo.do.open", { card: name(p.card), row: p.row });
    case "head": return t("primo.do.head", { card: name(p.card), row: p.row });
    case "top": return t("primo.do.top", { row: p.row });
    case "take": return t("primo.do.take", { row: p.row });
    case "move": {
      const run = runCards(o.rows, p.row, p.value).map((c) => cardParts(c).value);
      return t("primo.do.move", { cards: run.length > 3 ? `${run[0]}…${run[run.length - 1]}` : run.join(" "), row: p.row, to: p.to });
    }
    case "exchange": return t("primo.do.exchange", { cards: names(p.cards) });
    case "pass": return t("primo.do.pass");
    case "end": return t("primo.do.end");
    default: return action;
  }
}

// ---------------------------------------------------------------- side panel: coach and score sheet
export function side(el, v, ctx) {
  const o = obs(v);
  const rounds = (o.rounds || 1) > 1;
  if (!$("#po-side", el)) {
    el.innerHTML = `<div id="po-side">
      <section class="panel coach" id="po-coach" aria-labelledby="po-coach-title"><h2 id="po-coach-title">${esc(t("coach.title"))}</h2>
        <p class="help" id="po-coach-text">${esc(t("primo.coach.help"))}</p></section>
      <section class="panel" id="po-sheet" aria-labelledby="po-sheet-title" ${rounds ? "" : "hidden"}><h2 id="po-sheet-title">${esc(t("primo.sheet"))}</h2><div id="po-sheet-body"></div></section>
    </div>`;
  }
  const coachText = $("#po-coach-text", el);
  if (!ctx.local.hint) coachText.textContent = t(myTurn(v) ? "primo.coach.help" : "primo.coach.wait");
  if (rounds) drawSheet(o, ctx);
}

function drawSheet(o, ctx) {
  const seats = Array.from({ length: o.players }, (_, i) => i);
  const results = o.round_results || [];
  const head = `<tr><th scope="col">${esc(t("primo.col.round"))}</th>${seats.map((s) => `<th scope="col">${esc(ctx.nameOf(s))}</th>`).join("")}</tr>`;
  const body = results.map((r, i) => `<tr><th scope="row">${i + 1}</th>${seats.map((s) => `<td>${signed(r.points[s])}${r.ender === s ? ` <span class="badge">${esc(t("primo.ender"))}</span>` : ""}</td>`).join("")}</tr>`).join("");
  $("#po-sheet-body").innerHTML = `<p class="help">${esc(t("primo.sheet.help", { n: o.rounds }))}</p>
    <div class="pa-scroll" tabindex="0" role="region" aria-labelledby="po-sheet-title"><table class="across" id="po-sheet-table"><thead>${head}</thead><tbody>${body}</tbody>
    <tfoot><tr><th scope="row">${esc(t("primo.col.total"))}</th>${seats.map((s) => `<td><strong>${signed(o.scores[s])}</strong></td>`).join("")}</tr></tfoot></table></div>`;
}

const signed = (n) => (n > 0 ? `+${n}` : String(n));

// ---------------------------------------------------------------- round end, game end
export function roundEnd(v, ctx) {
  const o = obs(v);
  const results = o.round_results || [];
  if ((o.rounds || 1) <= 1 || !results.length) return null;
  const r = results[results.length - 1];
  const n = results.length;
  const seats = Array.from({ length: o.players }, (_, i) => i);
  const ended = r.ender >= 0 ? t("primo.roundend.ender", { name: ctx.nameOf(r.ender) }) : t("primo.roundend.stall");
  const html = `<p id="po-roundend-who">${esc(ended)}</p>
    <table class="across" id="po-roundend-table"><thead><tr><th scope="col">${esc(t("primo.col.player"))}</th><th scope="col">${esc(t("primo.col.left"))}</th><th scope="col">${esc(t("primo.col.points"))}</th><th scope="col">${esc(t("primo.col.total"))}</th></tr></thead>
    <tbody>${seats.map((s) => `<tr data-seat="${s}"><th scope="row">${esc(ctx.nameOf(s))}</th><td>${r.left[s]}</td><td>${signed(r.points[s])}</td><td>${signed(o.scores[s])}</td></tr>`).join("")}</tbody></table>`;
  const totals = seats.map((s) => `${ctx.nameOf(s)} ${signed(o.scores[s])}`).join(", ");
  return { id: n, title: t("primo.roundend.title", { n, of: o.rounds }), html, text: `${ended} ${t("primo.roundend.totals", { totals })}`, next: t("primo.roundend.next") };
}

export const scoreText = (r, seat) => t("primo.score", { n: signed(r.scores[seat]) });

