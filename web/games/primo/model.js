// @ts-check
// Pure helpers over Primo's View: action texts parsed and composed, the targets of a selection,
// the runs that may move, whose turn it is, where a row's cards went. No DOM here (the drawing in
// draw.js, the input in input.js and the node tests in tests/js/ share them).

/** @typedef {{name: string, cards: string[]}} Row */
/** @typedef {{phase?: string, played?: number, tops?: string[]}} Turn */
/**
 * Primo's observation as the page reads it (pygame_core/primo/state.py `observe`).
 * @typedef {{players: number, rows?: Row[], hand?: string[], hands: number[], piles: number[], scores: number[],
 *   round?: number, rounds?: number, out?: number, turn?: Turn, log?: any[], log_size?: number, since?: number,
 *   round_results?: any[]}} Observation
 */
/**
 * The worker's View of the seat on screen (web/protocol.d.ts), with Primo's observation.
 * @typedef {import("../../protocol").View & {observation: Observation}} View
 */
/**
 * What the player has picked: a hand card (kind "hand", its place i and its text) or the run of a
 * row from the card of that value down to the tail (kind "run").
 * @typedef {{kind: "hand" | "run", card?: string, i?: number, row?: string, value?: number}} Selection
 */
/** An action text's parts (parseAction). @typedef {{verb: string, card?: string, row?: string, value?: number, to?: string, cards?: string[]}} Parsed */

/** The six rows, head → tail in each. */
export const ROWS = ["A", "B", "C", "D", "E", "F"];

/** @param {View} v */
export const obs = (v) => v.observation;
/** True when the seat on screen is to act (and may). @param {View} v */
export const myTurn = (v) => v.seat >= 0 && v.current === v.seat && v.legal.length > 0 && !v.terminal;
/** A row of the observation by name (an empty one when absent). @param {Observation} o @param {string} r @returns {Row} */
export const rowOf = (o, r) => (o.rows || []).find((x) => x.name === r) || { name: r, cards: [] };
/** The rows that hold a Top card this turn. @param {Observation} o @returns {string[]} */
export const tops = (o) => (o.turn && o.turn.tops) || [];

/** The one move a tap on this hand card plays at once, or null (it is picked, its targets light up):
 * a card with exactly one legal place, unless the player asked to confirm each play (Settings), or
 * it is a Take card (what it takes cannot be undone). acts: the card's legal actions (actionsOf).
 * @param {string} card @param {string[]} acts @param {boolean} confirmPlay @returns {string | null} */
export function oneTap(card, acts, confirmPlay) {
  if (confirmPlay || card === "TAKE") return null;
  return acts.length === 1 ? acts[0] : null;
}

/** Which old places of a row still hold their card, as new index → old index: cards laid at the
 * tail (or taken from it) keep their places; a card laid at the head shifts them by one.
 * @param {string[]} old @param {string[]} now @returns {Map<number, number>} */
export function kept(old, now) {
  const same = (k) => old.every((c, i) => now[i + k] === c);
  const map = new Map();
  if (old.length <= now.length) {
    const k = same(0) ? 0 : same(now.length - old.length) ? now.length - old.length : -1;
    if (k >= 0) old.forEach((_, i) => map.set(i + k, i));
    else for (let i = 0; i < old.length && old[i] === now[i]; i++) map.set(i, i);
  } else {
    for (let i = 0; i < now.length && old[i] === now[i]; i++) map.set(i, i);
  }
  return map;
}

/** A card text's parts: {value, colour} for a number card, {special: "TOP"|"TAKE"} otherwise.
 * @param {string} card @returns {{special: string | null, value: number | null, colour: string | null}} */
export function cardParts(card) {
  if (card === "TOP" || card === "TAKE") return { special: card, value: null, colour: null };
  const m = /^(\d{1,2})([YB])$/.exec(card || "");
  return m ? { special: null, value: Number(m[1]), colour: m[2] } : { special: null, value: null, colour: null };
}

/** An action text's parts: {verb, card?, row?, value?, to?, cards?}. @param {string} action @returns {Parsed} */
export function parseAction(action) {
  const p = String(action).split(" ");
  const verb = p[0];
  if (verb === "add" || verb === "open" || verb === "head") return { verb, card: p[1], row: p[2] };
  if (verb === "move") {
    const [row, value] = (p[1] || "").split(":");
    return { verb, row, value: Number(value), to: p[2] };
  }
  if (verb === "top") return { verb, card: "TOP", row: p[1] };
  if (verb === "take") return { verb, card: "TAKE", row: p[1] };
  if (verb === "exchange") return { verb, cards: p.slice(1) };
  return { verb };
}

