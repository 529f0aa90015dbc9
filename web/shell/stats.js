// @ts-check
// Local statistics per game and rule set (#/stats): games played and won, and the points or chips
// won, kept in this browser's localStorage (results only: no card, no seed). Reset and export.
// The daily deals' results (kept by links.js) show here too: each game's streak, best streak, days
// played and won; they are exported with the rest, and a reset leaves them (a streak is not undone).
import { $, esc } from "../dom.js";
import { t } from "../i18n.js";
import { dailyStats, loadDaily } from "./links.js";
import { download } from "./saves.js";

const KEY = "primi.stats.v1";
let memory = null; // when localStorage refuses, the statistics live for this page only

function empty() { return { v: 1, since: Date.now(), games: {} }; }

function valid(data) {
  return data && typeof data === "object" && data.v === 1 && data.games && typeof data.games === "object" && !Array.isArray(data.games);
}

/** The statistics: {v: 1, since, games: {"<game>/<variant>": {game, variant, played, won, hotseat, points, chips,
 * unit: "chips"|"points" (what the game scores in), last}}}. */
export function loadStats() {
  if (memory) return memory;
  let raw = null;
  try { raw = localStorage.getItem(KEY); } catch { memory = empty(); return memory; }
  if (raw === null) return empty();
  try {
    const data = JSON.parse(raw);
    if (!valid(data)) throw new Error("bad stats");
    for (const [k, s] of Object.entries(data.games)) {
      if (!s || typeof s !== "object" || !["played", "won"].every((f) => Number.isFinite(s[f]))) delete data.games[k];
    }
    return data;
  } catch {
    return empty(); // damaged: start again (the damaged text is overwritten on the next result)
  }
}

function store(data) {
  try { localStorage.setItem(KEY, JSON.stringify(data)); memory = null; } catch { memory = data; }
}

/** Count a finished game: `seats` (kinds), the View's `result`; a hot-seat game counts as played only. */
export function recordResult(game, variant, seats, result) {
  if (!result || !Array.isArray(result.scores) || !seats.includes("human")) return; // computers only: not yours
  const data = loadStats();
  const key = `${game}/${variant}`;
  const s = data.games[key] || { game, variant, played: 0, won: 0, hotseat: 0, points: 0, chips: 0, last: 0 };
  s.played += 1;
  s.last = Date.now();
  const humans = seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
  if (humans.length === 1) {
    const me = humans[0];
    if ((result.winners || []).includes(me)) s.won += 1;
    if (Array.isArray(result.chips)) { s.chips += Number(result.chips[me]) || 0; s.unit = "chips"; }
    else { s.points += Number(result.scores[me]) || 0; s.unit = "points"; }
  } else s.hotseat += 1;
  data.games[key] = s;
  store(data);
}

export function resetStats() { store({ ...empty(), reset: Date.now() }); } // reset: the review accuracy counts from then on

// ---------------------------------------------------------------- the screen
// A cell's column name, shown beside its value where a phone stacks each row (style.css, issue 20).
const label = (key) => ` data-label="${esc(t(key))}"`;

