// @ts-check
// Where the engine's snapshot is kept (Cache Storage, in the page's origin): what the maker
// (snapshot-maker.mjs) writes and engine-boot.mjs reads. One entry, in a cache of its own whose name
// does not start with "primi-" (the service worker deletes older builds' "primi-*" caches: a
// snapshot outlives a deploy that leaves the engine as it was). Its headers say whose it is:
// x-primi-tag (the engine's tag, stamped by build.py), x-primi-sha256 (of the gzipped bytes kept)
// and x-primi-raw (their unpacked size).
export const SNAPSHOT_CACHE = "engine-snapshot";
export const SNAPSHOT_URL = new URL("./engine-snapshot", import.meta.url).href;

/** @param {BufferSource} buf */
export async function sha256(buf) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", buf));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The kept snapshot's response, or undefined (none, or no Cache Storage here). */
export async function storedSnapshot() {
  if (typeof caches === "undefined") return undefined;
  return caches.match(SNAPSHOT_URL, { cacheName: SNAPSHOT_CACHE });
}

/** The tag of the kept snapshot, or null. */
export async function storedTag() {
  const res = await storedSnapshot();
  return res ? res.headers.get("x-primi-tag") : null;
}

/** Forget the kept snapshot (a bad or stale one: the next maker makes this engine's). */
export async function dropSnapshot() {
  if (typeof caches !== "undefined") await caches.delete(SNAPSHOT_CACHE);
}
