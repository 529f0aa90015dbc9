// @ts-check
// The keyboard and the screen reader at the table, game-neutral (issue 10): single-key shortcuts
// (listed in a "?" dialog), roving focus in the action toolbar and the hand (one tab stop each,
// the arrow keys move within), dialogs that trap focus and close with Esc, focus that never
// falls to <body> after a move, and "read the table": one sentence with the whole public state,
// built from the shown seat's observation only, said through the polite live region.
import { $, clickIf as click, esc } from "../dom.js";
import { t } from "../i18n.js";
import { GAMES, fetchModule, gameModule } from "../games/index.js";
import { settingsNow } from "./table.js";

/** @typedef {{announce: (text: string, assertive?: boolean, asked?: boolean) => void, table: () => import("../protocol").ReadContext | null}} KeysShell */
/** @type {KeysShell} */
let shell = null; // {announce, table(): {name, view, nameOf, seats, settings} | null}

// Single-character shortcuts (?, R and the games' P, S, F, 1-9) can be turned off in Settings
// ("Single-key shortcuts", settings.keys; WCAG 2.1.4): a speech-input user or a stray key then
// plays nothing. Enter, Esc, Tab and the arrows are not character keys and stay; keys a game's
// own control handles while it has focus (Primo's A-F and -/+ on its rows and hand) are WCAG
// 2.1.4's "active only on focus" and stay too.
const shortcutsOn = () => { const s = settingsNow(); return !s || s.keys !== false; };

// Single-letter shortcuts never act while the player types (WCAG 2.1.4; PlayAural's isTypingTarget).
function typing(el) {
  if (!el || el === document.body) return false;
  if (el.isContentEditable || el.tagName === "TEXTAREA" || el.tagName === "SELECT") return true;
  return el.tagName === "INPUT" && !["checkbox", "radio", "button", "submit", "reset", "range"].includes(el.type);
}

// ---------------------------------------------------------------- dialogs
const openModals = () => [...document.querySelectorAll(".overlay[role=dialog]:not([hidden])")];
const topModal = () => { const m = openModals(); return m.length ? m[m.length - 1] : null; };
const FOCUSABLE = "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";
const focusables = (root) => [...root.querySelectorAll(FOCUSABLE)].filter((el) => !el.closest("[hidden]") && el.getClientRects().length);

function trapTab(e, modal) {
  const items = focusables(modal);
  if (!items.length) { e.preventDefault(); return; }
  const i = items.indexOf(document.activeElement);
  if (e.shiftKey && i <= 0) { e.preventDefault(); items[items.length - 1].focus(); }
  else if (!e.shiftKey && (i < 0 || i === items.length - 1)) { e.preventDefault(); items[0].focus(); }
}

// Esc closes the dialog on top: the shortcuts list (focus goes back), the deal end (its "Next"
// button). The hand-over is the one dialog Esc never closes: closing it means showing the next
// player's hand, and a stray Esc (the last player dismissing something, a key pressed while the
// device changes hands) must never reveal a hand by accident; there is also nothing behind it to
// go back to (the table under it is blank). So Esc keeps it up, brings the focus back to its one
// control ("Show my hand", wherever the focus had wandered) and says what to do, politely.
function escape(modal) {
  if (modal.id === "keys-help") { closeHelp(); return true; }
  if (modal.id === "handover") {
    const go = $("#handover-go");
    if (go) go.focus();
    if (shell && shell.announce) shell.announce(t("handover.esc"));
    return true;
  }
  const go = modal.querySelector("[data-escape]") || (modal.id === "dealend" ? $("#dealend-go") : null);
  if (go && !go.disabled) { go.click(); return true; }
  return false;
}

