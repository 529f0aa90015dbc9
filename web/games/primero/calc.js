// @ts-check
// Primero's hand calculator (#/calc): pick four cards and see their kind and points under
// every rule set. The deck comes from catalogue.json, so picks work before Python is ready;
// the score comes from the worker (game_op "hand").
import { $, esc, gridKeys } from "../../dom.js";
import { t } from "../../i18n.js";
import { cardArt, cardName } from "../../cards.js";

/** @type {import("../../protocol").ShellContext} */
let ctx = null; // {engineCall, gameOp, announce, settings, cardOpts, loadCatalogue}
const html = document.documentElement;
const calc = { rules: "waks", wild: false, picked: [], focusIndex: 0, seq: 0 };

export function handRules(cat, name) {
  return cat.hand_rules.find((r) => r.name === name);
}

/** @param {HTMLElement} main @param {URLSearchParams} params @param {import("../../protocol").ShellContext} c */
export async function renderCalc(main, params, c) {
  ctx = c;
  const cat = await ctx.loadCatalogue();
  // Read the shareable link; anything malformed or hostile is reported and dropped.
  let linkError = "";
  const rulesParam = params.get("rules");
  if (rulesParam !== null) {
    if (handRules(cat, rulesParam)) calc.rules = rulesParam; else linkError = t("primero.calc.err.rules", { name: rulesParam.slice(0, 20) });
  }
  calc.wild = params.get("wild") === "1" && !!(handRules(cat, calc.rules) || {}).wild;
  const cardsParam = params.get("cards");
  if (cardsParam !== null) {
    const deck = new Set(handRules(cat, calc.rules).deck);
    const parts = cardsParam.split(",").map((s) => s.trim().toUpperCase()).filter(Boolean);
    const bad = parts.find((p) => !deck.has(p));
    if (bad !== undefined || parts.length > 4 || new Set(parts).size !== parts.length) {
      linkError = linkError || (bad !== undefined ? t("primero.calc.err.linkcard", { card: bad.slice(0, 8) }) : t("primero.calc.err.linkcount"));
      calc.picked = [];
    } else {
      calc.picked = parts;
    }
  }
  main.innerHTML = `
    <section class="screen" id="screen-calc" aria-labelledby="calc-title">
      <h1 id="calc-title">${esc(t("primero.calc.title"))}</h1>
      <p class="lede">${esc(t("primero.calc.lede"))}</p>
      <div class="calc-layout">
        <div>
          <div class="row">
            <div class="field">
              <label for="calc-rules">${esc(t("primero.calc.rules"))}</label>
              <select id="calc-rules">${cat.hand_rules.map((r) => `<option value="${esc(r.name)}">${esc(r.label)}</option>`).join("")}</select>
            </div>
            <label class="check" id="calc-wild-wrap"><input type="checkbox" id="calc-wild"> <span>${esc(t("primero.calc.wild"))}</span></label>
          </div>
          <h2 id="calc-hand-title">${esc(t("primero.calc.hand"))}</h2>
          <div class="hand-row" id="calc-hand" role="group" aria-labelledby="calc-hand-title"></div>
          <p class="calc-summary" id="calc-summary" aria-hidden="true"></p>
          <p class="message" id="calc-message" role="alert"></p>
          <h2 id="calc-deck-title">${esc(t("primero.calc.deck"))}</h2>
          <div class="deck-grid" id="calc-deck" role="toolbar" aria-labelledby="calc-deck-title" aria-orientation="horizontal"></div>
          <form class="field" id="calc-type-form">
            <label for="calc-type">${esc(t("primero.calc.type"))}</label>
            <div class="row">
              <input type="text" id="calc-type" autocomplete="off" autocapitalize="characters" spellcheck="false" aria-describedby="calc-type-help">
              <button class="btn secondary" type="submit">${esc(t("primero.calc.type.apply"))}</button>
              <button class="btn secondary" type="button" id="calc-clear">${esc(t("primero.calc.clear"))}</button>
            </div>
            <span class="help" id="calc-type-help">${esc(t("primero.calc.type.help"))}</span>
          </form>
        </div>
        <div class="panel" id="calc-result" aria-live="off"></div>
      </div>
    </section>`;
  $("#calc-rules").value = calc.rules;
  $("#calc-wild").checked = calc.wild;
  $("#calc-rules").addEventListener("change", (e) => {
    calc.rules = e.target.value;
    const deck = new Set(handRules(cat, calc.rules).deck);
    const dropped = calc.picked.filter((c) => !deck.has(c));
    calc.picked = calc.picked.filter((c) => deck.has(c));
    if (!handRules(cat, calc.rules).wild) calc.wild = false;
    $("#calc-wild").checked = calc.wild;
    drawCalc(cat);
    if (dropped.length) setCalcMessage(`${dropped.join(", ")}: ${t("primero.calc.notindeck")}`, true);
  });
  $("#calc-wild").addEventListener("change", (e) => { calc.wild = e.target.checked; drawCalc(cat); });
  $("#calc-clear").addEventListener("click", () => { calc.picked = []; drawCalc(cat); });
  $("#calc-type-form").addEventListener("submit", (e) => { e.preventDefault(); typeHand(cat); });
  drawCalc(cat);
  if (linkError) setCalcMessage(t("primero.calc.badlink", { error: linkError }), true);
}

