// The invite's QR code (web/shell/net/qr.js, issue 22), with the vendored lean-qr as the built site
// has it (dist/lean-qr/index.mjs beside dist/shell/net/qr.js: the same layout is made here from
// node_modules): every dark module drawn and no other, a four-module quiet zone, crisp edges, the
// page's colours, a name for screen readers, and a real invite link in a code a phone reads easily.
import test from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);
const site = mkdtempSync(join(tmpdir(), "primi-qr-"));
mkdirSync(join(site, "shell", "net"), { recursive: true });
mkdirSync(join(site, "lean-qr"));
copyFileSync(new URL("web/shell/net/qr.js", root), join(site, "shell", "net", "qr.js"));
copyFileSync(new URL("node_modules/lean-qr/index.mjs", root), join(site, "lean-qr", "index.mjs"));
writeFileSync(join(site, "i18n.js"), 'export const t = (key) => (key === "net.qr" ? "QR code of the link" : key);\n');
const { qrSvg } = await import(pathToFileURL(join(site, "shell", "net", "qr.js")).href);
test.after(() => rmSync(site, { recursive: true, force: true }));
const { generate, correction } = await import(new URL("node_modules/lean-qr/index.mjs", root).href);

const LINK = "https://friends.example.org/primi/#/join?i=1CEk8kd9D8GkubBAERUpOdhhxR2tXakJraXM1dEpOa29XaXE5QTlVUEoAzM5wGklulQpVP5Y8NckI9rx2sxzLfB4fwxSkCGDTNRMCAr-7u5LTuEPnqnACJBuVZ_6_6QKaPIBzq1NLmJBR2T-mVg6MnHA";

/** The dark modules an SVG's path draws, as "x,y" (each run M x y h r v1 h-r z). */
function drawn(svg) {
  const d = /<path d="([^"]*)"/.exec(svg)[1];
  const cells = new Set();
  for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(run); i++) cells.add(`${Number(x) + i},${y}`);
  }
  assert.equal(d.replace(/M(\d+) (\d+)h(\d+)v1h-\3z/g, ""), "", "only runs in the path");
  return cells;
}

test("the code is drawn module for module inside a four-module quiet zone", () => {
  const svg = qrSvg(LINK);
  const code = generate(LINK, { minCorrectionLevel: correction.M });
  const n = code.size + 8;
  assert.ok(svg.includes(`viewBox="0 0 ${n} ${n}"`));
  const want = new Set();
  for (let y = 0; y < code.size; y++) for (let x = 0; x < code.size; x++) if (code.get(x, y)) want.add(`${x + 4},${y + 4}`);
  assert.deepEqual(drawn(svg), want);
  assert.ok(code.size <= 57, `a ${code.size}-module code for a ${LINK.length}-character link`); // version 10 at most
});

test("it is an image with a name, crisp, in the cards' paper and ink", () => {
  const svg = qrSvg(LINK);
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" class="qr" [^>]*role="img" aria-label="QR code of the link"/);
  assert.match(svg, /shape-rendering="crispEdges"/);
  assert.match(svg, /<rect [^>]*fill:var\(--paper,#fffaf0\)/);
  assert.match(svg, /<path [^>]*fill:var\(--paper-ink,#1c1b18\)/);
  assert.match(qrSvg("x", { label: 'Invite "Anna" <2>' }), /aria-label="Invite &quot;Anna&quot; &lt;2&gt;"/);
});
