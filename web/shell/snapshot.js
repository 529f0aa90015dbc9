// @ts-check
// The engine's snapshot, made in the background (issue 21). The site ships none: a first visit boots
// Python the usual way, and once the engine is up and the page quiet, this starts the maker
// (snapshot-maker.mjs, a worker of its own) which keeps a snapshot of a warmed engine in Cache
// Storage; later visits boot from it (engine-boot.mjs), about 3 s of CPU sooner. Invisible work: the
// player sees nothing of it, and the game plays on while it runs (another thread).
// <html data-snapshot>: "none" (none kept, none being made), "making", "kept" (this engine's is
// stored: the boot restored it, or the maker kept it), "failed" (the maker could not: the next visit
// tries again, at most FAILS times per build).
// localStorage "primi.snapshot" = "off" keeps the maker from starting (the e2e tests' and benchmarks'
// browser contexts set it, bench/kit/browser.py, so that their many fresh pages do not each make
// one in the background; the snapshot's own tests leave it unset).
const OFF_KEY = "primi.snapshot";
const FAILS_KEY = "primi.snapshot.failed"; // {build, n}: the maker's failures for this build
const FAILS = 2;
const QUIET_MS = 1500; // no engine call for this long (and the browser idle) before the maker starts
const FREE_BYTES = 64 * 1024 * 1024; // the stored snapshot takes about 8 MB; making it needs no more room
const MAKER_MS = 5 * 60_000; // a maker that has not reported by then is stopped (never on a healthy device)

const html = document.documentElement;

/** @param {string} state */
function mark(state) { html.dataset.snapshot = state; }

function fails() {
  try {
    const f = JSON.parse(localStorage.getItem(FAILS_KEY) || "null");
    return f && f.build === html.dataset.build ? Number(f.n) || 0 : 0;
  } catch { return 0; }
}

/** Resolves once no engine call has been in flight for QUIET_MS and the browser has an idle moment.
 * @param {() => boolean} busy */
function quiet(busy) {
  return new Promise((resolve) => {
    let since = performance.now();
    const idle = typeof requestIdleCallback === "function" ? (f) => requestIdleCallback(f, { timeout: 1000 }) : (f) => setTimeout(f, 50);
    const look = () => {
      if (busy()) since = performance.now();
      if (performance.now() - since >= QUIET_MS) idle(() => resolve(undefined));
      else setTimeout(look, 250);
    };
    look();
  });
}

async function roomy() {
  try {
    const { quota, usage } = await navigator.storage.estimate();
    return typeof quota !== "number" || quota - (usage || 0) >= FREE_BYTES;
  } catch { return true; } // no estimate: Cache Storage says so itself if it is full
}

function make() {
  return new Promise((resolve) => {
    mark("making");
    performance.mark("primi:snapshot-start");
    const maker = new Worker(new URL("../snapshot-maker.mjs", import.meta.url), { type: "module", name: "primi-snapshot" });
    const done = (/** @type {any} */ report) => {
      clearTimeout(bound);
      maker.terminate();
      performance.mark("primi:snapshot-done");
      report.wall = Math.round(performance.measure("primi:snapshot", "primi:snapshot-start", "primi:snapshot-done").duration);
      /** @type {any} */ (window).primiSnapshot = report; // the maker's timings (bench/site, e2e)
      if (report.ok) {
        try { localStorage.removeItem(FAILS_KEY); } catch { /* private mode */ }
        mark("kept");
      } else {
        console.info("Primi: the engine's snapshot was not made:", report.error);
        try { localStorage.setItem(FAILS_KEY, JSON.stringify({ build: html.dataset.build, n: fails() + 1 })); } catch { /* private mode */ }
        mark("failed");
      }
      resolve(undefined);
    };
    const bound = setTimeout(() => done({ ok: false, error: "the maker did not finish in time" }), MAKER_MS);
    maker.onmessage = (e) => done(e.data || { ok: false, error: "no report" });
    maker.onerror = (e) => { e.preventDefault(); done({ ok: false, error: e.message || "the maker failed to start" }); };
  });
}

/** After the engine is ready: mark what is kept, and make this engine's snapshot when none was
 * restored (once the page is quiet, with room in storage, one tab at a time).
 * @param {{busy: () => boolean}} engine busy(): an engine call is in flight */
export async function keepSnapshot({ busy }) {
  if (html.dataset.boot === "snapshot") { mark("kept"); return; }
  mark("none");
  let off = false;
  try { off = localStorage.getItem(OFF_KEY) === "off"; } catch { /* private mode: make it */ }
  // Making it takes a second Python's memory for a while (its 38 MB heap and a copy of it): not on a
  // device that says it has under 2 GB (Chromium's navigator.deviceMemory), where it could cost the tab.
  const memory = /** @type {any} */ (navigator).deviceMemory;
  if (off || fails() >= FAILS || typeof Worker !== "function" || typeof caches === "undefined"
      || typeof CompressionStream !== "function" || (typeof memory === "number" && memory < 2)) return;
  await quiet(busy);
  if (!(await roomy())) return;
  // One maker at a time across this site's tabs (it re-checks the store first: another may have kept it).
  const locks = navigator.locks;
  if (locks) await locks.request("primi-engine-snapshot", { ifAvailable: true }, (lock) => (lock ? make() : undefined));
  else await make();
}
