// Primero's game module (see ../index.js for the GameModule interface): the felt, the seats,
// the shown seat's hand, the bet/vie/revie buttons (only legal amounts), the claim composer
// for announcements, discard/trade selection, the RMS draw slots, the coach, the deal-end
// summary, the calculator and Learn-by-example screens and the rules section. Everything is
// drawn from the View the worker returns for the seat on screen, so a card that seat may not
// see never reaches the DOM.
import { $, esc } from "../../dom.js";
import { t } from "../../i18n.js";
import { cardArt, cardBackSVG, cardName, cardSVG } from "../../cards.js";
import { renderCalc } from "./calc.js";
import { renderLearn } from "./learn.js";
import { rulesSection } from "./rules.js";

const backArt = () => cardBackSVG().replace(/ role="img" aria-label="[^"]*"/, ' aria-hidden="true" focusable="false"');
const KIND_ORDER = ["numerus", "primero", "supremus", "punto", "fluxus", "chorus"];
// Order of cards in canonical text: A..K then S H D C (the core's sort_cards).
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["S", "H", "D", "C"];
const canonical = (cards) => {
  const key = (c) => RANKS.indexOf(c.slice(0, -1)) * 4 + SUITS.indexOf(c.slice(-1));
  return [...cards].sort((a, b) => key(a) - key(b));
};
const claimText = (text) => {
  const [kind, points] = text.split(" ");
  return t("claim", { kind: t("kind." + kind), points });
};

function shortAction(a) {
  const [verb, ...rest] = a.split(" ");
  const label = t("verb." + verb);
  if (verb === "discard" || verb === "trade") return `${label} ${rest.length === 1 && /^\d+$/.test(rest[0]) ? rest[0] : rest.length}`;
  if (rest.length > 1) return `${label} ${rest[0]}`; // the claim shows in its own badge
  return rest.length ? `${label} ${rest[0]}` : label;
}

// Whether a rule set breaks ties on the whole hand's total (Northpass): from the catalogue.
function showsTotal(ctx) {
  const r = (ctx.catalogue.primero_rules || []).find((x) => x.variant === ctx.variant.name);
  return !!r && r.hands === "northpass";
}

// ---------------------------------------------------------------- the table
function drawTable(el, view, ctx) {
  if (!$("#felt", el)) {
    el.innerHTML = `
      <div class="seats-bar" id="seats" aria-label="${esc(t("table.seats"))}"></div>
      <div class="felt" id="felt"></div>
      <div class="me" id="me"></div>`;
  }
  const o = view.observation;
  drawSeats(o, view, ctx);
  drawFelt(o, view, ctx);
  drawMe(o, view, ctx);
}

function drawSeats(o, v, ctx) {
  $("#seats").innerHTML = o.seats.filter((s) => s.seat !== v.seat).map((s) => {
    const badges = [];
    if (s.seat === o.dealer) badges.push(`<span class="badge">${esc(t("table.dealerbadge"))}</span>`);
    if (s.folded) badges.push(`<span class="badge muted">${esc(t("table.folded"))}</span>`);
    if (s.all_in) badges.push(`<span class="badge">${esc(t("table.allin"))}</span>`);
    if (s.knocked) badges.push(`<span class="badge">${esc(t("table.knocked"))}</span>`);
    if (s.out) badges.push(`<span class="badge muted">${esc(t("table.out"))}</span>`);
    const kind = ctx.seats[s.seat] === "human" ? t("setup.human") : t("level." + ctx.seats[s.seat]);
    return `<div class="seat ${v.current === s.seat ? "to-act" : ""} ${s.folded ? "folded" : ""}" data-seat="${s.seat}" ${s.last_action ? "data-last-play" : ""}>
      <div class="seat-name">${esc(ctx.nameOf(s.seat))} <span class="seat-kind">${esc(kind)}</span></div>
      <div class="seat-chips"><span class="chip-icon" aria-hidden="true"></span>${s.chips} <span class="sr-only">${esc(t("table.chips"))}</span>${s.bet ? ` · ${esc(t("table.bet", { n: s.bet }))}` : ""}</div>
      <div class="seat-cards" role="img" aria-label="${esc(t("table.cardcount", { n: s.card_count }))}">${Array.from({ length: s.card_count }, () => `<span class="mini-back">${backArt()}</span>`).join("")}</div>
      <div class="seat-last">${s.last_action ? esc(shortAction(s.last_action)) : "&nbsp;"}</div>
      <div class="seat-badges">${badges.join("")}${s.claim ? `<span class="badge claim">${esc(claimText(s.claim))}</span>` : ""}</div>
    </div>`;
  }).join("");
}

