// @ts-check
// Primero's action texts composed from what the player picked, and what an action costs: pure
// functions over the View (no DOM, no i18n), shared by the table (index.js) and the node tests.

/** The hand kinds from lowest to highest (a claim's kind; the composer lists claims in this order). */
export const KIND_ORDER = ["numerus", "primero", "supremus", "punto", "fluxus", "chorus"];
// Order of cards in canonical text: A..K then S H D C (the core's sort_cards).
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["S", "H", "D", "C"];

/** Cards in the core's canonical order. */
export const canonical = (cards) => {
  const key = (c) => RANKS.indexOf(c.slice(0, -1)) * 4 + SUITS.indexOf(c.slice(-1));
  return [...cards].sort((a, b) => key(a) - key(b));
};

/** A discard or trade of the picked cards ("discard 7S KD"; none picked: the bare verb, keep all). */
export const cardAction = (verb, selected) => (selected.length ? `${verb} ${canonical(selected).join(" ")}` : verb);

// RMS after a draw: exactly one card must go (every legal discard names one card, none keeps all).
export const discardsOne = (legal) => legal.some((a) => a.startsWith("discard ")) && !legal.includes("discard")
  && legal.every((a) => !a.startsWith("discard ") || a.split(" ").length === 2);

/** The amounts of a claim's legal texts ("vie 2 primero 55"), ascending. */
export const claimAmounts = (acts) => [...new Set(acts.map((a) => Number(a.split(" ")[1])))].sort((a, b) => a - b);

/** The claims [kind, points] legal with an amount (its text), lowest kind first, then fewest points. */
export function claimsAt(acts, amount) {
  const claims = acts.filter((a) => a.split(" ")[1] === amount).map((a) => a.split(" ").slice(2));
  claims.sort((a, b) => (KIND_ORDER.indexOf(a[0]) - KIND_ORDER.indexOf(b[0])) || (Number(a[1]) - Number(b[1])));
  return claims;
}

/** A claim's text: the verb, the amount and the hand claimed ("kind points"). */
export const claimAction = (verb, amount, hand) => `${verb} ${amount} ${hand}`;

// What a betting action costs the shown seat now (chips it puts in), from its View: a bet or a raise
// first meets what is owed (to_call), a see or a match pays that, a pass, a refusal or a fold nothing.
export function costOf(action, v) {
  const o = v.observation;
  const have = o.seats[v.seat].chips;
  const call = o.to_call || 0;
  const [verb, x] = action.split(" ");
  const n = Number(x) || 0;
  if (["vie", "revie", "bet", "raise"].includes(verb)) return Math.min(have, call + n);
  if (["see", "match", "stay"].includes(verb)) return Math.min(have, call);
  if (verb === "trade") return Math.min(have, o.forced_stake || 0);
  return 0;
}
