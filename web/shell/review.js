// @ts-check
// The game review (issue 23): each decision of one seat weighed by the worker (web/bridge/review.py,
// op `review`) against the best move that seat had, from what it knew then. It lives in the replay
// viewer (shell/replay.js mounts it under the controls), which the end screen's "Review this game"
// opens on the finished game. The worker reviews in slices (~250 ms): a progress bar, the chart and
// the table fill in as lines come, Cancel stops between slices. The chart (inline SVG, the page's
// colours) plots the seat's expected outcome after each decision; each inaccuracy, mistake and
// blunder is a button on it (a shape and a colour of its own) that jumps the viewer to the state
// before that move; the buttons are one tab stop, the arrow keys (Home/End) move between them. The
// same data is a table (for screen readers, and a "Show" button a row), its decimals in the page's
// language. A table played together (net play) ends with this button on the host's and each guest's
// end screen: each reviews its own seat (the others' kind "remote") from the record its View got. A
// finished review is kept by the worker, so it is made once. "Knowing every card" (hindsight) is
// opt-in, shown beside each line, never in the marks.
import { $, esc } from "../dom.js";
import { language, t } from "../i18n.js";
import { replayLink } from "./links.js";

/** @typedef {import("../protocol").ReviewLine} ReviewLine */
/** @typedef {import("../protocol").ReviewSlice} ReviewSlice */
/** @typedef {import("../protocol").Description} Description */

export const MARKS = /** @type {const} */ (["best", "good", "inaccuracy", "mistake", "blunder"]);
/** The marks drawn as points of their own on the chart (a button each). */
const FLAGGED = ["inaccuracy", "mistake", "blunder"];
let sliceMs = 250;
const DOT = 26; // the least distance between two decisions on the chart, in px: each marked point is a 24 px button

/** For tests: the worker's slice time (1: one decision a slice, so a review runs long enough to be cancelled). */
export function setReviewSlice(ms) { sliceMs = ms; }

/** A mark's symbol: a shape of its own (SVG path in a 16x16 box) and its sign, as chess reviews write them. */
const SHAPES = {
  best: { path: "M8 2 L14 8 L8 14 L2 8 Z", sign: "★" },
  good: { path: "M8 3 A5 5 0 1 1 7.99 3 Z", sign: "✓" },
  inaccuracy: { path: "M8 2.5 A5.5 5.5 0 1 1 7.99 2.5 Z", sign: "?!" }, // circle
  mistake: { path: "M8 1.5 L15 14 L1 14 Z", sign: "?" }, // triangle
  blunder: { path: "M2.5 2.5 H13.5 V13.5 H2.5 Z", sign: "??" }, // square
};

/** A mark's symbol as inline SVG (its colour from style.css: .mark-<mark>). */
export function markIcon(mark) {
  const s = SHAPES[mark] || SHAPES.good;
  return `<svg class="mark-icon mark-${esc(mark)}" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="${s.path}"/></svg>`;
}

/** A mark's word with its symbol. */
export function markLabel(mark) {
  return `<span class="mark mark-${esc(mark)}" data-mark="${esc(mark)}">${markIcon(mark)} ${esc(t("review.mark." + mark))}</span>`;
}

// Decimals in the page's language (a decimal comma in it and de): one formatter a language and precision,
// made at the first review drawn (never during the boot: its locale data costs the main thread, see app.js mb).
const formats = new Map();
const num = (n, digits = 2) => {
  const key = language() + digits;
  if (!formats.has(key)) formats.set(key, new Intl.NumberFormat(language(), { maximumFractionDigits: digits, minimumFractionDigits: 0 }));
  return formats.get(key).format(Number(n));
};

// ---------------------------------------------------------------- from the end screen

/** A finished game handed to the replay viewer from the end screen when its record is too long for a link. */
let handoff = null;

/** The record handed over for `#/replay?review=1` without `r` (the end screen's game), taken once. */
export function takeHandoff() {
  const h = handoff;
  handoff = null;
  return h;
}

