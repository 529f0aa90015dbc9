// @ts-check
// Primero's game module (see ../index.js for the GameModule interface): the felt, the seats,
// the shown seat's hand, the bet/vie/revie buttons (only legal amounts), the claim composer
// for announcements, discard/trade selection, the RMS draw slots, the coach, the deal-end
// summary, the calculator and Learn-by-example screens and the rules section. Everything is
// drawn from the View the worker returns for the seat on screen, so a card that seat may not
// see never reaches the DOM.
import { $, esc, question } from "../../dom.js";
import { t } from "../../i18n.js";
import { cardArt, cardBackSVG, cardName, cardSVG } from "../../cards.js";
import { renderCalc } from "./calc.js";
import { rulesSection } from "./rules.js";
import { keys } from "./keys.js";
import { cardAction, claimAction, claimAmounts, claimsAt, costOf, discardsOne, KIND_ORDER } from "./actions.js";
import { afterRoundEnd, chips, duration, fly, rectOf, rects, skip, slide } from "../../shell/motion.js";
import { playSound } from "../../shell/sound.js";
import { fetchModule } from "../index.js";

/** @typedef {import("../../protocol").View} View */
/** @typedef {import("../../protocol").TableContext} TableContext */


const backArt = () => cardBackSVG().replace(/ role="img" aria-label="[^"]*"/, ' aria-hidden="true" focusable="false"');
const claimText = (text) => {
  const [kind, points] = text.split(" ");
  return t("primero.claim", { kind: t("primero.kind." + kind), points });
};

// A seat's last action, short (the core's message for it, in its ".short" form).
const shortSaid = (said, ctx) => (said ? ctx.say({ key: said.key + ".short", args: said.args }) : "");

// The one human at the table, who is "You" (null in hot-seat or when only computers play).
const youAt = (ctx) => {
  const humans = ctx.seats.flatMap((k, i) => (k === "human" ? [i] : []));
  return humans.length === 1 ? humans[0] : null;
};

// Whether a rule set breaks ties on the whole hand's total (Northpass): from the catalogue.
function showsTotal(ctx) {
  const r = (ctx.catalogue.primero_rules || []).find((x) => x.variant === ctx.variant.name);
  return !!r && r.ties_on_total === true;
}

// ---------------------------------------------------------------- the table
/** @param {HTMLElement} el @param {View} view @param {TableContext} ctx */
function drawTable(el, view, ctx) {
  if (!$("#felt", el)) {
    el.innerHTML = `
      <div class="seats-bar" id="seats" aria-label="${esc(t("table.seats"))}"></div>
      <div class="felt" id="felt"></div>
      <div class="me" id="me"></div>`;
  }
  const o = view.observation;
  const before = ctx.local.moved ? rects($("#me", el), "[data-card]", "data-card") : new Map();
  drawSeats(o, view, ctx);
  drawFelt(o, view, ctx);
  drawMe(o, view, ctx);
  motion(o, view, ctx, before);
}

