// @ts-check
// STAND-IN (branch i22-ui only): the contract's signatures of helper wire's peer.js, so the ui
// branch type-checks before the merge. The lead engineer keeps wire's file at the merge.
export const ICE_DEFAULT = [];
/** @param {{internet?: boolean, stun?: string[]}} settings */
export function iceServers(settings) {
  return settings && settings.internet === true ? [{ urls: settings.stun && settings.stun.length ? settings.stun : ["stun:stun.l.google.com:19302"] }] : [];
}
/** @param {{settings?: object, onMessage: (m: any) => void, onState: (s: string) => void}} handlers
 * @returns {Promise<{invite: string, accept: (answer: string) => Promise<void>, send: (obj: object) => void, close: () => void, id: string}>} */
export async function hostInvite(handlers) { void handlers; throw Object.assign(new Error("stand-in"), { key: "net.failed" }); }
/** @param {string} invite @param {{settings?: object, onMessage: (m: any) => void, onState: (s: string) => void}} handlers
 * @returns {Promise<{answer: string, send: (obj: object) => void, close: () => void}>} */
export async function guestJoin(invite, handlers) { void invite; void handlers; throw Object.assign(new Error("stand-in"), { key: "net.failed" }); }
