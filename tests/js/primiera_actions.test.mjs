// Primiera's reading of its action texts (web/games/primiera/actions.js): the page puts each legal
// text on a control unchanged, so parse must read every canonical text whole (the card played and
// what it captures, which the table highlights), and optionsByCard must group them by hand card.
import test from "node:test";
import assert from "node:assert/strict";
import { optionsByCard, parse } from "../../web/games/primiera/actions.js";
import { actionData, assertShapes } from "./data.mjs";

const data = actionData("primiera");

test("the data has every verb the page reads, each text in its verb's shape", () => assertShapes(data));

test("parse reads every text whole: its parts make the text again", () => {
  for (const text of data.texts) {
    const p = parse(text);
    const again = p.captured.length ? `${p.verb} ${p.card} x ${p.captured.join(" ")}` : `${p.verb} ${p.card}`;
    assert.equal(again, text);
    assert.equal(text.includes(" x "), p.captured.length > 0, text);
    assert.ok(!p.captured.includes(p.card), `${text}: a card captures others`);
  }
});

test("optionsByCard groups the legal texts by the hand card they play", () => {
  const by = optionsByCard({ legal: data.texts });
  assert.equal([...by.values()].reduce((n, xs) => n + xs.length, 0), data.texts.length);
  for (const [card, acts] of by) for (const a of acts) assert.equal(a.split(" ")[1], card);
  const small = optionsByCard({ legal: ["play 7D", "play 7D x 3C 4S", "play KS x KD"] });
  assert.deepEqual([...small], [["7D", ["play 7D", "play 7D x 3C 4S"]], ["KS", ["play KS x KD"]]]);
  for (const rec of data.records) {
    // A record's played texts, read the same way: the card and what it took.
    for (const a of rec.actions) assert.equal(parse(a).card, a.split(" ")[1]);
  }
});