// ---------------------------------------------------------------- motion and sound
// What moved since the last view drawn (all of it public, or the shown seat's own hand): the deal,
// chips to the pot, the cards of a draw, the pot to its winner. The DOM is final already; this
// only animates it there (shell/motion.js) and plays the cues (shell/sound.js).
function motion(o, v, ctx, before) {
  const ld = o.last_deal;
  // A new game (no action yet) is dealt before the player's eyes; a resumed one is not.
  const prev = ctx.local.moved || (v.actions === 0 ? { stamp: "", seat: v.seat, deal: null, hand: [], bets: [], won: ld ? ld.deal : null } : null);
  const stamp = `${v.seat}:${v.actions}`;
  ctx.local.moved = {
    stamp, seat: v.seat, deal: o.deal, hand: o.hand || [], bets: o.seats.map((s) => s.bet || 0), won: ld ? ld.deal : null,
  };
  if (!prev || prev.stamp === stamp) return; // a redraw of the same position: nothing moved
  const seatEl = (s) => (s === v.seat ? $("#me .me-head") : document.querySelector(`#seats [data-seat="${s}"]`));
  const stock = rectOf("#felt .stock") || rectOf("#felt");
  const pot = rectOf("#pot");
  const hand = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#my-hand [data-card]"))];
  // A new deal: the shown hand comes from the stock, card by card, and so do the others' backs.
  const deal = () => {
    slide([...document.querySelectorAll("#my-hand [data-card], #seats .mini-back")].map((el) => ({ el, from: rectOf("#felt .stock") || rectOf("#felt"), fade: true })));
    playSound("deal");
  };
  if (ld && ld.deal !== prev.won) {
    // A deal just ended: once its summary is closed, the pot goes to its winners, then the next deal.
    // Whatever still flies (the backs of the last trade, chips) lands now: the fx layer is drawn over
    // every dialog, and the deal's summary opens next (issue 20: card backs over the dialog).
    skip();
    const fx = document.getElementById("fx-layer"); // a finished token leaves on its "finish" event, a task later
    if (fx) fx.replaceChildren();
    const won = ld.won || [];
    afterRoundEnd(() => {
      const from = rectOf("#pot");
      for (const w of won) chips(from, rectOf(seatEl(w.seat)), 4);
      if (won.some((w) => ctx.seats[w.seat] === "human")) playSound("win");
      if (o.deal !== prev.deal) deal();
    }, () => ctx.local.moved && ctx.local.moved.stamp === stamp);
    return;
  }
  if (o.deal !== prev.deal) { deal(); return; }
  // Bets: chips from each seat whose stake grew to the pot.
  let bet = false;
  o.seats.forEach((s, i) => {
    const more = (s.bet || 0) - (prev.bets[i] || 0);
    if (more > 0) { chips(rectOf(seatEl(i)), pot, more); bet = true; }
  });
  if (bet) playSound("bet");
  // Another seat's draw or trade: its cards (backs only) go to the stock and as many come back.
  const backs = (d) => (["primero.act.discard", "primero.act.trade", "primero.act.trade.forced"].includes(d.key) ? (d.args && d.args.n) || 0
    : ["primero.act.discard.one", "primero.act.draw", "primero.act.draw.slot"].includes(d.key) ? 1 : 0);
  for (const d of v.say || []) {
    const n = d && d.seat >= 0 && d.seat !== v.seat ? Math.min(4, backs(d)) : 0;
    const at = n ? rectOf(seatEl(d.seat)) : null;
    for (let i = 0; i < n && at; i++) {
      if (d.key !== "primero.act.draw" && d.key !== "primero.act.draw.slot") fly({ from: at, to: stock, className: "fx-back", delay: i * duration(0.3) });
      if (d.key !== "primero.act.discard.one") fly({ from: stock, to: at, className: "fx-back", delay: duration(1) + i * duration(0.3) });
    }
  }
  // The draw, for the seat on screen (same seat, same deal): discards leave to the stock, new cards come from it.
  if (v.seat >= 0 && prev.seat === v.seat) {
    const now = new Set(o.hand || []);
    const had = new Set(prev.hand);
    const arriving = hand.filter((el) => !had.has(el.dataset.card));
    if (arriving.length || [...had].some((c) => !now.has(c))) {
      for (const [c, { rect, node }] of before) if (!now.has(c)) fly({ from: rect, to: stock, node });
      slide(arriving.map((el) => ({ el, from: stock, fade: true })));
      playSound("deal");
    }
  }
}

function drawSeats(o, v, ctx) {
  const over = v.terminal; // the game is over: no bets, card backs or last deal's words stay on the seats
  $("#seats").innerHTML = o.seats.filter((s) => s.seat !== v.seat).map((s) => {
    if (over) s = { ...s, bet: 0, card_count: 0, last_said: null, last_action: null, folded: false, all_in: false, knocked: false, claim: null };
    const badges = [];
    if (s.seat === o.dealer) badges.push(`<span class="badge">${esc(t("primero.table.dealerbadge"))}</span>`);
    if (s.folded) badges.push(`<span class="badge muted">${esc(t("primero.table.folded"))}</span>`);
    if (s.all_in) badges.push(`<span class="badge">${esc(t("primero.table.allin"))}</span>`);
    if (s.knocked) badges.push(`<span class="badge">${esc(t("primero.table.knocked"))}</span>`);
    if (s.out) badges.push(`<span class="badge muted">${esc(t("primero.table.out"))}</span>`);
    const kind = ctx.seats[s.seat] === "human" ? t("setup.human") : t("level." + ctx.seats[s.seat]);
    return `<div class="seat ${v.current === s.seat ? "to-act" : ""} ${s.folded ? "folded" : ""}" data-seat="${s.seat}" ${s.last_action ? "data-last-play" : ""}>
      <div class="seat-name">${esc(ctx.nameOf(s.seat))} <span class="seat-kind">${esc(kind)}</span></div>
      <div class="seat-chips"><span class="chip-icon" aria-hidden="true"></span><span aria-hidden="true">${s.chips}</span><span class="sr-only">${esc(t("primero.table.chipcount", { n: s.chips }))}</span>${s.bet ? ` · ${esc(t("primero.table.bet", { n: s.bet }))}` : ""}</div>
      <div class="seat-cards" role="img" aria-label="${esc(t("primero.table.cardcount", { n: s.card_count }))}">${Array.from({ length: s.card_count }, () => `<span class="mini-back">${backArt()}</span>`).join("")}</div>
      <div class="seat-last">${s.last_said ? esc(shortSaid(s.last_said, ctx)) : "&nbsp;"}</div>
      <div class="seat-badges">${badges.join("")}${s.claim ? `<span class="badge claim">${esc(claimText(s.claim))}</span>` : ""}</div>
    </div>`;
  }).join("");
}

