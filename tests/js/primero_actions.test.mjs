// Primero's composers (web/games/primero/actions.js): the discard and trade of the picked cards in
// the core's card order, the claim composer's amounts, claims and text, give back every canonical
// text; what a betting action costs; when exactly one card must go.
import test from "node:test";
import assert from "node:assert/strict";
import {
  canonical, cardAction, claimAction, claimAmounts, claimsAt, costOf, discardsOne, KIND_ORDER,
} from "../../web/games/primero/actions.js";
import { actionData, assertShapes, byVerb, scramble } from "./data.mjs";

const data = actionData("primero");
const verbs = byVerb(data.texts);

test("the data has every verb the page reads, each text in its verb's shape", () => assertShapes(data));

test("a discard or trade of the picked cards, in any order, is the canonical text", () => {
  let n = 0;
  for (const verb of ["discard", "trade"]) {
    for (const text of verbs.get(verb)) {
      const cards = text.split(" ").slice(1);
      assert.deepEqual(canonical(scramble(cards)), cards, text);
      assert.equal(cardAction(verb, scramble(cards)), text);
      n++;
    }
  }
  assert.ok(n > 100);
  assert.equal(cardAction("discard", []), "discard", "nothing picked: keep all");
  assert.ok(verbs.get("discard").includes("discard"));
});

test("the claim composer offers every claim text's amount and hand, and composes it back", () => {
  const claims = data.texts.filter((a) => a.split(" ").length === 4);
  assert.ok(claims.length > 100);
  for (const verb of new Set(claims.map((a) => a.split(" ")[0]))) {
    const acts = claims.filter((a) => a.startsWith(verb + " "));
    const amounts = claimAmounts(acts);
    assert.deepEqual(amounts, [...amounts].sort((a, b) => a - b));
    for (const text of acts) {
      const [, amount, kind, points] = text.split(" ");
      assert.ok(amounts.includes(Number(amount)), text);
      const at = claimsAt(acts, amount);
      assert.ok(at.some(([k, p]) => k === kind && p === points), text);
      assert.equal(claimAction(verb, amount, `${kind} ${points}`), text);
    }
  }
});

test("claims are listed lowest kind first, then fewest points", () => {
  const acts = ["vie 2 fluxus 60", "vie 2 numerus 40", "vie 3 primero 70", "vie 2 primero 78", "vie 2 primero 71"];
  assert.deepEqual(claimAmounts(acts), [2, 3]);
  assert.deepEqual(claimsAt(acts, "2"), [["numerus", "40"], ["primero", "71"], ["primero", "78"], ["fluxus", "60"]]);
  assert.deepEqual(claimsAt(acts, "9"), []);
  for (const text of data.texts.filter((a) => a.split(" ").length === 4)) assert.ok(KIND_ORDER.includes(text.split(" ")[2]), text);
});

test("exactly one card must go (RMS after a draw)", () => {
  assert.equal(discardsOne(["discard 7S", "discard KD"]), true);
  assert.equal(discardsOne(["discard", "discard 7S"]), false, "keeping all is allowed");
  assert.equal(discardsOne(["discard 7S KD", "discard 7S"]), false, "two may go");
  assert.equal(discardsOne(["pass", "fold"]), false);
});

test("what an action costs the seat on screen", () => {
  const v = { seat: 1, observation: { to_call: 2, forced_stake: 3, seats: [{ chips: 50 }, { chips: 4 }] } };
  assert.equal(costOf("bet 1", v), 3, "a bet first meets what is owed");
  assert.equal(costOf("raise 3", v), 4, "never more than the seat holds");
  assert.equal(costOf("see", v), 2);
  assert.equal(costOf("trade 7S", v), 3);
  for (const free of ["pass", "fold", "refuse", "vada", "draw 2"]) assert.equal(costOf(free, v), 0, free);
  const broke = { seat: 0, observation: { seats: [{ chips: 1 }] } };
  assert.equal(costOf("see", broke), 0, "nothing owed");
  for (const text of data.texts) assert.ok(Number.isFinite(costOf(text, v)), text);
});
