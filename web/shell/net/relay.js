// @ts-check
// The host's guard on what one guest sends (issue 22), before a message reaches the worker's
// net_message: pure, its clock injectable (tests/js/net_relay.test.mjs). One relay per remote seat,
// kept across that seat's connections:
// - a message longer than MAX_BYTES is dropped (a guest's honest messages are under 1 KB);
// - at most RATE messages a second sustained (a token bucket of BURST): a flood is dropped, with one
//   `net.flood` notice until the guest has been calm long enough to fill the bucket again;
// - each connection of the seat gets a generation (connect()); a message of an older one (a connection
//   replaced by a new invite, still draining) is dropped without a word.
// A dropped message loses nothing of the game: the host's worker never saw it.

export const MAX_BYTES = 64 * 1024;
export const RATE = 20;
export const BURST = 40;

/** @typedef {{ok: true} | {ok: false, reason: "size"|"flood"|"stale"|"binary", notice: string|null}} Verdict */

/** A relay for one remote seat. `now` gives milliseconds (Date.now by default).
 * @param {{now?: () => number, maxBytes?: number, rate?: number, burst?: number}} [opts] */
export function createRelay({ now = Date.now, maxBytes = MAX_BYTES, rate = RATE, burst = BURST } = {}) {
  let generation = 0;
  let tokens = burst;
  let last = now();
  let noticed = false; // a flood has been said; said again only after a calm spell
  const encoder = new TextEncoder();

  /** @param {"size"|"flood"} reason @returns {Verdict} */
  const drop = (reason) => {
    const notice = noticed ? null : "net.flood";
    noticed = true;
    return { ok: false, reason, notice };
  };

  return {
    /** A new connection for this seat: its generation (every older one's messages are dropped). */
    connect() {
      generation += 1;
      return generation;
    },
    /** The current connection's generation (0 before the first). */
    get generation() { return generation; },
    /** Whether a message the connection of generation `gen` delivered goes on to the worker.
     * @param {unknown} text @param {number} gen @returns {Verdict} */
    check(text, gen) {
      if (gen !== generation) return { ok: false, reason: "stale", notice: null };
      if (typeof text !== "string") return { ok: false, reason: "binary", notice: null };
      const t = now();
      tokens = Math.min(burst, tokens + ((t - last) / 1000) * rate);
      last = t;
      if (tokens >= burst) noticed = false; // calm again: the next flood is said again
      if (text.length > maxBytes || encoder.encode(text).length > maxBytes) return drop("size");
      if (tokens < 1) return drop("flood");
      tokens -= 1;
      return { ok: true };
    },
  };
}