function drawFelt(o, v, ctx) {
  // Once the game is over, the table says only what still means something: no claim to beat, no
  // forced stake, no stock, no table cards and no side pots (issue 20: "Claim to beat" at the end).
  const over = v.terminal;
  const pots = !over && o.pots && o.pots.length > 1
    ? `<ul class="side-pots">${o.pots.map((p, i) => `<li>${esc(i === 0 ? t("primero.table.mainpot") : t("primero.table.sidepot", { n: i }))}: ${p.amount} (${p.eligible.map((s) => esc(ctx.nameOf(s))).join(", ")})</li>`).join("")}</ul>` : "";
  const slots = o.table_slots ? `<div class="slots" aria-label="${esc(t("primero.table.slots"))}">${Array.from({ length: o.table_slots }, (_, i) => {
    const action = `draw ${i + 1}`;
    return v.legal.includes(action)
      ? `<button type="button" class="card slot-card" data-action="${action}" aria-label="${esc(t("primero.table.slot", { n: i + 1 }))}">${backArt()}</button>`
      : `<span class="card slot-card" aria-hidden="true">${backArt()}</span>`;
  }).join("")}</div>` : "";
  // Over: "Game over · Deal 5" (not "Game over · Deal 5 · The game is over.").
  const turn = over ? "" : (v.current === v.seat ? t("primero.table.yourturn") : t("primero.table.turn", { name: ctx.nameOf(v.current) }));
  $("#felt").innerHTML = `
    <div class="pot" id="pot" data-pot="${o.pot}"><span class="pot-label">${esc(t("primero.table.pot"))}</span> <strong>${o.pot}</strong>${o.carried ? ` <span class="help">${esc(t("primero.table.carried", { n: o.carried }))}</span>` : ""}</div>
    ${pots}
    <div class="phase" id="phase" data-phase="${esc(o.phase)}">${esc(t("primero.phase." + o.phase))} · ${esc(t("primero.table.deal", { n: o.deal }))}${turn ? ` · ${esc(turn)}` : ""}</div>
    ${o.claim && !over ? `<div class="claim">${esc(t("primero.table.claim", { claim: claimText(o.claim) }))}</div>` : ""}
    ${!over && o.forced !== null && o.forced !== undefined && o.forced >= 0 ? `<div class="forced">${esc(t(youAt(ctx) === o.forced ? "primero.table.forced.you" : "primero.table.forced", { name: ctx.nameOf(o.forced) }))}</div>` : ""}
    ${over ? "" : slots}
    ${over ? "" : `<div class="stock help">${esc(t("primero.table.stock", { n: o.stock }))}</div>`}`;
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#felt [data-action]"))) b.addEventListener("click", () => ctx.send(b.dataset.action));
}

function drawMe(o, v, ctx) {
  const box = $("#me");
  if (v.seat < 0 || v.terminal) { // at the end the last deal's hand goes (the deal's summary showed every hand)
    box.innerHTML = v.terminal ? "" : `<p class="help">${esc(t(ctx.seats.includes("human") ? "table.handhidden" : "table.watching"))}</p>`;
    return;
  }
  const local = ctx.local;
  local.selected = (local.selected || []).filter((c) => (o.hand || []).includes(c));
  const me = o.seats[v.seat];
  const hand = o.hand || [];
  const selectable = v.legal.some((a) => /^(discard|trade) \S/.test(a));
  const hv = o.hand_value;
  box.innerHTML = `
    <div class="me-head">
      <strong>${esc(ctx.nameOf(v.seat))}</strong>
      <span><span class="chip-icon" aria-hidden="true"></span>${esc(t("primero.table.chipcount", { n: me.chips }))}${me.bet ? ` · ${esc(t("primero.table.bet", { n: me.bet }))}` : ""}</span>
      ${hv ? `<span class="hand-value" id="my-value" data-kind="${esc(hv.kind)}" data-points="${hv.points}">${esc(t("primero.kind." + hv.kind))} ${hv.points}</span>` : ""}
    </div>
    <div class="hand-row" id="my-hand" role="group" aria-label="${esc(t("primero.table.yourhand"))}">
      ${hand.map((c, i) => selectable
        ? `<button type="button" class="card" data-card="${c}" data-action="pick" aria-pressed="${local.selected.includes(c)}"><span class="sr-only">${esc(cardName(c, ctx.settings.suits))}, ${i + 1} of ${hand.length}</span>${cardArt(c, ctx.cardOpts())}</button>`
        : `<span class="card" data-card="${c}" role="img" aria-label="${esc(cardName(c, ctx.settings.suits))}">${cardArt(c, ctx.cardOpts())}</span>`).join("")}
    </div>`;
  for (const b of box.querySelectorAll("button.card")) {
    b.addEventListener("click", () => {
      const c = b.dataset.card;
      if (v.legal.some((a) => a.startsWith("trade "))) local.trading = `${v.seat}:${v.actions}`; // a tap starts the trade too
      const i = local.selected.indexOf(c);
      if (i >= 0) local.selected.splice(i, 1);
      else if (discardsOne(v.legal)) local.selected = [c]; // one card goes: a new pick replaces the old
      else local.selected.push(c);
      for (const x of box.querySelectorAll("button.card")) x.setAttribute("aria-pressed", String(local.selected.includes(x.dataset.card)));
      ctx.redraw();
    });
  }
}

