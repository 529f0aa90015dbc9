// @ts-check
// Primo at the keyboard and for a screen reader (GameModule.keys): the keys its table handles
// itself (listed in the "?" dialog), and the table in one sentence from the shown seat's observation.
import { t } from "../../i18n.js";
import { cardName } from "../../cards.js";

const help = [["← → ↑ ↓", "primo.keys.d.move"], ["Enter", "primo.keys.d.pick"], ["A–F", "primo.keys.d.row"], ["− +", "primo.keys.d.run"], ["Esc", "primo.keys.d.cancel"]];

function read(v, x) {
  const o = v.observation;
  const bits = [];
  if ((o.rounds || 1) > 1) bits.push(t("primo.round", { n: o.round, of: o.rounds }));
  for (const r of o.rows || []) {
    bits.push(r.cards.length ? t("primo.read.row", { row: r.name, cards: r.cards.map((c) => cardName(c)).join(", ") }) : t("primo.row.empty", { row: r.name }));
  }
  for (let s = 0; s < o.players; s++) {
    const state = s === v.seat && o.hand ? [t("read.hand", { cards: o.hand.map((c) => cardName(c)).join(", ") }), t("primo.counts", { hand: o.hand.length, pile: o.piles[s] })]
      : [t("primo.counts", { hand: o.hands[s], pile: o.piles[s] })];
    if ((o.rounds || 1) > 1) state.push(t("primo.points", { n: o.scores[s] }));
    bits.push(`${x.nameOf(s)}: ${state.join(", ")}`);
  }
  return bits;
}

export const keys = { help, read };
