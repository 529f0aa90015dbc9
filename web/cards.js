// @ts-check
// Primi card art: our own SVG card faces, drawn from the card notation
// (docs/rules-decisions.md section 0). No dependencies, no requests, no fonts of our own:
// suit symbols are paths, so they look the same everywhere.
//
//   cardSVG(text, {style, fourColour, largeIndex}) -> SVG string of a face-up card
//   cardBackSVG({colour}) -> SVG string of a face-down card (no identity at all)
//   cardName(text, style) -> accessible name, e.g. "7 of coins", "Yellow 12"
//   suitSymbolSVG(suit, style, {fourColour}) -> small inline icon for running text
//   parseCard(text) -> {kind: "suited"|"primo"|"special", ...}; throws on bad text

import { t } from "./i18n.js";

const W = 200;
const H = 280;
const SANS = "'Liberation Sans','Helvetica Neue',Arial,'DejaVu Sans',sans-serif";
const SERIF = "Georgia,'Liberation Serif','Times New Roman','DejaVu Serif',serif";
const FACE = "#fffdf6";
const EDGE = "#b9b2a3";
const GOLD = "#d9a520";
const GOLD_DARK = "#7a5600";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["S", "H", "D", "C"];
const RANK_NAMES = { A: "Ace", J: "Jack", Q: "Queen", K: "King" };
const FRENCH_SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const ITALIAN_SUIT_NAMES = { S: "swords", H: "cups", D: "coins", C: "clubs" };
const ITALIAN_COURT = { J: ["F", "Fante"], Q: ["C", "Cavallo"], K: ["R", "Re"] };

// Ink colours. Four-colour follows the common poker convention.
const FRENCH_INK = { S: "#151515", H: "#c4161c", D: "#c4161c", C: "#151515" };
const FRENCH_INK_4 = { S: "#151515", H: "#c4161c", D: "#1456b8", C: "#14793a" };
// Italian: traditional colours; the index ink is darker than the symbol so it reads on cream.
const ITALIAN_INK = { S: "#1d4f9c", H: "#b3211b", D: "#7a5600", C: "#2c6e2a" };

const PRIMO = {
  Y: { name: "Yellow", fill: "#f6c700", ink: "#1a1a1a", edge: "#8f6f00", cue: "#a67c00" },
  B: { name: "Blue", fill: "#1c55b0", ink: "#ffffff", edge: "#0d2d63", cue: "#1c55b0" },
};

// ---------------------------------------------------------------------------
// Parsing

/** Parse card text strictly; return a plain record or throw an Error naming the problem. */
export function parseCard(text) {
  if (typeof text !== "string") {
    throw new Error(`not a card: ${String(text)} (expected text such as 7D, 10H, 12Y, TOP)`);
  }
  if (text === "TOP" || text === "TAKE") return { kind: "special", name: text };
  let m = /^(A|[2-9]|10|J|Q|K)([SHDC])$/.exec(text);
  if (m) return { kind: "suited", rank: m[1], suit: m[2] };
  m = /^([1-9]|1[0-3])([YB])$/.exec(text);
  if (m) return { kind: "primo", value: Number(m[1]), colour: m[2] };
  throw new Error(
    `not a card: ${JSON.stringify(text)} (write rank then suit, e.g. 7D, 10H, KC; ` +
      `Primo: 1Y..13Y, 1B..13B, TOP, TAKE)`,
  );
}

function checkStyle(style) {
  if (style === undefined || style === null) return "french";
  if (style !== "french" && style !== "italian") {
    throw new Error(`unknown card style: ${JSON.stringify(style)} (use "french" or "italian")`);
  }
  return style;
}

// ---------------------------------------------------------------------------
// Names

/** Accessible name of a card: "7 of diamonds", "Jack (Fante) of clubs", "Yellow 12", "Top card" (in
 * the page's language: the words come from the translation table). */
