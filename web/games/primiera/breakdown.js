// The round breakdown table, shared by the round-end dialog and the round scorer.
import { esc } from "../../dom.js";
import { t } from "../../i18n.js";

const CATS = ["cards", "coins", "settebello", "primiera", "sweeps"];
const CAT_KEY = { cards: "pa.col.cards", coins: "pa.col.coins", settebello: "pa.col.settebello", primiera: "pa.col.primiera", sweeps: "pa.col.sweeps" };

/** A breakdown table: categories by side, each cell the points and what they came from. */
export function breakdownTable(sides, counts, id) {
  // sides: [{label, points: {cards, coins, settebello, primiera, sweeps, total}, counts?: {cards, coins, primiera}}]
  const cell = (s, cat) => {
    const pts = s.points[cat];
    const c = s.counts || {};
    const detail = cat === "cards" ? c.cards : cat === "coins" ? c.coins : cat === "primiera" ? (c.primiera ?? "—") : null;
    return `<td data-cat="${cat}" data-points="${pts}">${pts}${counts && detail !== null && detail !== undefined ? ` <span class="help">(${esc(detail)})</span>` : ""}</td>`;
  };
  return `<div class="pa-scroll" tabindex="0" role="region" aria-label="${esc(t("pa.score.result"))}"><table class="across pa-breakdown" id="${esc(id)}">
    <thead><tr><th scope="col">${esc(t("pa.col.side"))}</th>${sides.map((s) => `<th scope="col">${esc(s.label)}</th>`).join("")}</tr></thead>
    <tbody>${CATS.map((cat) => `<tr data-cat="${cat}"><th scope="row">${esc(t(CAT_KEY[cat]))}</th>${sides.map((s) => cell(s, cat)).join("")}</tr>`).join("")}</tbody>
    <tfoot><tr data-cat="total"><th scope="row">${esc(t("pa.col.total"))}</th>${sides.map((s) => `<td data-cat="total" data-points="${s.points.total}"><strong>${s.points.total}</strong></td>`).join("")}</tr></tfoot>
  </table></div>`;
}