// ---------------------------------------------------------------- the actions
const chipsText = (n) => t("primero.cost.chips", { n });

// A control's words: what it does and what it costs ("See (2 chips)", "Raise 1 (3 chips)", "Pass (free)").
function actionLabel(action, v) {
  const [verb, x] = action.split(" ");
  const o = v.observation;
  const cost = costOf(action, v);
  const allIn = ["see", "match"].includes(verb) && o.to_call > o.seats[v.seat].chips;
  const base = (allIn ? t("primero.btn.allin", { label: t("primero.verb." + verb) }) : t("primero.verb." + verb)) + (x !== undefined ? ` ${x}` : "");
  if (["pass", "refuse"].includes(verb)) return t("primero.btn.free", { label: base });
  if (verb === "fold") return t("primero.btn.fold");
  if (["vie", "revie", "bet", "raise", "see", "match", "stay"].includes(verb)) return cost ? t("primero.btn.costs", { label: base, cost: chipsText(cost) }) : t("primero.btn.free", { label: base });
  return base;
}

/** @param {HTMLElement} bar @param {View} v @param {TableContext} ctx @param {import("../../protocol").Send} send */
function composeActions(bar, v, ctx, send) {
  const legal = v.legal;
  const selected = ctx.local.selected || [];
  const parts = [];
  const used = new Set();
  // Card choices: discard / trade composed from the selected cards.
  const cardVerb = ["discard", "trade"].find((verb) => legal.some((a) => a === verb || a.startsWith(verb + " ")));
  // Northpass and Suzuki: passing is trading 1 or 2 cards. "Pass & trade…" starts it (first in the
  // bar, key P); then the player picks the cards and confirms, or goes back to betting (issue 20:
  // a pass that was only a sentence, and no control at all once trading was the only move).
  const stamp = `${v.seat}:${v.actions}`;
  const trading = cardVerb === "trade" && (selected.length > 0 || ctx.local.trading === stamp);
  if (cardVerb && !legal.includes("draw") && !legal.some((a) => a.startsWith("draw "))) {
    const text = cardAction(cardVerb, selected);
    const ok = legal.includes(text);
    const one = cardVerb === "discard" && discardsOne(legal);
    const stake = cardVerb === "trade" ? costOf("trade", v) : 0;
    // Once no higher claim is left, trading is the only move ("or" would mislead; no way back).
    const onlyTrade = cardVerb === "trade" && legal.every((a) => a.startsWith("trade"));
    if (cardVerb === "trade" && !trading) {
      // The bar's main control (Enter) only when trading is the only move: else Enter still announces.
      parts.push(`<button type="button" class="btn" ${onlyTrade ? "data-primary" : ""} data-trade-start aria-keyshortcuts="P">${esc(stake ? t("primero.btn.tradestart.stake", { cost: chipsText(stake) }) : t("primero.btn.tradestart"))}</button>`);
      if (onlyTrade) parts.push(`<span class="help" id="card-hint">${esc(t("primero.hint.trade.only"))}</span>`);
    } else if (cardVerb === "trade") {
      // Picking: the confirm comes with the first card (never a disabled "Pass and trade 0").
      const label = stake ? t("primero.btn.trade.stake", { n: selected.length, cost: chipsText(stake) }) : t("primero.btn.trade", { n: selected.length });
      if (selected.length) parts.push(`<button type="button" class="btn" data-primary data-action="${esc(text)}" ${ok ? "" : "disabled aria-disabled=\"true\""}>${esc(label)}</button>`);
      if (!ok) parts.push(`<span class="help" id="card-hint">${esc(t(onlyTrade ? "primero.hint.trade.only" : "primero.hint.trade.pick"))}</span>`);
      if (!onlyTrade) parts.push(`<button type="button" class="btn secondary" data-trade-back>${esc(t("primero.btn.trade.back"))}</button>`);
    } else {
      const label = one ? t("primero.btn.discard.one") : (selected.length ? t("primero.btn.discard", { n: selected.length }) : t("primero.btn.keep"));
      // Nothing picked yet: the draw says cards can be tapped ("or keep all").
      parts.push(`<button type="button" class="btn" data-primary data-action="${esc(text)}" ${ok ? "" : "disabled aria-disabled=\"true\""}>${esc(label)}</button>`);
      if (!ok || one || !selected.length) parts.push(`<span class="help" id="card-hint">${esc(t(one ? "primero.hint.discard.one" : "primero.hint.discard"))}</span>`);
    }
    legal.filter((a) => a === cardVerb || a.startsWith(cardVerb + " ")).forEach((a) => used.add(a));
  }
  // While trading, the bets wait behind "Back to betting": one decision at a time.
  if (trading) legal.forEach((a) => used.add(a));
  // Claims: amount + announced hand (Italian vies, Northpass/Suzuki bets).
  const claimActs = legal.filter((a) => !used.has(a) && a.split(" ").length === 4);
  if (claimActs.length) {
    claimActs.forEach((a) => used.add(a));
    parts.push(claimComposer(claimActs));
  }
  // Numbered bets: one button per legal amount.
  const groups = new Map();
  for (const a of legal) {
    if (used.has(a)) continue;
    const w = a.split(" ");
    if (w.length === 2 && /^\d+$/.test(w[1]) && w[0] !== "draw") {
      if (!groups.has(w[0])) groups.set(w[0], []);
      groups.get(w[0]).push(a);
      used.add(a);
    }
  }
  const simple = legal.filter((a) => !used.has(a) && !a.startsWith("draw ") && a !== "fold");
  for (const a of simple) parts.push(`<button type="button" class="btn secondary" data-action="${esc(a)}">${esc(actionLabel(a, v))}</button>`);
  for (const [verb, acts] of groups) {
    parts.push(`<span class="bet-group" role="group" aria-label="${esc(t("primero.verb." + verb))}">${acts.map((a) => `<button type="button" class="btn" data-action="${esc(a)}">${esc(actionLabel(a, v))}</button>`).join("")}</span>`);
  }
  if (legal.includes("fold")) parts.push(`<span class="spacer"></span><button type="button" class="btn danger" data-action="fold">${esc(actionLabel("fold", v))}</button>`);
  if (legal.some((a) => a.startsWith("draw ")) && !parts.length) parts.push(`<span class="help">${esc(t("primero.hint.slots"))}</span>`);
  else if (legal.some((a) => a.startsWith("draw "))) parts.unshift(`<span class="help">${esc(t("primero.hint.slots"))}</span>`);
  closeFoldAsk();
  bar.innerHTML = parts.join("");
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (bar.querySelectorAll("button[data-action]"))) {
    if (b.id === "claim-go") continue;
    b.addEventListener("click", () => {
      const a = b.dataset.action;
      const free = freeStay(v);
      if (a === "fold" && free) { askFold(b, free, send); return; }
      send(a);
    });
  }
  const start = /** @type {HTMLButtonElement | null} */ (bar.querySelector("[data-trade-start]"));
  if (start) start.addEventListener("click", () => {
    ctx.local.trading = stamp;
    ctx.redraw();
    const card = /** @type {HTMLElement | null} */ (document.querySelector('#my-hand button.card[tabindex="0"]') || document.querySelector("#my-hand button.card"));
    if (card) card.focus();
    ctx.announce(t("primero.hint.trade.pick"));
  });
  const back = /** @type {HTMLButtonElement | null} */ (bar.querySelector("[data-trade-back]"));
  if (back) back.addEventListener("click", () => {
    ctx.local.trading = null;
    ctx.local.selected = [];
    for (const x of document.querySelectorAll("#my-hand button.card")) x.setAttribute("aria-pressed", "false");
    ctx.redraw();
    const first = /** @type {HTMLElement | null} */ (bar.querySelector("[data-primary], button, select"));
    if (first) first.focus();
  });
  const composer = $("#claim-composer", bar);
  if (composer) wireComposer(composer, claimActs, v, send);
}