export function cardName(text, style = "french") {
  style = checkStyle(style);
  const c = parseCard(text);
  if (c.kind === "special") return t(c.name === "TOP" ? "card.top" : "card.take");
  if (c.kind === "primo") return t("card.primo", { colour: t("card.colour." + c.colour), n: c.value });
  const rank = RANK_NAMES[c.rank] ? t("card.rank." + c.rank) : c.rank;
  if (style === "italian") {
    const court = ITALIAN_COURT[c.rank];
    const who = court ? t("card.court", { rank, court: court[1] }) : rank;
    return t("card.name", { rank: who, suit: t("card.isuit." + c.suit) });
  }
  return t("card.name", { rank, suit: t("card.suit." + c.suit) });
}

// ---------------------------------------------------------------------------
// Suit symbols, each drawn in a 100 x 100 box.

const FRENCH_PATHS = {
  H: "M50 92C30 74 5 56 5 31C5 16 16 6 29 6C39 6 46 12 50 21C54 12 61 6 71 6C84 6 95 16 95 31C95 56 70 74 50 92Z",
  D: "M50 3C60 21 72 36 87 50C72 64 60 79 50 97C40 79 28 64 13 50C28 36 40 21 50 3Z",
  S: "M50 4C44 20 28 31 16 43C4 56 8 76 27 77C36 78 43 73 47 66C46 80 41 88 32 95H68C59 88 54 80 53 66C57 73 64 78 73 77C92 76 96 56 84 43C72 31 56 20 50 4Z",
  C: "M50 6a19 19 0 1 1 0 38a19 19 0 1 1 0-38ZM28 37a19 19 0 1 1 0 38a19 19 0 1 1 0-38ZM72 37a19 19 0 1 1 0 38a19 19 0 1 1 0-38ZM50 34L38 58H62ZM47 58C46 78 41 88 32 95H68C59 88 54 78 53 58Z",
};

function coinDots() {
  let d = "";
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4 + Math.PI / 8;
    const x = 50 + 37.5 * Math.cos(a);
    const y = 50 + 37.5 * Math.sin(a);
    d += `M${(x - 3).toFixed(1)} ${y.toFixed(1)}a3 3 0 1 0 6 0a3 3 0 1 0-6 0Z`;
  }
  return d;
}
const COIN_DOTS = coinDots();

const ITALIAN_SHAPES = {
  // Coins (denari): a gold coin with a ring of dots and a four-petal rosette.
  D:
    `<circle cx="50" cy="50" r="45" fill="#f2c230" stroke="#7a5600" stroke-width="4"/>` +
    `<circle cx="50" cy="50" r="30" fill="#f8d868" stroke="#7a5600" stroke-width="2.5"/>` +
    `<path d="${COIN_DOTS}" fill="#7a5600"/>` +
    `<path d="M50 24C55 40 60 45 76 50C60 55 55 60 50 76C45 60 40 55 24 50C40 45 45 40 50 24Z" fill="#c0392b"/>` +
    `<circle cx="50" cy="50" r="6" fill="#7a5600"/>`,
  // Cups (coppe): a red goblet with a gold rim and knop.
  H:
    `<path d="M14 12H86C86 40 72 54 56 57V70C56 78 70 82 77 93H23C30 82 44 78 44 70V57C28 54 14 40 14 12Z" fill="#c62828" stroke="#6a0f0f" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M18 27H82" stroke="#f2c230" stroke-width="4"/>` +
    `<ellipse cx="50" cy="12" rx="37" ry="6" fill="#f2c230" stroke="#6a0f0f" stroke-width="2.5"/>` +
    `<rect x="39" y="61" width="22" height="8" rx="4" fill="#f2c230" stroke="#6a0f0f" stroke-width="2"/>`,
  // Swords (spade): an upright blue blade with a gold guard.
  S:
    `<path d="M50 2L58 14V67H42V14Z" fill="#3f78cf" stroke="#123a78" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M50 13V62" stroke="#123a78" stroke-width="2"/>` +
    `<rect x="20" y="66" width="60" height="9" rx="4.5" fill="#e0aa2a" stroke="#5a3d0c" stroke-width="2.5"/>` +
    `<rect x="45" y="75" width="10" height="14" fill="#7a4a1e" stroke="#4a2a0c" stroke-width="2"/>` +
    `<circle cx="50" cy="92" r="6" fill="#e0aa2a" stroke="#5a3d0c" stroke-width="2.5"/>`,
  // Clubs (bastoni): a knotty green baton with cut branches and brown bands.
  C:
    `<path d="M36 32L23 25M64 49L77 43M38 62L26 58" stroke="#1e4a1b" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M43 97C41 70 35 40 33 17C32 8 40 3 50 3C60 3 68 8 67 17C65 40 59 70 57 97Z" fill="#3f8f3a" stroke="#1e4a1b" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M35 22H65M37 44H62M41 80H59" stroke="#7a4a1e" stroke-width="4"/>`,
};

