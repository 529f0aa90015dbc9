// @ts-check
// The other players' turns, followed on the table (issue 20): each step of a computer's (or
// another player's) turn marks the rows where it happened, with who did it, and the shell waits
// `pace` before the next step, scaled by the player's speed (0 at Off; a click or a key hurries to
// the end: shell/motion.js). The "Since your last turn" recap under the rows says, one line per
// player, what each did since the seat on screen last played, in player words, and marks what
// touched that seat (a Take card that sent a row's card onto its pile). All of it comes from the
// public log of the seat's own observation (`log`, `since`): nothing hidden reaches the page.
import { esc } from "../../dom.js";
import { t } from "../../i18n.js";
import { duration } from "../../shell/motion.js";
import { name, runText } from "./describe.js";
import { obs } from "./model.js";

/** @param {string} sel @param {ParentNode} [root] */
const one = (sel, root = document) => /** @type {HTMLElement | null} */ (root.querySelector(sel));
const all = (sel) => /** @type {HTMLElement[]} */ ([...document.querySelectorAll(sel)]);

/** @typedef {import("./model.js").View} View */
/** @typedef {import("../../protocol").LogEntry & {i: number}} Indexed */

// How long a step stays in view before the next, in card travels (shell/motion.js): a step that
// changed the rows 2.8 (Fast 336, Normal 700, Slow 1400 ms), an end, a pass or an exchange 1.2.
const TABLE_STEP = 2.8;
const OTHER_STEP = 1.2;
const ON_ROWS = new Set(["primo.add", "primo.open", "primo.head", "primo.top", "primo.move", "primo.take", "primo.clear"]);

/** The entries of the last step that another seat than the one on screen played (this View's `say`). @param {View} v */
const othersStep = (v) => (v.say || []).filter((d) => d && typeof d.seat === "number" && d.seat >= 0 && d.seat !== v.seat);

/** GameModule.pace: the pause before the next computer step, so the step just drawn can be followed. @param {View} v */
export function pace(v) {
  const step = othersStep(v);
  if (!step.length) return null;
  return duration(step.some((d) => ON_ROWS.has(d.key)) ? TABLE_STEP : OTHER_STEP);
}

/** The recap's entries, each with its index in the whole log: from `since` (the first entry after
 * the seat's last turn) up to the seat's own next entry (its turn under way is not recapped).
 * @param {View} v @returns {Indexed[]} */
export function recapEntries(v) {
  const o = obs(v);
  const log = o.log || [];
  const size = typeof o.log_size === "number" ? o.log_size : log.length;
  const first = size - log.length;
  if (v.seat < 0 || typeof o.since !== "number") return [];
  const out = [];
  for (let i = Math.max(o.since, first); i < size; i++) {
    const e = log[i - first];
    if (!e || e.seat === v.seat) break;
    out.push({ ...e, i });
  }
  return out;
}


/** One step in a few words, without its player's name (the line starts with it); a take that
 * touched the seat on screen says so. @returns {{text: string, you: boolean}} */
function stepWords(e, me, ctx) {
  const a = e.args || {};
  const card = a.card ? name(a.card) : "";
  switch (e.key) {
    case "primo.add": case "primo.open": case "primo.head":
      return { text: t("primo.recap." + e.key.slice(6), { card, row: a.row }), you: false };
    case "primo.top": case "primo.clear": case "primo.pass":
      return { text: t("primo.recap." + e.key.slice(6), { row: a.row }), you: false };
    case "primo.move":
      return { text: t("primo.recap.move", { cards: runText(a.cards), row: a.row, to: a.to }), you: false };
    case "primo.exchange": case "primo.refill":
      return { text: t("primo.recap." + e.key.slice(6), { n: Number(a.n) || 0 }), you: false };
    case "primo.end":
      return { text: t(a.reason === "empty" || a.reason === "cap" ? `primo.recap.end.${a.reason}` : "primo.recap.end"), you: false };
    case "primo.take": {
      const takes = Array.isArray(a.takes) ? a.takes : [];
      if (!takes.length) return { text: t("primo.recap.take.none", { row: a.row }), you: false };
      let you = false;
      const words = takes.map((x) => {
        const xa = x.args || {};
        const mine = x.seat === me;
        you = you || mine;
        const key = `primo.recap.took${xa.opened ? ".open" : ""}${mine ? ".you" : ""}`;
        return t(key, { name: ctx.nameOf(x.seat), card: name(xa.card), row: xa.row, opened: xa.opened || "" });
      });
      return { text: t("primo.recap.take", { row: a.row, takes: words.join(", ") }), you };
    }
    default:
      return { text: ctx.say(e), you: false };
  }
}

