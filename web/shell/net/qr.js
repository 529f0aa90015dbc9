// @ts-check
// A QR code of an invite or answer link (issue 22), so a friend at the table points their phone's
// camera at the host's screen instead of typing. The code itself is lean-qr's (MIT, no dependency,
// 7 KB; pinned in package.json and vendored by build.py into lean-qr/ beside this site's files, so
// no other origin is asked for anything); this module draws it in the page's style: the cards' paper
// and ink (dark on light: every camera app reads that way round), square modules with crisp edges,
// the four-module quiet zone the standard asks for, and a text alternative for screen readers.
// Only the lobby and join screens import this module (it is not part of a first visit).

import { t } from "../../i18n.js";

// The vendored library, relative to this module in the built site (dist/shell/net/qr.js → dist/lean-qr/).
const LIB = "../../lean-qr/index.mjs";
/** @type {{generate: (text: string, opts?: object) => {size: number, get: (x: number, y: number) => boolean}, correction: Record<string, unknown>}} */
const { generate, correction } = await import(LIB);

const QUIET = 4; // modules of blank margin on each side (ISO/IEC 18004: at least 4)

/** @param {string} s */
const attr = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The QR code of `text` as an SVG string: scalable (it fills its box; CSS sets the size), dark
 * modules in one path (each row's runs as rectangles), `role="img"` with `label` as its name.
 * Medium error correction: a phone's camera reads it off a glossy screen at an angle. `label` says
 * what it is for (by default "QR code of the link", in the page's language).
 * @param {string} text @param {{label?: string}} [opts] */
export function qrSvg(text, { label = t("net.qr") } = {}) {
  const code = generate(text, { minCorrectionLevel: correction.M });
  const n = code.size + 2 * QUIET;
  let path = "";
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (!code.get(x, y)) continue;
      let run = 1;
      while (x + run < code.size && code.get(x + run, y)) run++;
      path += `M${x + QUIET} ${y + QUIET}h${run}v1h-${run}z`;
      x += run - 1;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" class="qr" viewBox="0 0 ${n} ${n}" role="img" aria-label="${attr(label)}"`
    + ` shape-rendering="crispEdges" data-modules="${code.size}">`
    + `<rect width="${n}" height="${n}" style="fill:var(--paper,#fffaf0)"/>`
    + `<path d="${path}" style="fill:var(--paper-ink,#1c1b18)"/></svg>`;
}