function frenchInk(suit, fourColour) {
  return (fourColour ? FRENCH_INK_4 : FRENCH_INK)[suit];
}

// Inner markup of a suit symbol in its 100 x 100 box.
function symbolBody(suit, style, ink) {
  if (style === "italian") return ITALIAN_SHAPES[suit];
  return `<path d="${FRENCH_PATHS[suit]}" fill="${ink}"/>`;
}

// The id names the content exactly, so duplicates on one page are identical and harmless.
function symbolId(suit, style, ink) {
  return style === "italian" ? `primi-it-${suit}` : `primi-fr-${suit}-${ink.slice(1)}`;
}

/** Small inline suit icon (1em square) for text and buttons, e.g. "numerus in ♥". */
export function suitSymbolSVG(suit, style = "french", opts = {}) {
  style = checkStyle(style);
  if (!SUITS.includes(suit)) {
    throw new Error(`unknown suit: ${JSON.stringify(suit)} (use S, H, D or C)`);
  }
  const name = t((style === "italian" ? "card.isuit." : "card.suit.") + suit);
  const body = symbolBody(suit, style, frenchInk(suit, !!(opts && opts.fourColour)));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="1em" height="1em" ` +
    `role="img" aria-label="${name}" style="vertical-align:-0.125em">${body}</svg>`
  );
}

// ---------------------------------------------------------------------------
// Helpers

const n = (v) => String(Math.round(v * 10) / 10);

function esc(s) {
  return String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]);
}

function svgOpen(label) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="100%" height="100%" ` +
    `role="img" aria-label="${esc(label)}" class="primi-card">`
  );
}

function faceRect(fill = FACE) {
  return `<rect x="1.5" y="1.5" width="197" height="277" rx="14" fill="${fill}" stroke="${EDGE}" stroke-width="3"/>`;
}

function use(id, cx, cy, size, rot = 0) {
  const t = rot ? ` transform="rotate(${rot} ${n(cx)} ${n(cy)})"` : "";
  return `<use href="#${id}" x="${n(cx - size / 2)}" y="${n(cy - size / 2)}" width="${n(size)}" height="${n(size)}"${t}/>`;
}

// Text of one or two glyphs; "10" is squeezed so corner indices stay one width.
function text(str, x, y, size, fill, { family = SANS, weight = 700, squeeze = 0, anchor = "middle" } = {}) {
  const sq = squeeze && str.length > 1 ? ` textLength="${squeeze}" lengthAdjust="spacingAndGlyphs"` : "";
  return (
    `<text x="${n(x)}" y="${n(y)}" font-family="${family}" font-size="${size}" font-weight="${weight}" ` +
    `fill="${fill}" text-anchor="${anchor}"${sq}>${esc(str)}</text>`
  );
}

