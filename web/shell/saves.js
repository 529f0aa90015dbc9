// @ts-check
// Saved games, on the page side: the home screen's "Continue" list (resume, delete one, delete all,
// export), the import of a game record from a file, file downloads, and the notice when the
// browser refuses storage. The worker keeps the saves (in IndexedDB): a save holds the seed and
// every action, so the page never reads one; it gets each save's metadata only (game, rule set,
// players, names, when, whose turn) and a record only when the player exports it.
import { $, esc, question } from "../dom.js";
import { t } from "../i18n.js";
import { levels } from "./setup.js";
import { ownSave } from "./tabs.js";

/** @type {import("../protocol").SavesContext} */
let ctx = null; // {engineCall, loadCatalogue, openGame(started, opts), errorText, announce}
/** @param {import("../protocol").SavesContext} c */
export function setSavesContext(c) { ctx = c; }

const PAGE = 50; // games in progress listed at first; "Show more" lists 50 more each time
let limit = PAGE;

// ---------------------------------------------------------------- round summaries seen
// Which round summary (a game module's roundEnd id) the player has closed, by save: a reload on the
// deal-end screen shows that summary again, one after it does not. Kept in localStorage (ids only).
const SEEN_KEY = "primi.roundseen.v1";
function readSeen() {
  try {
    const data = JSON.parse(localStorage.getItem(SEEN_KEY) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch { return {}; }
}
/** The id of the last round summary seen in a save's game (null: none yet), or undefined when unknown. */
export function roundSeen(save) {
  if (!save) return undefined;
  const seen = readSeen();
  return Object.prototype.hasOwnProperty.call(seen, save) ? seen[save] : undefined;
}
/** Remember the last round summary seen in a save's game (or forget the save, with `undefined`). */
export function markRoundSeen(save, id) {
  if (!save) return;
  const seen = readSeen();
  if (id === undefined) delete seen[save]; else seen[save] = id;
  try { localStorage.setItem(SEEN_KEY, JSON.stringify(seen)); } catch { /* refused: a resume shows no summary */ }
}
function pruneSeen(ids) {
  const seen = readSeen();
  const keep = Object.fromEntries(Object.entries(seen).filter(([k]) => ids.has(k)));
  if (Object.keys(keep).length !== Object.keys(seen).length) {
    try { localStorage.setItem(SEEN_KEY, JSON.stringify(keep)); } catch { /* refused */ }
  }
}

// ---------------------------------------------------------------- relative time
/** @type {[Intl.RelativeTimeFormatUnit, number][]} */
const UNITS = [["year", 31536e6], ["month", 2592e6], ["week", 6048e5], ["day", 864e5], ["hour", 36e5], ["minute", 6e4]];
/** "5 minutes ago", "yesterday", "just now". */
export function when(ms, now = Date.now()) {
  const diff = ms - now;
  if (Math.abs(diff) < 45e3) return t("save.justnow");
  const rtf = new Intl.RelativeTimeFormat(t("save.locale"), { numeric: "auto" });
  for (const [unit, size] of UNITS) if (Math.abs(diff) >= size || unit === "minute") return rtf.format(Math.round(diff / size), unit);
  return "";
}

// ---------------------------------------------------------------- files
/** Offer text as a file download (a game record, the statistics). */
export function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---------------------------------------------------------------- a record before the end
// A game's record holds its seed, so every card still hidden (the others' hands, the cards to
// come). The worker gives it out mid-game only on an export the player asked for; the page first
// says so and asks (issue 20, item 15). In a hot-seat game the record is offered only at its end.
/** Resolves true once the player confirms exporting an unfinished game's record, false if they do not. */
export function confirmSpoiler() {
  return question({ id: "export-warn", refocus: "always", title: t("export.warn.title"), text: t("export.warn.text"), buttons: [
    { id: "go", label: t("export.warn.go"), cls: "secondary", value: true },
    { id: "no", label: t("save.cancel"), cls: "", value: false, focus: true, escape: true, primary: true }, // the safe answer first
  ] });
}

/** A hot-seat game (several humans at one screen): its record is offered only once it is over. */
export const hotSeat = (seats) => (seats || []).filter((k) => k === "human").length > 1;

const stamp = (ms) => new Date(ms).toISOString().slice(0, 16).replace(/[-:T]/g, "");
export const recordFileName = (game, variant, ms = Date.now()) => `primi-${game}-${variant}-${stamp(ms)}.json`.replace(/[^a-z0-9_.-]/gi, "_");

// ---------------------------------------------------------------- the notice: storage refused
let unsavedShown = false;
/** Once per page: the browser refuses storage, so this game will not be saved (it goes on). */
export function noticeUnsaved() {
  if (unsavedShown) return;
  unsavedShown = true;
  const p = document.createElement("p");
  p.id = "save-notice";
  p.className = "panel message";
  p.setAttribute("role", "alert");
  p.innerHTML = `${esc(t("save.unsaved"))} <button type="button" class="btn secondary" id="save-notice-close">${esc(t("save.dismiss"))}</button>`;
  const main = $("#main");
  main.parentNode.insertBefore(p, main);
  $("#save-notice-close").addEventListener("click", () => p.remove());
}

// ---------------------------------------------------------------- the Continue list
function gameLabel(cat, name, variant) {
  const g = cat.games.find((x) => x.name === name);
  const v = g && g.variants.find((x) => x.name === variant);
  return { game: g ? g.label : name, variant: v ? v.label : variant };
}

function turnText(s) {
  if (s.turn < 0) return t("save.over");
  const humans = (s.seats || []).filter((k) => k === "human").length;
  if (s.seats && s.seats[s.turn] === "human" && humans === 1) return t("save.turn.you");
  const name = (s.names && s.names[s.turn]) || t("table.player", { n: s.turn + 1 });
  return t("save.turn", { name });
}

function problemText(p) {
  return p && p.key ? t(p.key, p.args || {}) : t("save.bad.record");
}

/** Fill the home screen's "Continue" section: saved games (most recent first), and damaged ones set aside. */
export async function renderContinue(box) {
  limit = PAGE;
  box.innerHTML = `<h2 id="continue-title">${esc(t("save.title"))}</h2>
    <p class="help" id="continue-status" role="status">${esc(t("save.looking"))}</p>
    <div id="continue-list"></div>
    <p class="row"><button type="button" class="btn secondary" id="import-open">${esc(t("save.import"))}</button>
      <input type="file" id="import-file" accept=".json,application/json" hidden></p>
    <fieldset class="field panel" id="import-seats" hidden></fieldset>
    <p class="message error" id="continue-message" role="alert"></p>`;
  $("#import-file").addEventListener("change", importFile);
  $("#import-open").addEventListener("click", () => $("#import-file").click());
  box.toggleAttribute("data-empty", true); // shown as a box once there is something to continue
  await fillList(box);
}

async function fillList(box) {
  const [answer, cat] = await Promise.all([ctx.engineCall({ op: "saves", limit }), ctx.loadCatalogue()]);
  if (!box.isConnected) return;
  const status = $("#continue-status");
  const list = $("#continue-list");
  if (!answer.ok) { box.removeAttribute("data-empty"); status.textContent = ctx.errorText(answer); return; }
  const { storage, saves } = answer.result;
  const more = answer.result.more || 0;
  box.dataset.count = String(saves.length);
  box.dataset.more = String(more);
  if (!storage) { box.removeAttribute("data-empty"); status.textContent = t("save.nostorage"); list.innerHTML = ""; return; }
  const good = saves.filter((s) => s.status === "ok");
  const bad = saves.filter((s) => s.status !== "ok");
  const total = good.filter((s) => s.turn >= 0).length + more; // a finished game kept for its original is not "in progress"
  status.textContent = !total ? t("save.none") : more ? t("save.count.some", { n: total, shown: good.length }) : t("save.count", { n: total });
  // The storage refused a write this visit (full): "saved as you go" would not be true (issue 20).
  if (unsavedShown) status.textContent = total ? `${status.textContent} ${t("save.full.note")}` : t("save.none.full");
  // Nothing to continue and nothing to say: no box, only the way to open a record (issue 20).
  box.toggleAttribute("data-empty", !saves.length && !more && !unsavedShown);
  if (!more) pruneSeen(new Set(saves.map((s) => s.id)));
  const now = Date.now();
  const item = (s, i) => {
    const l = gameLabel(cat, s.game, s.variant);
    const turn = turnText(s);
    const players = t("save.players", { n: s.players });
    const over = s.turn < 0; // a finished game stays listed only while it keeps an original record
    return `<li class="save-item" data-save="${esc(s.id)}" data-game="${esc(s.game)}">
      <span class="save-what"><strong>${esc(l.game)}</strong>: ${esc(l.variant)}, ${esc(players)}</span>
      <span class="save-when help">${esc(when(s.updated, now))}${turn ? " · " + esc(turn) : ""}</span>
      ${s.kept ? `<span class="save-kept" data-kept="${esc(s.kept.n)}">${esc(t(over ? "save.kept.over" : "save.kept.list", s.kept))}</span>` : ""}
      <span class="row">
        <button type="button" class="btn${i === 0 ? "" : " secondary"}" data-resume="${esc(s.id)}"${i === 0 ? " data-primary" : ""}
          aria-label="${esc(t(over ? "save.open.label" : "save.resume.label", { game: l.game, variant: l.variant, when: when(s.updated, now) }))}">${esc(t(over ? "save.open" : "save.resume"))}</button>
        ${over || !hotSeat(s.seats) ? `<button type="button" class="btn secondary" data-export="${esc(s.id)}">${esc(t("save.export"))}</button>` : ""}
        ${s.kept ? `<button type="button" class="btn secondary" data-export-original="${esc(s.id)}">${esc(t("save.kept.export"))}</button>` : ""}
        <button type="button" class="btn secondary" data-delete="${esc(s.id)}"
          aria-label="${esc(t("save.delete.label", { game: l.game, variant: l.variant }))}">${esc(t("save.delete"))}</button>
      </span></li>`;
  };
  const badItem = (s) => {
    const l = s.game ? gameLabel(cat, s.game, s.variant) : null;
    return `<li class="save-item corrupt" data-save="${esc(s.id)}" data-corrupt="${esc((s.problem && s.problem.key) || "")}">
      <span class="save-what">${l ? `<strong>${esc(l.game)}</strong>: ${esc(l.variant)}` : esc(t("save.unknown"))}</span>
      <span class="save-problem">${esc(problemText(s.problem))}</span>
      <span class="row">
        <button type="button" class="btn secondary" data-export="${esc(s.id)}">${esc(t("save.export"))}</button>
        <button type="button" class="btn secondary" data-delete="${esc(s.id)}">${esc(t("save.delete"))}</button>
      </span></li>`;
  };
  list.innerHTML = `${good.length ? `<ol class="save-list" id="save-list">${good.map(item).join("")}</ol>` : ""}
    ${more ? `<p class="row" id="save-more-row"><button type="button" class="btn secondary" id="save-more">${esc(t("save.more", { n: Math.min(more, PAGE), left: more }))}</button></p>` : ""}
    ${bad.length ? `<div class="panel" id="save-aside"><h3>${esc(t("save.aside.title"))}</h3>
      <p role="alert" id="save-aside-text">${esc(t("save.aside", { n: bad.length }))}</p>
      <ul class="save-list">${bad.map(badItem).join("")}</ul></div>` : ""}
    ${saves.length + more ? `<p class="row" id="delete-all-row"><button type="button" class="btn secondary" id="delete-all">${esc(t("save.deleteall"))}</button></p>` : ""}`;
  for (const b of list.querySelectorAll("[data-resume]")) b.addEventListener("click", () => resume(b.dataset.resume, b));
  for (const b of list.querySelectorAll("[data-delete]")) b.addEventListener("click", () => remove(box, b.dataset.delete));
  for (const b of list.querySelectorAll("[data-export]")) b.addEventListener("click", () => exportSave(b.dataset.export, saves));
  for (const b of list.querySelectorAll("[data-export-original]")) b.addEventListener("click", () => exportSave(b.dataset.exportOriginal, saves, true));
  const all = $("#delete-all");
  if (all) all.addEventListener("click", () => confirmAll(box, saves.length + more));
  const showMore = $("#save-more");
  if (showMore) {
    showMore.addEventListener("click", async () => {
      showMore.disabled = true;
      const first = good.length;
      limit += PAGE;
      await fillList(box);
      const next = box.querySelectorAll("#save-list [data-resume]")[first];
      if (next) next.focus();
    });
  }
}

async function resume(id, button) {
  if (button) button.disabled = true;
  const error = await resumeSave(id);
  if (error && button && button.isConnected) {
    button.disabled = false;
    $("#continue-message").textContent = error;
  }
}

/** Resume one save on the table; an error text, or null. Another tab playing it lets go first
 * (shell/tabs.js), so every move it made is in the save read here. */
export async function resumeSave(id) {
  await ownSave(id);
  const answer = await ctx.engineCall({ op: "resume", save: id });
  if (!answer.ok) return ctx.errorText(answer);
  const kept = answer.result.kept;
  const notice = kept ? t(answer.result.view.terminal ? "save.kept.over" : "save.kept.notice", kept) : null;
  return ctx.openGame(answer.result, { resumed: true, notice });
}

/** The engine stopped (app.js): the store is told (web/bridge/saves.py DIED_KEY), so that the next worker
 * sets aside at once a save its predecessor died reading (the marker it left). A marker left with no such
 * note (the page closed while the worker read) is only suspected: a healthy save is not set aside for it. */
export function noteEngineDeath() {
  try {
    const open = indexedDB.open("primi", 1); // the worker's database and store (web/bridge/idb.py)
    open.onupgradeneeded = () => open.result.createObjectStore("saves");
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction("saves", "readwrite");
      tx.objectStore("saves").put(String(Date.now()), "primi:died");
      tx.oncomplete = tx.onerror = tx.onabort = () => db.close();
    };
  } catch { /* no storage here: no save was read either */ }
}

// The save a reload must open (the engine stopped: app.js reloads the page on this tab's game).
const REOPEN_KEY = "primi.reopen";
/** After the next reload, the table opens this save (not merely the most recent). */
export function reopenOnReload(save) {
  try { if (save) sessionStorage.setItem(REOPEN_KEY, save); } catch { /* refused: the most recent opens */ }
}

/** The most recent saved game in progress, resumed (after a reload on the table); true if one was.
 * A reload the page asked for opens the game this tab had (reopenOnReload). */
export async function resumeLatest() {
  let wanted = null;
  try { wanted = sessionStorage.getItem(REOPEN_KEY); sessionStorage.removeItem(REOPEN_KEY); } catch { /* none */ }
  const answer = await ctx.engineCall({ op: "saves" });
  if (!answer.ok || !answer.result.storage) return false;
  const ok = answer.result.saves.filter((s) => s.status === "ok");
  const latest = ok.find((s) => s.id === wanted) || ok[0];
  if (!latest) return false;
  return (await resumeSave(latest.id)) === null;
}

async function remove(box, id) {
  const answer = await ctx.engineCall({ op: "delete_save", save: id });
  if (!answer.ok) { $("#continue-message").textContent = ctx.errorText(answer); return; }
  markRoundSeen(id, undefined);
  ctx.announce(t("save.deleted"));
  await fillList(box);
  const next = box.querySelector("[data-resume]") || $("#import-open");
  if (next) next.focus();
}

function confirmAll(box, n) {
  const row = $("#delete-all-row");
  row.innerHTML = `<span role="alert">${esc(t("save.deleteall.confirm", { n }))}</span>
    <button type="button" class="btn danger" id="delete-all-yes">${esc(t("save.deleteall.yes"))}</button>
    <button type="button" class="btn secondary" id="delete-all-no">${esc(t("save.cancel"))}</button>`;
  $("#delete-all-no").addEventListener("click", () => fillList(box));
  $("#delete-all-yes").addEventListener("click", async () => {
    const answer = await ctx.engineCall({ op: "delete_save", all: true });
    if (!answer.ok) { $("#continue-message").textContent = ctx.errorText(answer); return; }
    ctx.announce(t("save.deletedall"));
    await fillList(box);
  });
  $("#delete-all-no").focus();
}

async function exportSave(id, saves, original = false) {
  const s0 = saves.find((x) => x.id === id);
  if (s0 && s0.status === "ok" && s0.turn >= 0 && !(await confirmSpoiler())) return; // unfinished: it shows every hidden card
  const answer = await ctx.engineCall({ op: "export_save", save: id, original });
  if (!answer.ok) { $("#continue-message").textContent = ctx.errorText(answer); return; }
  const s = saves.find((x) => x.id === id) || {};
  const name = answer.result.kind === "record"
    ? recordFileName(s.game || "game", (s.variant || "record") + (original ? "-original" : ""), s.updated || Date.now())
    : `primi-damaged-save-${id}.json`.replace(/[^a-z0-9_.-]/gi, "_");
  download(name, answer.result.text);
  ctx.announce(t("save.exported"));
}

// ---------------------------------------------------------------- import
const MAX_FILE = 5_000_000;

async function importFile(e) {
  const input = e.target;
  const file = input.files && input.files[0];
  const message = $("#continue-message");
  if (!file) return;
  message.textContent = "";
  if (file.size > MAX_FILE) { message.textContent = t("save.import.large"); input.value = ""; return; }
  let text;
  try { text = await file.text(); } catch { message.textContent = t("save.import.unreadable"); input.value = ""; return; }
  const error = await importText(text);
  input.value = "";
  if (error && message.isConnected) message.textContent = t("save.import.bad", { error });
}

/** Open a game record's text (from a file): the worker checks it like `python -m pygame_core replay`.
 * A finished game opens at its end; an unfinished one first asks who plays each seat (as the record
 * says; an older record does not: you and the computer), then goes on, saved like any game. An error text, or null. */
export async function importText(text) {
  const checked = await ctx.engineCall({ op: "check_record", record: text });
  if (!checked.ok) return ctx.errorText(checked);
  if (checked.result.terminal) return openImport(text, null);
  const cat = await ctx.loadCatalogue();
  const game = cat.games.find((g) => g.name === checked.result.game);
  if (!game) return t("save.nogame");
  chooseSeats(text, game, checked.result);
  return null;
}

async function openImport(text, seats) {
  const answer = await ctx.engineCall(seats ? { op: "import_record", record: text, seats } : { op: "import_record", record: text });
  if (!answer.ok) return ctx.errorText(answer);
  return ctx.openGame(answer.result, { imported: true });
}

/** The seats form of an imported unfinished game, in the Continue section: a human or a computer
 * level for each seat (the record's own seat kinds to begin with, from the worker's check_record). */
function chooseSeats(text, game, info) {
  const box = $("#import-seats");
  if (!box) return;
  const variant = game.variants.find((v) => v.name === info.variant);
  const ai = levels(game);
  box.hidden = false;
  box.innerHTML = `<legend>${esc(t("save.import.seats", { game: game.label, variant: variant ? variant.label : info.variant }))}</legend>
    <p class="help" id="import-seats-help">${esc(t("save.import.seats.help", { n: info.actions }))}</p>
    ${Array.from({ length: info.players }, (_, i) => `<div class="row seat-choice">
      <label for="import-seat-${i}">${esc(t("setup.seat", { n: i + 1 }))}</label>
      <select id="import-seat-${i}" data-seat="${i}">
        <option value="human">${esc(t("setup.human"))}</option>
        ${ai.map((l) => `<option value="${esc(l)}">${esc(t("setup.ai", { level: t("level." + l) }))}</option>`).join("")}
      </select></div>`).join("")}
    <p class="row"><button type="button" class="btn" id="import-go" data-primary>${esc(t("save.import.go"))}</button>
      <button type="button" class="btn secondary" id="import-cancel">${esc(t("save.cancel"))}</button></p>`;
  box.querySelectorAll("select").forEach((sel, i) => {
    const want = info.seats[i];
    sel.value = want === "human" || ai.includes(want) ? want : (ai[0] || "human");
  });
  const close = () => { box.hidden = true; box.innerHTML = ""; $("#import-open").focus(); };
  $("#import-cancel").addEventListener("click", close);
  $("#import-go").addEventListener("click", async () => {
    const go = $("#import-go");
    go.disabled = true;
    const seats = [...box.querySelectorAll("select")].map((sel) => sel.value);
    const error = await openImport(text, seats);
    if (error && box.isConnected) {
      go.disabled = false;
      $("#continue-message").textContent = t("save.import.bad", { error });
    }
  });
  box.querySelector("select").focus();
}
