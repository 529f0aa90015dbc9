// @ts-check
// Primiera at the keyboard and for a screen reader (GameModule.keys): 1–9 the selected card's
// capture options, and the table in one sentence from the shown seat's observation.
import { t } from "../../i18n.js";
import { cardName } from "../../cards.js";

const help = [["← →", "primiera.keys.d.hand"], ["Enter", "primiera.keys.d.pick"], ["1–9", "primiera.keys.d.option"]];

function onKey(e) {
  // 1–9: the capture options of the selected card, in the bar's order.
  if (!/^[1-9]$/.test(e.key)) return false;
  const opts = [.../** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#actions button[data-action]:not([disabled])"))];
  const b = opts[Number(e.key) - 1];
  if (!b) return false;
  b.click();
  return true;
}

function read(v, x) {
  const o = v.observation;
  const style = x.settings.suits;
  const bits = [t("primiera.read.round", { n: o.round })];
  bits.push(t("primiera.read.table", { cards: (o.table || []).length ? o.table.map((c) => cardName(c, style)).join(", ") : t("primiera.table.empty") }));
  for (let s = 0; s < o.players; s++) {
    const state = [t("primiera.score", { n: o.scores[s] }), t("primiera.captured", { cards: o.captured_counts[s], coins: o.coins_counts[s] })];
    if (o.sweeps[s]) state.push(t("primiera.sweeps", { n: o.sweeps[s] }));
    if (s === v.seat && o.hand) state.push(t("read.hand", { cards: o.hand.map((c) => cardName(c, style)).join(", ") }));
    else state.push(t("primiera.cards", { n: o.hand_sizes[s] }));
    bits.push(`${x.nameOf(s)}: ${state.join(", ")}`);
  }
  return bits;
}

export const keys = { help, onKey, read };