// ---------------------------------------------------------------- folding when staying in is free
// A fold while a pass (or a see of nothing) is free gives up the deal for no saving: legal in the
// rules (Waks: "Fold: give up", at any turn but the forced see, D-WB3), so it is played, but only
// once the player has seen why it is a poor move. The question is the page's own dialog: a native
// confirm() is dismissed unseen by some browsers and every automated one, and then Fold, Enter and
// F did nothing (issue 20). Fold anyway / Pass (or See) instead / Cancel (Esc); focus starts on
// Cancel, the choice that plays nothing.

/** The free way to stay in ("pass", or "see" with nothing to meet), or null when staying costs. */
function freeStay(v) {
  if (v.legal.includes("pass")) return "pass";
  if (v.legal.includes("see") && (v.observation.to_call || 0) === 0) return "see";
  return null;
}

function closeFoldAsk() {
  const box = document.getElementById("fold-ask");
  if (box) box.remove();
}

async function askFold(foldButton, free, send) {
  closeFoldAsk();
  const action = await question({ id: "fold-ask", className: "fold-ask", back: foldButton, parent: document.getElementById("screen-table") || undefined,
    title: t("primero.foldask.title." + free), text: t("primero.foldask.text." + free), buttons: [
      { id: "fold", label: t("primero.foldask.fold"), cls: "danger", value: "fold" },
      { id: "stay", label: t("primero.foldask.stay." + free), cls: "", value: free },
      { id: "cancel", label: t("primero.foldask.cancel"), cls: "secondary", value: null, focus: true, escape: true },
    ] });
  if (action) send(action);
}

