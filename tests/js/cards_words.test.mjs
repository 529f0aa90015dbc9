// The card notation and the words the page makes of Descriptions, both without a DOM: web/cards.js
// (parseCard, cardName) over every card of every canonical action text, web/shell/say.js (a
// Description to a sentence) and web/games/primo/describe.js (Primo's args made readable).
import test from "node:test";
import assert from "node:assert/strict";
import { ALL_PRIMO, ALL_SUITED, cardName, parseCard } from "../../web/cards.js";
import { keysOf, say } from "../../web/shell/say.js";
import { describe, isCard, joinAnd } from "../../web/games/primo/describe.js";
import primo from "../../web/games/primo/index.js"; // with the games' registry, which registers their strings, as on the page
import { actionData } from "./data.mjs";

const CARD = /^(?:10|[1-9AJQK])[SHDCYB]$|^TOP$|^TAKE$/;

test("every card of every canonical action text parses and has a name", () => {
  for (const game of ["primero", "primiera", "primo"]) {
    const cards = new Set(actionData(game).texts.flatMap((a) => a.split(" ").filter((w) => CARD.test(w))));
    assert.ok(cards.size > 10, game);
    for (const c of cards) {
      assert.ok(ALL_SUITED.includes(c) || ALL_PRIMO.includes(c), `${game}: ${c}`);
      assert.doesNotThrow(() => parseCard(c), c);
      assert.ok(cardName(c).length > 2, c);
      assert.ok(cardName(c, "italian").length > 2, c);
    }
  }
  assert.equal(cardName("7D"), "7 of diamonds");
  assert.equal(cardName("12Y"), "Yellow 12");
});

test("parseCard refuses what is not a card", () => {
  for (const bad of ["", "1S", "11H", "7X", "7d", "0Y", "14B", "top", " 7D", "7D ", "10", null, 7, {}]) {
    assert.throws(() => parseCard(bad), /not a card/, String(bad));
  }
  assert.throws(() => cardName("7D", "german"), /unknown card style/);
});

test("say: a Description to a sentence, the seat's name, the one human's own form, nested messages", () => {
  const names = (s) => ["Ann", "Ben"][s];
  assert.equal(primo.name, "primo");
  assert.equal(say({ key: "primo.clear", args: { row: "C" } }), "Row C is complete, 13 down to 1, and is cleared.");
  assert.equal(say({ key: "primo.pass", seat: 1 }, names), "Ben passes.");
  assert.equal(say({ key: "primo.pass", seat: 1 }, names, 1), "You pass.");
  assert.equal(say({ key: "primo.pass", seat: 1 }, names, 0), "Ben passes.");
  assert.equal(say({ key: "primo.took", seat: 0, args: { card: "Yellow 5", row: { key: "primo.clear", args: { row: "A" } } } }, names),
    "Ann takes Yellow 5 from row Row A is complete, 13 down to 1, and is cleared.");
  assert.equal(say(null), "");
  assert.equal(say({ args: {} }), "");
  assert.equal(say(["primo.pass"]), "");
  const nested = { key: "primo.took", seat: 1, args: { card: "5Y", what: { key: "primo.clear", args: { row: "A" } } } };
  assert.deepEqual([...keysOf(nested)].sort(), ["primo.clear", "primo.took"]);
});

test("Primo's describe: cards become names, seats names, nested messages likewise", () => {
  const nameOf = (s) => ["Ann", "Ben", "Cy"][s];
  const d = describe({ key: "primo.move", seat: 0, args: { cards: ["10Y", "9B", "8Y"], row: "A", to: "B" } }, { nameOf });
  assert.equal(d.args.cards, "10 9 8");
  const long = describe({ key: "primo.move", args: { cards: ["13Y", "12B", "11Y", "10Y", "9B"] } }, { nameOf });
  assert.equal(long.args.cards, "13 … 9");
  const take = describe({ key: "primo.take", args: { takes: [] } }, { nameOf });
  assert.equal(take.key, "primo.take.none");
  const end = describe({ key: "primo.roundend", args: { ender: 1, points: [3, -2, 0] } }, { nameOf });
  assert.deepEqual(end.args, { ender: "Ben", points: "Ann 3, Ben -2, Cy 0" });
  const card = describe({ key: "primo.add", args: { card: "TOP", cards: ["1Y", "2B"] } }, { nameOf });
  assert.equal(card.args.card, cardName("TOP"));
  assert.equal(card.args.cards, joinAnd([cardName("1Y"), cardName("2B")]));
  assert.deepEqual(describe({ key: "primiera.other", args: { card: "5Y" } }, { nameOf }), { key: "primiera.other", args: { card: "5Y" } }, "another game's key is left alone");
  for (const text of actionData("primo").texts) for (const w of text.split(" ").slice(1)) if (CARD.test(w)) assert.ok(isCard(w), w);
});
