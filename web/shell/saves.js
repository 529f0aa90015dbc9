// Saved games, on the page side: the home screen's "Continue" list (resume, delete one, delete all,
// export), the import of a game record from a file, file downloads, and the notice when the
// browser refuses storage. The worker keeps the saves (in IndexedDB): a save holds the seed and
// every action, so the page never reads one; it gets each save's metadata only (game, rule set,
// players, names, when, whose turn) and a record only when the player exports it.
import { $, esc } from "../dom.js";
import { t } from "../i18n.js";

let ctx = null; // {engineCall, loadCatalogue, openGame(started, opts), errorText, announce}
export function setSavesContext(c) { ctx = c; }

// ---------------------------------------------------------------- relative time
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
  if (s.turn < 0) return "";
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
  box.innerHTML = `<h2 id="continue-title">${esc(t("save.title"))}</h2>
    <p class="help" id="continue-status" role="status">${esc(t("save.looking"))}</p>
    <div id="continue-list"></div>
    <p class="row"><button type="button" class="btn secondary" id="import-open">${esc(t("save.import"))}</button>
      <input type="file" id="import-file" accept=".json,application/json" hidden></p>
    <p class="message error" id="continue-message" role="alert"></p>`;
  $("#import-file").addEventListener("change", importFile);
  $("#import-open").addEventListener("click", () => $("#import-file").click());
  await fillList(box);
}

async function fillList(box) {
  const [answer, cat] = await Promise.all([ctx.engineCall({ op: "saves" }), ctx.loadCatalogue()]);
  if (!box.isConnected) return;
  const status = $("#continue-status");
  const list = $("#continue-list");
  if (!answer.ok) { status.textContent = ctx.errorText(answer); return; }
  const { storage, saves } = answer.result;
  box.dataset.count = String(saves.length);
  if (!storage) { status.textContent = t("save.nostorage"); list.innerHTML = ""; return; }
  const good = saves.filter((s) => s.status === "ok");
  const bad = saves.filter((s) => s.status !== "ok");
  status.textContent = good.length ? t("save.count", { n: good.length }) : t("save.none");
  const now = Date.now();
  const item = (s, i) => {
    const l = gameLabel(cat, s.game, s.variant);
    const turn = turnText(s);
    const players = t("save.players", { n: s.players });
    return `<li class="save-item" data-save="${esc(s.id)}" data-game="${esc(s.game)}">
      <span class="save-what"><strong>${esc(l.game)}</strong>: ${esc(l.variant)}, ${esc(players)}</span>
      <span class="save-when help">${esc(when(s.updated, now))}${turn ? " · " + esc(turn) : ""}</span>
      <span class="row">
        <button type="button" class="btn${i === 0 ? "" : " secondary"}" data-resume="${esc(s.id)}"${i === 0 ? " data-primary" : ""}
          aria-label="${esc(t("save.resume.label", { game: l.game, variant: l.variant, when: when(s.updated, now) }))}">${esc(t("save.resume"))}</button>
        <button type="button" class="btn secondary" data-export="${esc(s.id)}">${esc(t("save.export"))}</button>
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
    ${bad.length ? `<div class="panel" id="save-aside"><h3>${esc(t("save.aside.title"))}</h3>
      <p role="alert" id="save-aside-text">${esc(t("save.aside", { n: bad.length }))}</p>
      <ul class="save-list">${bad.map(badItem).join("")}</ul></div>` : ""}
    ${saves.length ? `<p class="row" id="delete-all-row"><button type="button" class="btn secondary" id="delete-all">${esc(t("save.deleteall"))}</button></p>` : ""}`;
  for (const b of list.querySelectorAll("[data-resume]")) b.addEventListener("click", () => resume(b.dataset.resume, b));
  for (const b of list.querySelectorAll("[data-delete]")) b.addEventListener("click", () => remove(box, b.dataset.delete));
  for (const b of list.querySelectorAll("[data-export]")) b.addEventListener("click", () => exportSave(b.dataset.export, saves));
  const all = $("#delete-all");
  if (all) all.addEventListener("click", () => confirmAll(box, saves.length));
}

async function resume(id, button) {
  if (button) button.disabled = true;
  const error = await resumeSave(id);
  if (error && button && button.isConnected) {
    button.disabled = false;
    $("#continue-message").textContent = error;
  }
}

/** Resume one save on the table; an error text, or null. */
export async function resumeSave(id) {
  const answer = await ctx.engineCall({ op: "resume", save: id });
  if (!answer.ok) return ctx.errorText(answer);
  return ctx.openGame(answer.result, {});
}

/** The most recent saved game in progress, resumed (after a reload on the table); true if one was. */
export async function resumeLatest() {
  const answer = await ctx.engineCall({ op: "saves" });
  if (!answer.ok || !answer.result.storage) return false;
  const latest = answer.result.saves.find((s) => s.status === "ok");
  if (!latest) return false;
  return (await resumeSave(latest.id)) === null;
}

async function remove(box, id) {
  const answer = await ctx.engineCall({ op: "delete_save", save: id });
  if (!answer.ok) { $("#continue-message").textContent = ctx.errorText(answer); return; }
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

async function exportSave(id, saves) {
  const answer = await ctx.engineCall({ op: "export_save", save: id });
  if (!answer.ok) { $("#continue-message").textContent = ctx.errorText(answer); return; }
  const s = saves.find((x) => x.id === id) || {};
  const name = answer.result.kind === "record"
    ? recordFileName(s.game || "game", s.variant || "record", s.updated || Date.now())
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

/** Open a game record's text (from a file): the worker checks it like `python -m pygame_core replay`. */
export async function importText(text) {
  const answer = await ctx.engineCall({ op: "import_record", record: text });
  if (!answer.ok) return ctx.errorText(answer);
  return ctx.openGame(answer.result, { imported: true });
}
