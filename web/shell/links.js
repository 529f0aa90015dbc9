// @ts-check
// Links (game-neutral): the share link of a deal (#/play/<game>?variant=…&players=…&seed=…&<option>=…),
// the daily deal (#/daily/<game>) with its results and streak, the replay link of a finished game
// (#/replay?v=1&r=<deflate-raw, base64url>) and the checks that turn a bad link into a message.
// Nothing read from a link is executed or put in HTML: values are checked against the catalogue,
// and any text quoted back is cut short and shown with textContent or esc().
import { esc } from "../dom.js";
import { t } from "../i18n.js";

export const REPLAY_VERSION = "1";
export const MAX_REPLAY_URL = 8000; // longer replay links are offered as a file instead
const MAX_PACKED = 200_000; // characters of a replay link's payload read at all
const MAX_RECORD_BYTES = 1_000_000; // a record unpacked from a link is at most this long
const DAILY_KEY = "primi.daily.v1";
const SEED_MAX = Number.MAX_SAFE_INTEGER;

/** A short, inert quotation of link text for a message (shown with textContent). */
export const quoteLink = (text) => {
  const s = String(text).replace(/[\u0000-\u001f\u007f]/g, "?");
  return s.length > 30 ? s.slice(0, 30) + "…" : s;
};

/** A seed is a whole number from 0 to 2**53 - 1 (what a JavaScript number holds exactly). */
export const validSeed = (text) => /^\d{1,16}$/.test(text) && Number(text) <= SEED_MAX;

/** The page's address without its hash: a link works on whatever static host serves Primi. */
const base = () => location.href.split("#")[0];

/** Seat choices for a game: "human" and its AI levels (the catalogue's agents, less "random"). */
const levelsOf = (game) => (game.agents || []).filter((a) => a !== "random");

function optionValue(o, text) {
  if (o.kind === "bool") {
    if (["1", "true"].includes(text)) return { value: true };
    if (["0", "false"].includes(text)) return { value: false };
  } else if (o.kind === "int") {
    if (/^-?\d{1,9}$/.test(text)) {
      const n = Number(text);
      if ((o.min === undefined || o.min === null || n >= o.min) && (o.max === undefined || o.max === null || n <= o.max)) return { value: n };
      return { error: t("link.optionrange", { label: o.label, value: quoteLink(text), min: o.min ?? "…", max: o.max ?? "…" }) };
    }
  } else if ((o.choices || []).includes(text)) return { value: text };
  return { error: t("link.badoption", { label: o.label, value: quoteLink(text) }) };
}

/** Read a setup link's query for a game (a catalogue entry): {values} or {error}. Nothing is clamped
 * or dropped: an unknown rule set, option or field, a player count out of range or a bad seed is
 * an error naming it. values = {variant, players, seats[], options{}, seed (text or ""), undo (bool)}. */
export function readPlayLink(game, params) {
  const keys = [...params.keys()];
  for (const k of new Set(keys)) if (params.getAll(k).length > 1) return { error: t("link.twice", { name: quoteLink(k) }) };
  const variantName = params.has("variant") ? params.get("variant") : game.default_variant;
  const variant = game.variants.find((v) => v.name === variantName);
  if (!variant) return { error: t("link.badvariant", { name: quoteLink(variantName), game: game.label }) };
  const known = new Set(["variant", "players", "seats", "seed", "undo"]);
  const byName = new Map();
  for (const o of variant.options) { byName.set(o.name, o); byName.set("opt-" + o.name, o); }
  for (const k of keys) if (!known.has(k) && !byName.has(k)) return { error: t("link.badparam", { name: quoteLink(k), variant: variant.label }) };
  let players = variant.players.default;
  if (params.has("players")) {
    const text = params.get("players");
    const n = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
    if (!(n >= variant.players.min && n <= variant.players.max)) {
      return { error: t("link.badplayers", { value: quoteLink(text), variant: variant.label, min: variant.players.min, max: variant.players.max }) };
    }
    players = n;
  }
  const levels = levelsOf(game);
  let seats = [];
  if (params.has("seats")) {
    seats = params.get("seats").split(",");
    const bad = seats.find((k) => k !== "human" && !levels.includes(k));
    if (bad !== undefined) return { error: t("link.badseat", { value: quoteLink(bad) }) };
    if (seats.length !== players) return { error: t("link.seatcount", { n: seats.length, players }) };
  }
  const options = {};
  for (const o of variant.options) {
    const texts = [params.get(o.name), params.get("opt-" + o.name)].filter((x) => x !== null);
    if (texts.length === 2 && texts[0] !== texts[1]) return { error: t("link.twice", { name: quoteLink(o.name) }) };
    if (!texts.length) continue;
    const got = optionValue(o, texts[0]);
    if (got.error) return { error: got.error };
    options[o.name] = got.value;
  }
  if (params.has("undo") && !["0", "1"].includes(params.get("undo"))) {
    return { error: t("link.badundo", { value: quoteLink(params.get("undo")) }) };
  }
  let seed = "";
  if (params.has("seed")) {
    seed = params.get("seed");
    if (!validSeed(seed)) return { error: t("link.badseed", { value: quoteLink(seed) }) };
  }
  return { values: { variant: variant.name, players, seats, options, seed, undo: params.get("undo") !== "0" } };
}

