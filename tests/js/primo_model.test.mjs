// Primo's model (web/games/primo/model.js): every canonical action text parses, and the page's
// composers (dropAction for a drag, a tap or a key; exchangeAction for the exchange mode) give
// each one back; the selection helpers and the small view helpers on hand-made positions.
import test from "node:test";
import assert from "node:assert/strict";
import {
  actionsOf, cardParts, dropAction, exchangeAction, kept, movableRuns, myTurn, oneTap, parseAction, rowOf,
  runCards, sortCards, targetsOf, tops,
} from "../../web/games/primo/model.js";
import { actionData, assertShapes, byVerb, scramble } from "./data.mjs";

const data = actionData("primo");
const verbs = byVerb(data.texts);

test("the data has every verb the page reads, each text in its verb's shape", () => assertShapes(data));

test("parseAction reads every text's parts, and they make the text again", () => {
  for (const text of data.texts) {
    const p = parseAction(text);
    const again = {
      add: () => `add ${p.card} ${p.row}`, open: () => `open ${p.card} ${p.row}`, head: () => `head ${p.card} ${p.row}`,
      move: () => `move ${p.row}:${p.value} ${p.to}`, top: () => `top ${p.row}`, take: () => `take ${p.row}`,
      exchange: () => ["exchange", ...p.cards].join(" "), pass: () => "pass", end: () => "end",
    }[p.verb];
    assert.ok(again, `${text}: verb ${p.verb}`);
    assert.equal(again(), text);
    if (p.card && p.card !== "TOP" && p.card !== "TAKE") assert.notEqual(cardParts(p.card).value, null, text);
    if (p.verb === "move") assert.ok(Number.isInteger(p.value) && p.value >= 1 && p.value <= 13, text);
  }
});

test("a drop of a hand card composes its add, open and head texts", () => {
  for (const text of [...verbs.get("add"), ...verbs.get("open"), ...verbs.get("head")]) {
    const { verb, card, row } = parseAction(text);
    const sel = { kind: "hand", i: 0, card };
    if (verb === "open") assert.equal(dropAction(sel, row, [], []), text); // an empty row
    if (verb === "add") assert.equal(dropAction(sel, row, [{ name: row, cards: ["13Y"] }], []), text);
    if (verb === "head") {
      assert.equal(dropAction(sel, row, [{ name: row, cards: ["13Y"] }], [row], "head"), text); // dropped on the head slot
      // Dropped on the row itself: the head when the card is one above the head of a row with a Top card.
      const under = `${cardParts(card).value - 1}B`;
      assert.equal(dropAction(sel, row, [{ name: row, cards: [under] }], [row]), text);
    }
  }
});

test("a drop of a run, a Top or a Take card composes its move, top and take texts", () => {
  for (const text of verbs.get("move")) {
    const p = parseAction(text);
    assert.equal(dropAction({ kind: "run", row: p.row, value: p.value }, p.to, [], []), text);
    assert.equal(dropAction({ kind: "run", row: p.row, value: p.value }, p.row, [], []), null, "a run dropped on its own row");
  }
  for (const text of [...verbs.get("top"), ...verbs.get("take")]) {
    const p = parseAction(text);
    assert.equal(dropAction({ kind: "hand", i: 2, card: p.card }, p.row, [], []), text);
  }
  assert.equal(dropAction(null, "A", [], []), null);
});

test("the exchange mode composes every exchange text from the cards picked in any order", () => {
  for (const text of verbs.get("exchange")) {
    const cards = parseAction(text).cards;
    assert.equal(["exchange", ...sortCards(scramble(cards))].join(" "), text, "the core's card order");
    assert.equal(exchangeAction(scramble(cards), [text]), text);
    assert.equal(exchangeAction(scramble(cards), ["pass"]), null, "not offered: no action");
  }
  assert.equal(exchangeAction([], ["pass"]), "pass");
  assert.equal(exchangeAction([], ["end"]), null);
  // A legal text in another order is matched as a multiset.
  assert.equal(exchangeAction(["TOP", "3Y"], ["exchange TOP 3Y"]), "exchange TOP 3Y");
});

