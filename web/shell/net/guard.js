// @ts-check
// Nothing outside the players' own network is contacted unless they opt in (issue 22). A
// Content-Security-Policy does not govern WebRTC: an RTCPeerConnection given a STUN or TURN server
// contacts it, whatever the page's CSP says. So the page wraps the constructor at startup (app.js
// imports this module first): a connection made with a non-empty `iceServers` while Settings ›
// "Play across the internet" is off throws, and one made with none given gets `iceServers: []` said
// outright (a browser may have defaults of its own). Our code never asks for servers with the setting
// off (peer.js's iceServers() is the only place the list is made); the guard proves it, and e2e's init
// script checks it again from outside.

export const SETTINGS_KEY = "primi.settings.v1"; // app.js's key

/** The settings that say which ICE servers the page may use: `internet` (opted in) and `stun` (URLs),
 * read where they are kept, at the moment of asking (a change in Settings holds at once).
 * @returns {{internet: boolean, stun?: string[]}} */
export function readNetSettings() {
  try {
    const data = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}");
    const stun = Array.isArray(data?.stun) ? data.stun.filter((u) => typeof u === "string") : undefined;
    return { internet: data?.internet === true, ...(stun ? { stun } : {}) };
  } catch {
    return { internet: false };
  }
}

/** @param {RTCConfiguration | undefined} config */
const servers = (config) => (config && Array.isArray(config.iceServers) ? config.iceServers.length : 0);

export const GUARD_MESSAGE = "Primi: an RTCPeerConnection with ICE servers while Settings › Play across the internet is off";

/** Wrap `scope.RTCPeerConnection` (once). @param {any} [scope] the global object */
export function installGuard(scope = globalThis) {
  const Real = scope.RTCPeerConnection;
  if (typeof Real !== "function" || Real.primiGuarded) return;
  /** @param {RTCConfiguration | undefined} config */
  const allowed = (config) => {
    if (servers(config) && !readNetSettings().internet) throw new Error(GUARD_MESSAGE);
    return { ...(config || {}), iceServers: config?.iceServers ?? [] };
  };
  class GuardedPeerConnection extends Real {
    /** @param {RTCConfiguration} [config] @param {...any} rest */
    constructor(config, ...rest) {
      super(allowed(config), ...rest);
    }

    /** @param {RTCConfiguration} [config] */
    setConfiguration(config) {
      return super.setConfiguration(allowed(config));
    }
  }
  Object.defineProperty(GuardedPeerConnection, "primiGuarded", { value: true });
  Object.defineProperty(GuardedPeerConnection, "name", { value: "RTCPeerConnection" });
  scope.RTCPeerConnection = GuardedPeerConnection;
  if (scope.webkitRTCPeerConnection) scope.webkitRTCPeerConnection = GuardedPeerConnection;
}

installGuard();