/** The end screen's "Review this game": the replay viewer on this game, its review started.
 * A friend's device at a table played together (`end.ready`) reviews only the record it checked against
 * every screen it was shown ("Deal verified"): the button waits for that verdict, and a deal that
 * cannot be trusted is not reviewed as the player's game (net/guest.js).
 * @param {HTMLElement} row where the button goes
 * @param {{record: import("../protocol").GameRecord | null, seats: string[],
 *   engineCall: import("../protocol").EngineCall, errorText: import("../protocol").ErrorText,
 *   ready?: () => import("../protocol").GameRecord | null}} end */
export function reviewButton(row, end) {
  if (!end.record) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "btn secondary";
  button.id = "end-review";
  button.textContent = t("review.open");
  row.appendChild(button);
  button.addEventListener("click", async () => {
    const record = end.ready ? end.ready() : end.record;
    if (button.disabled || !record) return;
    button.disabled = true;
    const answer = await end.engineCall({ op: "replay", record, step: 0 });
    button.disabled = false;
    if (!answer.ok) { row.insertAdjacentHTML("afterend", `<p class="message error" role="alert">${esc(end.errorText(answer))}</p>`); return; }
    const sealed = answer.result.record;
    const url = await replayLink(sealed, end.seats);
    if (url !== null) { location.hash = url.split("#")[1] + "&review=1"; return; }
    handoff = { text: JSON.stringify(sealed), seats: end.seats };
    location.hash = "#/replay?review=1";
  });
}

// ---------------------------------------------------------------- the panel

/**
 * What the review panel needs from the replay viewer.
 * @typedef {object} ReviewHost
 * @property {import("../protocol").GameRecord} record
 * @property {string[]} seats the seats' kinds
 * @property {(seat: number) => string} nameOf
 * @property {(d: Description) => string} sayFor
 * @property {import("../protocol").EngineCall} engineCall
 * @property {import("../protocol").ErrorText} errorText
 * @property {(step: number, seat: number) => void} go shows the state before the action of index `step`, as `seat` saw it
 * @property {boolean} auto start at once (the end screen's button)
 */

/** @type {{host: ReviewHost, box: HTMLElement, seat: number, hindsight: boolean, token: number, running: boolean,
 *   lines: ReviewLine[], slice: ReviewSlice | null, done: number, dot: number} | null} */
let rv = null;

/** For tests: where the review on screen stands. */
export function reviewInfo() {
  return rv && { seat: rv.seat, hindsight: rv.hindsight, running: rv.running, lines: rv.lines.length, done: rv.done,
    total: rv.slice ? rv.slice.total : null, finished: !!(rv.slice && rv.slice.next === null), kept: !!(rv.slice && rv.slice.kept),
    marks: rv.lines.map((l) => l.mark), steps: rv.lines.map((l) => l.step) };
}

/** The review panel in the replay viewer. @param {HTMLElement} box @param {ReviewHost} host */
export function mountReview(box, host) {
  const humans = host.seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
  const chooser = humans.length !== 1;
  rv = { host, box, seat: humans.length ? humans[0] : 0, hindsight: false, token: 0, running: false, lines: [], slice: null, done: 0, dot: -1 };
  box.innerHTML = `
    <section class="panel review" id="review" aria-labelledby="review-title">
      <h2 id="review-title">${esc(t("review.title"))}</h2>
      <p class="help">${esc(t("review.lede"))}</p>
      <p class="row review-tools">
        ${chooser ? `<label class="field"><span>${esc(t("review.seat"))}</span> <select id="review-seat">${host.seats.map((_, i) =>
          `<option value="${i}"${i === rv.seat ? " selected" : ""}>${esc(host.nameOf(i))}</option>`).join("")}</select></label>` : ""}
        <label class="check"><input type="checkbox" id="review-hindsight"> <span>${esc(t("review.hindsight"))}</span></label>
        <button type="button" class="btn" id="review-start">${esc(t("review.start"))}</button>
        <button type="button" class="btn secondary" id="review-cancel" hidden>${esc(t("review.cancel"))}</button></p>
      <div class="review-progress" id="review-progress" hidden>
        <progress id="review-bar" max="1" value="0" aria-labelledby="review-progress-text"></progress>
        <span id="review-progress-text" role="status" aria-live="polite"></span></div>
      <p class="message error" id="review-error" role="alert"></p>
      <div id="review-summary"></div>
      <div class="review-chart" id="review-chart"></div>
      <p class="review-point" id="review-point" role="status" aria-live="polite"></p>
      <details id="review-details"><summary>${esc(t("review.table"))}</summary><div class="review-table" id="review-table"></div></details>
    </section>`;
  $("#review-start").addEventListener("click", () => start());
  $("#review-cancel").addEventListener("click", cancel);
  const seatBox = /** @type {HTMLSelectElement | null} */ ($("#review-seat"));
  if (seatBox) seatBox.addEventListener("change", () => { cancel(); rv.seat = Number(seatBox.value); clear(); });
  $("#review-hindsight").addEventListener("change", (e) => {
    cancel();
    rv.hindsight = /** @type {HTMLInputElement} */ (e.target).checked;
    if (rv.slice) start(); // the review shown, again with (or without) the hindsight column
  });
  if (host.auto && !chooser) start();
  else if (host.auto && seatBox) seatBox.focus();
}

