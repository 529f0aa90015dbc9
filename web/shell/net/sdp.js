// @ts-check
// The compact form of a WebRTC offer or answer (issue 22): what a player carries from one device to
// the other in a link, a pasted text or a QR code. A data-channel-only SDP from Chromium is 654–715
// characters, nearly all of it the same on every device; only the ICE username fragment and password,
// the DTLS fingerprint, the setup role and the candidates differ. Those are packed into bytes and
// written URL-safe base64 (no padding) after a version letter; decodeSdp() rebuilds a full SDP that
// Chromium (and Firefox, Safari: the same fixed lines) accepts. Invites also carry an id and a time,
// and an answer the id of the invite it answers (web/shell/net/peer.js checks them).
//
// Layout (version "1"): flags (bit 0 answer, bits 1-2 setup role, bit 3 id+time, bit 4 mid, bit 5 sctp
// port), [id: 6 bytes, time: uint32 seconds], ufrag (length, bytes), password (length, bytes),
// fingerprint (hash index, bytes), [mid (length, bytes)], [sctp port: uint16], candidate count, then
// per candidate: a kind byte (bits 0-1 address form, bits 2-3 candidate type), the address, the port.
// Only UDP candidates are kept (TCP ones never win over UDP between two browsers), and only the address
// and port of each: foundation and priority are re-made (in the same order), related addresses dropped
// (optional in the grammar, and a privacy leak besides).

export const VERSION = "1";
/** The longest text decodeSdp() reads (a compact SDP with 16 IPv6 candidates is under 600). */
export const MAX_TEXT = 1200;
const MAX_CANDIDATES = 16;
const SETUPS = ["actpass", "active", "passive"];
const HASHES = [["sha-256", 32], ["sha-384", 48], ["sha-512", 64], ["sha-1", 20]];
const TYPES = ["host", "srflx", "prflx", "relay"];
const TYPE_PREF = [126, 100, 110, 0]; // RFC 8445 5.1.2.2's recommended type preferences, by TYPES
const ICE_CHAR = /^[A-Za-z0-9+/]+$/; // RFC 8839 ice-char
const MID = /^[A-Za-z0-9_-]{1,32}$/;
const HOSTNAME = /^[A-Za-z0-9.-]{1,253}$/;
const UUID_LOCAL = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;
// Address forms: 0 IPv4 (4 bytes), 1 IPv6 (16 bytes), 2 an mDNS name <uuid>.local (16 bytes: what a
// phone's browser shows instead of its address), 3 any other host name (length, bytes).

/** A problem with a text a player carried (a key of the i18n tables, said by web/shell/errors.js's say). */
export class NetError extends Error {
  /** @param {string} key @param {Record<string, unknown>} [args] */
  constructor(key, args = {}) {
    super(key);
    this.name = "NetError";
    this.key = key;
    this.args = args;
  }
}

/** @typedef {{type: "offer"|"answer", sdp: string, id?: string, time?: number}} Desc */

/** The compact text for a local description ({type, sdp}; `id` (8 URL-safe characters) and `time`
 * (Unix seconds) when given). Throws a plain Error for an SDP this codec cannot carry (a bug: never a
 * player's input).
 * @param {Desc} desc */
export function encodeSdp(desc) {
  if (desc.type !== "offer" && desc.type !== "answer") throw new Error(`sdp: cannot carry a ${desc.type}`);
  const lines = String(desc.sdp).split(/\r?\n/);
  const attr = (/** @type {string} */ name) => {
    const line = lines.find((l) => l.startsWith(`a=${name}:`));
    return line === undefined ? null : line.slice(name.length + 3).trim();
  };
  const ufrag = attr("ice-ufrag"), pwd = attr("ice-pwd"), fp = attr("fingerprint"), setup = attr("setup");
  const mid = attr("mid") ?? "0", sctp = Number(attr("sctp-port") ?? 5000);
  if (!ufrag || !pwd || !fp || !setup) throw new Error("sdp: no ICE credentials or fingerprint");
  const [algo, hex] = fp.split(" ");
  const hash = HASHES.findIndex(([name]) => name === algo.toLowerCase());
  const setupIndex = SETUPS.indexOf(setup);
  if (hash < 0 || setupIndex < 0 || !MID.test(mid)) throw new Error("sdp: an unknown fingerprint, role or mid");
  const out = new Writer();
  const withId = typeof desc.id === "string";
  out.byte((desc.type === "answer" ? 1 : 0) | (setupIndex << 1) | (withId ? 8 : 0) | (mid !== "0" ? 16 : 0) | (sctp !== 5000 ? 32 : 0));
  if (withId) {
    out.bytes(fromBase64(desc.id, 6));
    out.uint32(Math.floor(desc.time ?? Date.now() / 1000));
  }
  out.text(ufrag);
  out.text(pwd);
  out.byte(hash);
  out.bytes(Uint8Array.from(hex.split(":"), (h) => parseInt(h, 16)));
  if (mid !== "0") out.text(mid);
  if (sctp !== 5000) out.uint16(sctp);
  const cands = lines.filter((l) => l.startsWith("a=candidate:")).map(parseCandidate).filter((c) => c !== null);
  const kept = cands.slice(0, MAX_CANDIDATES);
  out.byte(kept.length);
  for (const c of kept) {
    out.byte(c.form | (c.type << 2));
    out.bytes(c.addr);
    out.uint16(c.port);
  }
  return VERSION + toBase64(out.done());
}

