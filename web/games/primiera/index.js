// @ts-check
// Primiera's game module (see ../index.js for the GameModule interface): the seats, the table
// cards, the shown seat's hand with each card's capture options, the capture choice, the
// Kaleidos secret table card and the Herald's partnership reveal, the running tally and score
// sheet, the coach (the core's `coach` operation), the round breakdown, the rules section and
// the round scorer screen. Everything is drawn from the View the worker returns for the seat on
// screen, so a card that seat may not see never reaches the DOM.
import { $, esc } from "../../dom.js";
import { t, txDecision } from "../../i18n.js";
import { cardArt, cardName } from "../../cards.js";
import { renderScorer } from "./score.js";
import { rulesSection } from "./rules.js";
import { keys } from "./keys.js";
import { breakdownTable } from "./breakdown.js";
import { optionsByCard, parse } from "./actions.js";
import { afterRoundEnd, fly, rectOf, rects, slide } from "../../shell/motion.js";
import { playSound } from "../../shell/sound.js";
import { fetchModule } from "../index.js";


const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const ITALIAN_SUIT = { S: "swords", H: "cups", D: "coins", C: "clubs" };
const rankWord = { 1: "A", 8: "J", 9: "Q", 10: "K" };

/** A short visible card text: "7♦" (French suits) or "7 coins" (Italian). */
export function shortCard(c, style) {
  const rank = c.slice(0, -1);
  const suit = c.slice(-1);
  return style === "italian" ? `${rank} ${ITALIAN_SUIT[suit]}` : `${rank}${SUIT_SYMBOL[suit]}`;
}

const joinAnd = (items) => {
  if (!items.length) return t("primiera.nothing");
  if (items.length === 1) return items[0];
  return t("primiera.and", { a: items.slice(0, -1).join(", "), b: items[items.length - 1] });
};
const names = (cards, style) => joinAnd(cards.map((c) => cardName(c, style)));
const sideName = (seats, nameOf) => seats.map(nameOf).join(" & ");
const rankText = (ranks) => ranks.map((r) => rankWord[r] || String(r)).join(" / ");

// ---------------------------------------------------------------- log messages
/** Args made readable for say(): cards to names, seats to names (GameModule.describe). */
/** @type {import("../../protocol").GameModule["describe"]} */
function describe(desc, { nameOf, settings }) {
  if (!desc || typeof desc !== "object" || typeof desc.key !== "string" || !desc.key.startsWith("primiera.")) return desc;
  const style = settings.suits;
  const a = /** @type {{[name: string]: any}} */ (desc.args || {});
  const out = { ...a };
  let key = desc.key;
  for (const k of ["card"]) if (typeof a[k] === "string") out[k] = cardName(a[k], style);
  for (const k of ["captured", "cards", "table"]) if (Array.isArray(a[k])) out[k] = names(a[k], style);
  if (key === "primiera.deal" && Array.isArray(a.table) && !a.table.length) key = "primiera.deal.heralds";
  if (typeof a.partnership === "string") out.partnership = t("primiera.partnership." + a.partnership);
  if (key === "primiera.herald" && Array.isArray(a.sides)) {
    out.sides = a.sides.length > 2 ? t("primiera.alone") : t("primiera.against", { a: sideName(a.sides[0], nameOf), b: sideName(a.sides[1], nameOf) });
  }
  if (key === "primiera.round_end" && Array.isArray(a.sides)) {
    out.sides = a.sides.map((d) => ({ key: d.key, args: { ...d.args, seats: sideName(d.args.seats || [], nameOf) } }));
  }
  if (Array.isArray(a.totals)) out.totals = a.totals.map((n, s) => `${nameOf(s)} ${n}`).join(", ");
  if (Array.isArray(a.points)) out.points = a.points.map((n, s) => `${nameOf(s)} ${n}`).join(", ");
  if (Array.isArray(a.scores)) out.scores = a.scores.map((n, s) => `${nameOf(s)} ${n}`).join(", ");
  if (Array.isArray(a.winners)) out.winners = joinAnd(a.winners.map(nameOf));
  if (typeof a.partner === "number") out.partner = nameOf(a.partner);
  return { ...desc, key, args: out };
}

// ---------------------------------------------------------------- helpers on the view
const mySide = (o, seat) => (o.sides || []).find((side) => side.includes(seat)) || null;
const isPartner = (o, me, other) => {
  if (me < 0 || !o.sides) return null;
  const side = mySide(o, me);
  return side ? side.includes(other) : null;
};

// Seats in play order after the seat on screen (everyone from seat 0 for a spectator).
function seatOrder(o, me) {
  const n = o.players;
  const start = me >= 0 ? me + 1 : 0;
  const out = [];
  for (let i = 0; i < n; i++) {
    const s = (start + i) % n;
    if (s !== me) out.push(s);
  }
  return out;
}