function clear() {
  rv.lines = [];
  rv.slice = null;
  rv.done = 0;
  rv.dot = -1;
  for (const id of ["#review-summary", "#review-chart", "#review-table", "#review-point"]) $(id).innerHTML = "";
  $("#review-progress").hidden = true;
  $("#review-start").textContent = t("review.start");
}

function cancel() {
  if (!rv || !rv.running) return;
  rv.token += 1; // the slice on its way is dropped; the worker keeps what it made, so starting again goes on quickly
  rv.running = false;
  $("#review-cancel").hidden = true;
  $("#review-start").hidden = false;
  $("#review-start").textContent = t("review.resume");
  $("#review-progress-text").textContent = t("review.stopped", { n: rv.done, total: rv.slice ? rv.slice.total : 0 });
  $("#review-start").focus();
}

async function start() {
  const r = rv;
  if (!r || r.running) return;
  const token = ++r.token;
  const seat = r.seat;
  r.running = true;
  clear();
  delete $("#review").dataset.done;
  $("#review-start").hidden = true;
  $("#review-cancel").hidden = false;
  $("#review-cancel").focus();
  $("#review-error").textContent = "";
  $("#review-progress").hidden = false;
  $("#review-progress-text").textContent = t("review.starting");
  let from = 0;
  for (;;) {
    const answer = await r.host.engineCall({ op: "review", record: r.host.record, seat, start: from, slice_ms: sliceMs, hindsight: r.hindsight,
      human: r.host.seats[seat] === "human" });
    if (rv !== r || token !== r.token || !r.box.isConnected) return; // cancelled, another seat, or the page left
    if (!answer.ok) {
      r.running = false;
      $("#review-error").textContent = r.host.errorText(answer);
      stopped($("#review-start"));
      return;
    }
    const slice = answer.result;
    r.slice = slice;
    r.lines = slice.kept ? slice.lines.slice() : r.lines.concat(slice.lines);
    r.done = slice.next === null ? slice.total : slice.next;
    draw();
    if (slice.next === null) break;
    from = slice.next;
  }
  r.running = false;
  $("#review-start").textContent = t("review.again");
  $("#review").dataset.done = "1";
  stopped(/** @type {HTMLElement} */ ($("#review-accuracy") || $("#review-start"))); // the result, read out
}

/** The run is over: Cancel hidden, Start shown; the focus, if it was on Cancel, goes to `next` (never to <body>). */
function stopped(next) {
  const had = document.activeElement === $("#review-cancel");
  $("#review-cancel").hidden = true;
  $("#review-start").hidden = false;
  $("#review-progress").hidden = true;
  if (had || document.activeElement === document.body) next.focus({ preventScroll: true });
}

function unitWord() {
  return t("review.unit." + ((rv.slice && rv.slice.header.unit) || "points"));
}