function drawFelt(o, v, ctx) {
  const pots = o.pots && o.pots.length > 1
    ? `<ul class="side-pots">${o.pots.map((p, i) => `<li>${esc(i === 0 ? t("table.mainpot") : t("table.sidepot", { n: i }))}: ${p.amount} (${p.eligible.map((s) => esc(ctx.nameOf(s))).join(", ")})</li>`).join("")}</ul>` : "";
  const slots = o.table_slots ? `<div class="slots" aria-label="${esc(t("table.slots"))}">${Array.from({ length: o.table_slots }, (_, i) => {
    const action = `draw ${i + 1}`;
    return v.legal.includes(action)
      ? `<button type="button" class="card slot-card" data-action="${action}" aria-label="${esc(t("table.slot", { n: i + 1 }))}">${backArt()}</button>`
      : `<span class="card slot-card" aria-hidden="true">${backArt()}</span>`;
  }).join("")}</div>` : "";
  const turn = v.terminal ? t("table.over") : (v.current === v.seat ? t("table.yourturn") : t("table.turn", { name: ctx.nameOf(v.current) }));
  $("#felt").innerHTML = `
    <div class="pot" id="pot" data-pot="${o.pot}"><span class="pot-label">${esc(t("table.pot"))}</span> <strong>${o.pot}</strong>${o.carried ? ` <span class="help">${esc(t("table.carried", { n: o.carried }))}</span>` : ""}</div>
    ${pots}
    <div class="phase" id="phase" data-phase="${esc(o.phase)}">${esc(t("phase." + o.phase))} · ${esc(t("table.deal", { n: o.deal }))} · ${esc(turn)}</div>
    ${o.claim ? `<div class="claim">${esc(t("table.claim", { claim: claimText(o.claim) }))}</div>` : ""}
    ${o.forced !== null && o.forced !== undefined && o.forced >= 0 ? `<div class="forced">${esc(t("table.forced", { name: ctx.nameOf(o.forced) }))}</div>` : ""}
    ${slots}
    <div class="stock help">${esc(t("table.stock", { n: o.stock }))}</div>`;
  for (const b of document.querySelectorAll("#felt [data-action]")) b.addEventListener("click", () => ctx.send(b.dataset.action));
}