// Diagonal stripes (x - y = c) clipped to a rectangle, as one path.
function stripes(x0, y0, x1, y1, step, dir = 1) {
  let d = "";
  for (let c = -(y1 - x0) - step * 2; c < x1 + y1; c += step) {
    if (dir > 0) {
      const xa = Math.max(x0, y0 + c);
      const xb = Math.min(x1, y1 + c);
      if (xb > xa) d += `M${n(xa)} ${n(xa - c)}L${n(xb)} ${n(xb - c)}`;
    } else {
      const xa = Math.max(x0, c - y1);
      const xb = Math.min(x1, c - y0);
      if (xb > xa) d += `M${n(xa)} ${n(c - xa)}L${n(xb)} ${n(c - xb)}`;
    }
  }
  return d;
}

// ---------------------------------------------------------------------------
// Suited cards

// Pip centres for 2..10 (the classic French arrangement).
const L = 66;
const C = 100;
const R = 134;
const T = 62;
const B = 218;
const M = 140;
const PIPS = {
  2: [[C, T], [C, B]],
  3: [[C, T], [C, M], [C, B]],
  4: [[L, T], [R, T], [L, B], [R, B]],
  5: [[L, T], [R, T], [C, M], [L, B], [R, B]],
  6: [[L, T], [R, T], [L, M], [R, M], [L, B], [R, B]],
  7: [[L, T], [R, T], [C, 101], [L, M], [R, M], [L, B], [R, B]],
  8: [[L, T], [R, T], [C, 101], [L, M], [R, M], [C, 179], [L, B], [R, B]],
  9: [[L, T], [R, T], [L, 114], [R, 114], [C, M], [L, 166], [R, 166], [L, B], [R, B]],
  10: [[L, T], [R, T], [C, 88], [L, 114], [R, 114], [L, 166], [R, 166], [C, 192], [L, B], [R, B]],
};

// Italian decks: coins and cups in neat grids; swords and batons crossed in pairs.
const IT_PIPS = {
  2: [[C, 90], [C, 190]],
  3: [[C, 70], [C, 140], [C, 210]],
  4: [[L, 90], [R, 90], [L, 190], [R, 190]],
  5: [[L, 80], [R, 80], [C, 140], [L, 200], [R, 200]],
  6: [[L, 70], [R, 70], [L, M], [R, M], [L, 210], [R, 210]],
  7: [[L, 66], [R, 66], [C, 103], [L, M], [R, M], [L, 214], [R, 214]],
  8: [[L, 66], [R, 66], [C, 103], [L, M], [R, M], [C, 177], [L, 214], [R, 214]],
  9: [[L, T], [R, T], [L, 114], [R, 114], [C, M], [L, 166], [R, 166], [L, B], [R, B]],
  10: [[L, T], [R, T], [C, 88], [L, 114], [R, 114], [L, 166], [R, 166], [C, 192], [L, B], [R, B]],
};

// Corner index: rank over suit, top-left, repeated upside down bottom-right.
function cornerIndex(label, ink, id, sub, size) {
  let g = text(label, 27, 56, 52, ink, { squeeze: 42 });
  if (sub) g += text(sub, 27, 126, 24, ink);
  g += use(id, 27, 82, size);
  return `<g>${g}</g><g transform="rotate(180 100 140)">${g}</g>`;
}