function claimComposer(acts) {
  const amounts = claimAmounts(acts);
  const verb = acts[0].split(" ")[0];
  return `<span class="claim-composer row" id="claim-composer">
    <label>${esc(t("primero.composer.amount"))} <select id="claim-amount">${amounts.map((n) => `<option>${n}</option>`).join("")}</select></label>
    <label>${esc(t("primero.composer.claim"))} <select id="claim-hand"></select></label>
    <button type="button" class="btn" id="claim-go" data-confirm data-action="">${esc(t("primero.verb." + verb))}</button>
    <span class="help" id="claim-note" aria-live="polite"></span>
  </span>`;
}

function wireComposer(box, acts, v, send) {
  const amountSel = $("#claim-amount", box);
  const handSel = $("#claim-hand", box);
  const go = $("#claim-go", box);
  const verb = acts[0].split(" ")[0];
  const hv = v.observation.hand_value;
  // A claim above the hand held is a bluff: said so before it is sent (Italian vies, Northpass bets).
  const backs = (value) => {
    if (!hv) return true;
    const [k, p] = value.split(" ");
    const d = KIND_ORDER.indexOf(k) - KIND_ORDER.indexOf(hv.kind);
    return d < 0 || (d === 0 && Number(p) <= hv.points);
  };
  const update = () => {
    go.dataset.action = claimAction(verb, amountSel.value, handSel.value);
    const bluff = !backs(handSel.value);
    go.toggleAttribute("data-bluff", bluff);
    go.classList.toggle("bluff", bluff);
    $("#claim-note", box).textContent = bluff ? t("primero.composer.bluff", { kind: t("primero.kind." + hv.kind), points: hv.points }) : "";
    const claim = handSel.selectedOptions[0] ? handSel.selectedOptions[0].textContent : "";
    go.textContent = t("primero.btn.claim", { label: `${t("primero.verb." + verb)} ${amountSel.value}`, claim, cost: chipsText(costOf(go.dataset.action, v)) });
  };
  const fill = () => {
    const n = amountSel.value;
    const claims = claimsAt(acts, n);
    const prev = handSel.value;
    handSel.innerHTML = claims.map(([k, p]) => `<option value="${k} ${p}">${esc(t(backs(`${k} ${p}`) ? "primero.composer.option" : "primero.composer.option.bluff", { kind: t("primero.kind." + k), points: p }))}</option>`).join("");
    // Default to the honest claim when it is legal, else the smallest legal claim.
    const honest = hv ? `${hv.kind} ${hv.points}` : "";
    if (claims.some(([k, p]) => `${k} ${p}` === prev)) handSel.value = prev;
    else if (claims.some(([k, p]) => `${k} ${p}` === honest)) handSel.value = honest;
    update();
  };
  amountSel.addEventListener("change", fill);
  handSel.addEventListener("change", update);
  go.addEventListener("click", () => send(go.dataset.action));
  fill();
}

// ---------------------------------------------------------------- the coach
/** @param {HTMLElement} el @param {View} v @param {TableContext} ctx */
function side(el, v, ctx) {
  const local = ctx.local;
  if (local.coach === undefined) local.coach = true;
  if (!$("#coach-panel", el)) {
    el.innerHTML = `
      <section class="panel coach" id="coach-panel" aria-labelledby="coach-title">
        <div class="row"><h2 id="coach-title">${esc(t("coach.title"))}</h2>
        <label class="check"><input type="checkbox" id="coach-on" ${local.coach ? "checked" : ""}> ${esc(t("coach.on"))}</label></div>
        <div id="coach"></div>
      </section>`;
    $("#coach-on", el).addEventListener("change", (e) => { local.coach = e.target.checked; ctx.redraw(); });
  }
  drawCoach(v, ctx);
}

