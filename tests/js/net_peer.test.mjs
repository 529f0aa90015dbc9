// The invites' rules in web/shell/net/peer.js (issue 22), on a stood-in RTCPeerConnection that gives
// real Chromium descriptions (tests/js/sdp_chromium.json) and a clock the test sets: an answer names
// its invite, so one for another invite, a second one, an invite answered before in this browser,
// and an invite (or an answer) past its time are refused with their keys; a browser without WebRTC
// is told so. The connection itself is e2e/test_net_wire.py's.
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
  createDataChannel(label) { return { label, readyState: "connecting", close() {} }; }
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