function setCalcMessage(text, isError) {
  const box = $("#calc-message");
  if (!box) return;
  box.textContent = text;
  box.classList.toggle("error", !!isError);
}

function typeHand(cat) {
  const input = $("#calc-type");
  const parts = input.value.split(/[\s,;]+/).map((s) => s.trim().toUpperCase()).filter(Boolean).map((s) => s.replace(/^1(?=[SHDC]$)/, "A"));
  const deck = new Set(handRules(cat, calc.rules).deck);
  if (parts.length !== 4) return setCalcMessage(t("primero.calc.err.count", { n: parts.length }), true);
  const seen = new Set();
  for (const p of parts) {
    if (!/^(A|[2-9]|10|J|Q|K)[SHDC]$/.test(p)) return setCalcMessage(t("primero.calc.err.notcard", { card: p.slice(0, 8) }), true);
    if (!deck.has(p)) return setCalcMessage(t("primero.calc.err.deck", { card: p, deck: handRules(cat, calc.rules).label }), true);
    if (seen.has(p)) return setCalcMessage(t("primero.calc.err.twice", { card: p }), true);
    seen.add(p);
  }
  calc.picked = parts;
  drawCalc(cat);
}

function toggleCard(cat, card) {
  const i = calc.picked.indexOf(card);
  if (i >= 0) calc.picked.splice(i, 1);
  else if (calc.picked.length >= 4) {
    setCalcMessage(t("primero.calc.full", { card: cardName(card, ctx.settings.suits) }), true);
    ctx.announce(t("primero.calc.full", { card: cardName(card, ctx.settings.suits) }), true);
    return;
  } else calc.picked.push(card);
  drawCalc(cat, card);
}

function drawCalc(cat, focusCard) {
  const rules = handRules(cat, calc.rules);
  $("#calc-wild-wrap").hidden = !rules.wild;
  // Keep the link shareable: the hand lives in the URL.
  const q = new URLSearchParams({ rules: calc.rules });
  if (calc.picked.length) q.set("cards", calc.picked.join(","));
  if (calc.wild) q.set("wild", "1");
  history.replaceState(null, "", "#/calc?" + q.toString());
  setCalcMessage("", false);

  const hand = $("#calc-hand");
  hand.innerHTML = [0, 1, 2, 3].map((i) => {
    const c = calc.picked[i];
    return c
      ? `<button type="button" class="card" data-card="${c}" data-hand-card="${c}" ><span class="sr-only">${esc(cardName(c, ctx.settings.suits))}, in hand, ${i + 1} of 4. Remove</span>${cardArt(c, ctx.cardOpts())}</button>`
      : `<span class="slot">${esc(t("primero.calc.slot", { n: i + 1 }))}</span>`;
  }).join("");
  for (const b of hand.querySelectorAll("button")) b.addEventListener("click", () => toggleCard(cat, b.dataset.card));

  const deck = $("#calc-deck");
  const suits = ["S", "H", "D", "C"];
  deck.innerHTML = suits.map((s) => {
    const row = rules.deck.filter((c) => c.endsWith(s));
    return `<div class="suit-row" style="--per-row:${row.length}" role="group" aria-label="${esc(cardName(row[0], ctx.settings.suits).replace(/^.* of /, ""))}">${row.map((c) => {
      const on = calc.picked.includes(c);
      // The picker shows one big index per card, so a whole suit fits a phone's width legibly.
      return `<button type="button" class="card" tabindex="-1" data-card="${c}" aria-pressed="${on}"><span class="sr-only">${esc(cardName(c, ctx.settings.suits))}</span>${cardArt(c, { ...ctx.cardOpts(), largeIndex: true })}</button>`;
    }).join("")}</div>`;
  }).join("");
  const buttons = [...deck.querySelectorAll("button.card")];
  const idx = Math.max(0, focusCard ? buttons.findIndex((b) => b.dataset.card === focusCard) : Math.min(calc.focusIndex, buttons.length - 1));
  calc.focusIndex = idx;
  buttons.forEach((b, i) => {
    b.tabIndex = i === idx ? 0 : -1;
    b.addEventListener("click", () => { calc.focusIndex = i; toggleCard(cat, b.dataset.card); });
  });
  gridKeys(deck, buttons, rules.deck.length / 4, (next) => { calc.focusIndex = next; });
  if (focusCard) {
    const again = buttons.find((b) => b.dataset.card === focusCard);
    if (again && document.activeElement !== again && (document.activeElement === document.body || !document.activeElement)) again.focus();
    else if (again && deck.contains(document.activeElement) === false && document.activeElement?.closest?.("#calc-hand")) again.focus();
    else if (again) again.focus();
  }
  scoreCalc(cat);
}

