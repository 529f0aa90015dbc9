// @ts-check
// Primo's Descriptions made readable (GameModule.describe) and the small word helpers the table
// and the lessons share: card texts become names, seats names, nested messages likewise.
import { t } from "../../i18n.js";
import { cardName } from "../../cards.js";
import { cardParts } from "./model.js";

export const name = (c) => cardName(c);
export const isCard = (s) => typeof s === "string" && (s === "TOP" || s === "TAKE" || /^(1[0-3]|[1-9])[YB]$/.test(s));

/** "a, b and c" (or "nothing"). */
export function joinAnd(items) {
  if (!items.length) return t("primo.nothing");
  if (items.length === 1) return items[0];
  return t("primo.and", { a: items.slice(0, -1).join(", "), b: items[items.length - 1] });
}
export const names = (cards) => joinAnd((cards || []).map(name));

// ---------------------------------------------------------------- log messages
const isMessage = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && typeof v.key === "string";

/** Args made readable for say() (GameModule.describe): cards to names, seats to names, nested
 * messages (each take of a Take card) likewise; a few keys take a more precise form. */
export function describe(desc, { nameOf }) {
  if (!isMessage(desc) || !desc.key.startsWith("primo.")) return desc;
  const a = desc.args || {};
  const out = {};
  let key = desc.key;
  for (const [k, v] of Object.entries(a)) {
    if (isCard(v)) out[k] = name(v);
    else if (isMessage(v)) out[k] = describe(v, { nameOf });
    else if (Array.isArray(v) && v.length && v.every(isCard)) out[k] = names(v);
    else if (Array.isArray(v) && v.length && v.every(isMessage)) out[k] = v.map((x) => describe(x, { nameOf }));
    else if (k === "ender" && typeof v === "number") out[k] = nameOf(v);
    else if ((k === "winners" || k === "names") && Array.isArray(v)) out[k] = joinAnd(v.map((x) => (typeof x === "number" ? nameOf(x) : String(x))));
    else if ((k === "points" || k === "scores" || k === "left") && Array.isArray(v)) out[k] = v.map((n, s) => `${nameOf(s)} ${n}`).join(", ");
    else if (k === "rule" && typeof v === "string") out[k] = t("primo.rule." + v);
    else if (k === "end" && (v === "tail" || v === "head")) out[k] = t("primo.word." + v);
    else if (k === "need" && typeof v === "number") out[k] = needText(v);
    else out[k] = v;
  }
  if (key === "primo.take" && Array.isArray(a.takes) && !a.takes.length) key = "primo.take.none";
  if (key === "primo.took" && a.opened) key = "primo.took.open";
  if (key === "primo.end" && (a.reason === "empty" || a.reason === "cap")) key = "primo.end." + a.reason;
  if (key === "primo.roundend" && a.ender === -1) key = "primo.roundend.none";
  if (key === "primo.move" && Array.isArray(a.cards)) out.cards = runText(a.cards);
  return { ...desc, key, args: out };
}

// The value a row needs, as a player says it with its article: "a 7", "an 8", "an 11" (English
// says "an" before the values read with a vowel; Italian and German have one article for all).
export const needText = (n) => t(n === 8 || n === 11 ? "primo.need.an" : "primo.need", { n });

// A run as its values: "10 9 8", or "10 … 1" when long (the log's words and the recap's).
export function runText(cards) {
  const vs = (cards || []).map((c) => cardParts(c).value);
  return vs.length > 4 ? `${vs[0]} … ${vs[vs.length - 1]}` : vs.join(" ");
}

