// Primiera's words reaching players (issue 20, items 4 and 10; web/games/primiera/index.js): the
// round dialog says why the game goes on after the target is reached (D-PA12), speaks of
// partnerships only at four players, and the coach speaks of a partner as a partner and of a
// primiera a move completes in words, never "— → 44".
import test from "node:test";
import assert from "node:assert/strict";
import primiera, { coachLine } from "../../web/games/primiera/index.js";

const names = ["You", "Bianca", "Carlo", "Dario"];
const D_PA12 = { id: "D-PA12", text: "Kaleidos: if two or more players reach 21 in the same round, an extra round is played and then the highest total wins (a tie plays again)." };
const ctx = (players) => ({
  nameOf: (s) => names[s],
  settings: { suits: "french" },
  catalogue: { primiera_rules: [{ variant: players === 4 ? "kaleidos" : "2p", decisions: [D_PA12] }] },
});
const side = (seats, total) => ({ seats, cards: 0, coins: 0, settebello: 0, primiera: 0, sweeps: 0, total, counts: { cards: 0, coins: 0, primiera: null } });
const view = (o, terminal = false) => ({ terminal, observation: o });

test("a 2-player round's dialog says nothing of partnerships", () => {
  const o = { players: 2, variant: "2p", sheet: [{ round: 1, partnership: "individual", doubled: false, extra: false, sides: [side([0], 3), side([1], 2)], totals: [3, 2] }], why_on: null };
  const r = primiera.roundEnd(view(o), ctx(2));
  assert.ok(!r.html.includes("roundend-partnership"), r.html);
  assert.ok(!/everyone for themselves|Partnerships/.test(r.html), r.html);
  assert.equal(r.next, "Next round");
});

test("a Kaleidos round where three players passed 21 says why the game goes on, citing D-PA12", () => {
  const o = {
    players: 4, variant: "kaleidos",
    sheet: [{ round: 3, partnership: "alone", doubled: true, extra: false, sides: [side([0], 6), side([1], 8), side([2], 7), side([3], 0)], totals: [23, 25, 24, 8] }],
    why_on: { key: "primiera.on.extra", args: { seats: [0, 1, 2], totals: [23, 25, 24], target: 21 } },
  };
  const r = primiera.roundEnd(view(o), ctx(4));
  assert.match(r.html, /The game goes on\./);
  assert.match(r.html, /You, Bianca and Carlo reached 21 in the same round \(You 23, Bianca 25, Carlo 24\)/);
  assert.match(r.html, /<dt>D-PA12<\/dt>/);
  assert.equal(r.next, "Play the extra round");
  assert.match(r.text, /The game goes on/);
  assert.match(r.html, /id="roundend-partnership"/);
});

test("the coach: a partner is named as one, and a completed primiera is said in words", () => {
  const m = { action: "play 5C x 5H", card: "5C", cards: 2, coins: 0, settebello: false, primiera_before: null, primiera_after: 44, sweep: false,
    next: { seat: 1, partner: true, table: ["3D"], sum: 3, sweep_ranks: [], sweep_chance: 0 } };
  const line = coachLine(m, "french", ctx(4));
  assert.ok(!line.includes("—") && !line.includes("→"), line);
  assert.match(line, /completes a primiera: 44/);
  assert.match(line, /your partner Bianca cannot sweep it/);
  assert.ok(!/no sweep for Bianca/.test(line), line);
  const foe = coachLine({ ...m, primiera_before: 30, next: { ...m.next, partner: false } }, "french", ctx(4));
  assert.match(foe, /primiera 30 → 44/);
  assert.match(foe, /no sweep for Bianca/);
});
