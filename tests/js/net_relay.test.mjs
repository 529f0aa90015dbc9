// The host's relay for one guest (web/shell/net/relay.js, issue 22), on a clock the test turns: honest
// play passes, an oversized message and a flood are dropped with one notice per flood, and a replaced
// connection's messages are dropped without a word.
import test from "node:test";
import assert from "node:assert/strict";

const { createRelay, MAX_BYTES, RATE, BURST } = await import("../../web/shell/net/relay.js");

function clocked() {
  let ms = 1_000_000;
  return { now: () => ms, tick: (d) => { ms += d; } };
}
const MOVE = JSON.stringify({ t: "act", action: "play 7C", at: 3 });

test("a guest playing at a human pace is never held back", () => {
  const c = clocked();
  const relay = createRelay({ now: c.now });
  const gen = relay.connect();
  for (let i = 0; i < 500; i++) {
    c.tick(300);
    assert.deepEqual(relay.check(MOVE, gen), { ok: true });
  }
});

test("a flood is dropped with one notice, and said again after a calm spell", () => {
  const c = clocked();
  const relay = createRelay({ now: c.now });
  const gen = relay.connect();
  const verdicts = [];
  for (let i = 0; i < 400; i++) {
    c.tick(10); // 100 a second
    verdicts.push(relay.check(MOVE, gen));
  }
  const passed = verdicts.filter((v) => v.ok).length;
  assert.ok(passed >= BURST && passed <= BURST + (4 * RATE) + 1, `passed ${passed}`); // the burst, then the rate
  assert.equal(verdicts.filter((v) => !v.ok && v.notice === "net.flood").length, 1);
  assert.ok(verdicts.filter((v) => !v.ok).every((v) => v.reason === "flood"));
  c.tick(10_000);
  assert.deepEqual(relay.check(MOVE, gen), { ok: true });
  const again = [];
  for (let i = 0; i < 200; i++) again.push(relay.check(MOVE, gen));
  assert.equal(again.filter((v) => v.notice === "net.flood").length, 1);
});

test("a message over 64 KB is dropped (counting bytes, not characters)", () => {
  const c = clocked();
  const relay = createRelay({ now: c.now });
  const gen = relay.connect();
  assert.equal(MAX_BYTES, 65536);
  assert.deepEqual(relay.check("x".repeat(MAX_BYTES), gen), { ok: true });
  const big = relay.check("x".repeat(MAX_BYTES + 1), gen);
  assert.equal(big.ok, false);
  assert.equal(big.reason, "size");
  assert.equal(big.notice, "net.flood");
  assert.equal(relay.check("é".repeat(MAX_BYTES / 2 + 1), gen).reason, "size");
  assert.equal(relay.check(new Uint8Array(4), gen).reason, "binary");
});

test("a replaced connection's messages are dropped without a word", () => {
  const c = clocked();
  const relay = createRelay({ now: c.now });
  const first = relay.connect();
  assert.equal(relay.check(MOVE, first).ok, true);
  const second = relay.connect();
  assert.equal(relay.generation, second);
  assert.deepEqual(relay.check(MOVE, first), { ok: false, reason: "stale", notice: null });
  assert.equal(relay.check(MOVE, second).ok, true);
  assert.equal(relay.check(MOVE, 0).ok, false);
});