let helpReturn = null;
let helpOpening = false;
// Away from a table the dialog lists every game's keys: their keys.js are downloaded first (small;
// a game whose keys cannot be had is left out).
const allGameKeys = () => Promise.all(GAMES.map((g) => fetchModule(g.keys).then((m) => ({ name: g.name, keys: m.keys }), () => null)));
async function openHelp() {
  if ($("#keys-help") || helpOpening) return;
  helpReturn = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
  const table = shell && shell.table();
  helpOpening = true;
  const games = (table ? [gameModule(table.name)] : await allGameKeys()).filter((g) => g && g.keys && g.keys.help);
  helpOpening = false;
  const box = document.createElement("div");
  box.className = "overlay keys-help";
  box.id = "keys-help";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-modal", "true");
  box.setAttribute("aria-labelledby", "keys-title");
  const list = (rows) => `<dl class="keys-list">${rows.map(([k, d]) => `<div><dt><kbd>${esc(k)}</kbd></dt><dd>${esc(d)}</dd></div>`).join("")}</dl>`;
  const block = (attr, heading, rows) => `<section ${attr}><h3>${esc(heading)}</h3>${list(rows)}</section>`;
  const section = (g) => block(`data-game="${esc(g.name)}"`, t(g.name + ".keys.game"), g.keys.help.map(([k, d]) => [k, t(d)]));
  const screen = SCREEN_KEYS.filter(([, when]) => $(when)).map(([name, , rows]) => block(`data-keys="${name}"`, t("keys." + name), rows.map(([k, d]) => [t(k), t(d)])));
  box.innerHTML = `<div class="overlay-box"><h2 id="keys-title">${esc(t("keys.title"))}</h2>
    <p class="help">${esc(t("keys.lede"))}</p>
    <p class="help" id="keys-offhow">${esc(t(shortcutsOn() ? "keys.offhow" : "keys.areoff"))}</p>
    ${list(GENERAL.map(([k, d]) => [t(k), t(d)]))}
    ${games.map(section).join("")}
    ${screen.join("")}
    <p class="row"><button type="button" class="btn" id="keys-close" data-primary>${esc(t("keys.close"))}</button></p></div>`;
  document.body.appendChild(box);
  $("#keys-close").addEventListener("click", closeHelp);
  $("#keys-close").focus();
}

function closeHelp() {
  const box = $("#keys-help");
  if (!box) return;
  box.remove();
  const back = helpReturn && helpReturn.isConnected ? helpReturn : $("#keys-open") || $("#actions") || $("#main");
  helpReturn = null;
  if (back) back.focus();
}

const GENERAL = [
  ["keys.k.help", "keys.d.help"], ["keys.k.read", "keys.d.read"], ["keys.k.tab", "keys.d.tab"],
  ["keys.k.arrows", "keys.d.arrows"], ["keys.k.enter", "keys.d.enter"], ["keys.k.esc", "keys.d.esc"],
];
// A screen's own keys, listed while what they act on is shown: the replay viewer's (shell/replay.js)
// and, once a review has drawn its chart with points to visit, the chart's (shell/review.js).
/** @type {Array<[string, string, string[][]]>} name, shown while this selector matches, [key, what] */
const SCREEN_KEYS = [
  ["replay", "#screen-replay", [["keys.k.arrows", "keys.d.rstep"], ["keys.k.homeend", "keys.d.rends"]]],
  ["chart", "#screen-replay #review-chart .review-dot", [["keys.k.arrows", "keys.d.cmove"], ["keys.k.homeend", "keys.d.cends"], ["keys.k.enteronly", "keys.d.cgo"]]],
];
// ---------------------------------------------------------------- roving focus
// The action toolbar and a hand of buttons are one tab stop each; ←/→ (and Home/End) move within.
const barItems = (bar) => [...bar.querySelectorAll("button:not([disabled]), select:not([disabled])")];
const handItems = (hand) => [...hand.querySelectorAll("button:not([disabled])")];

/** After the shell draws the bar (and the hand): one tab stop each, on the control in focus or the first. */
export function rove() {
  const bar = $("#actions");
  if (bar) setStop(barItems(bar));
  const hand = $("#my-hand");
  // A hand whose game keeps its own roving tabindex is left alone.
  if (hand && !hand.querySelector("button[tabindex]")) setStop(handItems(hand));
  // A row of seats too wide for the screen scrolls: it is then a tab stop, so a keyboard can scroll it.
  // Measured in the next frame, when the browser lays the page out anyway (no forced layout in this task).
  requestAnimationFrame(() => {
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#board .seats-bar"))) {
      if (el.scrollWidth > el.clientWidth + 1) el.tabIndex = 0; else el.removeAttribute("tabindex");
    }
  });
}

function setStop(items) {
  if (!items.length) return;
  const cur = items.find((el) => el === document.activeElement) || items.find((el) => el.hasAttribute("data-primary")) || items[0];
  for (const el of items) el.tabIndex = el === cur ? 0 : -1;
}

