// @ts-check
// Descriptions -> words. The core never writes player-facing sentences: it sends
// Descriptions, {key, seat?, args}, whose key is a key of the translation table (i18n.js).
// An arg may itself be a message {key, args}, translated first; `seat` becomes the seat's
// name, {name} in the message. Agreement: the one human at the table gets KEY.you ("You pass."),
// and a message with a count `n` gets its plural form KEY#one… from t() (Intl.PluralRules of the
// language: "1 chip", "2 chips"); both work the same for every game and every language.
import { t, hasKey } from "../i18n.js";

/** @typedef {import("../protocol").Description} Description */

/** @param {any} v @returns {v is Description} */
const isMessage = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && typeof v.key === "string";

/** The text of one Description; nameOf(seat) gives a seat's name. When the Description's seat is
 * `you` (the one human at the table), the key's ".you" form is used if the table has one
 * ("You pass." rather than "You passes."). */
/** @param {Description} desc @param {import("../protocol").NameOf} [nameOf] @param {number | null} [you] */
export function say(desc, nameOf = (s) => String(s), you = null) {
  if (!isMessage(desc)) return "";
  /** @type {{[name: string]: unknown}} */
  const vars = {};
  for (const [k, v] of Object.entries(desc.args || {})) {
    if (isMessage(v)) vars[k] = say(v, nameOf, you);
    else if (Array.isArray(v)) vars[k] = v.map((x) => (isMessage(x) ? say(x, nameOf, you) : String(x))).join(", ");
    else vars[k] = v;
  }
  if (typeof desc.seat === "number" && desc.seat >= 0 && !("name" in vars)) vars.name = nameOf(desc.seat);
  const key = desc.seat === you && you !== null && hasKey(desc.key + ".you") ? desc.key + ".you" : desc.key;
  return t(key, vars);
}

/** Every key a Description uses, nested ones included (for tests and checks). */
/** @param {Description} desc @param {Set<string>} [out] @returns {Set<string>} */
export function keysOf(desc, out = new Set()) {
  if (!isMessage(desc)) return out;
  out.add(desc.key);
  for (const v of Object.values(desc.args || {})) if (isMessage(v)) keysOf(v, out);
  return out;
}
