// @ts-check
// Primiera's round scorer (#/primiera/score): for people playing with real cards. Give each
// side its captured cards (tap the 40 cards, or give the rest to one side) and its sweeps; the
// breakdown comes from the core's `score` operation, and so does the message for bad input.
import { $, esc, gridKeys } from "../../dom.js";
import { t } from "../../i18n.js";
import { cardArt, cardName } from "../../cards.js";
import { breakdownTable } from "./breakdown.js";

const LETTERS = ["A", "B", "C", "D"];
const SUIT_ORDER = ["S", "H", "D", "C"];
// Kept while the page is open, so leaving the screen and coming back loses nothing.
const sc = { variant: "classic", solo: false, active: 0, owner: {}, sweeps: ["0", "0", "0", "0"], focus: 0, seq: 0 };

/** @type {{variant: string, sides: number, solo_sides: number}[]} */
let modes = [];
/** How many sides a round of the mode has (the catalogue's primiera_rules: the core's rules record says). */
function sideCount(variant, solo) {
  const m = modes.find((x) => x.variant === variant);
  return m ? (solo ? m.solo_sides : m.sides) : 2;
}

/** @param {HTMLElement} main @param {URLSearchParams} params @param {import("../../protocol").ShellContext} ctx */
export async function renderScorer(main, params, ctx) {
  const cat = await ctx.loadCatalogue();
  modes = cat.primiera_rules || [];
  const game = cat.games.find((g) => g.name === "primiera");
  const deck = Object.keys(cat.primiera_values || {});
  const want = params.get("variant");
  if (want && game.variants.some((v) => v.name === want)) sc.variant = want;
  main.innerHTML = `
    <section class="screen" id="screen-pa-score" aria-labelledby="pa-score-title">
      <h1 id="pa-score-title">${esc(t("primiera.score.title"))}</h1>
      <p class="lede">${esc(t("primiera.score.lede"))}</p>
      <div class="row">
        <div class="field"><label for="pa-score-variant">${esc(t("primiera.score.variant"))}</label>
          <select id="pa-score-variant">${game.variants.map((v) => `<option value="${esc(v.name)}">${esc(v.label)}</option>`).join("")}</select></div>
        <label class="check" id="pa-score-solo-wrap"><input type="checkbox" id="pa-score-solo"> <span>${esc(t("primiera.score.solo"))}</span></label>
      </div>
      <fieldset class="field panel" id="pa-score-sides"><legend>${esc(t("primiera.score.active"))}</legend><div class="row" id="pa-score-active"></div></fieldset>
      <h2 id="pa-score-deck-title">${esc(t("primiera.score.deck"))}</h2>
      <div class="deck-grid pa-score-deck" id="pa-score-deck" role="toolbar" aria-labelledby="pa-score-deck-title"></div>
      <p class="help" id="pa-score-left" role="status"></p>
      <div class="row">
        <button type="button" class="btn secondary" id="pa-score-rest"></button>
        <button type="button" class="btn secondary" id="pa-score-clear">${esc(t("primiera.score.clear"))}</button>
      </div>
      <div class="row" id="pa-score-sweeps"></div>
      <p><button type="button" class="btn" id="pa-score-go" data-primary>${esc(t("primiera.score.go"))}</button></p>
      <p class="message error" id="pa-score-message" role="alert"></p>
      <section class="panel" id="pa-score-result" aria-labelledby="pa-score-result-title" hidden>
        <h2 id="pa-score-result-title">${esc(t("primiera.score.result"))}</h2><div id="pa-score-table"></div>
      </section>
    </section>`;
  const draw = () => drawScorer(deck, ctx);
  $("#pa-score-variant").value = sc.variant;
  $("#pa-score-variant").addEventListener("change", (e) => { sc.variant = e.target.value; if (sc.variant !== "kaleidos") sc.solo = false; resetFor(); draw(); });
  $("#pa-score-solo").addEventListener("change", (e) => { sc.solo = e.target.checked; resetFor(); draw(); });
  $("#pa-score-rest").addEventListener("click", () => {
    for (const c of deck) if (sc.owner[c] === undefined) sc.owner[c] = sc.active;
    draw();
  });
  $("#pa-score-clear").addEventListener("click", () => { sc.owner = {}; sc.sweeps = ["0", "0", "0", "0"]; draw(); });
  $("#pa-score-go").addEventListener("click", () => score(ctx));
  draw();
}

// Sides beyond the new count lose their cards.
function resetFor() {
  const n = sideCount(sc.variant, sc.solo);
  for (const [c, s] of Object.entries(sc.owner)) if (s >= n) delete sc.owner[c];
  if (sc.active >= n) sc.active = 0;
}