// The coach speaks for the seat on screen only: the worker answers from that seat's observation.
async function drawCoach(v, ctx) {
  const box = $("#coach");
  const local = ctx.local;
  if (!box) return;
  if (!local.coach || v.seat < 0 || v.terminal || !v.observation.hand) { local.coachSeq = (local.coachSeq || 0) + 1; box.innerHTML = `<p class="help">${esc(t("coach.off"))}</p>`; return; }
  // The odds depend only on the hand and the cards considered: a move that changes neither
  // (a bet, a pass) costs no call.
  const key = JSON.stringify([v.seat, v.observation.phase, v.observation.hand, [...(local.selected || [])].sort()]);
  const seq = (local.coachSeq = (local.coachSeq || 0) + 1);
  if (local.coachKey !== key) {
    const answer = await ctx.gameOp("primero", "coach", { session: ctx.session, discard: local.selected || [] });
    if (seq !== local.coachSeq || !$("#coach")) return;
    if (!answer.ok) { box.innerHTML = `<p class="help">${esc(ctx.errorText(answer))}</p>`; return; }
    local.coachKey = key;
    local.coachAnswer = answer.result;
  }
  const { value, outlook, choices, rank } = local.coachAnswer;
  const name = (c) => cardName(c, ctx.settings.suits);
  // With a card choice open (a draw, a trade, a discard) the coach weighs it; otherwise (no draw
  // left, or none now) it says how the hand stands among the hands an opponent could hold.
  const choosing = v.legal.some((a) => /^(discard|trade)\b/.test(a));
  const pct = (p) => (p * 100).toFixed(1);
  const kindsList = (o) => `<ul class="coach-kinds inline" id="coach-kinds">${Object.entries(o.kinds).filter(([, p]) => p > 0)
    .map(([k, p]) => `<li>${esc(t("primero.kind." + k))}: ${pct(p)}%</li>`).join("")}</ul>`;
  const howSure = (o) => `<p class="help">${esc(t(o.exact ? "primero.coach.exact" : "primero.coach.sampled", { n: o.outcomes }))}</p>`;
  const rankHtml = rank ? `<p id="coach-rank" data-beats="${rank.beats}">${esc(t("primero.coach.rank", { p: pct(rank.beats) }))}</p>
      <p class="help">${esc(t(rank.exact ? "primero.coach.rank.exact" : "primero.coach.rank.sampled", { n: rank.outcomes }))}</p>` : "";
  const held = v.observation.hand || [];
  let html = value ? `<p id="coach-value">${esc(t("primero.coach.value", { kind: t("primero.kind." + value.kind), points: value.points }))}</p>` : "";
  if (choices) {
    const picked = (local.selected || [])[0];
    html += `<p id="coach-choices-title">${esc(t("primero.coach.choices"))}</p><ol class="coach-kinds" id="coach-choices">${choices.map((c) => `<li data-card="${esc(c.card)}"${c.card === picked ? ' aria-current="true" class="picked"' : ""}>${esc(t("primero.coach.choice", { card: name(c.card), kind: t("primero.kind." + c.kind), points: c.points }))}</li>`).join("")}</ol>`;
  } else if (outlook && choosing && outlook.discard.length) {
    // One statement about one draw: how often it beats, matches or spoils the hand held now (a lower
    // Primero is worse though its kind stays), then the hands it can end with. Two bare figures side
    // by side ("16.7% chance to improve" beside "Primero 25%") read as a contradiction (issue 20).
    const cards = outlook.discard.map(name).join(", ");
    const odds = outlook.p_improve !== null && outlook.p_worse !== null && value
      ? t("primero.coach.odds", { cards, kind: t("primero.kind." + value.kind), points: value.points,
        better: pct(outlook.p_improve), worse: pct(outlook.p_worse), same: pct(Math.max(0, 1 - outlook.p_improve - outlook.p_worse)) })
      : t("primero.coach.ifdiscard", { cards });
    html += `<p id="coach-outlook" data-p-improve="${outlook.p_improve ?? ""}" data-p-worse="${outlook.p_worse ?? ""}">${esc(odds)}</p>
      <p id="coach-kinds-title">${esc(t("primero.coach.endwith"))}</p>${kindsList(outlook)}${howSure(outlook)}`;
  } else if (outlook && choosing && outlook.p_improve === null) {
    // Fewer than four cards at the draw (Waks): keeping them all still draws the rest (the bar's
    // hint already says cards can be tapped; the panel keeps within its height, the log stays put).
    html += `<p id="coach-outlook" data-p-improve="">${esc(t("primero.coach.ifkeep"))}</p>${kindsList(outlook)}${howSure(outlook)}`;
  } else if (choosing) {
    // Four cards and a trade or a draw on offer: the hand's standing, and how to weigh a trade.
    html += `${rankHtml}<p class="help" id="coach-pick">${esc(t("primero.coach.pick"))}</p>`;
  } else if (rank) {
    html += rankHtml;
  } else if (outlook && held.length < 4) {
    // The first betting round, two cards of four: what the four can become if both are kept.
    html += `<p id="coach-early">${esc(t("primero.coach.early", { n: 4 - held.length }))}</p>${kindsList(outlook)}${howSure(outlook)}`;
  }
  box.innerHTML = html;
}

