// The service worker's messages to its pages (web/sw.js `tell`) arrive in the order they were told,
// however long each lookup of the pages takes: a fill's last progress message overtaken by its
// "complete" left a first visit's Settings saying "Saving Primi for offline play: 4.7 of 4.7 MB" for
// good (e2e/boot/test_first_visit.py caught it under load).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../web/sw.js", import.meta.url), "utf8")
  .replace('"__PRECACHE__"', "{}").replace('"__SIZES__"', "{}").replace('"__WIRE__"', "{}");

function worker(lookups) {
  const posted = [];
  const client = { postMessage: (m) => posted.push(m.type) };
  const self = {
    addEventListener: () => {},
    registration: { scope: "http://127.0.0.1/" },
    // each lookup of the pages takes the time the test gives it, in turn
    clients: { matchAll: () => new Promise((ok, bad) => {
      const ms = lookups.shift() ?? 0;
      if (ms === "fail") bad(new Error("no clients"));
      else setTimeout(() => ok([client]), ms);
    }) },
  };
  const context = vm.createContext({ self, setTimeout, clearTimeout, URL, Response, crypto, console });
  vm.runInContext(SOURCE, context);
  return { tell: context.tell, posted };
}

test("a message told later is never posted before one told earlier", async () => {
  const { tell, posted } = worker([30, 0, 10]);
  tell({ type: "progress" });
  tell({ type: "complete" });
  await tell({ type: "after" });
  assert.deepEqual(posted, ["progress", "complete", "after"]);
});

test("a lookup that fails loses its own message, not the ones after it", async () => {
  const { tell, posted } = worker([0, "fail", 0]);
  tell({ type: "first" });
  tell({ type: "lost" });
  await tell({ type: "after" });
  assert.deepEqual(posted, ["first", "after"]);
});