/** The description a compact text stands for: {type, sdp, id, time} (id and time null when it has
 * none). `expect` is what the player was asked for: the wrong kind, or any damage, is a NetError
 * (`net.bad.invite` / `net.bad.answer`; `net.bad.version` for a text of another version of Primi).
 * @param {unknown} text @param {"offer"|"answer"} [expect] */
export function decodeSdp(text, expect = "offer") {
  const bad = new NetError(expect === "answer" ? "net.bad.answer" : "net.bad.invite");
  if (typeof text !== "string" || text.length > 8 * MAX_TEXT) throw bad;
  // A whole link pasted (…#/join?i=… or …#/answer?a=…) is read for its text; line breaks and spaces a
  // chat app or a QR reader put in are not part of it.
  const param = /[?&][ia]=([^&#]*)/.exec(text);
  const s = (param ? param[1] : text).replace(/\s+/g, "");
  if (s.length < 2 || s.length > MAX_TEXT) throw bad;
  if (s[0] !== VERSION) throw /^[0-9]$/.test(s[0]) && /^[A-Za-z0-9_-]+$/.test(s.slice(1)) ? new NetError("net.bad.version") : bad;
  let bytes;
  try { bytes = fromBase64(s.slice(1)); } catch { throw bad; }
  const r = new Reader(bytes, bad);
  const flags = r.byte();
  const type = flags & 1 ? "answer" : "offer";
  const setup = SETUPS[(flags >> 1) & 3];
  if (flags & 0xc0 || !setup || type !== expect) throw bad;
  let id = null, time = null;
  if (flags & 8) {
    id = toBase64(r.bytes(6));
    time = r.uint32();
  }
  const ufrag = r.text(), pwd = r.text();
  if (!ICE_CHAR.test(ufrag) || ufrag.length < 4 || !ICE_CHAR.test(pwd) || pwd.length < 22) throw bad;
  const hash = HASHES[r.byte()];
  if (!hash) throw bad;
  const fp = Array.from(r.bytes(/** @type {number} */ (hash[1])), (b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const mid = flags & 16 ? r.text() : "0";
  if (!MID.test(mid)) throw bad;
  const sctp = flags & 32 ? r.uint16() : 5000;
  const count = r.byte();
  if (count > MAX_CANDIDATES) throw bad;
  const cands = [];
  for (let i = 0; i < count; i++) {
    const kind = r.byte();
    if (kind & 0xf0) throw bad;
    const host = readAddress(r, kind & 3, bad);
    const port = r.uint16();
    if (!port) throw bad;
    const typ = kind >> 2;
    // Foundation and priority re-made: the same order as sent (local preference falls by one each).
    const priority = (TYPE_PREF[typ] * 2 ** 24) + ((65535 - i) * 2 ** 8) + 255;
    cands.push(`a=candidate:${i + 1} 1 udp ${priority} ${host} ${port} typ ${TYPES[typ]} generation 0`);
  }
  r.end();
  const port = cands.length ? cands[0].split(" ")[5] : "9";
  const sdp = [
    "v=0", `o=- ${sessionId(bytes)} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", `a=group:BUNDLE ${mid}`, "a=msid-semantic: WMS",
    `m=application ${port} UDP/DTLS/SCTP webrtc-datachannel`, "c=IN IP4 0.0.0.0", ...cands,
    `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`, "a=ice-options:trickle", `a=fingerprint:${hash[0]} ${fp}`,
    `a=setup:${setup}`, `a=mid:${mid}`, `a=sctp-port:${sctp}`, "a=max-message-size:262144", "",
  ].join("\r\n");
  return { type, sdp, id, time };
}

/** @param {string} line */
function parseCandidate(line) {
  // a=candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> ...
  const f = line.slice(12).trim().split(/\s+/);
  if (f.length < 8 || f[2].toLowerCase() !== "udp" || f[6] !== "typ" || f[1] !== "1") return null;
  const type = TYPES.indexOf(f[7]);
  const port = Number(f[5]);
  if (type < 0 || !(port > 0 && port < 65536)) return null;
  const addr = f[4];
  let form, bytes;
  const uuid = UUID_LOCAL.exec(addr);
  if (/^\d+\.\d+\.\d+\.\d+$/.test(addr)) {
    form = 0;
    bytes = Uint8Array.from(addr.split("."), Number);
  } else if (addr.includes(":")) {
    form = 1;
    bytes = ipv6Bytes(addr);
  } else if (uuid) {
    form = 2;
    bytes = Uint8Array.from(uuid.slice(1).join("").match(/../g) || [], (h) => parseInt(h, 16));
  } else if (HOSTNAME.test(addr)) {
    form = 3;
    const name = new TextEncoder().encode(addr);
    bytes = Uint8Array.of(name.length, ...name);
  } else return null;
  if (!bytes) return null;
  return { form, type, port, addr: bytes };
}

/** @param {Reader} r @param {number} form @param {NetError} bad */
function readAddress(r, form, bad) {
  if (form === 0) return Array.from(r.bytes(4)).join(".");
  if (form === 1) {
    const b = r.bytes(16);
    const groups = [];
    for (let i = 0; i < 16; i += 2) groups.push(((b[i] << 8) | b[i + 1]).toString(16));
    return groups.join(":"); // full form, no "::": every parser reads it
  }
  if (form === 2) {
    const hex = Array.from(r.bytes(16), (x) => x.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  }
  const name = r.text();
  if (!HOSTNAME.test(name)) throw bad;
  return name;
}

/** @param {string} addr */
function ipv6Bytes(addr) {
  const [head, tail = null, ...rest] = addr.split("::");
  if (rest.length || !/^[0-9a-fA-F:]+$/.test(addr)) return null;
  const part = (/** @type {string} */ s) => (s ? s.split(":") : []);
  const left = part(head), right = tail === null ? [] : part(tail);
  const fill = 8 - left.length - right.length;
  if (fill < 0 || (tail === null && fill !== 0)) return null;
  const groups = [...left, ...Array(fill).fill("0"), ...right];
  if (groups.some((g) => g.length > 4)) return null;
  const out = new Uint8Array(16);
  groups.forEach((g, i) => { const v = parseInt(g, 16); out[2 * i] = v >> 8; out[2 * i + 1] = v & 255; });
  return out;
}

/** A session id for the rebuilt o= line, the same for the same text (any 63-bit number will do). */
function sessionId(/** @type {Uint8Array} */ bytes) {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 16777619) >>> 0;
  return String(1 + h);
}

class Writer {
  constructor() { /** @type {number[]} */ this.out = []; }
  /** @param {number} b */
  byte(b) { this.out.push(b & 255); }
  /** @param {number} n */
  uint16(n) { this.byte(n >> 8); this.byte(n); }
  /** @param {number} n */
  uint32(n) { this.uint16(Math.floor(n / 65536)); this.uint16(n % 65536); }
  /** @param {ArrayLike<number>} b */
  bytes(b) { for (let i = 0; i < b.length; i++) this.byte(b[i]); }
  /** @param {string} s an ASCII text up to 255 bytes */
  text(s) {
    if (s.length > 255 || !/^[\x20-\x7e]*$/.test(s)) throw new Error("sdp: a field too long to carry");
    this.byte(s.length);
    for (let i = 0; i < s.length; i++) this.byte(s.charCodeAt(i));
  }
  done() { return Uint8Array.from(this.out); }
}

class Reader {
  /** @param {Uint8Array} b @param {NetError} bad */
  constructor(b, bad) { this.b = b; this.i = 0; this.bad = bad; }
  /** @param {number} n */
  bytes(n) {
    if (this.i + n > this.b.length) throw this.bad; // truncated
    const out = this.b.subarray(this.i, this.i + n);
    this.i += n;
    return out;
  }
  byte() { return this.bytes(1)[0]; }
  uint16() { const b = this.bytes(2); return (b[0] << 8) | b[1]; }
  uint32() { return this.uint16() * 65536 + this.uint16(); }
  text() { return String.fromCharCode(...this.bytes(this.byte())); }
  end() { if (this.i !== this.b.length) throw this.bad; } // trailing bytes: not a text we wrote
}

/** @param {Uint8Array} bytes */
function toBase64(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text @param {number} [length] the exact byte count expected */
function fromBase64(text, length) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new Error("not base64url");
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  if (length !== undefined && out.length !== length) throw new Error("wrong length");
  return out;
}

/** A fresh random id for an invite (6 random bytes, 8 URL-safe characters). */
export function newId() {
  return toBase64(crypto.getRandomValues(new Uint8Array(6)));
}