// ---------------------------------------------------------------- deal end, game end, log
/** @param {View} v @param {TableContext} ctx @returns {import("../../protocol").RoundEnd | null} */
function roundEnd(v, ctx) {
  const ld = v.observation.last_deal;
  if (!ld) return null;
  // P-END: a swig or an unclaimed pot in the last deal is paid out, not carried (the won line says to whom)
  const paidOut = v.terminal && (ld.how === "swig" || ld.how === "unclaimed");
  const how = t("primero.dealend." + ld.how + (paidOut ? ".end" : ""));
  const humans = ctx.seats.flatMap((k, i) => (k === "human" ? [i] : []));
  const you = humans.length === 1 ? humans[0] : null;
  const won = (ld.won || []).map((w) => t(w.seat === you ? "primero.dealend.won.you" : "primero.dealend.won", { name: ctx.nameOf(w.seat), n: w.amount })).join(" ");
  const total = showsTotal(ctx);
  const shown = (ld.shown || []).map((h, i) => `
    <div class="shown" data-seat="${h.seat}">
      <div><strong>${esc(ctx.nameOf(h.seat))}</strong>: ${esc(t("primero.kind." + h.kind))} ${h.points}${total && h.total !== undefined && h.total !== null ? ` (${esc(t("primero.calc.total", { total: h.total }))})` : ""}</div>
      <div class="hand-row small">${h.cards.map((c) => {
        const counts = ((ld.counting || [])[i] || []).includes(c);
        const label = cardName(c, ctx.settings.suits) + (counts ? `, ${t("primero.dealend.counts")}` : "");
        return `<span class="card${counts ? " counting" : ""}" role="img" aria-label="${esc(label)}"${counts ? " data-counting" : ""}>${cardArt(c, ctx.cardOpts())}</span>`;
      }).join("")}</div>
    </div>`).join("");
  // Why the best hand won ("Fluxus beats Primero, whatever the points"): the core's message.
  const why = ld.why ? ctx.say(ld.why) : "";
  // Out of chips (every human at the table): watch the rest at speed, or see the result now.
  const seats = v.observation.seats || [];
  const bust = !v.terminal && humans.length > 0 && humans.every((h) => seats[h] && seats[h].chips === 0);
  const bustHtml = bust ? `<div id="dealend-bust"><p>${esc(t(you !== null ? "primero.dealend.bust.you" : "primero.dealend.bust"))}</p>
    <p class="row"><button type="button" class="btn secondary" data-autoplay="fast" id="bust-watch">${esc(t("primero.dealend.watch"))}</button>
    <button type="button" class="btn secondary" data-autoplay="now" id="bust-now">${esc(t("primero.dealend.now"))}</button></p></div>` : "";
  return {
    id: ld.deal,
    title: t("primero.dealend.title", { n: ld.deal }),
    html: `<p>${esc(how)}</p>${shown}${why ? `<p id="dealend-why">${esc(why)}</p><p class="help">${esc(t("primero.dealend.counting"))}</p>` : ""}<p id="dealend-won">${esc(won)}</p>${ld.carried ? `<p>${esc(t("primero.table.carried", { n: ld.carried }))}</p>` : ""}${bustHtml}`,
    text: `${how} ${why} ${won}`,
    next: t("dealend.next"),
  };
}

const scoreText = (r, seat) => `${t("primero.table.chipcount", { n: r.scores[seat] })}${r.chips ? ` (${r.chips[seat] >= 0 ? "+" : ""}${r.chips[seat]})` : ""}`;
const endNote = (r) => (r.deals !== undefined ? t("primero.end.deals", { n: r.deals }) : "");
const logTag = (e) => (e.deal ? String(e.deal) : "");

// ---------------------------------------------------------------- home, rules and extra screens
// Its lessons (learn.js) are downloaded when the Learn page or a lesson opens, not with the table.
const learn = () => fetchModule(() => import("./learn.js"));
const learnCtx = (ctx) => ({ ...ctx, cardSVG, cardName });

/** @type {import("../../protocol").GameModule} */
export default {
  keys,
  name: "primero",
  drawTable,
  composeActions,
  side,
  roundEnd,
  scoreText,
  endNote,
  dailyOptions: { deals: 1 }, // the daily deal (#/daily/primero) is one deal
  logTag,
  rules: (game, cat) => rulesSection(game, cat),
  screens: {
    "/calc": (main, params, ctx) => renderCalc(main, params, ctx),
    "/learn": async (main, params, ctx) => (await learn()).renderLearn(main, params, learnCtx(ctx)),
  },
  lessons: async (ctx) => (await learn()).lessonList(learnCtx(ctx)),
};