async function scoreCalc(cat) {
  const box = $("#calc-result");
  const seq = ++calc.seq;
  const summary = $("#calc-summary");
  if (calc.picked.length < 4) {
    summary.textContent = "";
    box.innerHTML = `<p>${esc(t("primero.calc.need", { n: 4 - calc.picked.length }))}</p>`;
    return;
  }
  if (!html.classList.contains("ready")) box.innerHTML = `<p>${esc(t("primero.calc.waiting"))}</p>`;
  const answer = await ctx.gameOp("primero", "hand", { rules: calc.rules, cards: calc.picked, wild: calc.wild });
  if (seq !== calc.seq || !$("#calc-result")) return; // a newer pick superseded this one
  if (!answer.ok) {
    box.innerHTML = "";
    setCalcMessage(ctx.errorText(answer), true);
    return;
  }
  const { hand, across } = answer.result;
  const kind = t("primero.kind." + hand.kind);
  summary.innerHTML = `${esc(kind)} <span class="pts">${hand.points}</span>`;
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#calc-hand .card"))) b.classList.toggle("counting", hand.counting.includes(b.dataset.card));
  box.innerHTML = `
    <h2>${esc(hand.label)}</h2>
    <p class="result-kind" id="calc-kind" data-kind="${esc(hand.kind)}" data-points="${hand.points}">${esc(kind)} <span class="pts">${hand.points}</span></p>
    ${hand.total !== undefined ? `<p id="calc-total" data-total="${hand.total}">${esc(t("primero.calc.total", { total: hand.total }))}</p>` : ""}
    ${hand.wild_as && hand.wild_as !== "JH" ? `<p>${esc(t("primero.calc.wildas", { card: cardName(hand.wild_as, ctx.settings.suits) }))}</p>` : ""}
    <p>${esc(t("primero.calc.counting"))}: ${hand.counting.map((c) => esc(cardName(c, ctx.settings.suits))).join(", ")}</p>
    <h3>${esc(t("primero.calc.across"))}</h3>
    <table class="across" id="calc-across">
      <thead><tr><th scope="col">${esc(t("primero.calc.col.rules"))}</th><th scope="col">${esc(t("primero.calc.col.kind"))}</th><th scope="col">${esc(t("primero.calc.col.points"))}</th></tr></thead>
      <tbody>${across.map((r) => `<tr data-rules="${esc(r.rules)}" class="${r.rules === calc.rules ? "current" : ""}"><th scope="row">${esc(r.label)}</th>${r.error ? `<td colspan="2">${esc(t("primero.calc.notindeck"))}</td>` : `<td>${esc(t("primero.kind." + r.kind))}</td><td>${r.points}${r.total !== undefined ? ` (${r.total})` : ""}</td>`}</tr>`).join("")}</tbody>
    </table>
    <h3>${esc(t("primero.calc.decisions"))}</h3>
    <dl class="decisions">${hand.decisions.map((d) => `<dt>${esc(d.id)}</dt><dd>${esc(d.text)}</dd>`).join("")}</dl>
    <p><a href="${esc(location.href)}" id="calc-share">${esc(t("primero.calc.share"))}</a></p>`;
  ctx.announce(t("primero.calc.announce", { kind, points: hand.points, rules: hand.label }));
}