function draw() {
  const r = rv;
  const total = r.slice ? r.slice.total : 0;
  $("#review-bar").setAttribute("max", String(Math.max(1, total)));
  $("#review-bar").setAttribute("value", String(r.done));
  $("#review-progress-text").textContent = t("review.progress", { n: r.done, total });
  $("#review").dataset.lines = String(r.lines.length);
  drawSummary();
  drawChart();
  drawTable();
}

function drawSummary() {
  const s = rv.slice && rv.slice.next === null ? rv.slice.summary : null;
  const box = $("#review-summary");
  if (!s) { box.innerHTML = ""; return; }
  if (!s.decisions) { box.innerHTML = `<p id="review-none">${esc(t("review.none"))}</p>`; return; }
  const kinds = Object.entries(s.kinds || {});
  box.innerHTML = `
    <p class="review-accuracy" id="review-accuracy" data-accuracy="${esc(s.accuracy)}" tabindex="-1">${esc(t("review.accuracy", { n: num(s.accuracy, 1) }))}
      <span class="help">${esc(t("review.decisions", { n: s.decisions }))}${rv.slice.kept ? " " + esc(t("review.kept")) : ""}</span></p>
    <ul class="review-marks" id="review-marks">${MARKS.map((m) => `<li data-mark="${m}" data-n="${s.marks[m] || 0}">${markLabel(m)}: <strong>${s.marks[m] || 0}</strong></li>`).join("")}</ul>
    ${kinds.length ? `<h3>${esc(t("review.kinds"))}</h3><ul class="review-kinds" id="review-kinds">${kinds.map(([k, n]) =>
      `<li data-kind="${esc(k)}">${esc(t("review.kind", { kind: t(k), n }))}</li>`).join("")}</ul>` : ""}`;
}

/** The words of one line: "Step 12, Blunder. Played: … Better: … Lost: 0.8 round points." */
function lineWords(l) {
  const h = rv.host;
  return t("review.point", { step: l.step, mark: t("review.mark." + l.mark), played: h.sayFor(l.played_text), best: h.sayFor(l.best_text) })
    + " " + t("review.point.loss", { loss: num(l.loss), unit: unitWord() });
}