/** A query string with its commas left readable (seats=human,easy). */
const readable = (q) => q.toString().replace(/%2C/g, ",");

/** The share link of a deal: {game, variant, options (with players), seats?, seed?}. A seat of a
 * table played together ("remote": a friend on another device) is a player's at one screen in it. */
export function playLink(request) {
  const q = new URLSearchParams({ variant: request.variant });
  const opts = request.options || {};
  if (opts.players) q.set("players", String(opts.players));
  if (request.seats && request.seats.length) q.set("seats", request.seats.map((k) => (k === "remote" ? "human" : k)).join(","));
  for (const [k, v] of Object.entries(opts)) if (k !== "players") q.set(k, typeof v === "boolean" ? (v ? "1" : "0") : String(v));
  if (request.undo === false) q.set("undo", "0");
  if (request.seed !== null && request.seed !== undefined && request.seed !== "") q.set("seed", String(request.seed));
  return `${base()}#/play/${encodeURIComponent(request.game)}?${readable(q)}`;
}

/** A fresh seed drawn in the page (for a share link from setup: the player's own, public seed). */
export function drawSeed() {
  const w = crypto.getRandomValues(new Uint32Array(2));
  return String((w[0] & 0x1fffff) * 2 ** 32 + w[1]);
}

/** Put text on the clipboard; false when the browser refuses (the text stays on screen to copy). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Share text with the Web Share sheet where there is one, else copy it; what happened, as a message. */
export async function shareText(text) {
  if (navigator.share && matchMedia("(pointer: coarse)").matches) {
    try { await navigator.share({ text }); return t("link.shared"); } catch { /* cancelled: fall back to copying */ }
  }
  return (await copyText(text)) ? t("link.copied") : t("link.copyfailed");
}

/** A box with a read-only copy of a link and a status line, filled in place of `el`'s content. */
export function showLinkBox(el, text, message) {
  el.innerHTML = `<label class="link-label"><span>${esc(t("link.label"))}</span>
    <input type="text" readonly class="link-text"></label><span class="help link-status" role="status"></span>`;
  const input = el.querySelector("input");
  input.value = text;
  el.querySelector(".link-status").textContent = message;
  el.hidden = false;
}

// ---------------------------------------------------------------- replay links
function toBase64Url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) throw new LinkError(t("link.badbase64"));
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** An error whose message is a sentence for the player. */
export class LinkError extends Error {}

/** A record (plain data) packed for a replay link: JSON, deflate-raw, base64url. */
export async function packRecord(record) {
  const stream = new Blob([JSON.stringify(record)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** The record's JSON text from a replay link's payload; LinkError (a sentence) when it is not one. */
export async function unpackRecord(packed) {
  if (packed.length > MAX_PACKED) throw new LinkError(t("link.toolong"));
  const bytes = fromBase64Url(packed);
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const parts = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_RECORD_BYTES) { reader.cancel().catch(() => {}); throw new LinkError(t("link.toolong")); }
      parts.push(value);
    }
  } catch (err) {
    if (err instanceof LinkError) throw err;
    throw new LinkError(t("link.baddeflate"));
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { all.set(p, at); at += p.length; }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(all);
  } catch {
    throw new LinkError(t("link.baddeflate"));
  }
}