export async function renderStats(main, ctx) {
  const cat = await ctx.loadCatalogue();
  const data = loadStats();
  const rows = [];
  for (const g of cat.games) {
    for (const v of g.variants) {
      const s = data.games[`${g.name}/${v.name}`];
      if (!s) continue;
      const solo = s.played - (s.hotseat || 0);
      const rate = solo > 0 ? Math.round((100 * s.won) / solo) : null;
      const chips = s.unit ? s.unit === "chips" : Boolean(s.chips);
      const score = chips ? t("stats.chips", { n: (s.chips > 0 ? "+" : "") + (s.chips || 0) }) : t("stats.points", { n: s.points || 0 });
      rows.push(`<tr data-stats="${esc(g.name)}/${esc(v.name)}"><th scope="row">${esc(g.label)}: ${esc(v.label)}</th>
        <td data-played="${s.played}"${label("stats.played")}>${s.played}</td><td data-won="${s.won}"${label("stats.won")}>${s.won}</td>
        <td${label("stats.winrate")}>${rate === null ? "–" : esc(t("stats.rate", { n: rate }))}</td><td${label("stats.score")}>${esc(score)}</td></tr>`);
    }
  }
  const daily = [];
  for (const g of cat.games) {
    const d = dailyStats(g.name);
    if (!d.played) continue;
    daily.push(`<tr data-daily="${esc(g.name)}"><th scope="row">${esc(g.label)}</th>
      <td data-streak="${d.streak}"${label("stats.daily.streak")}>${d.streak}</td><td data-best="${d.best}"${label("stats.daily.best")}>${d.best}</td>
      <td data-played="${d.played}"${label("stats.daily.played")}>${d.played}</td><td data-won="${d.won}"${label("stats.won")}>${d.won}</td></tr>`);
  }
  main.innerHTML = `
    <section class="screen" id="screen-stats" aria-labelledby="stats-title">
      <h1 id="stats-title">${esc(t("stats.title"))}</h1>
      <p class="lede">${esc(t("stats.lede"))}</p>
      ${rows.length ? `<table class="stats" id="stats-table">
        <thead><tr><th scope="col">${esc(t("stats.game"))}</th><th scope="col">${esc(t("stats.played"))}</th>
        <th scope="col">${esc(t("stats.won"))}</th><th scope="col">${esc(t("stats.winrate"))}</th><th scope="col">${esc(t("stats.score"))}</th></tr></thead>
        <tbody>${rows.join("")}</tbody></table>` : `<p id="stats-empty">${esc(t("stats.empty"))}</p>`}
      ${daily.length ? `<h2 id="stats-daily-title">${esc(t("stats.daily.title"))}</h2>
      <table class="stats" id="stats-daily" aria-labelledby="stats-daily-title">
        <thead><tr><th scope="col">${esc(t("stats.game"))}</th><th scope="col">${esc(t("stats.daily.streak"))}</th>
        <th scope="col">${esc(t("stats.daily.best"))}</th><th scope="col">${esc(t("stats.daily.played"))}</th>
        <th scope="col">${esc(t("stats.won"))}</th></tr></thead>
        <tbody>${daily.join("")}</tbody></table>` : ""}
      <p class="row" id="stats-tools">
        <button type="button" class="btn secondary" id="stats-export">${esc(t("stats.export"))}</button>
        <button type="button" class="btn secondary" id="stats-reset">${esc(t("stats.reset"))}</button></p>
      <p class="message" id="stats-message" role="status"></p>
    </section>`;
  $("#stats-export").addEventListener("click", () => {
    download(`primi-stats-${new Date().toISOString().slice(0, 10)}.json`, JSON.stringify({ ...loadStats(), daily: loadDaily() }, null, 1));
    $("#stats-message").textContent = t("stats.exported");
  });
  $("#stats-reset").addEventListener("click", () => {
    const tools = $("#stats-tools");
    tools.innerHTML = `<span role="alert">${esc(t("stats.reset.confirm"))}</span>
      <button type="button" class="btn danger" id="stats-reset-yes">${esc(t("stats.reset.yes"))}</button>
      <button type="button" class="btn secondary" id="stats-reset-no">${esc(t("save.cancel"))}</button>`;
    $("#stats-reset-no").addEventListener("click", () => renderStats(main, ctx));
    $("#stats-reset-yes").addEventListener("click", () => { resetStats(); renderStats(main, ctx).then(() => { $("#stats-message").textContent = t("stats.wasreset"); }); });
    $("#stats-reset-no").focus();
  });
  reviewAccuracy(cat, ctx, $("#stats-tools")); // not awaited: the worker may still be starting
}

// Issue 23: "Review accuracy", per game, from the reviews of your own seat the worker kept (op review_list, newest first):
// the mean accuracy of the last REVIEW_MEAN reviewed games and the last REVIEW_LAST values; nothing without one.
const REVIEW_MEAN = 10;
const REVIEW_LAST = 5;

async function reviewAccuracy(cat, ctx, tools) {
  const answer = await ctx.engineCall({ op: "review_list" });
  if (!answer.ok || !tools.isConnected) return; // the screen drawn again meanwhile: that one asks
  const rows = [];
  for (const g of cat.games) {
    // Yours (not a computer's), since the statistics were last reset (the reviews stay kept with their games).
    const since = Number(loadStats().reset) || 0;
    const mine = answer.result.reviews.filter((r) => r.human && r.time >= since && r.game === g.name && typeof r.accuracy === "number");
    if (!mine.length) continue;
    const recent = mine.slice(0, REVIEW_MEAN);
    const mean = Math.round(recent.reduce((a, r) => a + r.accuracy, 0) / recent.length);
    const last = mine.slice(0, REVIEW_LAST).reverse().map((r) => t("review.stats.value", { n: Math.round(r.accuracy) }));
    rows.push(`<tr data-review-stats="${esc(g.name)}"><th scope="row">${esc(g.label)}</th>
      <td data-count="${mine.length}"${label("review.stats.count")}>${mine.length}</td>
      <td data-mean="${mean}"${label("review.stats.mean")}>${esc(t("review.stats.value", { n: mean }))}</td>
      <td${label("review.stats.last")}>${esc(last.join(", "))}</td></tr>`);
  }
  if (!rows.length) return;
  tools.insertAdjacentHTML("beforebegin", `<h2 id="stats-review-title">${esc(t("review.stats.title"))}</h2>
    <p class="help">${esc(t("review.stats.lede"))}</p>
    <table class="stats" id="stats-review" aria-labelledby="stats-review-title">
      <thead><tr><th scope="col">${esc(t("stats.game"))}</th><th scope="col">${esc(t("review.stats.count"))}</th>
      <th scope="col">${esc(t("review.stats.mean"))}</th><th scope="col">${esc(t("review.stats.last"))}</th></tr></thead>
      <tbody>${rows.join("")}</tbody></table>`);
}