function drawChart() {
  const box = $("#review-chart");
  const lines = rv.lines;
  if (!lines.length) { box.innerHTML = ""; return; }
  const pad = { l: 44, r: 16, t: 24, b: 28 };
  const n = rv.slice ? Math.max(rv.slice.total, lines.length) : lines.length;
  // Marked points are buttons DOT px apart at least, so none covers another (a long game's chart scrolls).
  const W = Math.max(280, Math.round(box.clientWidth || 320), pad.l + pad.r + (n - 1) * DOT);
  const H = 200;
  const values = lines.map((l) => l.value);
  let lo = Math.min(...values, ...lines.map((l) => l.best_value));
  let hi = Math.max(...values, ...lines.map((l) => l.best_value));
  if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
  const x = (i) => pad.l + (n <= 1 ? 0.5 : i / (n - 1)) * (W - pad.l - pad.r);
  const y = (v) => pad.t + (1 - (v - lo) / (hi - lo)) * (H - pad.t - pad.b);
  const pts = lines.map((l, i) => `${x(i).toFixed(1)},${y(l.value).toFixed(1)}`).join(" ");
  const bestPts = lines.map((l, i) => `${x(i).toFixed(1)},${y(l.best_value).toFixed(1)}`).join(" ");
  const zero = lo < 0 && hi > 0 ? `<line class="review-zero" x1="${pad.l}" x2="${W - pad.r}" y1="${y(0).toFixed(1)}" y2="${y(0).toFixed(1)}"/>` : "";
  const dots = lines.map((l, i) => (FLAGGED.includes(l.mark) ? "" : `<circle class="review-plain" cx="${x(i).toFixed(1)}" cy="${y(l.value).toFixed(1)}" r="2.5"/>`)).join("");
  const svg = `<svg class="review-svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" aria-hidden="true" focusable="false">
      <text class="review-axis" x="4" y="14">${esc(t("review.chart.y", { unit: unitWord() }))}</text>
      <text class="review-axis" x="${pad.l - 6}" y="${(y(hi) + 4).toFixed(1)}" text-anchor="end">${esc(num(hi, 1))}</text>
      <text class="review-axis" x="${pad.l - 6}" y="${(y(lo) + 4).toFixed(1)}" text-anchor="end">${esc(num(lo, 1))}</text>
      <line class="review-frame" x1="${pad.l}" x2="${pad.l}" y1="${pad.t}" y2="${H - pad.b}"/>
      <line class="review-frame" x1="${pad.l}" x2="${W - pad.r}" y1="${H - pad.b}" y2="${H - pad.b}"/>
      ${zero}
      <polyline class="review-best" points="${bestPts}"/>
      <polyline class="review-line" points="${pts}"/>
      ${dots}
      <text class="review-axis" x="${pad.l}" y="${H - 8}">${esc(t("review.chart.x"))} →</text>
    </svg>`;
  // The marked points are one tab stop (roving tabindex): the arrow keys move between them (chartKey).
  const marked = lines.map((l, i) => (FLAGGED.includes(l.mark) ? i : -1)).filter((i) => i >= 0);
  if (!marked.includes(rv.dot)) rv.dot = marked.length ? marked[0] : -1;
  const buttons = marked.map((i) => {
    const l = lines[i];
    return `<button type="button" class="review-dot mark-${l.mark}" data-mark="${l.mark}" data-step="${l.step}" data-index="${i}"
        tabindex="${i === rv.dot ? 0 : -1}" style="left:${x(i).toFixed(1)}px;top:${y(l.value).toFixed(1)}px"
        aria-label="${esc(lineWords(l))}">${markIcon(l.mark)}</button>`;
  }).join("");
  const scroll = box.scrollLeft;
  const focused = /** @type {HTMLElement | null} */ (box.querySelector(".review-dot:focus")); // a slice redraws the chart under it
  box.innerHTML = `<figure class="review-figure"><figcaption class="sr-only" id="review-chart-caption">${esc(t("review.chart.caption"))}</figcaption>
    <div class="review-plot" style="width:${W}px;height:${H}px"${marked.length ? ` role="toolbar" aria-labelledby="review-chart-caption"` : ""}>${svg}${buttons}</div>
    <p class="review-legend" aria-hidden="true"><span class="review-key-played"></span> ${esc(t("review.legend.played"))}
      <span class="review-key-best"></span> ${esc(t("review.legend.best"))}</p></figure>`;
  box.scrollLeft = scroll;
  // A chart wider than the screen scrolls; without a marked point in it, the keyboard scrolls it too.
  if (box.querySelector(".review-dot")) box.removeAttribute("tabindex");
  else box.setAttribute("tabindex", "0");
  box.querySelectorAll(".review-dot").forEach((b) => b.addEventListener("click", () => {
    const i = Number(/** @type {HTMLElement} */ (b).dataset.index);
    rove(i);
    jump(lines[i]);
  }));
  /** @type {HTMLElement} */ (box.querySelector(".review-plot")).addEventListener("keydown", chartKey);
  if (focused) { const again = dotAt(Number(focused.dataset.index)); if (again) again.focus({ preventScroll: true }); }
}

/** The chart's marked point of line `i`, or null. */
function dotAt(i) {
  return /** @type {HTMLButtonElement | null} */ ($(`#review-chart .review-dot[data-index="${i}"]`));
}

/** The chart's tab stop moves to the marked point of line `i`. */
function rove(i) {
  rv.dot = i;
  $("#review-chart").querySelectorAll(".review-dot").forEach((b) => b.setAttribute("tabindex", /** @type {HTMLElement} */ (b).dataset.index === String(i) ? "0" : "-1"));
}

/** Left/Right (Up/Down too), Home/End on the chart: the focus goes to the previous, next, first or last
 * marked point (the replay's own arrow keys are not stepped then); Enter or Space jumps, as a click. */