/** The recap's HTML: one line per turn, its player's name first, each step a span (the newest step
 * of this View marked "now", a step that touched the seat on screen marked "you"). */
export function recapHtml(v, ctx) {
  const entries = recapEntries(v);
  if (!entries.length) return `<p class="po-recap-none">${esc(t("primo.recap.none"))}</p>`;
  const o = obs(v);
  // The step this View brought (its `say`: the log's last entries) is the one the table marks now.
  const fresh = othersStep(v).length ? (o.log_size ?? 0) - (v.say || []).length : Infinity;
  const turns = [];
  for (const e of entries) {
    const last = turns[turns.length - 1];
    if (last && last.seat === e.seat && e.seat >= 0) last.steps.push(e); else turns.push({ seat: e.seat, steps: [e] });
  }
  return `<ol class="po-recap-list" id="po-recap-list">${turns.map((turn) => {
    let you = false;
    const steps = turn.steps.map((e) => {
      const w = stepWords(e, v.seat, ctx);
      you = you || w.you;
      const cls = ["po-recap-step", e.i >= fresh ? "po-recap-now" : "", w.you ? "po-recap-you" : ""].filter(Boolean).join(" ");
      const mark = w.you ? `<span class="po-recap-mark" aria-hidden="true">!</span>` : "";
      const why = w.you ? `<span class="sr-only"> (${esc(t("primo.recap.affects"))})</span>` : "";
      return `<span class="${cls}" data-i="${e.i}" data-key="${esc(e.key)}">${mark}${esc(w.text)}${why}</span>`;
    });
    if (turn.seat < 0) return `<li class="po-recap-turn" data-seat="-1">${steps.join(" ")}</li>`;
    return `<li class="po-recap-turn${you ? " po-recap-touched" : ""}" data-seat="${turn.seat}"><strong>${esc(ctx.nameOf(turn.seat))}:</strong> ${steps.join('<span aria-hidden="true"> · </span>')}</li>`;
  }).join("")}</ol>`;
}

/** The recap box under the rows (shown for a seat's own view; a spectator or a hand-over has the log). */
export function drawRecap(v, ctx) {
  const box = one("#po-recap");
  if (!box) return;
  const show = v.seat >= 0;
  box.hidden = !show;
  if (!show) return;
  const body = one("#po-recap-body", box);
  const html = recapHtml(v, ctx);
  if (body.dataset.html !== html) {
    body.innerHTML = html;
    body.dataset.html = html;
    // The newest step in view (the box scrolls when the turns are many), read in the next frame;
    // a box that scrolls is a tab stop (its arrows scroll it), one that does not is none.
    body.tabIndex = -1;
    if (typeof requestAnimationFrame === "function") {
      requestAnimationFrame(() => {
        body.scrollTop = body.scrollHeight;
        body.tabIndex = body.scrollHeight > body.clientHeight + 1 ? 0 : -1;
      });
    }
  }
}

/** Marks on the rows where the last step of another player happened: the rows it laid on, moved
 * from or to, cleared or took from, each with who (a take: who took the card). */
export function markStep(v, ctx) {
  for (const el of all("#po-rows .po-acted")) el.classList.remove("po-acted");
  for (const el of all("#po-rows .po-acted-tag")) el.remove();
  const step = othersStep(v);
  if (!step.length) return;
  /** @type {Map<string, string>} */
  const tags = new Map();
  const tag = (row, text) => { if (row && !tags.has(row)) tags.set(row, text); };
  for (const d of step) {
    const a = /** @type {{[k: string]: any}} */ (d.args || {});
    const who = ctx.nameOf(d.seat);
    if (d.key === "primo.move") { tag(a.to, who); tag(a.row, who); } else if (d.key === "primo.take") {
      for (const x of a.takes || []) {
        const xa = x.args || {};
        tag(xa.row, t("primo.acted.took", { name: ctx.nameOf(x.seat) }));
        tag(xa.opened, t("primo.acted.took", { name: ctx.nameOf(x.seat) }));
      }
      tag(a.row, who);
    } else if (ON_ROWS.has(d.key)) tag(a.row, who);
  }
  for (const [row, text] of tags) {
    const rowEl = one(`#po-rows .po-row[data-row="${row}"]`);
    if (!rowEl) continue;
    rowEl.classList.add("po-acted");
    const el = document.createElement("span");
    el.className = "po-acted-tag";
    el.setAttribute("aria-hidden", "true"); // said by the live region and the recap already
    el.textContent = text;
    rowEl.appendChild(el);
  }
}
