// @ts-check
// Primiera's action texts read: pure functions over the View (no DOM, no i18n), shared by the
// table (index.js) and the node tests. The page never composes a text: every control carries one
// of view.legal ("play 7D", "play 7D x 3C 4S", "pick 7D").

// Parse an action text: {verb, card, captured}.
export function parse(action) {
  const [verb, card, , ...captured] = action.split(" ");
  return { verb, card, captured };
}

/** Legal actions of the shown seat grouped by hand card. */
export function optionsByCard(v) {
  const by = new Map();
  for (const a of v.legal) {
    const p = parse(a);
    if (!by.has(p.card)) by.set(p.card, []);
    by.get(p.card).push(a);
  }
  return by;
}