/** The replay link of a sealed record (with its final check), and the seat kinds; null when too long. */
export async function replayLink(record, seats) {
  const q = new URLSearchParams({ v: REPLAY_VERSION });
  if (seats && seats.length) q.set("seats", seats.join(","));
  const { seats: _kinds, ...bare } = record; // the seat kinds go in the link's own "seats"
  q.set("r", await packRecord(bare));
  const url = `${base()}#/replay?${readable(q)}`;
  return url.length > MAX_REPLAY_URL ? null : url;
}

/** Offer a record as a file download (a replay too long for a link). */
export function downloadRecord(record, name) {
  const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

// ---------------------------------------------------------------- the daily deal
/** Today's UTC date, YYYY-MM-DD: the daily deal changes at midnight UTC, for everyone at once. */
export const todayUTC = (now = new Date()) => now.toISOString().slice(0, 10);

const dayBefore = (date) => new Date(Date.parse(date + "T00:00:00Z") - 86_400_000).toISOString().slice(0, 10);

// localStorage "primi.daily.v1" = {v: 1, games: {game: {date: {won, place, players, score}}},
// pending: {game: date}}: pending marks a daily deal started and not yet over, so that its result
// still counts when the game was resumed from its save (a resumed game no longer knows it is a daily).
function readDaily() {
  try {
    const data = JSON.parse(localStorage.getItem(DAILY_KEY) || "null");
    if (data && data.v === 1 && data.games && typeof data.games === "object" && !Array.isArray(data.games)) {
      return { games: data.games, pending: data.pending && typeof data.pending === "object" ? data.pending : {} };
    }
  } catch { /* unreadable or refused: no results */ }
  return { games: {}, pending: {} };
}

function writeDaily(data) {
  try { localStorage.setItem(DAILY_KEY, JSON.stringify({ v: 1, ...data })); return true; } catch { return false; }
}

/** Daily results: {game: {date: {won, place, players, score}}} (empty if unreadable). */
export const loadDaily = () => readDaily().games;

/** Mark a game's daily deal of `date` as started (or, with null, as over). */
export function markDaily(game, date) {
  const data = readDaily();
  if (date) data.pending[game] = date; else delete data.pending[game];
  writeDaily(data);
}

/** Keep a day's result (the first one played that day counts); false when storage refuses. */
export function saveDaily(game, date, result) {
  const data = readDaily();
  const mine = data.games[game] && typeof data.games[game] === "object" ? data.games[game] : {};
  if (data.pending[game] === date) delete data.pending[game];
  if (!mine[date]) data.games[game] = { ...mine, [date]: result };
  return writeDaily(data);
}

/** {streak, best, played, won, today}: streak = days in a row played up to today (or yesterday). */
export function dailyStats(game, today = todayUTC()) {
  const mine = loadDaily()[game] || {};
  const days = Object.keys(mine).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
  let streak = 0;
  let day = mine[today] ? today : dayBefore(today);
  while (mine[day]) { streak++; day = dayBefore(day); }
  let best = 0;
  let run = 0;
  let prev = null;
  for (const d of days) { run = prev && dayBefore(d) === prev ? run + 1 : 1; best = Math.max(best, run); prev = d; }
  return { streak, best, played: days.length, won: days.filter((d) => mine[d] && mine[d].won === true).length, today: mine[today] || null };
}

/** The spoiler-free text of a day's result: game, date, result line, streak, link. No card. */
export function dailyShareText(label, game, date, result) {
  const stats = dailyStats(game, date);
  const line = result.won ? t("daily.share.won", { place: result.place, players: result.players, score: result.score })
    : t("daily.share.lost", { place: result.place, players: result.players, score: result.score });
  return [t("daily.share.title", { game: label, date }), line, t("daily.share.streak", { n: stats.streak }),
    `${base()}#/daily/${encodeURIComponent(game)}`].join("\n");
}

/** The daily tile's line for the home screen (a link and the streak). */
export function dailyTile(game) {
  const stats = dailyStats(game.name);
  const streak = stats.streak ? ` <span class="daily-streak" data-streak="${stats.streak}">${esc(t("daily.streak", { n: stats.streak }))}</span>` : "";
  return `<a class="btn secondary daily-link" href="#/daily/${esc(encodeURIComponent(game.name))}">${esc(t("daily.tile"))}</a>${streak}`;
}

/** The daily deal's setup: the game's default rule set and player count, you against the medium
 * computer. A daily deal is short: a game module's optional `dailyOptions` (e.g. one deal) override
 * the defaults; options the default rule set lacks are left out. */
/** @param {import("../protocol").CatalogueGame} game @param {string} date @param {import("../protocol").GameModule | null} [module]
 * @returns {import("../protocol").NewGameRequest & {options: {players: number, [name: string]: import("../protocol").Json}}} */
export function dailyRequest(game, date, module = null) {
  const variant = game.variants.find((v) => v.name === game.default_variant) || game.variants[0];
  const levels = levelsOf(game);
  const ai = levels.includes("medium") ? "medium" : levels[0];
  const players = variant.players.default;
  const seats = Array.from({ length: players }, (_, i) => (i === 0 ? "human" : ai));
  const options = { players };
  const wanted = (module && module.dailyOptions) || {};
  for (const o of variant.options) if (o.name in wanted) options[o.name] = wanted[o.name];
  return { game: game.name, variant: variant.name, options, seats, daily: date, undo: false };
}

/** The daily deal screen (#/daily/<game>): today's date, the streak, today's result, Play. */
/** @param {HTMLElement} main @param {string} gameName @param {URLSearchParams} params
 * @param {import("../protocol").SetupContext} ctx */
export async function renderDaily(main, gameName, params, ctx) {
  const cat = await ctx.loadCatalogue();
  const game = cat.games.find((g) => g.name === gameName);
  if (!game || !ctx.module(gameName)) return ctx.badLink(main, t("link.badgame", { name: quoteLink(gameName) }));
  const extra = [...params.keys()];
  if (extra.length) return ctx.badLink(main, t("link.badparam", { name: quoteLink(extra[0]), variant: t("daily.title", { game: game.label }) }));
  const date = todayUTC();
  const request = dailyRequest(game, date, ctx.module(gameName));
  const variant = game.variants.find((v) => v.name === request.variant);
  const stats = dailyStats(game.name, date);
  main.innerHTML = `
    <section class="screen" id="screen-daily" data-game="${esc(game.name)}" data-date="${esc(date)}" aria-labelledby="daily-title">
      <h1 id="daily-title">${esc(t("daily.title", { game: game.label }))}</h1>
      <p class="lede">${esc(t("daily.lede", { date }))}</p>
      <p id="daily-setup">${esc(t("daily.setup", { variant: variant.label, players: request.options.players }))}</p>
      <p id="daily-streak" data-streak="${stats.streak}">${esc(t("daily.stats", stats))}</p>
      <div id="daily-today"></div>
      <p class="message error" id="daily-message" role="alert"></p>
      <p class="row"><button class="btn" type="button" id="daily-start" data-primary>${esc(t(stats.today ? "daily.again" : "daily.play"))}</button></p>
    </section>`;
  if (stats.today) dailyResultBox(main.querySelector("#daily-today"), game, date, stats.today);
  const start = /** @type {HTMLButtonElement} */ (main.querySelector("#daily-start"));
  start.addEventListener("click", async () => {
    if (start.disabled) return;
    start.disabled = true;
    markDaily(game.name, date);
    const error = await ctx.startGame(request);
    if (error && start.isConnected) { start.disabled = false; main.querySelector("#daily-message").textContent = error; }
  });
}

function dailyResultBox(el, game, date, result) {
  const text = dailyShareText(game.label, game.name, date, result);
  el.innerHTML = `<div class="panel daily-result">
      <h2>${esc(t("daily.result"))}</h2>
      <pre id="daily-share-text" class="share-text"></pre>
      <p class="row"><button type="button" class="btn secondary" id="daily-share">${esc(t("daily.share"))}</button>
      <span class="help" id="daily-share-status" role="status"></span></p></div>`;
  el.querySelector("#daily-share-text").textContent = text;
  el.querySelector("#daily-share").addEventListener("click", async () => {
    el.querySelector("#daily-share-status").textContent = await shareText(text);
  });
}

/** The end screen's links: share the deal, the replay link; for a daily deal, its result and share text.
 * end = {name, label, request, seats, view}; shell = {engineCall, errorText}.
 * @param {HTMLElement} box
 * @param {{name: string, label: string, request: import("../protocol").NewGameRequest, seats: string[],
 *   view: import("../protocol").View, scoreText?: (seat: number) => string}} end
 * @param {{engineCall: import("../protocol").EngineCall, errorText: import("../protocol").ErrorText}} shell */
export function endLinks(box, end, shell) {
  const v = end.view;
  const row = document.createElement("div");
  row.className = "end-links";
  row.innerHTML = `<p class="row">
      <button type="button" class="btn secondary" id="end-share">${esc(t("link.share"))}</button>
      <button type="button" class="btn secondary" id="end-replay-link">${esc(t("replay.link"))}</button></p>
    <div id="end-link-box" hidden></div>`;
  box.appendChild(row);
  const linkBox = row.querySelector("#end-link-box");
  const deal = { ...(v.record || end.request), seats: end.seats, seed: v.seed }; // the record: exact options
  row.querySelector("#end-share").addEventListener("click", async () => {
    const url = playLink(deal);
    showLinkBox(linkBox, url, (await copyText(url)) ? t("link.copied") : t("link.copyfailed"));
  });
  row.querySelector("#end-replay-link").addEventListener("click", async (e) => {
    const button = /** @type {HTMLButtonElement} */ (e.currentTarget);
    if (button.disabled) return;
    button.disabled = true;
    const answer = await shell.engineCall({ op: "replay", record: v.record, step: 0 });
    button.disabled = false;
    if (!answer.ok) { showLinkBox(linkBox, "", shell.errorText(answer)); return; }
    const sealed = answer.result.record;
    const url = await replayLink(sealed, end.seats);
    if (url === null) {
      downloadRecord(sealed, `primi-${end.name}-${v.seed}.json`);
      showLinkBox(linkBox, "", t("replay.toolong"));
      return;
    }
    const copied = await copyText(url);
    showLinkBox(linkBox, url, copied ? t("replay.copied") : t("link.copyfailed")); // its own words: it shows the game, not a new deal
    const watch = document.createElement("a");
    watch.className = "btn secondary";
    watch.id = "end-watch";
    watch.href = "#" + url.split("#")[1];
    watch.textContent = t("replay.watch");
    linkBox.appendChild(watch);
  });
  // A daily deal (also one resumed from its save: no undo, and marked as started on the daily screen).
  const date = end.request.daily || (end.request.undo === false ? readDaily().pending[end.name] : null);
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
  // The daily deal: its result goes into the daily statistics (the first game of the day counts).
  const you = 0;
  const r = v.result;
  const scores = r.scores || [];
  const result = {
    won: (r.winners || []).includes(you), players: scores.length,
    place: 1 + scores.filter((s) => s > scores[you]).length, score: end.scoreText ? end.scoreText(you) : String(scores[you]),
  };
  const saved = saveDaily(end.name, date, result);
  const rematch = box.querySelector("#end-rematch");
  if (rematch) rematch.remove(); // the daily deal is played once a day
  const daily = document.createElement("div");
  daily.id = "end-daily";
  box.appendChild(daily);
  const kept = loadDaily()[end.name]?.[date] || result;
  dailyResultBox(daily, { name: end.name, label: end.label }, date, kept);
  if (!saved) daily.insertAdjacentHTML("beforeend", `<p class="help">${esc(t("daily.notsaved"))}</p>`);
}