function positionText(o, me, s) {
  if (me < 0) return "";
  const n = o.players;
  if (s === (me + 1) % n) return t("primiera.right");
  if (s === (me + n - 1) % n) return t("primiera.left");
  if (n === 4 && s === (me + 2) % 4) return t("primiera.opposite");
  return "";
}

// The latest play of this round in the public log (for the last-play line and seat badge).
const PLAY_KEYS = new Set(["primiera.play", "primiera.capture", "primiera.sweep", "primiera.last_take", "primiera.reveal"]);
function lastPlay(o) {
  const log = o.log || [];
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (e.key === "primiera.deal") return null;
    if (PLAY_KEYS.has(e.key)) return e;
  }
  return null;
}

// A card with one legal move plays on one tap, after its capture has shown this long (at every
// animation speed: a highlight, not a movement).
const ONE_TAP_MS = 250;

// ---------------------------------------------------------------- the table
/** @typedef {import("../../protocol").View} View */
/** @typedef {import("../../protocol").TableContext} TableContext */

/** @param {HTMLElement} el @param {View} view @param {TableContext} ctx */
function drawTable(el, view, ctx) {
  if (!$("#pa-felt", el)) {
    el.innerHTML = `
      <div class="seats-bar" id="seats" role="list" aria-label="${esc(t("table.seats"))}"></div>
      <div class="felt pa-felt" id="pa-felt"></div>
      <div class="me" id="me"></div>`;
  }
  const o = view.observation;
  const local = ctx.local;
  local.view = view;
  // A selection survives only while it is still a card of the hand on screen, on that seat's turn.
  if (local.selected && (view.seat < 0 || !(o.hand || []).includes(local.selected) || view.current !== view.seat)) local.selected = null;
  const before = local.moved ? rects(el, "#pa-table [data-card], #my-hand [data-card]", "data-card") : new Map();
  drawSeats(o, view, ctx);
  drawFelt(o, view, ctx);
  drawMe(o, view, ctx);
  highlight(ctx);
  motion(o, view, ctx, before);
}

