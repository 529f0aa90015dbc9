// @ts-check
// The link between the host's page and one guest's (issue 22): a plain RTCPeerConnection with one
// ordered, reliable data channel, on the main thread (workers have no RTCPeerConnection), signalled by
// texts the players carry themselves (web/shell/net/sdp.js). No library, no server: PeerJS, Trystero
// and simple-peer each contact public servers by default.
//
// - The host makes an invite per remote seat (hostInvite), the guest answers it (guestJoin), the host
//   accepts the answer. Invites carry a random id and their time; an answer names the invite it
//   answers, so an answer pasted into the wrong seat, a second answer, an invite already used in this
//   browser or one too old are each refused with their own key.
// - ICE servers: none unless the player opted in (iceServers(): the only place the list is made;
//   guard.js enforces it). Candidates are gathered for at most ICE_WAIT_MS (on one network, ~130 ms).
// - Messages are whole JSON texts, one send each (SCTP keeps them whole; a channel that closes
//   mid-message delivers nothing of it). One that does not parse is set aside with a notice
//   (`net.garbled`), never thrown at the page.
// - Heartbeats: each side sends {"t":"ping"} every HEARTBEAT_MS and answers pings with pongs; a peer
//   silent for SILENCE_MS, a closed channel or a failed connection is onState("lost"), once (so a
//   dropped guest is seen within 10 s: the last message is at most 2 s old when it goes).
import { decodeSdp, encodeSdp, NetError, newId } from "./sdp.js";
import { readNetSettings } from "./guard.js";

export { NetError };

/** No ICE servers: play between devices on one network contacts nothing outside it. */
export const ICE_DEFAULT = Object.freeze([]);
/** The STUN server "Play across the internet" contacts unless the player lists others. */
export const STUN_DEFAULT = Object.freeze(["stun:stun.l.google.com:19302"]);
export const ICE_WAIT_MS = 2500;
export const HEARTBEAT_MS = 2000;
export const SILENCE_MS = 8000;
/** An invite older than this is stale (the host's page that made it has most likely moved on). */
export const INVITE_TTL_S = 6 * 3600;
const CHANNEL = "primi";
const USED_KEY = "primi.net.used"; // invites this browser answered: {id: time}
const STUN_URL = /^stuns?:[^\s]{1,250}$/;

/** The ICE servers for a new connection: none unless `settings.internet` is true, then the player's
 * STUN URLs (`settings.stun`, default STUN_DEFAULT). The only place the list is made.
 * @param {{internet?: boolean, stun?: unknown} | null | undefined} settings
 * @returns {RTCIceServer[]} */
export function iceServers(settings) {
  if (!settings || settings.internet !== true) return [...ICE_DEFAULT];
  const listed = Array.isArray(settings.stun) ? settings.stun : STUN_DEFAULT;
  const urls = listed.filter((u) => typeof u === "string" && STUN_URL.test(u.trim())).map((u) => u.trim());
  return urls.length ? [{ urls }] : [];
}

/** @typedef {{onMessage?: (msg: {t: string, [k: string]: unknown}, text: string) => void,
 *   onState?: (state: "open"|"lost"|"closed") => void, onNotice?: (key: string) => void}} Handlers */
/** @typedef {{settings?: {internet?: boolean, stun?: unknown}, now?: () => number}} Options */

/** The host's side of one remote seat: the invite text, and accept() for the answer the guest sends back.
 * @param {Handlers} handlers @param {Options} [opts] */
export async function hostInvite(handlers, opts = {}) {
  const now = opts.now || Date.now;
  const pc = new RTCPeerConnection({ iceServers: iceServers(opts.settings ?? readNetSettings()) });
  const link = wire(pc, handlers, now);
  link.attach(pc.createDataChannel(CHANNEL, { ordered: true }));
  try {
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
  } catch (err) {
    link.close();
    throw err;
  }
  const id = newId();
  const time = Math.floor(now() / 1000);
  const invite = encodeSdp({ type: "offer", sdp: pc.localDescription?.sdp || "", id, time });
  let used = false;
  return {
    id, time, invite,
    /** Take the guest's answer (its text or its link). Refused (NetError): not an answer
     * (`net.bad.answer`, `net.bad.version`), one for another invite (`net.bad.other`), a second one
     * (`net.used`), or too late (`net.stale`). @param {unknown} answerText */
    async accept(answerText) {
      const answer = decodeSdp(answerText, "answer");
      if (answer.id !== id) throw new NetError("net.bad.other");
      if (used || link.ended()) throw new NetError("net.used");
      if (now() / 1000 - time > INVITE_TTL_S) throw new NetError("net.stale");
      used = true;
      try {
        await pc.setRemoteDescription({ type: "answer", sdp: answer.sdp });
      } catch {
        used = false;
        throw new NetError("net.bad.answer");
      }
    },
    send: link.send,
    close: link.close,
    get state() { return link.state(); },
  };
}

/** The guest's side: an answer for the invite, and the link once the host accepts it. Refused
 * (NetError): not an invite (`net.bad.invite`, `net.bad.version`), one this browser already answered
 * (`net.used`: a reload, say; the host makes a new one), or too old (`net.stale`).
 * @param {unknown} inviteText @param {Handlers} handlers @param {Options} [opts] */
