// The service worker's background fill (web/sw.js `fill`) tells the page where the offline copy
// stands, and its last word is the truth: once it has said "complete", nothing says otherwise. A fill
// that failed (offline: one lane's file could not be fetched) while its other lane still waited on a
// file, then a second fill started when the page came back online: the first fill's lane, let through
// at last, counted its file again after the second fill's "complete", and a first visit's Settings said
// "Saving Primi for offline play: 4.7 of 4.7 MB" for good (e2e/boot/test_first_visit.py, in CI).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { webcrypto } from "node:crypto";
import vm from "node:vm";

const BODIES = { "./de.js": "held ".repeat(300), "./b.js": "bee ".repeat(500), "./a.js": "aye ".repeat(200) };

async function sha(text) {
  const d = new Uint8Array(await webcrypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A fake Cache Storage: enough of it for the worker's store, keep and map. */
function fakeCaches() {
  const all = new Map();
  const open = async (name) => {
    if (!all.has(name)) {
      const entries = new Map();
      all.set(name, {
        keys: async () => [...entries.keys()].map((url) => ({ url })),
        match: async (req) => entries.get(new URL(typeof req === "string" ? req : req.url, "http://127.0.0.1/").href)?.clone(),
        put: async (req, res) => { entries.set(new URL(typeof req === "string" ? req : req.url, "http://127.0.0.1/").href, res); },
      });
    }
    return all.get(name);
  };
  return { open, keys: async () => [...all.keys()], delete: async (name) => all.delete(name) };
}

async function worker(fetchPlan) {
  const files = {};
  const sizes = {};
  for (const [url, body] of Object.entries(BODIES)) { files[url] = await sha(body); sizes[url] = body.length; }
  const source = readFileSync(new URL("../../web/sw.js", import.meta.url), "utf8")
    .replace('"__PRECACHE__"', JSON.stringify(files)).replace('"__SIZES__"', JSON.stringify(sizes))
    .replace('"__WIRE__"', JSON.stringify(sizes));
  const posted = [];
  const self = {
    addEventListener: () => {},
    registration: { scope: "http://127.0.0.1/" },
    location: { origin: "http://127.0.0.1" },
    clients: { matchAll: async () => [{ postMessage: (m) => posted.push(m) }] },
  };
  const fetch = async (url) => {
    const key = new URL(url, "http://127.0.0.1/").pathname.replace(/^\//, "./");
    await fetchPlan(key);
    return new Response(BODIES[key], { status: 200 });
  };
  const context = vm.createContext({ self, caches: fakeCaches(), fetch, setTimeout, clearTimeout, URL, Response,
    // the worker's buffers are of the context's realm: copied into this one for node's digest
    Headers, crypto: { subtle: { digest: (alg, buf) => webcrypto.subtle.digest(alg, Buffer.from(new Uint8Array(buf))) } }, console });
  vm.runInContext(source, context);
  return { fillOnce: context.fillOnce, posted, flush: () => context.tell({ type: "flush" }) };
}

test("a fill that failed says nothing after the next fill's 'complete'", async () => {
  let releaseHeld = () => {};
  const held = new Promise((ok) => { releaseHeld = ok; });
  let offline = true;
  let heldAsked = () => {};
  const asked = new Promise((ok) => { heldAsked = ok; });
  const { fillOnce, posted, flush } = await worker(async (key) => {
    if (key === "./de.js") { heldAsked(); await held; return; } // the server holds it, online or not
    if (offline) throw new TypeError("Failed to fetch"); // the others fail while offline
  });
  // The first fill: one lane waits on the held file, the other fails offline, so the fill ends failing.
  const first = fillOnce();
  await asked;
  await first;
  assert.ok(posted.some((m) => m.type === "primi-offline"), "the failed fill says the page is offline");
  // Online again: the page asks for a fill once more, which waits on the first fill's copy of the held file.
  offline = false;
  const second = fillOnce();
  // its first word said, its lanes have started: the held file's waits on the first fill's copy
  while (posted.filter((m) => m.type === "primi-fill").length < 2) await new Promise((ok) => setTimeout(ok, 1));
  releaseHeld();
  await second;
  await new Promise((ok) => setTimeout(ok, 120)); // any late lane, and any throttled message (50 ms timers fire first)
  await flush();
  const fills = posted.filter((m) => m.type === "primi-fill");
  const last = fills.at(-1);
  assert.ok(last.complete, `the last word is "complete": ${JSON.stringify(last)}`);
  assert.equal(last.done, last.total);
  assert.equal(last.bytes, last.totalBytes);
  const after = fills.slice(fills.findIndex((m) => m.complete));
  assert.deepEqual(after.filter((m) => !m.complete), [], "nothing says 'saving' after 'complete'");
});

test("a fill from nothing counts every file once and ends complete", async () => {
  const { fillOnce, posted, flush } = await worker(async () => {});
  await fillOnce();
  await flush();
  const fills = posted.filter((m) => m.type === "primi-fill");
  assert.ok(fills[0].done === 0 && !fills[0].complete);
  const last = fills.at(-1);
  assert.deepEqual([last.done, last.total, last.complete, last.bytes === last.totalBytes], [3, 3, true, true]);
  for (let i = 1; i < fills.length; i++) assert.ok(fills[i].bytes >= fills[i - 1].bytes, "the bar never goes back");
});
