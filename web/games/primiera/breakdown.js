// @ts-check
// The round breakdown table, shared by the round-end dialog and the round scorer.
import { esc } from "../../dom.js";
import { t } from "../../i18n.js";
import { cardName } from "../../cards.js";

const CATS = ["cards", "coins", "settebello", "primiera", "sweeps"];
const CAT_KEY = { cards: "primiera.col.cards", coins: "primiera.col.coins", settebello: "primiera.col.settebello", primiera: "primiera.col.primiera", sweeps: "primiera.col.sweeps" };
const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const ITALIAN_SUIT = { S: "swords", H: "cups", D: "coins", C: "clubs" };
const short = (c, style) => (style === "italian" ? `${c.slice(0, -1)} ${ITALIAN_SUIT[c.slice(-1)]}` : `${c.slice(0, -1)}${SUIT_SYMBOL[c.slice(-1)]}`);

/** The cards behind a category's point (the core's evidence): coins, the settebello, the primiera's best card per suit. */
function evidenceCards(ev, cat) {
  if (!ev) return [];
  if (cat === "coins") return ev.coins || [];
  if (cat === "settebello") return ev.settebello ? ["7D"] : [];
  if (cat === "primiera") return ev.primiera || [];
  return [];
}

/** A side with no primiera lacks a suit (D-PA5): which ones, when its best cards are known ("no ♣"). */
function noPrimiera(ev, style) {
  if (!ev || !Array.isArray(ev.primiera)) return "—";
  const have = new Set(ev.primiera.map((c) => c.slice(-1)));
  return t("primiera.missing", { suits: Object.keys(SUIT_SYMBOL).filter((x) => !have.has(x)).map((x) => (style === "italian" ? ITALIAN_SUIT[x] : SUIT_SYMBOL[x])).join(" ") });
}

/** A breakdown table: categories by side, each cell the points and what they came from.
 * A cell whose category the side won is marked (class pa-won, data-won) and lists the cards
 * that won it (data-cards), so the round end shows which cards made each point. */
export function breakdownTable(sides, counts, id, style = "french") {
  // sides: [{label, points: {cards, coins, settebello, primiera, sweeps, total}, counts?: {cards, coins, primiera},
  //          evidence?: {cards, coins: [..], settebello, primiera: [..]}}]
  const cell = (s, cat) => {
    const pts = s.points[cat];
    const c = s.counts || {};
    const detail = cat === "cards" ? c.cards : cat === "coins" ? c.coins : cat === "primiera" ? (c.primiera ?? noPrimiera(s.evidence, style)) : null;
    const won = pts > 0 && cat !== "sweeps";
    const cards = evidenceCards(s.evidence, cat);
    const list = cards.length
      ? ` <span class="pa-ev" data-cards="${esc(cards.join(" "))}" aria-label="${esc(cards.map((x) => cardName(x, style)).join(", "))}">${esc(cards.map((x) => short(x, style)).join(" "))}</span>`
      : "";
    return `<td data-cat="${cat}" data-points="${pts}"${won ? ' class="pa-won" data-won=""' : ""}>${pts}${counts && detail !== null && detail !== undefined ? ` <span class="help">(${esc(detail)})</span>` : ""}${list}</td>`;
  };
  return `<div class="pa-scroll" tabindex="0" role="region" aria-label="${esc(t("primiera.score.result"))}"><table class="across pa-breakdown" id="${esc(id)}">
    <thead><tr><th scope="col">${esc(t("primiera.col.side"))}</th>${sides.map((s) => `<th scope="col">${esc(s.label)}</th>`).join("")}</tr></thead>
    <tbody>${CATS.map((cat) => `<tr data-cat="${cat}"><th scope="row">${esc(t(CAT_KEY[cat]))}</th>${sides.map((s) => cell(s, cat)).join("")}</tr>`).join("")}</tbody>
    <tfoot><tr data-cat="total"><th scope="row">${esc(t("primiera.col.total"))}</th>${sides.map((s) => `<td data-cat="total" data-points="${s.points.total}"><strong>${s.points.total}</strong></td>`).join("")}</tr></tfoot>
  </table></div>
  ${sides.some((s) => s.evidence) ? `<p class="help pa-ev-note">${esc(t("primiera.ev.note"))}</p>` : ""}`;
}