function drawScorer(deck, ctx) {
  const n = sideCount(sc.variant, sc.solo);
  const style = ctx.settings.suits;
  $("#pa-score-solo-wrap").hidden = sc.variant !== "kaleidos";
  $("#pa-score-solo").checked = sc.solo;
  const counts = LETTERS.slice(0, n).map((_, i) => deck.filter((c) => sc.owner[c] === i).length);
  $("#pa-score-active").innerHTML = LETTERS.slice(0, n).map((l, i) => `
    <label class="check pa-side-choice" data-side="${l}"><input type="radio" name="pa-active" value="${i}" ${i === sc.active ? "checked" : ""}>
      <span class="pa-owner-key pa-side-${l}" aria-hidden="true">${l}</span> <span>${esc(t("primiera.score.count", { l, n: counts[i] }))}</span></label>`).join("");
  for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[name=pa-active]"))) r.addEventListener("change", () => { sc.active = Number(r.value); drawScorer(deck, ctx); });
  const box = $("#pa-score-deck");
  box.innerHTML = SUIT_ORDER.map((s) => {
    const row = deck.filter((c) => c.endsWith(s));
    return `<div class="suit-row" style="--per-row:${row.length}" role="group" aria-label="${esc(cardName(row[0], style).replace(/^.* of /, ""))}">${row.map((c) => {
      const o = sc.owner[c];
      const where = o === undefined ? t("primiera.score.nobody") : t("primiera.score.side", { l: LETTERS[o] });
      return `<button type="button" class="card pa-score-card ${o === undefined ? "" : "pa-side-" + LETTERS[o]}" tabindex="-1" data-card="${c}" data-side="${o === undefined ? "" : LETTERS[o]}"><span class="sr-only">${esc(t("primiera.score.card", { card: cardName(c, style), where }))}</span>${cardArt(c, { ...ctx.cardOpts(), largeIndex: true })}${o === undefined ? "" : `<span class="pa-owner" aria-hidden="true">${LETTERS[o]}</span>`}</button>`;
    }).join("")}</div>`;
  }).join("");
  const buttons = [...box.querySelectorAll("button.card")];
  sc.focus = Math.min(sc.focus, buttons.length - 1);
  buttons.forEach((b, i) => {
    b.tabIndex = i === sc.focus ? 0 : -1;
    b.addEventListener("click", () => {
      const c = b.dataset.card;
      if (sc.owner[c] === sc.active) delete sc.owner[c]; else sc.owner[c] = sc.active;
      sc.focus = i;
      drawScorer(deck, ctx);
      const again = /** @type {HTMLElement | null} */ (document.querySelector(`#pa-score-deck [data-card="${c}"]`));
      if (again) again.focus();
    });
  });
  gridKeys(box, buttons, 10, (next) => { sc.focus = next; });
  const left = deck.filter((c) => sc.owner[c] === undefined).length;
  $("#pa-score-left").textContent = t("primiera.score.unassigned", { n: left });
  $("#pa-score-rest").textContent = t("primiera.score.rest", { l: LETTERS[sc.active] });
  $("#pa-score-rest").disabled = left === 0;
  const sweeps = $("#pa-score-sweeps");
  const old = [...sweeps.querySelectorAll("input")].map((x) => x.value);
  old.forEach((v, i) => { sc.sweeps[i] = v; });
  sweeps.innerHTML = LETTERS.slice(0, n).map((l, i) => `<div class="field"><label for="pa-sweeps-${l}">${esc(t("primiera.score.sweeps", { l }))}</label>
    <input type="text" inputmode="numeric" id="pa-sweeps-${l}" value="${esc(sc.sweeps[i])}" autocomplete="off" size="4"></div>`).join("");
}

async function score(ctx) {
  const n = sideCount(sc.variant, sc.solo);
  const deck = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#pa-score-deck [data-card]"))].map((b) => b.dataset.card);
  const sides = {};
  LETTERS.slice(0, n).forEach((l, i) => {
    const raw = $(`#pa-sweeps-${l}`).value.trim();
    sc.sweeps[i] = raw;
    // A whole number goes as a number; anything else as typed, so the scorer names the problem.
    const sweeps = raw === "" ? 0 : /^-?\d{1,6}$/.test(raw) ? Number(raw) : raw;
    sides[t("primiera.score.side", { l })] = { cards: deck.filter((c) => sc.owner[c] === i), sweeps };
  });
  const seq = ++sc.seq;
  const message = $("#pa-score-message");
  message.textContent = "";
  const answer = await ctx.gameOp("primiera", "score", { variant: sc.variant, solo: sc.solo, sides });
  if (seq !== sc.seq || !$("#pa-score-result")) return;
  if (!answer.ok) {
    $("#pa-score-result").hidden = true;
    message.textContent = ctx.errorText(answer);
    return;
  }
  const rows = Object.keys(sides).map((name) => ({ label: name, points: answer.result.sides[name], counts: answer.result.counts[name], evidence: (answer.result.evidence || {})[name] }));
  $("#pa-score-table").innerHTML = breakdownTable(rows, true, "pa-score-breakdown", ctx.settings.suits);
  $("#pa-score-result").hidden = false;
  ctx.announce(t("primiera.score.announce", { points: rows.map((r) => `${r.label} ${r.points.total}`).join(", ") }));
}