// Court emblems in a 100 x 100 box (drawn in the suit ink with gold).
function emblem(kind, ink) {
  const s = `stroke="${ink}" stroke-width="4" stroke-linejoin="round"`;
  if (kind === "K") {
    return (
      `<path d="M14 78L8 24L32 48L50 14L68 48L92 24L86 78Z" fill="${GOLD}" ${s}/>` +
      `<rect x="12" y="78" width="76" height="12" rx="3" fill="${ink}"/>` +
      `<circle cx="8" cy="22" r="6" fill="${ink}"/><circle cx="50" cy="12" r="7" fill="${ink}"/><circle cx="92" cy="22" r="6" fill="${ink}"/>`
    );
  }
  if (kind === "Q") {
    return (
      `<path d="M16 80C16 60 8 44 6 34C20 44 28 44 34 28C40 40 44 42 50 26C56 42 60 40 66 28C72 44 80 44 94 34C92 44 84 60 84 80Z" fill="${GOLD}" ${s}/>` +
      `<rect x="14" y="80" width="72" height="10" rx="3" fill="${ink}"/>` +
      `<circle cx="50" cy="16" r="8" fill="${ink}"/><circle cx="50" cy="60" r="7" fill="${FACE}" ${s}/>`
    );
  }
  // Jack / Fante: a cap with a plume.
  return (
    `<path d="M14 78C14 50 30 36 50 36C70 36 86 50 86 78Z" fill="${GOLD}" ${s}/>` +
    `<rect x="8" y="76" width="84" height="12" rx="6" fill="${ink}"/>` +
    `<path d="M60 40C64 22 78 10 94 8C86 18 80 30 70 42Z" fill="${ink}"/>`
  );
}

// Cavallo emblem: a horse's head in profile.
function horse(ink) {
  return (
    `<path d="M26 94H78C76 80 72 70 70 58C80 48 84 36 80 22L74 10L68 18C60 14 50 14 42 20L20 44C16 50 18 56 24 58C30 60 36 56 42 52C44 62 34 76 26 94Z" ` +
    `fill="${GOLD}" stroke="${ink}" stroke-width="4" stroke-linejoin="round"/>` +
    `<circle cx="52" cy="30" r="4" fill="${ink}"/>` +
    `<path d="M70 20C74 36 74 50 66 62" fill="none" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>`
  );
}

function courtFace(rank, style, ink, id) {
  const italian = style === "italian";
  const letter = italian ? ITALIAN_COURT[rank][0] : rank;
  const kind = rank;
  const art = italian && rank === "Q" ? horse(ink) : emblem(kind, ink);
  let g = `<rect x="56" y="22" width="88" height="236" rx="8" fill="#fbf3de" stroke="${ink}" stroke-width="2.5"/>`;
  g += `<svg x="64" y="30" width="72" height="72" viewBox="0 0 100 100">${art}</svg>`;
  g += text(letter, 100, 172, 84, ink, { family: SERIF });
  if (italian) {
    g += text(ITALIAN_COURT[rank][1].toUpperCase(), 100, 196, 15, ink, { weight: 700 });
    g += use(id, 100, 228, 40);
  } else {
    g += `<path d="M66 190H134" stroke="${ink}" stroke-width="2"/>`;
    g += use(id, 100, 222, 44);
  }
  return g;
}

function suitedCard(c, style, fourColour, largeIndex) {
  const italian = style === "italian";
  const ink = italian ? ITALIAN_INK[c.suit] : frenchInk(c.suit, fourColour);
  const id = symbolId(c.suit, style, ink);
  const court = ITALIAN_COURT[c.rank];
  const label = italian && court ? court[0] : c.rank;
  const sub = italian && court ? c.rank : "";
  let body = "";
  if (largeIndex) {
    body += text(label, 16, 120, 124, ink, { anchor: "start", squeeze: 136 });
    if (sub) body += text(sub, 150, 50, 34, ink);
    const thin = italian && (c.suit === "S" || c.suit === "C");
    body += use(id, thin ? 130 : 122, thin ? 190 : 198, thin ? 150 : 116);
  } else {
    body += cornerIndex(label, ink, id, sub, !italian ? 32 : c.suit === "S" || c.suit === "C" ? 44 : 36);
    if (court) {
      body += courtFace(c.rank, style, ink, id);
    } else if (c.rank === "A") {
      if (!italian) body += use(id, 100, 140, 104);
      else body += use(id, 100, 140, 128);
    } else {
      const pts = (italian ? IT_PIPS : PIPS)[c.rank];
      const tilt = italian && (c.suit === "S" || c.suit === "C");
      const big = pts.length > 7;
      const size = italian ? (tilt ? (big ? 50 : 58) : big ? 40 : 44) : 36;
      pts.forEach(([x, y], i) => {
        let rot = 0;
        if (!italian) rot = y > M ? 180 : 0;
        else if (tilt) rot = x === C ? 0 : i % 2 ? 20 : -20;
        body += use(id, x, y, size, rot);
      });
    }
  }
  const symbol = `<defs><symbol id="${id}" viewBox="0 0 100 100">${symbolBody(c.suit, style, ink)}</symbol></defs>`;
  return symbol + faceRect() + body;
}

