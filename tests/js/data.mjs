// The canonical action texts of one game (tests/data/actions/<game>.json, written by make.py from
// seeded random play through the core, and checked against the core by tests/test_action_texts.py).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

/** {game, shapes: {verb: regex text}, records: [{variant, players, seed, actions}], texts: [...]} */
export function actionData(game) {
  return JSON.parse(readFileSync(new URL(`../data/actions/${game}.json`, import.meta.url), "utf-8"));
}

/** The texts grouped by verb (the first word). */
export function byVerb(texts) {
  const out = new Map();
  for (const text of texts) {
    const verb = text.split(" ")[0];
    if (!out.has(verb)) out.set(verb, []);
    out.get(verb).push(text);
  }
  return out;
}

/** A fixed reordering (reversed, then rotated by one), so that a composer must sort to give the text back. */
export const scramble = (xs) => {
  const r = [...xs].reverse();
  return r.length > 1 ? [...r.slice(1), r[0]] : r;
};

/** The data has every verb the page reads (its "shapes"), and each text has its verb's shape. */
export function assertShapes(data) {
  assert.deepEqual([...byVerb(data.texts).keys()].sort(), Object.keys(data.shapes).sort());
  for (const text of data.texts) assert.match(text, new RegExp(`^(?:${data.shapes[text.split(" ")[0]]})$`), text);
}
