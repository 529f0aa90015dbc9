// Pure helpers over Primo's View: action texts parsed and composed, the targets of a selection,
// the runs that may move. No DOM here (the table, the drag engine and the tests share them).

/** A card text's parts: {value, colour} for a number card, {special: "TOP"|"TAKE"} otherwise. */
export function cardParts(card) {
  if (card === "TOP" || card === "TAKE") return { special: card, value: null, colour: null };
  const m = /^(\d{1,2})([YB])$/.exec(card || "");
  return m ? { special: null, value: Number(m[1]), colour: m[2] } : { special: null, value: null, colour: null };
}

/** An action text's parts: {verb, card?, row?, value?, to?, cards?}. */
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
/** The canonical order of cards in an exchange text: value, then colour (B before Y); TAKE, TOP last. */
export function sortCards(cards) {
  const key = (c) => {
    const x = cardParts(c);
    return x.special ? [SPECIAL_ORDER[x.special], ""] : [x.value, x.colour];
  };
  return [...cards].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka[0] - kb[0] || (ka[1] < kb[1] ? -1 : ka[1] > kb[1] ? 1 : 0);
  });
}

/** The legal exchange text for these hand cards (matched as a multiset against view.legal), or null. */
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

/** Legal actions of a selection: {kind: "hand", card} or {kind: "run", row, value}. */
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

/** Target rows of a selection: Map row -> {action, slot: "tail"|"head"|"open"|"row"}. */
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

/** "row:value" of every card that starts a run with a legal move. */
export function movableRuns(legal) {
  const out = new Set();
  for (const a of legal) {
    const p = parseAction(a);
    if (p.verb === "move") out.add(`${p.row}:${p.value}`);
  }
  return out;
}

/** The action a drop of the selection on a row would be (legal or not), or null (no drop: the same row). */
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

/** The run a selection stands for: the cards of that row from the value down to the tail. */
export function runCards(rows, rowName, value) {
  const row = rows.find((r) => r.name === rowName);
  if (!row) return [];
  const i = row.cards.findIndex((c) => cardParts(c).value === value);
  return i < 0 ? [] : row.cards.slice(i);
}