function drawMe(o, v, ctx) {
  const box = $("#me");
  if (v.seat < 0) {
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
      <span><span class="chip-icon" aria-hidden="true"></span>${me.chips} ${esc(t("table.chips"))}${me.bet ? ` · ${esc(t("table.bet", { n: me.bet }))}` : ""}</span>
      ${hv ? `<span class="hand-value" id="my-value" data-kind="${esc(hv.kind)}" data-points="${hv.points}">${esc(t("kind." + hv.kind))} ${hv.points}</span>` : ""}
    </div>
    <div class="hand-row" id="my-hand" role="group" aria-label="${esc(t("table.yourhand"))}">
      ${hand.map((c, i) => selectable
        ? `<button type="button" class="card" data-card="${c}" aria-pressed="${local.selected.includes(c)}"><span class="sr-only">${esc(cardName(c, ctx.settings.suits))}, ${i + 1} of ${hand.length}</span>${cardArt(c, ctx.cardOpts())}</button>`
        : `<span class="card" role="img" aria-label="${esc(cardName(c, ctx.settings.suits))}">${cardArt(c, ctx.cardOpts())}</span>`).join("")}
    </div>`;
  for (const b of box.querySelectorAll("button.card")) {
    b.addEventListener("click", () => {
      const c = b.dataset.card;
      const i = local.selected.indexOf(c);
      if (i >= 0) local.selected.splice(i, 1); else local.selected.push(c);
      b.setAttribute("aria-pressed", String(local.selected.includes(c)));
      ctx.redraw();
    });
  }
}

// ---------------------------------------------------------------- the actions
function composeActions(bar, v, ctx, send) {
  const legal = v.legal;
  const selected = ctx.local.selected || [];
  const parts = [];
  const used = new Set();
  // Card choices: discard / trade composed from the selected cards.
  const cardVerb = ["discard", "trade"].find((verb) => legal.some((a) => a === verb || a.startsWith(verb + " ")));
  if (cardVerb && !legal.includes("draw") && !legal.some((a) => a.startsWith("draw "))) {
    const text = selected.length ? `${cardVerb} ${canonical(selected).join(" ")}` : cardVerb;
    const ok = legal.includes(text);
    const label = cardVerb === "trade"
      ? t("btn.trade", { n: selected.length })
      : (selected.length ? t("btn.discard", { n: selected.length }) : t("btn.keep"));
    parts.push(`<button type="button" class="btn" data-primary data-action="${esc(text)}" ${ok ? "" : "disabled aria-disabled=\"true\""}>${esc(label)}</button>`);
    if (!ok) parts.push(`<span class="help">${esc(cardVerb === "trade" ? t("hint.trade") : t("hint.discard"))}</span>`);
    legal.filter((a) => a === cardVerb || a.startsWith(cardVerb + " ")).forEach((a) => used.add(a));
  }
  // Claims: amount + announced hand (Italian vies, Northpass/Suzuki bets).
  const claimActs = legal.filter((a) => a.split(" ").length === 4);
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
  for (const a of simple) parts.push(`<button type="button" class="btn secondary" data-action="${esc(a)}">${esc(t("verb." + a.split(" ")[0]))}</button>`);
  for (const [verb, acts] of groups) {
    parts.push(`<span class="bet-group" role="group" aria-label="${esc(t("verb." + verb))}">${acts.map((a) => `<button type="button" class="btn" data-action="${esc(a)}">${esc(t("verb." + verb))} ${esc(a.split(" ")[1])}</button>`).join("")}</span>`);
  }
  if (legal.includes("fold")) parts.push(`<span class="spacer"></span><button type="button" class="btn danger" data-action="fold">${esc(t("verb.fold"))}</button>`);
  if (legal.some((a) => a.startsWith("draw ")) && !parts.length) parts.push(`<span class="help">${esc(t("hint.slots"))}</span>`);
  else if (legal.some((a) => a.startsWith("draw "))) parts.unshift(`<span class="help">${esc(t("hint.slots"))}</span>`);
  bar.innerHTML = parts.join("");
  for (const b of bar.querySelectorAll("button[data-action]")) {
    if (b.id === "claim-go") continue;
    b.addEventListener("click", () => {
      const a = b.dataset.action;
      if (a === "fold" && (legal.includes("pass") || (legal.includes("see") && v.observation.to_call === 0))) {
        if (!confirm(t("confirm.fold"))) return;
      }
      send(a);
    });
  }
  const composer = $("#claim-composer", bar);
  if (composer) wireComposer(composer, claimActs, v, send);
}

function claimComposer(acts) {
  const amounts = [...new Set(acts.map((a) => Number(a.split(" ")[1])))].sort((a, b) => a - b);
  const verb = acts[0].split(" ")[0];
  return `<span class="claim-composer row" id="claim-composer">
    <label>${esc(t("composer.amount"))} <select id="claim-amount">${amounts.map((n) => `<option>${n}</option>`).join("")}</select></label>
    <label>${esc(t("composer.claim"))} <select id="claim-hand"></select></label>
    <button type="button" class="btn" id="claim-go" data-action="">${esc(t("verb." + verb))}</button>
  </span>`;
}

function wireComposer(box, acts, v, send) {
  const amountSel = $("#claim-amount", box);
  const handSel = $("#claim-hand", box);
  const go = $("#claim-go", box);
  const verb = acts[0].split(" ")[0];
  const hv = v.observation.hand_value;
  const update = () => {
    go.dataset.action = `${verb} ${amountSel.value} ${handSel.value}`;
    go.textContent = `${t("verb." + verb)} ${amountSel.value} · ${handSel.selectedOptions[0] ? handSel.selectedOptions[0].textContent : ""}`;
  };
  const fill = () => {
    const n = amountSel.value;
    const claims = acts.filter((a) => a.split(" ")[1] === n).map((a) => a.split(" ").slice(2));
    claims.sort((a, b) => (KIND_ORDER.indexOf(a[0]) - KIND_ORDER.indexOf(b[0])) || (Number(a[1]) - Number(b[1])));
    const prev = handSel.value;
    handSel.innerHTML = claims.map(([k, p]) => `<option value="${k} ${p}">${esc(t("kind." + k))} ${p}</option>`).join("");
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
  const { value, outlook } = local.coachAnswer;
  const rows = outlook ? Object.entries(outlook.kinds).filter(([, p]) => p > 0).map(([k, p]) => `<li>${esc(t("kind." + k))}: ${(p * 100).toFixed(1)}%</li>`).join("") : "";
  box.innerHTML = `
    ${value ? `<p id="coach-value">${esc(t("coach.value", { kind: t("kind." + value.kind), points: value.points }))}</p>` : ""}
    ${outlook ? `<p id="coach-outlook" data-p-improve="${outlook.p_improve ?? ""}">${esc(outlook.discard.length ? t("coach.ifdiscard", { cards: outlook.discard.map((c) => cardName(c, ctx.settings.suits)).join(", ") }) : t("coach.ifkeep"))}
      ${outlook.p_improve !== null ? ` ${esc(t("coach.improve", { p: (outlook.p_improve * 100).toFixed(1) }))}` : ""}</p>
      <ul class="coach-kinds">${rows}</ul>
      <p class="help">${esc(t(outlook.exact ? "coach.exact" : "coach.sampled", { n: outlook.outcomes }))}</p>` : ""}`;
}

// ---------------------------------------------------------------- deal end, game end, log
function roundEnd(v, ctx) {
  const ld = v.observation.last_deal;
  if (!ld) return null;
  // P-END: a swig or an unclaimed pot in the last deal is paid out, not carried (the won line says to whom)
  const paidOut = v.terminal && (ld.how === "swig" || ld.how === "unclaimed");
  const how = t("dealend." + ld.how + (paidOut ? ".end" : ""));
  const humans = ctx.seats.flatMap((k, i) => (k === "human" ? [i] : []));
  const you = humans.length === 1 ? humans[0] : null;
  const won = (ld.won || []).map((w) => t(w.seat === you ? "dealend.won.you" : "dealend.won", { name: ctx.nameOf(w.seat), n: w.amount })).join(" ");
  const total = showsTotal(ctx);
  const shown = (ld.shown || []).map((h) => `
    <div class="shown" data-seat="${h.seat}">
      <div><strong>${esc(ctx.nameOf(h.seat))}</strong>: ${esc(t("kind." + h.kind))} ${h.points}${total && h.total !== undefined && h.total !== null ? ` (${esc(t("calc.total", { total: h.total }))})` : ""}</div>
      <div class="hand-row small">${h.cards.map((c) => `<span class="card" role="img" aria-label="${esc(cardName(c, ctx.settings.suits))}">${cardArt(c, ctx.cardOpts())}</span>`).join("")}</div>
    </div>`).join("");
  return {
    id: ld.deal,
    title: t("dealend.title", { n: ld.deal }),
    html: `<p>${esc(how)}</p>${shown}<p id="dealend-won">${esc(won)}</p>${ld.carried ? `<p>${esc(t("table.carried", { n: ld.carried }))}</p>` : ""}`,
    text: `${how} ${won}`,
    next: t("dealend.next"),
  };
}

const scoreText = (r, seat) => `${r.scores[seat]} ${t("table.chips")}${r.chips ? ` (${r.chips[seat] >= 0 ? "+" : ""}${r.chips[seat]})` : ""}`;
const endNote = (r) => (r.deals !== undefined ? t("end.deals", { n: r.deals }) : "");
const logTag = (e) => (e.deal ? String(e.deal) : "");

// ---------------------------------------------------------------- home, rules and extra screens
const homeTile = () => `<a class="btn secondary" href="#/calc">${esc(t("home.calc"))}</a>
  <a class="btn secondary" href="#/learn">${esc(t("learn.title"))}</a>`;

const learnCtx = (ctx) => ({ ...ctx, cardSVG, cardName });

export default {
  name: "primero",
  drawTable,
  composeActions,
  side,
  roundEnd,
  scoreText,
  endNote,
  dailyOptions: { deals: 1 }, // the daily deal (#/daily/primero) is one deal
  logTag,
  homeTile,
  rules: (game, cat) => rulesSection(game, cat),
  extraRoutes: [
    { path: "/calc", nav: "nav.calc", render: (main, params, ctx) => renderCalc(main, params, ctx) },
    { path: "/learn", nav: "nav.learn", render: (main, params, ctx) => renderLearn(main, params, learnCtx(ctx)) },
  ],
};