// ---------------------------------------------------------------------------
// Primo cards

function primoNumberCard(c, largeIndex) {
  const p = PRIMO[c.colour];
  const v = String(c.value);
  let g = faceRect();
  if (c.colour === "Y") {
    // Yellow: a notched border of round dots.
    g += `<rect x="12" y="12" width="176" height="256" rx="7" fill="none" stroke="${p.cue}" stroke-width="7" stroke-linecap="round" stroke-dasharray="0 14"/>`;
  } else {
    // Blue: a band of diagonal stripes.
    g += `<path d="${stripes(8, 8, 192, 272, 10)}" stroke="${p.cue}" stroke-width="4"/>`;
    g += `<rect x="19" y="19" width="162" height="242" rx="6" fill="${FACE}" stroke="${p.cue}" stroke-width="2"/>`;
  }
  if (largeIndex) {
    g += `<rect x="26" y="26" width="148" height="228" rx="14" fill="${p.fill}" stroke="${p.edge}" stroke-width="3"/>`;
    g += text(v, 100, 178, 128, p.ink, { squeeze: 120 });
    g += text(c.colour, 100, 238, 40, p.ink);
  } else {
    g += `<ellipse cx="100" cy="140" rx="58" ry="82" fill="${p.fill}" stroke="${p.edge}" stroke-width="3" transform="rotate(14 100 140)"/>`;
    g += text(v, 100, 171, 88, p.ink, { squeeze: 96 });
    const idx = text(v, 40, 56, 40, p.edge, { squeeze: 42 }) + text(c.colour, 40, 86, 26, p.edge);
    g += `<g>${idx}</g><g transform="rotate(180 100 140)">${idx}</g>`;
  }
  return g;
}

const TOP_ICON =
  // A stack of three cards with an up-arrow above it.
  `<rect x="20" y="50" width="40" height="46" rx="5" fill="#fff" stroke="#2b2b2b" stroke-width="3"/>` +
  `<rect x="30" y="46" width="40" height="46" rx="5" fill="#fff" stroke="#2b2b2b" stroke-width="3"/>` +
  `<rect x="40" y="42" width="40" height="46" rx="5" fill="#fff" stroke="#2b2b2b" stroke-width="3"/>` +
  `<path d="M60 2L82 24H69V36H51V24H38Z" fill="#fff"/>`;

const TAKE_ICON =
  // A hand closing on a card.
  `<rect x="44" y="6" width="40" height="56" rx="5" fill="#fff" stroke="#2b2b2b" stroke-width="3" transform="rotate(14 64 34)"/>` +
  `<path d="M10 92V62C10 54 16 48 24 48H40L50 40C54 36 60 38 60 44C60 48 56 52 52 54H66C71 54 71 61 66 61H60C65 61 65 68 60 68H58C63 68 63 75 58 75H56C61 75 61 82 56 82H34L26 92Z" fill="#fff" stroke="#2b2b2b" stroke-width="3" stroke-linejoin="round"/>`;