export async function guestJoin(inviteText, handlers, opts = {}) {
  const now = opts.now || Date.now;
  const offer = decodeSdp(inviteText, "offer");
  if (offer.id === null || offer.time === null) throw new NetError("net.bad.invite");
  if (usedInvites()[offer.id]) throw new NetError("net.used");
  if (now() / 1000 - offer.time > INVITE_TTL_S) throw new NetError("net.stale");
  const pc = new RTCPeerConnection({ iceServers: iceServers(opts.settings ?? readNetSettings()) });
  const link = wire(pc, handlers, now);
  pc.addEventListener("datachannel", (e) => { if (e.channel.label === CHANNEL) link.attach(e.channel); });
  try {
    await pc.setRemoteDescription({ type: "offer", sdp: offer.sdp });
  } catch {
    link.close();
    throw new NetError("net.bad.invite"); // decodable, yet not a description the browser takes
  }
  try {
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
  } catch (err) {
    link.close();
    throw err;
  }
  markUsed(offer.id, now);
  const answer = encodeSdp({ type: "answer", sdp: pc.localDescription?.sdp || "", id: offer.id, time: Math.floor(now() / 1000) });
  return { answer, inviteId: offer.id, send: link.send, close: link.close, get state() { return link.state(); } };
}

/** The id of the invite an answer text names (the host's lobby routes it to that seat's invite);
 * NetError for a text that is not an answer. @param {unknown} answerText */
export function answerFor(answerText) {
  const { id } = decodeSdp(answerText, "answer");
  if (id === null) throw new NetError("net.bad.answer");
  return id;
}

/** Resolves once the candidates are gathered, or after ICE_WAIT_MS with those found by then.
 * @param {RTCPeerConnection} pc */
function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") { resolve(undefined); return; }
    const timer = setTimeout(done, ICE_WAIT_MS);
    function done() {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve(undefined);
    }
    function check() { if (pc.iceGatheringState === "complete") done(); }
    pc.addEventListener("icegatheringstatechange", check);
  });
}

/** The channel's messages, heartbeats and end, shared by both sides.
 * @param {RTCPeerConnection} pc @param {Handlers} handlers @param {() => number} now */
function wire(pc, handlers, now) {
  /** @type {RTCDataChannel | null} */
  let channel = null;
  /** @type {"new"|"open"|"lost"|"closed"} */
  let state = "new";
  let heard = now();
  /** @type {ReturnType<typeof setInterval> | null} */
  let beat = null;

  const stop = () => {
    if (beat !== null) clearInterval(beat);
    beat = null;
    if (channel) { channel.onopen = channel.onclose = channel.onmessage = null; }
    try { channel?.close(); } catch { /* already closed */ }
    try { pc.close(); } catch { /* already closed */ }
  };
  /** @param {"lost"|"closed"} end */
  const finish = (end) => {
    if (state === "lost" || state === "closed") return;
    state = end;
    stop();
    handlers.onState?.(end);
  };
  const raw = (/** @type {string} */ text) => {
    if (!channel || channel.readyState !== "open") return false;
    try { channel.send(text); return true; } catch { return false; }
  };

  pc.addEventListener("connectionstatechange", () => {
    if (pc.connectionState === "failed" || (pc.connectionState === "closed" && state === "open")) finish("lost");
  });

  return {
    /** @param {RTCDataChannel} ch */
    attach(ch) {
      channel = ch;
      ch.onopen = () => {
        if (state !== "new") return;
        state = "open";
        heard = now();
        beat = setInterval(() => {
          if (now() - heard > SILENCE_MS) finish("lost");
          else raw('{"t":"ping"}');
        }, HEARTBEAT_MS);
        handlers.onState?.("open");
      };
      ch.onclose = () => { if (state === "open") finish("lost"); };
      ch.onmessage = (e) => {
        heard = now();
        let msg = null;
        if (typeof e.data === "string") {
          try { msg = JSON.parse(e.data); } catch { msg = null; }
        }
        if (!msg || typeof msg !== "object" || Array.isArray(msg) || typeof msg.t !== "string") {
          handlers.onNotice?.("net.garbled");
          return;
        }
        if (msg.t === "ping") { raw('{"t":"pong"}'); return; }
        if (msg.t === "pong") return;
        handlers.onMessage?.(msg, e.data);
      };
    },
    /** Send one message (an object, as one JSON text): false when the channel is not open.
     * @param {unknown} obj */
    send(obj) { return raw(JSON.stringify(obj)); },
    /** End the link on purpose (no "lost" after it). */
    close() { finish("closed"); },
    state: () => state,
    ended: () => state === "lost" || state === "closed",
  };
}

/** @returns {Record<string, number>} */
function usedInvites() {
  try {
    const data = JSON.parse(localStorage.getItem(USED_KEY) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

/** Remember an answered invite (a reload then asks for a new one), forgetting those past their time.
 * @param {string} id @param {() => number} now */
function markUsed(id, now) {
  const t = Math.floor(now() / 1000);
  const kept = Object.entries(usedInvites()).filter(([, at]) => typeof at === "number" && t - at < INVITE_TTL_S).slice(-49);
  try { localStorage.setItem(USED_KEY, JSON.stringify(Object.fromEntries([...kept, [id, t]]))); } catch { /* private mode */ }
}