test("a selection's actions and targets", () => {
  const legal = ["add 5Y A", "open 5Y C", "head 5Y F", "add 7B B", "move D:9 E", "move D:8 A", "top B", "take E", "end"];
  assert.deepEqual(actionsOf({ kind: "hand", card: "5Y" }, legal), ["add 5Y A", "open 5Y C", "head 5Y F"]);
  assert.deepEqual(actionsOf({ kind: "hand", card: "TOP" }, legal), ["top B"]);
  assert.deepEqual(actionsOf({ kind: "hand", card: "TAKE" }, legal), ["take E"]);
  assert.deepEqual(actionsOf({ kind: "run", row: "D", value: 9 }, legal), ["move D:9 E"]);
  assert.deepEqual(actionsOf(null, legal), []);
  const targets = targetsOf({ kind: "hand", card: "5Y" }, legal);
  assert.deepEqual([...targets], [["A", { action: "add 5Y A", slot: "tail" }], ["C", { action: "open 5Y C", slot: "open" }], ["F", { action: "head 5Y F", slot: "head" }]]);
  assert.deepEqual([...targetsOf({ kind: "hand", card: "TAKE" }, legal)], [["E", { action: "take E", slot: "row" }]]);
  assert.deepEqual([...movableRuns(legal)].sort(), ["D:8", "D:9"]);
});

test("every text of the data is an action of the selection it comes from", () => {
  for (const text of data.texts) {
    const p = parseAction(text);
    if (["pass", "end", "exchange"].includes(p.verb)) continue;
    const sel = p.verb === "move" ? { kind: "run", row: p.row, value: p.value } : { kind: "hand", card: p.card };
    assert.deepEqual(actionsOf(sel, [text]), [text], text);
    assert.equal(targetsOf(sel, [text]).get(p.verb === "move" ? p.to : p.row).action, text);
  }
});

test("card texts, runs and the order of an exchange", () => {
  assert.deepEqual(cardParts("12Y"), { special: null, value: 12, colour: "Y" });
  assert.deepEqual(cardParts("TOP"), { special: "TOP", value: null, colour: null });
  for (const bad of ["", "5G", "y5", "5Y ", "Y5", "123Y", null, undefined]) assert.equal(cardParts(bad).value, null, String(bad));
  assert.deepEqual(sortCards(["TOP", "13B", "TAKE", "2B", "13Y", "2Y"]), ["2Y", "2B", "13Y", "13B", "TAKE", "TOP"]);
  const rows = [{ name: "A", cards: ["13Y", "12B", "11Y", "10Y"] }];
  assert.deepEqual(runCards(rows, "A", 11), ["11Y", "10Y"]);
  assert.deepEqual(runCards(rows, "A", 5), []);
  assert.deepEqual(runCards(rows, "B", 11), []);
  assert.deepEqual(parseAction("fly me to the moon"), { verb: "fly" });
  assert.deepEqual(parseAction(""), { verb: "" });
});

test("whose turn, rows, Top rows and the one-tap rule", () => {
  const v = { seat: 1, current: 1, legal: ["end"], terminal: false, observation: { rows: [{ name: "A", cards: ["9Y"] }], turn: { tops: ["A"] } } };
  assert.equal(myTurn(v), true);
  assert.equal(myTurn({ ...v, current: 0 }), false);
  assert.equal(myTurn({ ...v, seat: -1, current: -1 }), false);
  assert.equal(myTurn({ ...v, legal: [] }), false);
  assert.equal(myTurn({ ...v, terminal: true }), false);
  assert.deepEqual(rowOf(v.observation, "A"), { name: "A", cards: ["9Y"] });
  assert.deepEqual(rowOf(v.observation, "F"), { name: "F", cards: [] });
  assert.deepEqual(tops(v.observation), ["A"]);
  assert.deepEqual(tops({}), []);
  assert.equal(oneTap("5Y", ["add 5Y A"], false), "add 5Y A");
  assert.equal(oneTap("5Y", ["add 5Y A"], true), null, "Confirm each play");
  assert.equal(oneTap("5Y", ["add 5Y A", "open 5Y B"], false), null, "two places: picked first");
  assert.equal(oneTap("TAKE", ["take A"], false), null, "a Take card is never played on one tap");
});

test("kept: the places of a row's cards that stayed, as new index to old", () => {
  assert.deepEqual([...kept(["9Y", "8B"], ["9Y", "8B", "7Y"])], [[0, 0], [1, 1]]); // laid at the tail
  assert.deepEqual([...kept(["9Y", "8B"], ["10Y", "9Y", "8B"])], [[1, 0], [2, 1]]); // laid at the head
  assert.deepEqual([...kept(["9Y", "8B", "7Y"], ["9Y"])], [[0, 0]]); // a run moved away
  assert.deepEqual([...kept(["9Y", "8B"], ["5Y"])], []); // cleared and opened again
  assert.deepEqual([...kept([], ["5Y"])], []);
});