const SPECIAL_ORDER = { TAKE: 100, TOP: 101 };
const COLOUR_ORDER = { Y: 0, B: 1 };
/** The canonical order of cards in an exchange text, the core's (pygame_core/primo/rules.py ORDER):
 * value, then colour (Y before B); TAKE, TOP last.
 * @param {string[]} cards @returns {string[]} */
export function sortCards(cards) {
  const key = (c) => {
    const x = cardParts(c);
    return x.special ? [SPECIAL_ORDER[x.special], 0] : [x.value, COLOUR_ORDER[x.colour]];
  };
  return [...cards].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka[0] - kb[0] || ka[1] - kb[1];
  });
}

/** The legal exchange text for these hand cards (matched as a multiset against view.legal), or null.
 * @param {string[]} cards @param {string[]} legal @returns {string | null} */
export function exchangeAction(cards, legal) {
  if (!cards.length) return legal.includes("pass") ? "pass" : null;
  const want = [...cards].sort().join(" ");
  for (const a of legal) {
    const p = parseAction(a);
    if (p.verb === "exchange" && [...p.cards].sort().join(" ") === want) return a;
  }
  const text = "exchange " + sortCards(cards).join(" ");
  return legal.includes(text) ? text : null;
}

/** Legal actions of a selection: {kind: "hand", card} or {kind: "run", row, value}.
 * @param {Selection | null} sel @param {string[]} legal @returns {string[]} */
export function actionsOf(sel, legal) {
  if (!sel) return [];
  return legal.filter((a) => {
    const p = parseAction(a);
    if (sel.kind === "run") return p.verb === "move" && p.row === sel.row && p.value === sel.value;
    if (sel.card === "TOP") return p.verb === "top";
    if (sel.card === "TAKE") return p.verb === "take";
    return (p.verb === "add" || p.verb === "open" || p.verb === "head") && p.card === sel.card;
  });
}

/** Target rows of a selection: Map row -> {action, slot: "tail"|"head"|"open"|"row"}.
 * @param {Selection | null} sel @param {string[]} legal @returns {Map<string, {action: string, slot: string}>} */
export function targetsOf(sel, legal) {
  const out = new Map();
  for (const a of actionsOf(sel, legal)) {
    const p = parseAction(a);
    const row = p.verb === "move" ? p.to : p.row;
    const slot = p.verb === "head" ? "head" : p.verb === "open" ? "open" : p.verb === "add" || p.verb === "move" ? "tail" : "row";
    out.set(row, { action: a, slot });
  }
  return out;
}

/** "row:value" of every card that starts a run with a legal move. @param {string[]} legal @returns {Set<string>} */
export function movableRuns(legal) {
  const out = new Set();
  for (const a of legal) {
    const p = parseAction(a);
    if (p.verb === "move") out.add(`${p.row}:${p.value}`);
  }
  return out;
}

/** The action a drop of the selection on a row would be (legal or not), or null (no drop: the same row).
 * @param {Selection | null} sel @param {string} rowName @param {Row[]} rows @param {string[]} tops
 * @param {string | null} [slot] "head": dropped on the row's head slot @returns {string | null} */
export function dropAction(sel, rowName, rows, tops, slot = null) {
  if (!sel) return null;
  if (sel.kind === "run") return sel.row === rowName ? null : `move ${sel.row}:${sel.value} ${rowName}`;
  if (sel.card === "TOP") return `top ${rowName}`;
  if (sel.card === "TAKE") return `take ${rowName}`;
  const row = rows.find((r) => r.name === rowName);
  const cards = row ? row.cards : [];
  if (slot === "head") return `head ${sel.card} ${rowName}`;
  if (!cards.length) return `open ${sel.card} ${rowName}`;
  const head = cardParts(cards[0]).value;
  if ((tops || []).includes(rowName) && cardParts(sel.card).value === head + 1) return `head ${sel.card} ${rowName}`;
  return `add ${sel.card} ${rowName}`;
}

/** The run a selection stands for: the cards of that row from the value down to the tail.
 * @param {Row[]} rows @param {string} rowName @param {number} value @returns {string[]} */
export function runCards(rows, rowName, value) {
  const row = rows.find((r) => r.name === rowName);
  if (!row) return [];
  const i = row.cards.findIndex((c) => cardParts(c).value === value);
  return i < 0 ? [] : row.cards.slice(i);
}