function chartKey(/** @type {KeyboardEvent} */ e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const dots = /** @type {HTMLElement[]} */ ([...$("#review-chart").querySelectorAll(".review-dot")]);
  const at = dots.indexOf(/** @type {HTMLElement} */ (e.target));
  if (at < 0) return;
  const to = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: dots.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  e.stopPropagation(); // the replay viewer's arrow keys (shell/replay.js) step the game otherwise
  const next = dots[Math.max(0, Math.min(dots.length - 1, to))];
  rove(Number(next.dataset.index));
  next.focus();
}

function drawTable() {
  const box = $("#review-table");
  const lines = rv.lines;
  if (!lines.length) { box.innerHTML = ""; return; }
  const h = rv.host;
  const seen = rv.hindsight;
  const unit = unitWord();
  box.innerHTML = `<table class="review-lines" id="review-lines">
      <caption class="sr-only">${esc(t("review.table"))}</caption>
      <thead><tr><th scope="col">${esc(t("review.col.step"))}</th><th scope="col">${esc(t("review.col.played"))}</th>
        <th scope="col">${esc(t("review.col.best"))}</th><th scope="col">${esc(t("review.col.loss", { unit }))}</th><th scope="col">${esc(t("review.col.value", { unit }))}</th>
        <th scope="col">${esc(t("review.col.mark"))}</th><th scope="col">${esc(t("review.col.why"))}</th>
        ${seen ? `<th scope="col">${esc(t("review.col.hindsight"))}</th>` : ""}<th scope="col"><span class="sr-only">${esc(t("review.col.show"))}</span></th></tr></thead>
      <tbody>${lines.map((l, i) => {
        const hs = l.hindsight;
        return `<tr data-step="${l.step}" data-mark="${l.mark}">
          <td data-label="${esc(t("review.col.step"))}">${l.step}</td>
          <td data-label="${esc(t("review.col.played"))}">${esc(h.sayFor(l.played_text))}</td>
          <td data-label="${esc(t("review.col.best"))}">${l.best === l.played ? "–" : esc(h.sayFor(l.best_text))}</td>
          <td data-label="${esc(t("review.col.loss", { unit }))}" class="review-num">${esc(num(l.loss))}</td>
          <td data-label="${esc(t("review.col.value", { unit }))}" class="review-num">${esc(num(l.value))}</td>
          <td data-label="${esc(t("review.col.mark"))}">${markLabel(l.mark)}</td>
          <td data-label="${esc(t("review.col.why"))}">${l.why ? esc(h.sayFor(l.why)) : ""}</td>
          ${seen ? `<td data-label="${esc(t("review.col.hindsight"))}" class="review-hindsight">${hs
            ? esc(hs.best === l.played ? t("review.hindsight.same") : t("review.hindsight.line", { best: h.sayFor(hs.best_text), loss: num(hs.loss) })) : "–"}</td>` : ""}
          <td><button type="button" class="btn secondary small review-show" data-index="${i}">${esc(t("review.col.show"))}</button></td></tr>`;
      }).join("")}</tbody></table>`;
  box.querySelectorAll(".review-show").forEach((b) => b.addEventListener("click", () => jump(lines[Number(/** @type {HTMLElement} */ (b).dataset.index)])));
}

/** Show the state before the move of `line` in the viewer, as the reviewed seat saw it; name both moves. */
function jump(line) {
  const l = line;
  rv.host.go(l.step, rv.seat);
  const why = l.why ? " " + rv.host.sayFor(l.why) : "";
  $("#review-point").innerHTML = `${markIcon(l.mark)} ${esc(lineWords(l) + why)}`;
  $("#review-point").dataset.step = String(l.step);
  // On a phone the board is below the panel: bring it into view, under the words of the point when the
  // table between them is closed.
  const board = $("#board");
  if (board && board.getBoundingClientRect().top > innerHeight * 0.6) {
    (/** @type {HTMLDetailsElement} */ ($("#review-details")).open ? board : $("#review-point")).scrollIntoView({ block: "start" });
  }
}
