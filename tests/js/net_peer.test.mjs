// The invites' rules in web/shell/net/peer.js (issue 22), on a stood-in RTCPeerConnection that gives
// real Chromium descriptions (tests/js/sdp_chromium.json) and a clock the test sets: an answer names
// its invite, so one for another invite, a second one, an invite answered before in this browser,
// and an invite (or an answer) past its time are refused with their keys; a browser without WebRTC
// is told so. And the heartbeats on a stood-in channel and clock: pings every 2 s, pongs to pings, a
// peer silent 8 s (or 4 s while ICE says "disconnected") or a channel closed is lost, once; a link
// closed on purpose is not; a peer that goes silent at any moment is lost within 10 s of its last
// word (the promise: a friend whose phone sleeps or loses the network is noticed within 10 s; on this
// clock, so no load on the machine bends it). The connection itself is e2e/together/test_net_wire.py's,
// which checks that a real page that dies is found lost by this silence, and a closed tab by its
// channel closing.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const FIXTURE = JSON.parse(readFileSync(new URL("./sdp_chromium.json", import.meta.url), "utf8"));
const store = new Map();
globalThis.localStorage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => { store.set(k, String(v)); },
  removeItem: (k) => { store.delete(k); },
};
class FakePeerConnection extends EventTarget {
  constructor(config) { super(); this.config = config; this.iceGatheringState = "complete"; this.connectionState = "new"; this.remote = null; }
  createDataChannel(label) {
    this.channel = { label, readyState: "connecting", sent: [], send(t) { this.sent.push(t); }, close() { this.readyState = "closed"; } };
    return this.channel;
  }
  async createOffer() { return FIXTURE.ip.offer; }
  async createAnswer() { return FIXTURE.ip.answer; }
  async setLocalDescription(d) { this.localDescription = d; }
  async setRemoteDescription(d) { this.remote = d; }
  close() { this.connectionState = "closed"; }
}
globalThis.RTCPeerConnection = FakePeerConnection;
const { hostInvite, guestJoin, answerFor, INVITE_TTL_S, NetError } = await import("../../web/shell/net/peer.js");

const at = (s) => ({ now: () => s * 1000 });
const key = (promise) => promise.then(() => "", (e) => (e instanceof NetError ? e.key : String(e)));
const T = 1_764_650_000;

test("an answer is taken once, by the invite it names, in time", async () => {
  store.clear();
  const host = await hostInvite({}, at(T));
  const other = await hostInvite({}, at(T));
  assert.notEqual(host.id, other.id);
  const guest = await guestJoin(`https://example.org/#/join?i=${host.invite}`, {}, at(T + 60));
  assert.equal(guest.inviteId, host.id);
  assert.equal(answerFor(guest.answer), host.id);
  assert.equal(await key(other.accept(guest.answer)), "net.bad.other");
  assert.equal(await key(host.accept(host.invite)), "net.bad.answer");
  assert.equal(await key(host.accept(guest.answer)), "");
  assert.equal(await key(host.accept(guest.answer)), "net.used");
  host.close();
  other.close();
});

test("an invite is answered once in a browser, and not past its time", async () => {
  store.clear();
  const host = await hostInvite({}, at(T));
  assert.equal(await key(guestJoin(host.invite, {}, at(T + INVITE_TTL_S + 1))), "net.stale");
  await guestJoin(host.invite, {}, at(T + 5));
  assert.equal(await key(guestJoin(host.invite, {}, at(T + 6))), "net.used"); // a reload: ask for a new link
  let clock = T; // the host's, moving on
  const moving = { now: () => clock * 1000 };
  const late = await hostInvite({}, moving);
  const answer = (await guestJoin(late.invite, {}, at(T + 10))).answer;
  clock = T + INVITE_TTL_S + 1;
  assert.equal(await key(late.accept(answer)), "net.stale");
  clock = T + INVITE_TTL_S - 1;
  assert.equal(await key(late.accept(answer)), ""); // in time
  const closed = await hostInvite({}, at(T));
  const reply = (await guestJoin(closed.invite, {}, at(T))).answer;
  closed.close();
  assert.equal(await key(closed.accept(reply)), "net.used"); // a closed invite takes nothing
});

test("a browser without WebRTC is told so, after the text is read", async () => {
  store.clear();
  const host = await hostInvite({}, at(T));
  globalThis.RTCPeerConnection = undefined;
  try {
    assert.equal(await key(guestJoin(host.invite, {}, at(T))), "net.unsupported");
    assert.equal(await key(guestJoin("garbage", {}, at(T))), "net.bad.invite");
    assert.equal(await key(hostInvite({}, at(T))), "net.unsupported");
  } finally {
    globalThis.RTCPeerConnection = FakePeerConnection;
  }
});

