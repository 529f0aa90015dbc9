// The compact SDP codec (web/shell/net/sdp.js, issue 22): real Chromium offers and answers (captured
// from Debian's chromium, with local addresses shown and hidden behind mDNS names) shrink to a fifth,
// round-trip to an SDP with the same credentials, fingerprint, role and candidates, and every damaged,
// truncated, padded, foreign or over-long text is refused with the key the player's sentence comes from.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const { encodeSdp, decodeSdp, NetError, newId, MAX_TEXT } = await import("../../web/shell/net/sdp.js");
const FIXTURE = JSON.parse(readFileSync(new URL("./sdp_chromium.json", import.meta.url), "utf8"));
const DESCS = ["ip", "mdns"].flatMap((k) => [FIXTURE[k].offer, FIXTURE[k].answer]);

/** What must survive: every line but those the codec re-makes (o=, candidates' foundation and priority, extmap). */
function essentials(sdp) {
  const lines = sdp.split("\r\n");
  const pick = (p) => lines.filter((l) => l.startsWith(p)).sort();
  const cands = lines.filter((l) => l.startsWith("a=candidate:") && / udp /.test(l)).map((l) => { // in order
    const f = l.split(" ");
    return `${f[4].replace(/^fd00::2$/, "fd00:0:0:0:0:0:0:2")} ${f[5]} ${f[7]}`;
  });
  return { cands, ...Object.fromEntries(["a=ice-ufrag:", "a=ice-pwd:", "a=fingerprint:", "a=setup:", "a=mid:", "a=sctp-port:"].map((p) => [p, pick(p)])) };
}

const refuses = (text, key, expect = "offer") => assert.throws(() => decodeSdp(text, expect), (e) => e instanceof NetError && e.key === key, String(text).slice(0, 40));

test("a real Chromium offer or answer round-trips, about a fifth of its length", () => {
  for (const desc of DESCS) {
    const id = newId();
    const text = encodeSdp({ ...desc, id, time: 1764650000 });
    assert.match(text, /^1[A-Za-z0-9_-]+$/); // URL-safe, no padding, the version first
    assert.ok(desc.sdp.length > 580 && text.length <= 172, `${desc.sdp.length} -> ${text.length}`);
    const back = decodeSdp(text, desc.type);
    assert.equal(back.type, desc.type);
    assert.equal(back.id, id);
    assert.equal(back.time, 1764650000);
    assert.deepEqual(essentials(back.sdp), essentials(desc.sdp));
    assert.ok(back.sdp.endsWith("\r\n") && back.sdp.startsWith("v=0\r\n"));
    assert.equal(encodeSdp({ ...back, id, time: 1764650000 }), text); // a fixed point
  }
});

test("a text without an id has none; whitespace and a whole pasted link are read", () => {
  const { offer, answer } = FIXTURE.mdns;
  const text = encodeSdp(offer);
  assert.equal(decodeSdp(text).id, null);
  assert.equal(decodeSdp(`  ${text.slice(0, 30)}\n${text.slice(30)} `).sdp, decodeSdp(text).sdp);
  const a = encodeSdp({ ...answer, id: newId(), time: 5 });
  assert.equal(decodeSdp(`https://example.org/primi/#/answer?a=${a}&x=1`, "answer").time, 5);
  assert.equal(decodeSdp(`https://example.org/primi/#/join?i=${text}`).type, "offer");
});

test("bad texts are refused with the key of what was asked for", () => {
  const offer = encodeSdp({ ...FIXTURE.ip.offer, id: newId(), time: 1 });
  const answer = encodeSdp({ ...FIXTURE.ip.answer, id: newId(), time: 1 });
  for (const bad of [undefined, null, 42, "", "1", "x", "1A", "1!!!!", "1" + "A".repeat(MAX_TEXT), "hello world", "1AAAAAAAAAAA"]) {
    refuses(bad, "net.bad.invite");
    refuses(bad, "net.bad.answer", "answer");
  }
  for (let cut = 1; cut < offer.length - 1; cut += 3) refuses(offer.slice(0, cut), "net.bad.invite"); // truncated
  refuses(offer + "AAAA", "net.bad.invite"); // trailing bytes
  refuses(offer + "=", "net.bad.invite"); // padding is not ours
  refuses(answer, "net.bad.invite"); // an answer where an invite is wanted
  refuses(offer, "net.bad.answer", "answer");
  refuses("2" + offer.slice(1), "net.bad.version"); // another version of Primi
  refuses("9" + answer.slice(1), "net.bad.version", "answer");
});

test("every single-character change is refused or still decodes to a well-formed SDP", () => {
  const text = encodeSdp({ ...FIXTURE.mdns.offer, id: newId(), time: 1 });
  const alphabet = "AZaz09-_";
  for (let i = 1; i < text.length; i++) {
    for (const c of alphabet) {
      const mutated = text.slice(0, i) + c + text.slice(i + 1);
      try {
        const { sdp } = decodeSdp(mutated);
        assert.doesNotMatch(sdp, /undefined|NaN|[^\x20-\x7e\r\n]/);
      } catch (e) {
        assert.ok(e instanceof NetError, `${mutated}: ${e}`);
      }
    }
  }
});

test("a device with many networks gives a text of the best candidates that still decodes", () => {
  const { offer } = FIXTURE.ip;
  const many = Array.from({ length: 24 }, (_, i) => `a=candidate:${i} 1 udp ${2113937151 - i} host-${String(i).padStart(2, "0")}-${"n".repeat(200)}.lan ${40000 + i} typ host generation 0`);
  const tcp = "a=candidate:99 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0";
  const bare = offer.sdp.split("\r\n").filter((l) => !l.startsWith("a=candidate:")).join("\r\n");
  const sdp = bare.replace("a=ice-ufrag:", [tcp, ...many, "a=ice-ufrag:"].join("\r\n"));
  const text = encodeSdp({ type: "offer", sdp });
  assert.ok(text.length <= MAX_TEXT, String(text.length));
  const back = decodeSdp(text).sdp.split("\r\n").filter((l) => l.startsWith("a=candidate:"));
  assert.ok(back.length >= 2 && back.length < 16, String(back.length));
  assert.ok(back.every((l, i) => l.includes(`host-${String(i).padStart(2, "0")}-`) && / udp /.test(l))); // the first ones, in order; no TCP
});

test("an SDP the codec cannot carry is a bug, said at once", () => {
  assert.throws(() => encodeSdp({ type: "offer", sdp: "v=0\r\n" }), /no ICE credentials/);
  assert.throws(() => encodeSdp({ type: "pranswer", sdp: FIXTURE.ip.offer.sdp }), /cannot carry/);
});
