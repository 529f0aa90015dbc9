// No other origin unless the player opted in (issue 22): iceServers() (web/shell/net/peer.js) is []
// unless Settings › "Play across the internet" is on, and the guard (web/shell/net/guard.js) that
// app.js installs at startup refuses an RTCPeerConnection with ICE servers while it is off. Stood-in
// browser: a fake RTCPeerConnection that records its configurations, and a Map for localStorage.
import test from "node:test";
import assert from "node:assert/strict";

const store = new Map();
globalThis.localStorage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => { store.set(k, String(v)); },
  removeItem: (k) => { store.delete(k); },
};
const made = [];
class FakePeerConnection {
  constructor(config) { made.push(config); this.config = config; }
  setConfiguration(config) { this.config = config; }
}
globalThis.RTCPeerConnection = FakePeerConnection;
const { installGuard, readNetSettings, SETTINGS_KEY, GUARD_MESSAGE } = await import("../../web/shell/net/guard.js");
const { iceServers, ICE_DEFAULT, STUN_DEFAULT } = await import("../../web/shell/net/peer.js");
const settings = (s) => store.set(SETTINGS_KEY, JSON.stringify({ lang: "en", ...s }));
const STUN = [{ urls: ["stun:stun.example.org:3478"] }];

test("iceServers() is empty unless the player opted in", () => {
  assert.deepEqual(ICE_DEFAULT, []);
  for (const s of [undefined, null, {}, { internet: false }, { internet: "true" }, { internet: 1, stun: ["stun:x.org"] }]) {
    assert.deepEqual(iceServers(s), [], JSON.stringify(s));
  }
  assert.deepEqual(iceServers({ internet: true }), [{ urls: [...STUN_DEFAULT] }]);
  assert.deepEqual(iceServers({ internet: true, stun: [" stun:a.org:3478 ", "turn:b.org", "http://c.org", 7, "stuns:d.org"] }),
    [{ urls: ["stun:a.org:3478", "stuns:d.org"] }]);
  assert.deepEqual(iceServers({ internet: true, stun: [] }), []); // the player emptied the list
});

test("the guard is installed on import, refuses ICE servers while the setting is off, and allows them once on", () => {
  assert.notEqual(globalThis.RTCPeerConnection, FakePeerConnection);
  installGuard(); // twice: no second wrapper
  assert.equal(Object.getPrototypeOf(globalThis.RTCPeerConnection), FakePeerConnection);
  store.clear();
  assert.deepEqual(readNetSettings(), { internet: false });
  made.length = 0;
  const pc = new RTCPeerConnection();
  assert.ok(pc instanceof FakePeerConnection);
  assert.deepEqual(made.at(-1), { iceServers: [] }); // said outright: no browser default
  new RTCPeerConnection({ iceServers: [] });
  assert.throws(() => new RTCPeerConnection({ iceServers: STUN }), { message: GUARD_MESSAGE });
  assert.throws(() => pc.setConfiguration({ iceServers: STUN }), { message: GUARD_MESSAGE });
  settings({ internet: false, stun: ["stun:stun.example.org:3478"] });
  assert.throws(() => new RTCPeerConnection({ iceServers: STUN }), { message: GUARD_MESSAGE });
  store.set(SETTINGS_KEY, "{broken");
  assert.throws(() => new RTCPeerConnection({ iceServers: STUN }), { message: GUARD_MESSAGE });
  settings({ internet: true });
  assert.deepEqual(new RTCPeerConnection({ iceServers: STUN }).config, { iceServers: STUN });
  assert.equal(made.length, 3);
});