// ---------------------------------------------------------------- motion and sound
// A deal, a card played to the table and a capture sliding to its capturer (shell/motion.js): the
// DOM is final already, this only animates it there; and the cues (shell/sound.js).
function motion(o, v, ctx, before) {
  // A new game (no action yet) is dealt before the player's eyes; a resumed one is not.
  const prev = ctx.local.moved || (v.actions === 0 ? { stamp: "", seat: v.seat, table: [], held: 0, round: o.round } : null);
  const stamp = `${v.seat}:${v.actions}`;
  const table = o.table || [];
  const held = (o.hand_sizes || []).reduce((a, b) => a + b, 0);
  ctx.local.moved = { stamp, seat: v.seat, table, held, round: o.round };
  if (!prev || prev.stamp === stamp) return;
  const seatEl = (s) => (s === v.seat ? $("#me .me-head") : document.querySelector(`#seats [data-seat="${s}"]`));
  const tableEls = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#pa-table [data-card]"))];
  const had = new Set(prev.table);
  if (held > prev.held) {
    // A deal: the hands and the new table cards come from the middle of the table (a new round's
    // once its summary is closed).
    const deal = () => {
      const from = rectOf("#pa-table") || rectOf("#pa-felt");
      slide([...document.querySelectorAll("#my-hand [data-card]"), ...[.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#pa-table [data-card]"))].filter((el) => !had.has(el.dataset.card))]
        .map((el) => ({ el, from, fade: true })));
      playSound("deal");
    };
    if (o.round !== prev.round) afterRoundEnd(deal, () => ctx.local.moved && ctx.local.moved.stamp === stamp);
    else deal();
    return;
  }
  const last = lastPlay(o);
  if (!last || held === prev.held) return;
  // A card played to the table: from the hand it left (the seat on screen) or from its player's seat.
  const mine = (c) => before.has(c) && !had.has(c);
  const arriving = tableEls.filter((el) => !had.has(el.dataset.card));
  slide(arriving.map((el) => ({ el, from: mine(el.dataset.card) ? before.get(el.dataset.card).rect : rectOf(seatEl(last.seat)), card: mine(el.dataset.card) })));
  // A capture: the cards taken slide from the table to their capturer, the card that took them with them.
  const now = new Set(table);
  const gone = prev.table.filter((c) => !now.has(c) && before.has(c));
  const to = rectOf(seatEl(last.seat));
  if (gone.length && to) {
    const played = typeof last.args?.card === "string" ? last.args.card : null;
    if (played && before.has(played) && !had.has(played)) fly({ from: before.get(played).rect, to, node: before.get(played).node });
    for (const c of gone) fly({ from: before.get(c).rect, to, node: before.get(c).node, scale: 0.6 });
  }
  if (arriving.length || gone.length) playSound("play");
}

function drawSeats(o, v, ctx) {
  const me = v.seat;
  const last = lastPlay(o);
  $("#seats").innerHTML = seatOrder(o, me).map((s) => {
    const badges = [];
    if (s === o.dealer) badges.push(`<span class="badge">${esc(t("primiera.dealer"))}</span>`);
    if (o.picked && o.picked[s]) badges.push(`<span class="badge">${esc(t("primiera.chosen"))}</span>`);
    const partner = isPartner(o, me, s);
    if (partner && o.players === 4 && o.sides && o.sides.length === 2) badges.push(`<span class="badge partner">${esc(t("primiera.partner"))}</span>`);
    const kind = ctx.seats[s] === "human" ? t("setup.human") : t("level." + ctx.seats[s]);
    const pos = positionText(o, me, s);
    const sweeps = o.sweeps[s];
    return `<div class="seat pa-seat ${v.current === s ? "to-act" : ""}" role="listitem" data-seat="${s}" ${last && last.seat === s ? "data-last-play" : ""}>
      <div class="seat-name">${esc(ctx.nameOf(s))} <span class="seat-kind">${esc(kind)}</span></div>
      <div class="pa-pos">${esc(pos)} ${badges.join("")}</div>
      <div class="pa-seat-line"><span class="mini-back" aria-hidden="true">${backMini()}</span><span aria-hidden="true">${o.hand_sizes[s]}</span><span class="sr-only">${esc(t("primiera.cards", { n: o.hand_sizes[s] }))}</span> · <span>${esc(t("primiera.score", { n: o.scores[s] }))}</span></div>
      <div class="pa-seat-line help"><span aria-hidden="true">${esc(t("primiera.captured.short", { cards: o.captured_counts[s], coins: o.coins_counts[s] }))}</span><span class="sr-only">${esc(t("primiera.captured", { cards: o.captured_counts[s], coins: o.coins_counts[s] }))}</span>${sweeps ? ` · <span class="pa-sweep" title="${esc(t("primiera.sweeps", { n: sweeps }))}"><span aria-hidden="true">${esc(t("primiera.sweepmark", { n: sweeps }))}</span><span class="sr-only">${esc(t("primiera.sweeps", { n: sweeps }))}</span></span>` : ""}</div>
    </div>`;
  }).join("");
}

let backCache = "";
function backMini() {
  if (!backCache) {
    // A plain back, drawn once: no identity of any card.
    backCache = `<svg viewBox="0 0 20 28" focusable="false" aria-hidden="true"><rect x="0.5" y="0.5" width="19" height="27" rx="3" fill="#fffaf0" stroke="#c9a227"/><rect x="3" y="3" width="14" height="22" rx="2" fill="#7d1f2c"/></svg>`;
  }
  return backCache;
}

function heraldBox(o, v, ctx) {
  const against = (sides) => t("primiera.against", { a: sideName(sides[0], ctx.nameOf), b: sideName(sides[1], ctx.nameOf) });
  if (o.variant !== "kaleidos" || o.phase !== "play") {
    if (o.variant === "classic" && o.sides) return `<p class="pa-note" id="pa-partners">${esc(t("primiera.fixed", { sides: against(o.sides) }))}</p>`;
    return "";
  }
  if (!o.herald) return `<p class="pa-note" id="pa-partners">${esc(t("primiera.herald.open"))}</p>`;
  const h = o.herald;
  const sides = o.sides && o.sides.length === 2 ? against(o.sides) : t("primiera.alone");
  const style = ctx.settings.suits;
  // One line says who played which Herald and what it means; the rule behind it opens on a tap.
  return `<details class="pa-herald" id="herald-reveal" data-partnership="${esc(h.partnership)}">
    <summary><span id="herald-sides"><strong>${esc(t("primiera.herald.sides", { sides }))}</strong></span>
    <span id="herald-who">${esc(t(ctx.seats.filter((k) => k === "human").length === 1 && ctx.seats[h.seat] === "human" ? "primiera.herald.short.you" : "primiera.herald.short", { name: ctx.nameOf(h.seat), card: shortCard(h.card, style), partnership: t("primiera.partnership." + h.partnership) }))}</span>
    <span class="sr-only">${esc(cardName(h.card, style))}</span></summary>
    <p>${esc(t("primiera.herald.explain"))}${o.doubled ? ` ${esc(t("primiera.doubled"))}` : ""}</p>
  </details>`;
}

function drawFelt(o, v, ctx) {
  const style = ctx.settings.suits;
  const turn = v.terminal ? t("table.over")
    : v.current === v.seat ? t("primiera.yourturn")
      : t(o.phase === "pick" ? "primiera.pickturn" : "primiera.turn", { name: ctx.nameOf(v.current) });
  const info = [t("primiera.round", { n: o.round }), o.why_on && !v.terminal ? t("primiera.sheet.extra") : "", o.target ? t("primiera.target", { n: o.target }) : "", o.stock_size ? t("primiera.stock", { n: o.stock_size }) : "", turn].filter(Boolean);
  const table = o.table || [];
  const perRow = table.length > 10 ? Math.ceil(table.length / 2) : Math.max(6, table.length);
  const cards = table.length
    ? table.map((c) => `<span class="card pa-table-card" data-card="${c}" role="img" aria-label="${esc(cardName(c, style))}">${cardArt(c, ctx.cardOpts())}</span>`).join("")
    : `<p class="help pa-empty">${esc(t(o.phase === "pick" ? "primiera.table.hidden" : "primiera.table.empty"))}</p>`;
  const last = lastPlay(o);
  $("#pa-felt").innerHTML = `
    <p class="phase" id="phase" data-phase="${esc(o.phase)}">${info.map(esc).join(" · ")}</p>
    <div class="pa-cards pa-table" id="pa-table" role="group" aria-label="${esc(t("primiera.table"))}" style="--per-row:${perRow}">${cards}</div>
    <p class="pa-last" id="pa-last" ${last ? `data-key="${esc(last.key)}"` : ""}>${last ? `<span class="pa-last-label">${esc(t("primiera.last"))}:</span> ${esc(ctx.say(last))}` : "&nbsp;"}</p>
    ${heraldBox(o, v, ctx)}`;
}

function drawMe(o, v, ctx) {
  const box = $("#me");
  if (v.seat < 0) {
    box.innerHTML = v.terminal ? "" : `<p class="help">${esc(t(ctx.seats.includes("human") ? "table.handhidden" : "table.watching"))}</p>`;
    return;
  }
  const style = ctx.settings.suits;
  const hand = o.hand || [];
  const myTurn = v.current === v.seat && v.legal.length > 0;
  const by = myTurn ? optionsByCard(v) : new Map();
  const picking = o.phase === "pick";
  const side = mySide(o, v.seat);
  const partners = side && side.length > 1 && o.players === 4 ? side.filter((s) => s !== v.seat).map(ctx.nameOf) : [];
  const perRow = Math.max(5, Math.ceil(hand.length / 2));
  box.innerHTML = `
    <div class="me-head">
      <strong>${esc(ctx.nameOf(v.seat))}</strong>
      <span>${esc(t("primiera.score", { n: o.scores[v.seat] }))}</span>
      <span class="help">${esc(t("primiera.captured", { cards: o.captured_counts[v.seat], coins: o.coins_counts[v.seat] }))}${o.sweeps[v.seat] ? ` · ${esc(t("primiera.sweeps", { n: o.sweeps[v.seat] }))}` : ""}</span>
      ${partners.length ? `<span class="badge partner">${esc(t("primiera.with", { names: partners.join(", ") }))}</span>` : ""}
      ${o.my_pick ? `<span class="pa-mypick" id="my-pick">${esc(t("primiera.mypick", { card: cardName(o.my_pick, style) }))}</span>` : ""}
    </div>
    <div class="pa-cards hand-row" id="my-hand" role="group" aria-label="${esc(t("primiera.hand"))}" style="--per-row:${perRow}">
      ${hand.map((c, i) => {
        const opts = by.get(c) || [];
        const takes = opts.filter((a) => a.includes(" x "));
        const name = cardName(c, style);
        const pos = { card: name, i: i + 1, n: hand.length };
        if (!myTurn) return `<span class="card" data-card="${c}" role="img" aria-label="${esc(t("primiera.card.plain", pos))}">${cardArt(c, ctx.cardOpts())}</span>`;
        const label = picking ? t("primiera.card.pick", pos) : takes.length > 1 ? t("primiera.card.choices", { ...pos, k: takes.length }) : takes.length ? t("primiera.card.takes", pos) : t("primiera.card.plain", pos);
        const mark = picking || !takes.length ? "" : `<span class="pa-opts" aria-hidden="true">${esc(takes.length > 1 ? "×" + takes.length : "✓")}</span>`;
        return `<button type="button" class="card pa-hand-card ${takes.length ? "pa-captures" : ""}" data-card="${c}" data-action="${esc(handAction(c))}" aria-pressed="${ctx.local.selected === c}" tabindex="${(ctx.local.selected ? ctx.local.selected === c : i === 0) ? 0 : -1}"><span class="sr-only">${esc(label)}</span>${cardArt(c, ctx.cardOpts())}${mark}</button>`;
      }).join("")}
    </div>`;
  const buttons = [...box.querySelectorAll("button.pa-hand-card")];
  // data-action: the one move a tap plays (a card with exactly one legal move: its only capture, a
  // throw that captures nothing, a Kaleidos pick), else "pick" (the card is picked; its moves then
  // show in the bar). With Settings' "Confirm each play", every first tap picks, and a second tap on
  // the picked card plays its one move (GameModule: every control that acts carries data-action).
  function handAction(c) {
    const opts = by.get(c) || [];
    if (opts.length !== 1) return "pick";
    return !ctx.settings.confirmPlay || ctx.local.selected === c ? opts[0] : "pick";
  }
  function pressed(b) {
    for (const x of buttons) {
      x.setAttribute("aria-pressed", String(ctx.local.selected === x.dataset.card));
      x.dataset.action = handAction(x.dataset.card);
      x.tabIndex = x === b ? 0 : -1;
    }
    highlight(ctx);
    ctx.redraw();
  }
  buttons.forEach((b, i) => {
    b.addEventListener("click", () => {
      const c = b.dataset.card;
      const move = handAction(c);
      if (move !== "pick") {
        // One legal move: what it takes is marked (and the card picked) for ONE_TAP_MS, then it is
        // played; the shell keeps every control inert meanwhile, so a second tap plays nothing. A
        // card picked already (Confirm each play) has shown it: its second tap plays at once.
        const shown = ctx.local.selected === c;
        ctx.local.selected = c;
        pressed(b);
        ctx.send(move, shown ? {} : { hold: ONE_TAP_MS });
        return;
      }
      ctx.local.selected = ctx.local.selected === c ? null : c;
      pressed(b);
    });
    // The hand is one tab stop; the arrow keys move along it (roving tabindex).
    b.addEventListener("keydown", (e) => {
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
      if (e.key === "Home" || e.key === "End" || step) {
        e.preventDefault();
        const j = e.key === "Home" ? 0 : e.key === "End" ? buttons.length - 1 : (i + step + buttons.length) % buttons.length;
        for (const x of buttons) x.tabIndex = -1;
        buttons[j].tabIndex = 0;
        buttons[j].focus();
      }
    });
  });
}

// Marks the table cards the selected hand card can capture (dashed), and those of the option
// in focus or the only option (solid, with a check).
function highlight(ctx, focusAction = null) {
  const selected = ctx.local.selected;
  const table = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#pa-table [data-card]"));
  const can = new Set();
  let takes = new Set();
  const v = ctx.local.view;
  if (selected && v) {
    const opts = (optionsByCard(v).get(selected) || []).filter((a) => a.includes(" x "));
    for (const a of opts) for (const c of parse(a).captured) can.add(c);
    const chosen = focusAction || (opts.length === 1 ? opts[0] : null);
    if (chosen) takes = new Set(parse(chosen).captured);
  }
  for (const el of table) {
    el.classList.toggle("pa-can-take", can.has(el.dataset.card) && !takes.has(el.dataset.card));
    el.classList.toggle("pa-takes", takes.has(el.dataset.card));
  }
}

// ---------------------------------------------------------------- the actions
/** @param {HTMLElement} bar @param {View} v @param {TableContext} ctx @param {import("../../protocol").Send} send */
function composeActions(bar, v, ctx, send) {
  ctx.local.view = v;
  const style = ctx.settings.suits;
  const selected = ctx.local.selected;
  const by = optionsByCard(v);
  const picking = v.observation.phase === "pick";
  if (!selected || !by.has(selected)) {
    bar.innerHTML = `<p class="help" id="pa-hint">${esc(t(picking ? "primiera.choosepick" : "primiera.choose"))}</p>`;
    return;
  }
  const opts = by.get(selected);
  const name = cardName(selected, style);
  const parts = opts.map((a, i) => {
    const p = parse(a);
    let short;
    let long;
    if (p.verb === "pick") { short = t("primiera.pickbtn", { card: shortCard(p.card, style) }); long = t("primiera.pickbtn.long", { card: name }); }
    else if (!p.captured.length) { short = t("primiera.playbtn", { card: shortCard(p.card, style) }); long = t("primiera.playbtn.long", { card: name }); }
    else { short = t("primiera.takebtn", { cards: p.captured.map((c) => shortCard(c, style)).join(" ") }); long = t("primiera.takebtn.long", { card: name, cards: names(p.captured, style) }); }
    return `<button type="button" class="btn ${i ? "secondary" : ""}" data-action="${esc(a)}" ${i === 0 ? "data-primary" : ""}><span aria-hidden="true">${esc(short)}</span><span class="sr-only">${esc(long)}</span></button>`;
  });
  const note = opts.length > 1 ? `<span class="help" id="pa-choice">${esc(t("primiera.options", { n: opts.length }))}</span>` : "";
  bar.innerHTML = note + parts.join("");
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (bar.querySelectorAll("button[data-action]"))) {
    b.addEventListener("click", () => send(b.dataset.action));
    for (const ev of ["focus", "mouseenter"]) b.addEventListener(ev, () => highlight(ctx, b.dataset.action));
    for (const ev of ["blur", "mouseleave"]) b.addEventListener(ev, () => highlight(ctx));
  }
  highlight(ctx);
}

// ---------------------------------------------------------------- side: tally, score sheet, coach
/** @param {HTMLElement} el @param {View} v @param {TableContext} ctx */
function side(el, v, ctx) {
  const local = ctx.local;
  local.view = v;
  if (local.coach === undefined) local.coach = true;
  if (!$("#pa-tally", el)) {
    el.innerHTML = `
      <section class="panel coach" id="coach-panel" aria-labelledby="coach-title">
        <div class="row"><h2 id="coach-title">${esc(t("coach.title"))}</h2>
        <label class="check"><input type="checkbox" id="coach-on" ${local.coach ? "checked" : ""}> ${esc(t("coach.on"))}</label></div>
        <p id="coach-why" class="pa-why" aria-live="polite" hidden></p>
        <div id="coach"></div>
      </section>
      <section class="panel" id="pa-tally" aria-labelledby="tally-title"><h2 id="tally-title">${esc(t("primiera.tally"))}</h2><div id="pa-tally-body"></div></section>
      <section class="panel" id="pa-sheet" aria-labelledby="sheet-title"><h2 id="sheet-title">${esc(t("primiera.sheet"))}</h2><div id="pa-sheet-body"></div></section>`;
    $("#coach-on", el).addEventListener("change", (e) => { local.coach = e.target.checked; ctx.redraw(); });
  }
  // An ai_step's reply says why the computer played its move (the core's explain, from the public
  // view only): kept until the next one, shown in the coach panel.
  if (v.why && typeof v.why.key === "string") local.why = { desc: v.why, seat: v.why.seat, actions: v.actions };
  else if (local.why && v.actions < local.why.actions) local.why = null; // undone: that move is no longer played
  drawTally(v, ctx);
  drawSheet(v, ctx);
  drawWhy(ctx);
  drawCoach(v, ctx);
}

function drawWhy(ctx) {
  const box = $("#coach-why");
  if (!box) return;
  const why = ctx.local.why;
  if (!why || !ctx.local.coach) { box.hidden = true; box.textContent = ""; return; }
  box.hidden = false;
  box.dataset.key = why.desc.key;
  box.dataset.seat = String(why.seat);
  box.innerHTML = `<span class="pa-last-label">${esc(t("primiera.why.label"))}:</span> ${esc(ctx.say(why.desc))}`;
}

const SUITS = ["S", "H", "D", "C"];
function primieraCell(row, style) {
  if (row.primiera !== null && row.primiera !== undefined) return String(row.primiera);
  const have = new Set((row.primiera_cards || []).map((c) => c.slice(-1)));
  const missing = SUITS.filter((s) => !have.has(s)).map((s) => (style === "italian" ? ITALIAN_SUIT[s] : SUIT_SYMBOL[s]));
  return t("primiera.missing", { suits: missing.join("") });
}

function drawTally(v, ctx) {
  const o = v.observation;
  const style = ctx.settings.suits;
  const tally = o.tally || [];
  // Categories by side (like the round's breakdown), so two to four sides fit a narrow panel.
  /** @type {[string, string, (r: any) => string][]} */
  const rows = [
    ["cards", "primiera.col.cards", (r) => String(r.cards)],
    ["coins", "primiera.col.coins", (r) => String(r.coins)],
    ["settebello", "primiera.col.settebello", (r) => t(r.settebello ? "primiera.yes" : "primiera.no")],
    ["primiera", "primiera.col.primiera", (r) => primieraCell(r, style)],
    ["sweeps", "primiera.col.sweeps", (r) => String(r.sweeps)],
  ];
  $("#pa-tally-body").innerHTML = `<div class="pa-scroll" tabindex="0" role="region" aria-labelledby="tally-title"><table class="across pa-tally-table" id="pa-tally-table">
    <thead><tr><th scope="col">${esc(t("primiera.col.side"))}</th>${tally.map((r) => `<th scope="col" data-seats="${r.seats.join(",")}">${esc(sideName(r.seats, ctx.nameOf))}</th>`).join("")}</tr></thead>
    <tbody>${rows.map(([cat, key, f]) => `<tr data-cat="${cat}"><th scope="row">${esc(t(key))}</th>${tally.map((r) => `<td>${esc(f(r))}</td>`).join("")}</tr>`).join("")}</tbody></table></div>`;
}

function drawSheet(v, ctx) {
  const o = v.observation;
  const sheet = o.sheet || [];
  const seats = Array.from({ length: o.players }, (_, i) => i);
  const head = `<tr><th scope="col">${esc(t("primiera.col.round"))}</th>${seats.map((s) => `<th scope="col">${esc(ctx.nameOf(s))}</th>`).join("")}</tr>`;
  // An extra round (D-PA12: played though the target was reached) is marked as such.
  const body = sheet.map((line) => `<tr ${line.extra ? 'class="pa-extra-line" data-extra' : ""}><th scope="row">${line.round}${line.extra ? ` <span class="badge pa-extra">${esc(t("primiera.sheet.extra"))}</span>` : ""}</th>${line.points.map((p, s) => `<td>+${p} <span class="help">(${line.totals[s]})</span></td>`).join("")}</tr>`).join("");
  // The totals as a chart: one bar per seat, against the target (or the leader).
  const top = Math.max(o.target || 0, ...o.scores, 1);
  const chart = `<ul class="pa-chart" id="pa-chart" aria-label="${esc(t("primiera.chart"))}">${seats.map((s) => `<li data-seat="${s}">
    <span class="pa-chart-name">${esc(ctx.nameOf(s))}</span>
    <span class="pa-chart-track" aria-hidden="true"><span class="pa-chart-bar" style="width:${Math.min(100, Math.round((100 * o.scores[s]) / top))}%"></span></span>
    <span class="pa-chart-n">${esc(t("primiera.score", { n: o.scores[s] }))}</span></li>`).join("")}</ul>`;
  $("#pa-sheet-body").innerHTML = `${o.target ? `<p class="help">${esc(t("primiera.sheet.target", { n: o.target }))}</p>` : ""}${chart}
    ${sheet.length ? `<div class="pa-scroll" tabindex="0" role="region" aria-labelledby="sheet-title"><table class="across" id="pa-sheet-table"><thead>${head}</thead><tbody>${body}</tbody>
    <tfoot><tr><th scope="row">${esc(t("primiera.col.total"))}</th>${o.scores.map((n) => `<td><strong>${n}</strong></td>`).join("")}</tr></tfoot></table></div>`
    : `<p class="help">${esc(t("primiera.sheet.empty"))}</p>`}`;
}

// The coach speaks for the seat on screen only: the worker answers from that seat's observation.
async function drawCoach(v, ctx) {
  const box = $("#coach");
  const local = ctx.local;
  if (!box) return;
  const seq = (local.coachSeq = (local.coachSeq || 0) + 1);
  if (!local.coach) { box.innerHTML = `<p class="help">${esc(t("coach.off"))}</p>`; return; }
  if (v.seat < 0 || v.terminal || v.current !== v.seat || !v.legal.length) { box.innerHTML = `<p class="help">${esc(t("primiera.coach.wait"))}</p>`; return; }
  const key = JSON.stringify([ctx.session, v.seat, v.actions]);
  if (local.coachKey !== key) {
    const answer = await ctx.gameOp("primiera", "coach", { session: ctx.session });
    if (seq !== local.coachSeq || !$("#coach")) return;
    if (!answer.ok) { box.innerHTML = `<p class="help">${esc(ctx.errorText(answer))}</p>`; return; }
    local.coachKey = key;
    local.coachAnswer = answer.result;
  }
  const res = local.coachAnswer;
  if (res.phase === "pick") { box.innerHTML = `<p id="coach-pick">${esc(t("primiera.coach.pick"))}</p>`; return; }
  const style = ctx.settings.suits;
  const sel = local.selected;
  const moves = res.moves.filter((m) => !sel || m.card === sel);
  box.innerHTML = `<ul class="pa-coach" id="coach-moves">${moves.map((m) => coachLine(m, style, ctx)).join("")}</ul>`;
}

/** One legal move in the coach panel: what it gains, what it leaves the next player (exported for tests/js). */
export function coachLine(m, style, ctx) {
  const bits = [];
  if (m.cards) {
    bits.push(t(m.coins ? "primiera.coach.gain" : "primiera.coach.gain.nocoin", { cards: m.cards, coins: m.coins }));
    if (m.settebello) bits.push(t("primiera.coach.sette"));
    // A primiera exists once a side holds every suit: the first time, this move completes it.
    if (m.primiera_after !== m.primiera_before && m.primiera_after !== null) {
      bits.push(m.primiera_before === null || m.primiera_before === undefined
        ? t("primiera.coach.prim.new", { after: m.primiera_after })
        : t("primiera.coach.prim", { before: m.primiera_before, after: m.primiera_after }));
    }
    if (m.sweep) bits.push(t("primiera.coach.sweep"));
  } else bits.push(t("primiera.coach.nothing"));
  const n = m.next;
  if (n) {
    bits.push(n.table.length ? t("primiera.coach.leaves", { sum: n.sum }) : t("primiera.coach.leaves.empty"));
    if (n.sweep_ranks.length && (n.partner || n.sweep_chance > 0)) {
      bits.push(n.partner
        ? t("primiera.coach.partner", { name: ctx.nameOf(n.seat), ranks: rankText(n.sweep_ranks) })
        : t("primiera.coach.risk", { name: ctx.nameOf(n.seat), ranks: rankText(n.sweep_ranks), p: Math.round(n.sweep_chance * 100) }));
    } else if (n.table.length) bits.push(t(n.partner ? "primiera.coach.safe.partner" : "primiera.coach.safe", { name: ctx.nameOf(n.seat) }));
  }
  const p = parse(m.action);
  const what = p.captured.length ? `${shortCard(p.card, style)} × ${p.captured.map((c) => shortCard(c, style)).join(" ")}` : shortCard(p.card, style);
  return `<li data-action="${esc(m.action)}" data-sweep="${m.sweep}"><strong>${esc(what)}</strong>: ${esc(bits.join("; "))}</li>`;
}

// ---------------------------------------------------------------- round end, game end
/** @param {View} v @param {TableContext} ctx @returns {import("../../protocol").RoundEnd | null} */
function roundEnd(v, ctx) {
  const sheet = v.observation.sheet || [];
  const line = sheet[sheet.length - 1];
  if (!line) return null;
  const sides = line.sides.map((s) => ({ label: sideName(s.seats, ctx.nameOf), points: s, counts: s.counts, evidence: s.evidence }));
  const totals = line.totals.map((n, s) => `${ctx.nameOf(s)} ${n}`).join(", ");
  const points = line.sides.map((s) => `${sideName(s.seats, ctx.nameOf)} ${s.total}`).join(", ");
  const on = v.terminal ? null : goesOn(v, ctx);
  const html = `${partnershipLine(v.observation, line)}
    ${line.doubled ? `<p>${esc(t("primiera.roundend.doubled"))}</p>` : ""}
    ${breakdownTable(sides, true, "roundend-table", ctx.settings.suits)}
    <p id="roundend-totals">${esc(t("primiera.roundend.totals", { totals }))}</p>
    ${on ? on.html : ""}`;
  return {
    id: line.round, title: t(line.extra ? "primiera.roundend.title.extra" : "primiera.roundend.title", { n: line.round }), html,
    text: [t("primiera.roundend.text", { n: line.round, points }), on ? on.text : ""].filter(Boolean).join(" "),
    next: t(on ? "primiera.roundend.next.extra" : "primiera.roundend.next"),
  };
}

// Who played with whom this round: said only where partnerships can be (four players); in 2p
// and 3p everyone always plays alone, and the line would say nothing.
function partnershipLine(o, line) {
  if (o.players !== 4) return "";
  return `<p id="roundend-partnership">${esc(t("primiera.roundend.partnership", { partnership: t("primiera.partnership." + line.partnership) }))}</p>`;
}

// Why the game goes on though a player reached the target (the core's why_on, D-PA12): in the
// player's words, with the rule Primi follows there as the rules page shows it.
function goesOn(v, ctx) {
  const why = v.observation.why_on;
  if (!why || typeof why.key !== "string") return null;
  const a = why.args || {};
  let text;
  if (why.key === "primiera.on.extra") {
    const seats = a.seats || [];
    text = t("primiera.on.extra", {
      names: joinAnd(seats.map(ctx.nameOf)), target: a.target,
      totals: seats.map((s, i) => `${ctx.nameOf(s)} ${(a.totals || [])[i]}`).join(", "),
    });
  } else {
    text = t("primiera.on.tie", { sides: joinAnd((a.sides || []).map((side) => sideName(side, ctx.nameOf))), total: a.total, target: a.target });
  }
  const rules = ((ctx.catalogue && ctx.catalogue.primiera_rules) || []).find((r) => r.variant === v.observation.variant);
  const decision = rules && (rules.decisions || []).find((d) => d.id === "D-PA12");
  const html = `<div class="panel pa-goes-on" id="roundend-goes-on" data-why="${esc(why.key)}">
    <p><strong>${esc(t("primiera.on.title"))}</strong> ${esc(text)}</p>
    ${decision ? `<p class="help">${esc(t("primiera.on.rule"))}</p><dl class="decisions"><dt>${esc(decision.id)}</dt><dd>${esc(txDecision(decision.id, decision.text))}</dd></dl>` : ""}
  </div>`;
  return { html, text: `${t("primiera.on.title")} ${text}` };
}

const scoreText = (r, seat) => t("primiera.score", { n: r.scores[seat] });
const endNote = (r) => (r.rounds !== undefined ? t("primiera.end.rounds", { n: r.rounds }) : "");

// Its lessons (learn.js) are downloaded when the Learn page or a lesson opens, not with the table.
const learn = () => fetchModule(() => import("./learn.js"));

/** @type {import("../../protocol").GameModule} */
export default {
  keys,
  name: "primiera",
  drawTable,
  composeActions,
  side,
  roundEnd,
  scoreText,
  endNote,
  dailyOptions: { target: 0, max_rounds: 1 }, // the daily deal (#/daily/primiera) is one round
  describe,
  rules: (game, cat) => rulesSection(game, cat),
  screens: {
    "/primiera/score": (main, params, ctx) => renderScorer(main, params, ctx),
    "/primiera/learn": async (main, params, ctx) => (await learn()).renderLearn(main, params, ctx),
  },
  lessons: async (ctx) => (await learn()).lessonList(ctx),
};