/** A host's link, open, on a clock the test moves (Date-like ms) with setInterval mocked. */
async function openLink(t) {
  let ms = T * 1000;
  const states = [], got = [];
  const link = await hostInvite({ onState: (x) => states.push(x), onMessage: (m) => got.push(m) }, { now: () => ms });
  const pc = PCS.at(-1);
  pc.channel.readyState = "open";
  pc.channel.onopen();
  const tick = (d) => { ms += d; t.mock.timers.tick(d); };
  const hear = (text) => pc.channel.onmessage({ data: text });
  return { link, pc, states, got, tick, hear };
}
const PCS = [];
class TrackedPeerConnection extends FakePeerConnection {
  constructor(config) { super(config); PCS.push(this); }
}

test("heartbeats: pings every 2 s, pongs to pings, lost after 8 s of silence, once", async (t) => {
  globalThis.RTCPeerConnection = TrackedPeerConnection;
  t.mock.timers.enable({ apis: ["setInterval"] });
  const { link, pc, states, got, tick, hear } = await openLink(t);
  assert.deepEqual(states, ["open"]);
  tick(2000);
  assert.deepEqual(pc.channel.sent, ['{"t":"ping"}']);
  hear('{"t":"ping"}');
  assert.equal(pc.channel.sent.at(-1), '{"t":"pong"}');
  hear('{"t":"act","action":"pass","at":3}');
  assert.deepEqual(got, [{ t: "act", action: "pass", at: 3 }]); // pings and pongs are the link's own
  for (let i = 0; i < 7; i++) tick(1000);
  assert.deepEqual(states, ["open"]); // 7 s of silence: not yet
  hear('{"t":"pong"}');
  for (let i = 0; i < 8; i++) tick(1000);
  assert.deepEqual(states, ["open"]);
  tick(1000);
  assert.deepEqual(states, ["open", "lost"]);
  for (let i = 0; i < 5; i++) tick(1000);
  assert.deepEqual(states, ["open", "lost"]);
  assert.equal(link.send({ t: "view" }), false);
  assert.equal(pc.connectionState, "closed");
  globalThis.RTCPeerConnection = FakePeerConnection;
});

test("ICE disconnected with 4 s of silence, or the channel closing, is lost; closing on purpose is not", async (t) => {
  globalThis.RTCPeerConnection = TrackedPeerConnection;
  t.mock.timers.enable({ apis: ["setInterval"] });
  const a = await openLink(t);
  a.pc.connectionState = "disconnected";
  a.pc.dispatchEvent(new Event("connectionstatechange"));
  a.tick(1000);
  a.hear('{"t":"ping"}'); // a hiccup with the peer still heard: not a drop
  for (let i = 0; i < 4; i++) a.tick(1000);
  assert.deepEqual(a.states, ["open"]);
  a.tick(1000);
  assert.deepEqual(a.states, ["open", "lost"]);
  const b = await openLink(t);
  b.pc.channel.onclose();
  assert.deepEqual(b.states, ["open", "lost"]);
  const c = await openLink(t);
  c.link.close();
  for (let i = 0; i < 20; i++) c.tick(1000);
  assert.deepEqual(c.states, ["open", "closed"]);
  assert.equal(c.link.state, "closed");
  globalThis.RTCPeerConnection = FakePeerConnection;
});

test("a peer that stops speaking at any moment of the beat is lost within 10 s of its last word, not before 8 s", async (t) => {
  // e2e/together/test_net_wire.py's page that dies: nothing is closed, the host only stops hearing it.
  globalThis.RTCPeerConnection = TrackedPeerConnection;
  t.mock.timers.enable({ apis: ["setInterval"] });
  for (let offset = 0; offset < 3000; offset += 125) { // any moment of a check's period (1 s; up to 3 s covered)
    const { states, tick, hear } = await openLink(t);
    tick(offset);
    hear('{"t":"pong"}'); // its last word, `offset` ms after the link opened
    let silent = 0;
    while (!states.includes("lost") && silent < 20_000) { tick(50); silent += 50; }
    assert.deepEqual(states, ["open", "lost"], `offset ${offset}`);
    assert.ok(silent > 8000 && silent <= 10_000, `offset ${offset}: lost after ${silent} ms of silence`);
  }
  // ICE says "disconnected" about 6 s after the last word (measured on loopback): lost at once then.
  const { pc, states, tick, hear } = await openLink(t);
  hear('{"t":"pong"}');
  for (let i = 0; i < 57; i++) tick(100);
  assert.deepEqual(states, ["open"]);
  pc.connectionState = "disconnected";
  pc.dispatchEvent(new Event("connectionstatechange"));
  assert.deepEqual(states, ["open", "lost"]);
  globalThis.RTCPeerConnection = FakePeerConnection;
});