function roveKey(e) {
  const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 1, ArrowUp: -1 }[e.key];
  if (!step && e.key !== "Home" && e.key !== "End") return false;
  const el = e.target;
  let items = null;
  if (el.closest && el.closest("#actions")) {
    if (el.tagName === "SELECT" && (e.key === "ArrowUp" || e.key === "ArrowDown")) return false; // the select's own value
    items = barItems($("#actions"));
  } else if (el.closest && el.closest("#my-hand") && el.tagName === "BUTTON") items = handItems($("#my-hand"));
  if (!items || !items.length) return false;
  const i = items.indexOf(el);
  if (i < 0) return false;
  e.preventDefault();
  const j = e.key === "Home" ? 0 : e.key === "End" ? items.length - 1 : (i + step + items.length) % items.length;
  for (const x of items) x.tabIndex = -1;
  items[j].tabIndex = 0;
  items[j].focus();
  return true;
}

/** The next sensible control after a move: the bar's main control, else its first, else the hand's stop. */
export function nextControl() {
  if (topModal()) return null;
  return document.querySelector("#actions [data-primary]:not([disabled])")
    || document.querySelector("#actions button:not([disabled]), #actions select:not([disabled])")
    || document.querySelector("#my-hand button[tabindex='0']:not([disabled])")
    || document.querySelector("#my-hand button:not([disabled])")
    || document.querySelector("#game-end [data-primary]:not([disabled])")
    || $("#actions");
}

// ---------------------------------------------------------------- shortcuts
function onKey(e) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  const modal = topModal();
  if (modal) {
    if (e.key === "Tab") { trapTab(e, modal); return; }
    if (e.key === "Escape" && escape(modal)) { e.preventDefault(); return; }
    return; // no shortcut acts behind a dialog
  }
  if (roveKey(e)) return;
  const el = document.activeElement;
  if (typing(el)) return;
  if (e.key.length === 1 && e.key !== " " && !shortcutsOn()) return; // switched off in Settings
  if (e.key === "?") { e.preventDefault(); openHelp(); return; }
  const table = shell && shell.table();
  if (!table) return;
  if (e.key === "r" || e.key === "R") { e.preventDefault(); readTable(); return; }
  if (e.key === "Enter" && !(el && el.closest && el.closest("button, a, input, select, summary, textarea, [role=button]"))) {
    // Enter confirms from anywhere that is not itself a control: the bar's main control.
    if (click("#actions [data-primary]:not([disabled])") || click("#actions [data-confirm]:not([disabled])")) e.preventDefault();
    return;
  }
  // The game's own single keys (GameModule.keys.onKey).
  const game = gameModule(table.name);
  const f = game && game.keys && game.keys.onKey;
  if (f && e.key.length === 1 && f(e)) e.preventDefault();
}

// Focus that would fall out of a dialog is brought back in.
function onFocusIn(e) {
  const modal = topModal();
  if (modal && !modal.contains(e.target)) {
    const items = focusables(modal);
    if (items.length) items[0].focus();
  }
}

// ---------------------------------------------------------------- read the table
const list = (items) => items.filter(Boolean).join("; ");

/** One sentence with the whole public state of the table on screen (the shown seat's observation only). */
export function tableSentence() {
  const x = shell && shell.table();
  if (!x || !x.view) return "";
  const v = x.view;
  const game = gameModule(x.name);
  const bits = game && game.keys && game.keys.read ? game.keys.read(v, x) : [];
  const turn = v.terminal ? t("table.over") : v.current === v.seat && v.seat >= 0 ? t("read.yourturn") : v.current >= 0 ? t("read.turn", { name: x.nameOf(v.current) }) : "";
  return `${list([...bits, turn])}.`.replace(/\.\.$/, ".");
}

export function readTable() {
  const text = tableSentence();
  if (text && shell) shell.announce(text, false, true);
  return text;
}

/** The table's two tool buttons: read the table, and the shortcuts list. */
export function tableTools(box) {
  if (!box || $("#keys-read", box)) return;
  box.insertAdjacentHTML("afterbegin", `<button type="button" class="btn secondary" id="keys-read" aria-keyshortcuts="R">${esc(t("read.button"))}</button>
    <button type="button" class="btn secondary" id="keys-open" aria-keyshortcuts="Shift+?" aria-haspopup="dialog">${esc(t("keys.button"))}</button>`);
  $("#keys-read", box).addEventListener("click", readTable);
  $("#keys-open", box).addEventListener("click", openHelp);
}

/** @param {KeysShell} context */
export function installKeys(context) {
  shell = context;
  document.addEventListener("keydown", onKey);
  document.addEventListener("focusin", onFocusIn);
}

// For tests: the sentence and the dialog.
export const keysForTests = { tableSentence, openHelp, closeHelp };
