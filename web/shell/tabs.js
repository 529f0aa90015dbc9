// @ts-check
// One tab per saved game (issue 20, item 18). The worker writes a game's save after every move;
// two tabs playing the same save would each write their own line over the other's, and a move
// would be lost. So the page holds each save it plays under a Web Lock ("primi-save:<id>"), and a
// tab that opens a save first asks, on a BroadcastChannel, whoever holds it to let go. That tab
// stops taking moves at once, lets its calls in flight finish (their moves are saved), closes its
// session, then releases the lock; only then does the new tab read the save. The tab that let go
// says so plainly and offers to take the game back (which does the same the other way).
// Without Web Locks (a page that is not a secure context) the message still goes round: the other
// tab stops as soon as it hears it.

const LOCK = "primi-save:";
const TAKE_MS = 10_000; // a tab that does not let go within this (its engine is gone) loses the lock
const tab = Math.random().toString(36).slice(2) + Date.now().toString(36);
const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("primi-saves") : null;
const locks = typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null;

/** @type {{save: string, free: () => void} | null} */
let held = null;
/** @type {(save: string) => Promise<void>} */
let onLost = async () => {};

/** What the shell does when another tab takes this tab's game: stop it, let its calls finish, say so. */
export function setTabsContext(lost) { onLost = lost; }

/** The save this tab plays (the one it holds), or null. */
export function heldSave() { return held ? held.save : null; }

/** Request the lock; resolves once granted, with `free` (releases it) and `lost` (rejects if stolen). */
function request(name, opts) {
  return new Promise((granted, refused) => {
    /** @type {() => void} */
    let free = () => {};
    const until = new Promise((r) => { free = () => r(undefined); });
    const lost = locks.request(name, opts, () => { granted({ free, lost }); return until; });
    lost.catch(refused); // aborted before it was granted (a later rejection, a steal, is the holder's)
  });
}

/** Hold `save` for this tab (the one it plays from now on), after whoever held it has let go. */
export async function ownSave(save) {
  if (!save || (held && held.save === save)) return;
  releaseSave();
  if (channel) channel.postMessage({ type: "want", save, tab });
  if (!locks) { held = { save, free: () => {} }; return; }
  const name = LOCK + save;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), TAKE_MS);
  let lock;
  try {
    lock = await request(name, { signal: ctrl.signal });
  } catch {
    lock = await request(name, { steal: true }); // the other tab did not answer: its game stops by force
  } finally {
    clearTimeout(timer);
  }
  const mine = { save, free: lock.free };
  if (held) lock.free(); // this tab opened another game meanwhile
  else held = mine;
  lock.lost.catch(() => { if (held === mine) { held = null; onLost(save); } }); // stolen
}

/** Let go of the save this tab held (it plays another game now). */
export function releaseSave() {
  const mine = held;
  held = null;
  if (mine) mine.free();
}

if (channel) {
  channel.onmessage = async (e) => {
    const d = e.data || {};
    if (d.type !== "want" || d.tab === tab || !held || held.save !== d.save) return;
    const mine = held;
    held = null;
    try { await onLost(d.save); } finally { mine.free(); }
  };
}