function primoSpecialCard(c, largeIndex) {
  const top = c.name === "TOP";
  const word = top ? "TOP" : "TAKE";
  let g = faceRect();
  g += `<rect x="12" y="12" width="176" height="256" rx="8" fill="none" stroke="#2b2b2b" stroke-width="2"/>`;
  g += `<rect x="16" y="16" width="168" height="248" rx="6" fill="none" stroke="#2b2b2b" stroke-width="1"/>`;
  const panelY = largeIndex ? 28 : 56;
  const panelH = largeIndex ? 224 : 168;
  g += `<rect x="30" y="${panelY}" width="140" height="${panelH}" rx="16" fill="#2b2b2b"/>`;
  const iconSize = largeIndex ? 124 : 100;
  g += `<svg x="${100 - iconSize / 2}" y="${panelY + 10}" width="${iconSize}" height="${iconSize}" viewBox="0 0 100 100">${top ? TOP_ICON : TAKE_ICON}</svg>`;
  g += text(word, 100, panelY + panelH - 20, largeIndex ? 46 : 36, "#fff", { squeeze: top ? 0 : largeIndex ? 124 : 104 });
  if (!largeIndex) {
    const idx = text(word, 20, 44, 22, "#2b2b2b", { anchor: "start" });
    g += `<g>${idx}</g><g transform="rotate(180 100 140)">${idx}</g>`;
  }
  return g;
}

// ---------------------------------------------------------------------------
// Public drawing functions

/** SVG string of a face-up card; opts = {style: "french"|"italian", fourColour, largeIndex}. */
export function cardSVG(text, opts = {}) {
  const o = opts || {};
  const style = checkStyle(o.style);
  const c = parseCard(text);
  const largeIndex = !!o.largeIndex;
  let body;
  if (c.kind === "suited") body = suitedCard(c, style, !!o.fourColour, largeIndex);
  else if (c.kind === "primo") body = primoNumberCard(c, largeIndex);
  else body = primoSpecialCard(c, largeIndex);
  return svgOpen(cardName(text, style)) + body + "</svg>";
}

const BACK_LATTICE = stripes(14, 14, 186, 266, 16, 1) + stripes(14, 14, 186, 266, 16, -1);

/** SVG string of a face-down card: a pattern only, carrying nothing of any card's identity. */
export function cardBackSVG(opts = {}) {
  const o = opts || {};
  const colour = /^#[0-9a-fA-F]{6}$/.test(o.colour || "") ? o.colour : "#7d1f2c";
  return (
    svgOpen("Face-down card") +
    faceRect() +
    `<rect x="12" y="12" width="176" height="256" rx="8" fill="${colour}"/>` +
    `<path d="${BACK_LATTICE}" stroke="#fff" stroke-opacity="0.28" stroke-width="2"/>` +
    `<rect x="20" y="20" width="160" height="240" rx="6" fill="none" stroke="${FACE}" stroke-width="2.5"/>` +
    `<circle cx="100" cy="140" r="40" fill="${colour}" stroke="${FACE}" stroke-width="3"/>` +
    `<path d="M100 108L108 132L132 140L108 148L100 172L92 148L68 140L92 132Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1.5"/>` +
    `<circle cx="100" cy="140" r="7" fill="${FACE}"/>` +
    `</svg>`
  );
}

/** Every card text of the notation: 52 suited cards, Primo 1..13 in Y and B, TOP, TAKE. */
export const ALL_SUITED = SUITS.flatMap((s) => RANKS.map((r) => r + s));
export const ALL_PRIMO = ["Y", "B"].flatMap((col) => Array.from({ length: 13 }, (_, i) => `${i + 1}${col}`)).concat([
  "TOP",
  "TAKE",
]);

/**
 * The same art as cardSVG, but decorative: for a card inside a control that carries its own
 * accessible name (a button), so the name is not announced twice.
 */
export function cardArt(text, opts = {}) {
  return cardSVG(text, opts).replace(/ role="img" aria-label="[^"]*"/, ' aria-hidden="true" focusable="false"');
}
