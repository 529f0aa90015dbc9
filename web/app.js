// @ts-check
// Primi's shell (main thread), game-neutral: boot, routes, home, rules, settings, nav.
// It paints and reacts at once, boots the rules core in a PyScript worker (Pyodide) off the
// main thread, and renders only from data the worker returns for the seat looking at the
// screen. It and worker.py are the only code that touches PyScript. Setup is shell/setup.js,
// the table shell/table.js; each game's own screens live in web/games/<game>/ (see
// web/games/index.js for what a game module provides).
import "./shell/net/guard.js"; // issue 22: no ICE server unless the player opted in (before anything can make a connection)
import { $, esc } from "./dom.js";
import { t, applyStatic, useLanguage, languageOf, language, LANGUAGES, addCoreTexts, hasCoreTexts, tx, txDecision } from "./i18n.js";
import { cardSVG } from "./cards.js";
import { renderSetup } from "./shell/setup.js";
import { setContext, startGame, openGame, renderTable, tableInfo, tableNow, thinkTimes, leaveTable } from "./shell/table.js";
import { installKeys, keysForTests } from "./shell/keys.js";
import { errorWords } from "./shell/errors.js";
import { setSavesContext, renderContinue, resumeLatest, noticeUnsaved, reopenOnReload, resumeSave, noteEngineDeath } from "./shell/saves.js";
import { heldSave, setTabsContext } from "./shell/tabs.js";
import { renderStats } from "./shell/stats.js";
import { GAMES, LoadError, fetchModule, gameEntry, gameModule, loadGame, loadGames } from "./games/index.js";
import { dailyTile, quoteLink, renderDaily } from "./shell/links.js";
import { renderReplay, replayInfo } from "./shell/replay.js";
import { reviewInfo, setReviewSlice } from "./shell/review.js";
import { initMotion, motionInfo } from "./shell/motion.js";
import { initSound, playSound, soundCounts, soundTurnedOn } from "./shell/sound.js";

/** @typedef {import("./protocol").Request} Request */
/** @typedef {import("./protocol").Answer<any>} AnyAnswer */
/** @typedef {import("./protocol").Catalogue} Catalogue */

const html = document.documentElement;

// ---------------------------------------------------------------- settings
const SETTINGS_KEY = "primi.settings.v1";
// speedChosen: the player picked a speed in Settings (until then prefers-reduced-motion means Off).
/** @type {import("./protocol").Settings} */
const DEFAULT_SETTINGS = { suits: "french", fourColour: false, largeIndex: false, speed: "normal", speedChosen: false, lang: "auto", sound: false, volume: 0.6, keys: true, confirmPlay: false, internet: false, stun: ["stun:stun.l.google.com:19302"] };
let settingsNotice = ""; // an i18n key, said on the home screen (in the page's language, once loaded)

/** @returns {import("./protocol").Settings} */
function loadSettings() {
  let raw = null;
  try { raw = localStorage.getItem(SETTINGS_KEY); } catch { return { ...DEFAULT_SETTINGS }; }
  if (raw === null) return { ...DEFAULT_SETTINGS };
  try {
    const data = JSON.parse(raw);
    if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error("not an object");
    return {
      suits: data.suits === "italian" ? "italian" : "french",
      fourColour: data.fourColour === true,
      largeIndex: data.largeIndex === true,
      speed: ["normal", "fast", "slow", "off"].includes(data.speed) ? data.speed : "normal",
      speedChosen: data.speedChosen === true,
      lang: LANGUAGES.includes(data.lang) ? data.lang : "auto",
      sound: data.sound === true,
      volume: typeof data.volume === "number" && data.volume >= 0 && data.volume <= 1 ? data.volume : DEFAULT_SETTINGS.volume,
      keys: data.keys !== false, // single-key shortcuts (shell/keys.js), on unless turned off
      confirmPlay: data.confirmPlay === true, // a card's only move waits for a second tap (off: one tap plays it)
      internet: data.internet === true, // play together across the internet: off unless the player turned it on (issue 22)
      stun: Array.isArray(data.stun) ? data.stun.filter((u) => typeof u === "string" && /^stuns?:[^\s]{1,200}$/.test(u)).slice(0, 4) : DEFAULT_SETTINGS.stun,
    };
  } catch {
    settingsNotice = "settings.corrupt";
    return { ...DEFAULT_SETTINGS };
  }
}
const settings = loadSettings();
function saveSettings() {
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* private mode: keep in memory */ }
}
// Speed "off": no animation anywhere (html.motion-off, like prefers-reduced-motion).
function applyMotion() { html.classList.toggle("motion-off", settings.speed === "off"); }
const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
applyMotion();
initMotion(settings); // cards and chips that move (shell/motion.js), at the speed in force
initSound(settings); // the cues (shell/sound.js): off until the player turns them on
const cardOpts = () => ({ style: settings.suits, fourColour: settings.fourColour, largeIndex: settings.largeIndex });

// ---------------------------------------------------------------- announcements
const liveQueue = [];
let liveBusy = false;
let lastSpoken = { text: "", at: 0 };
export function announce(text, assertive = false, asked = false) {
  const now = performance.now();
  if (!asked && text === lastSpoken.text && now - lastSpoken.at < 700) return; // asked for (read the table): said again
  lastSpoken = { text, at: now };
  liveQueue.push({ text, assertive });
  if (!liveBusy) drainLive();
}
function drainLive() {
  const item = liveQueue.shift();
  if (!item) { liveBusy = false; return; }
  liveBusy = true;
  const region = $(item.assertive ? "#live-assertive" : "#live-polite");
  // A trailing space toggle makes an identical message be read again.
  region.textContent = region.textContent === item.text ? item.text + " " : item.text;
  setTimeout(drainLive, 140);
}

// ---------------------------------------------------------------- boot progress
let progressNow = 0;
function progress(pct, stageKey, vars) {
  if (html.classList.contains("boot-failed")) return; // the failure's words stay (a bar frame still due draws nothing)
  pct = Math.max(progressNow, Math.min(100, Math.round(pct)));
  progressNow = pct;
  const bar = $("#boot-progress");
  bar.setAttribute("aria-valuenow", String(pct));
  bar.firstElementChild.style.width = pct + "%";
  if (stageKey) {
    $("#boot-stage").textContent = t(stageKey, vars);
    $("#boot-stage").dataset.i18n = stageKey; // a new language says the stage reached
    bar.setAttribute("aria-valuetext", `${pct}% ${t(stageKey, vars)}`);
  }
}

// ---------------------------------------------------------------- boot progress in bytes
// The bar follows bytes, and says one figure: the download. The engine starts through the service
// worker, which serves its files from its cache ("primi-served", each file's size) or, on a first
// visit, downloads them and says how far each has come ("primi-download", in bytes over the wire,
// compressed as served, against the engine's total): "Downloading the game: 1.2 of 4.3 MB". Only the
// engine's files count: the rest of the site is saved for offline play after the engine is ready,
// in the background (see "offline copy" below). From the cache nothing is downloaded, and the bar
// moves on the files served without a figure (the engine phase's total is what the last boot of this
// build read, remembered, else the worker's estimate). Without a service worker (no secure context)
// the bar creeps on time instead. window.primi.bootBytes records every step {phase, bytes, total}.
const BOOT_BYTES_KEY = "primi.bootbytes.v1";
const bootLog = [];
let engineWatch = null;
// Megabytes with one decimal in the page's language. Not toLocaleString: its first call loads the
// locale's number data, 50-100 ms of the main thread in the middle of the boot (bench/site/long_tasks.py).
const DECIMAL_COMMA = new Set(["it", "de"]);
const mb = (n) => {
  const s = (n / 1e6).toFixed(1);
  return DECIMAL_COMMA.has(language()) ? s.replace(".", ",") : s;
};
// The bar is drawn at most once an animation frame, with the latest figures: the service worker
// reports every 50 ms and serves dozens of files a second; each message only notes its bytes.
let barDue = null;
function showBar(fn) {
  if (barDue === null) requestAnimationFrame(() => { const f = barDue; barDue = null; if (f) f(); });
  barDue = fn;
}
function onServiceWorkerMessage(e) {
  const d = e.data || {};
  if ((d.type === "primi-served" || d.type === "primi-download") && engineWatch) engineWatch(d);
  else if (d.cache === "primi-" + html.dataset.build) offlineCopy(d); // this build's cache (not a waiting update's)
}

/** The engine's start, in bytes served or downloaded: the bar from where it is to `hi`. The boot
 * path calls it when the engine starts loading and calls stop(ok) when the engine is up. */
function engineProgress(hi = 88, heard = () => {}) {
  const lo = Math.max(progressNow, 30);
  const build = html.dataset.build;
  let known = 0;
  try { const m = JSON.parse(localStorage.getItem(BOOT_BYTES_KEY) || "null"); if (m && m.build === build) known = m.bytes; } catch { /* none */ }
  const seen = new Set(); // the files served from the cache
  const wire = new Map(); // url -> its wire bytes so far (a file served from the cache counts whole)
  let downloading = false;
  let bytes = 0;
  let total = known;
  let wireTotal = 0;
  const show = () => {
    if (downloading) {
      const got = [...wire.values()].reduce((a, n) => a + n, 0);
      bootLog.push({ phase: "download", bytes: got, total: wireTotal });
      showBar(() => progress(lo + (hi - lo) * Math.min(1, got / wireTotal), "progress.download", { done: mb(got), total: mb(wireTotal) }));
      return;
    }
    const f = total ? Math.min(1, bytes / total) : 0;
    bootLog.push({ phase: "engine", bytes, total });
    showBar(() => progress(lo + (hi - lo) * f, "progress.engine"));
  };
  engineWatch = (d) => {
    heard(); // the engine's files are coming: not stuck
    if (d.type === "primi-download") {
      downloading = true; // a first visit: from now on the bar says the download's figure
      wireTotal = d.engineWire;
      wire.set(d.url, Math.max(wire.get(d.url) || 0, d.wire));
    } else {
      if (seen.has(d.url)) return;
      seen.add(d.url);
      bytes += d.bytes;
      wire.set(d.url, d.wire);
      wireTotal ||= d.engineWire;
      if (!known) total = Math.max(d.engine || 0, bytes);
    }
    show();
  };
  // No byte heard yet (no service worker, or the engine still starting): creep on the measured
  // boot time (about 2 s) towards the halfway mark, never past it.
  const started = performance.now();
  const creep = setInterval(() => {
    // With a service worker its cache or its download says; without, Python is downloaded.
    if (!seen.size && !downloading) progress(lo + (hi - lo) * 0.5 * (1 - Math.exp(-(performance.now() - started) / 1500)), sw && sw.controller ? "progress.engine" : "boot.python");
  }, 100);
  return {
    stop(ok) {
      engineWatch = null;
      barDue &&= () => {}; // a frame still due draws nothing: the boot's next stage is drawn now
      clearInterval(creep);
      if (ok && bytes && !downloading) {
        try { localStorage.setItem(BOOT_BYTES_KEY, JSON.stringify({ build, bytes })); } catch { /* private mode */ }
      }
    },
  };
}

// ---------------------------------------------------------------- engine (the worker)
// PyScript is fetched at once and evaluated once the first screen has rendered (so the home
// screen answers first); its worker starts the engine (see engine-boot.mjs for the snapshot).
let pyscriptModule = null;
const loadPyScript = () => (pyscriptModule ??= import("./pyscript/core.js"));
let worker = null;
let readyResolve;
const engineReady = new Promise((r) => { readyResolve = r; });

const SW_WAIT_MS = 5_000; // how long a first visit's engine waits for the service worker to control the page
const START_MS = 60_000; // the engine's start once its files are here: 2-5 s on a desktop, far less than this anywhere
async function bootEngine() {
  progress(15, "boot.pyscript");
  let bytes = null;
  let stuck = 0;
  try {
    progress(30, sw && sw.controller ? "progress.engine" : "boot.python"); // a first visit's download says its bytes next
    // A first visit: the engine's files pass through the service worker, which keeps them as they
    // arrive. Its install waits for nothing, so it controls the page within a round trip or two; the
    // engine waits for that at most SW_WAIT_MS, then starts anyway (uncontrolled: it still plays).
    await Promise.race([swControlled, new Promise((r) => setTimeout(r, SW_WAIT_MS))]);
    performance.mark("primi:sw-installed");
    // A start that no error ends but that never finishes (a worker stuck starting): START_MS after
    // the last of its bytes arrived (a first visit downloads them now), the page says it could not
    // start and offers the retry (should the engine come up after all, the page plays and the
    // failure's words go).
    const arm = () => {
      clearTimeout(stuck);
      stuck = setTimeout(() => bootFailed(new Error("the engine did not start in time")), START_MS);
    };
    arm();
    bytes = engineProgress(88, arm); // the bar follows the bytes the service worker serves or downloads
    const base = new URL("./", document.baseURI);
    performance.mark("primi:pyscript-import");
    const { PyWorker } = await loadPyScript();
    await customElements.whenDefined("py-script");
    performance.mark("primi:pyscript-ready");
    // PyScript's worker loads engine-boot.mjs as its Pyodide: it restores the engine's memory snapshot
    // kept by an earlier visit (Python with the core imported), or starts Python the usual way.
    const interp = new URL("engine-boot.mjs", base);
    worker = await PyWorker(new URL("worker.py", base).href, {
      config: new URL("pyscript.json", base).href,
      version: interp.href,
    });
    bytes.stop(true);
    performance.mark("primi:worker-ready");
    progress(90, "boot.engine");
    const pong = await rawCall({ op: "ping" });
    if (!pong.ok) throw new Error(pong.detail || pong.key);
    const how = await rawCall({ op: "boot" });
    html.dataset.boot = how.ok ? how.result.mode : "plain";
    clearTimeout(stuck);
    if (html.classList.contains("boot-failed")) { html.classList.remove("boot-failed"); $("#boot-retry")?.remove(); }
    performance.mark("primi:ready");
    progress(100, "boot.ready");
    html.classList.add("ready");
    readyResolve();
    // No snapshot restored: make one in the background for the next visit (shell/snapshot.js).
    import("./shell/snapshot.js").then((m) => m.keepSnapshot({ busy: () => callsInFlight > 0 }), () => {});
  } catch (err) {
    clearTimeout(stuck);
    if (bytes) bytes.stop(false);
    bootFailed(err);
  }
}

/** The boot cannot finish: say so in plain words (the cause goes to the console, never to the
 * player) and offer a retry, a reload (a deploy fixed meanwhile, a connection back). */
function bootFailed(err) {
  if (html.classList.contains("boot-failed") || html.classList.contains("ready")) return;
  console.warn("Primi: the engine could not start:", err && err.message ? err.message : err);
  html.classList.add("boot-failed");
  const stage = $("#boot-stage");
  const msg = navigator.onLine === false ? t("boot.offline") : t("boot.failed");
  stage.textContent = msg;
  stage.dataset.i18n = navigator.onLine === false ? "boot.offline" : "boot.failed";
  if (!$("#boot-retry")) {
    const retry = document.createElement("button");
    retry.type = "button";
    retry.className = "btn secondary";
    retry.id = "boot-retry";
    retry.dataset.i18n = "boot.retry";
    retry.textContent = t("boot.retry");
    // The retry fetches the page's files past the HTTP cache first (web/boot-guard.js): a damaged file
    // kept there would fail again.
    retry.addEventListener("click", () => { retry.disabled = true; (window.primiRetry || (() => location.reload()))(); });
    stage.after(retry);
  }
  $("#boot-progress").setAttribute("aria-valuetext", msg);
  announce(msg, true);
}

// ---------------------------------------------------------------- the engine's death
// Pyodide can fail fatally (a C stack overflow: "Maximum call stack size exceeded"): the worker
// then answers nothing ever again, and every call would hang. Two signs are watched: Pyodide's own
// report of its fatal error (engine-boot.mjs, on the "primi-engine" channel), and a call that has
// not answered for WATCH_MS.
// Either way a cheap ping decides: a worker busy with a long decision still answers it once done,
// a dead one never does (PING_MS). The page then says so and offers a reload, which loses nothing:
// the worker saved the game after every move it answered, and the reload opens this tab's game
// again (sessionStorage RESUME_KEY, shell/saves.js) from its last saved move.
const DEBUG_WATCH = new URLSearchParams(location.search).has("debug") ? Number(new URLSearchParams(location.search).get("watchdog")) : 0;
const WATCH_MS = DEBUG_WATCH > 0 ? DEBUG_WATCH : 30_000; // ?debug&watchdog=MS: the tests' short bound
const PING_MS = DEBUG_WATCH > 0 ? DEBUG_WATCH : 10_000;
let engineDead = false;
let probing = null;

/** Is the worker still answering? Resolves true (it answered a ping) or false (not within PING_MS). */
function probe() {
  probing ??= new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), PING_MS);
    Promise.resolve(worker && worker.sync.call(JSON.stringify({ op: "ping" })))
      .then((text) => { clearTimeout(timer); resolve(!!text); }, () => { clearTimeout(timer); resolve(false); });
  }).finally(() => { probing = null; });
  return probing;
}

async function suspect() {
  if (engineDead) return;
  if (!(await probe())) engineDied();
}

// A fatal error reported by an engine (this tab's or another's): this tab's worker is checked at once.
if (typeof BroadcastChannel === "function") {
  new BroadcastChannel("primi-engine").onmessage = (e) => { if (e.data && e.data.type === "fatal" && worker) suspect(); };
}

/** A worker call, watched: it answers, or the engine is found dead and the call fails (EngineGone). */
function watched(call) {
  return new Promise((resolve, reject) => {
    let timer = 0;
    const arm = () => {
      timer = setTimeout(async () => {
        if (!engineDead && (await probe())) { arm(); return; } // alive, only busy: wait on
        engineDied();
        reject(new EngineGone());
      }, WATCH_MS);
    };
    const gone = () => { clearTimeout(timer); reject(new EngineGone()); };
    const settle = (f) => (v) => { clearTimeout(timer); waiting.delete(gone); f(v); };
    if (engineDead) { reject(new EngineGone()); return; }
    arm();
    waiting.add(gone);
    call.then(settle(resolve), settle(reject));
  });
}
const waiting = new Set(); // the calls still waiting on the worker: failed at once when it dies
class EngineGone extends Error {}

/** A note above the screen (an update, a dead engine, offline too soon): its words and one button,
 * which the caller wires. @param {{id: string, className: string, role: string, text: string, buttonId: string, button: string, buttonClass?: string}} n */
function pageNote({ id, className, role, text, buttonId, button, buttonClass = "btn" }) {
  const box = document.createElement("div");
  box.id = id;
  box.className = `panel ${className}`;
  box.setAttribute("role", role);
  box.innerHTML = `<p>${esc(text)}</p>
    <button type="button" class="${buttonClass}" id="${buttonId}">${esc(button)}</button>`;
  $("#main").before(box);
  return box;
}

function engineDied() {
  if (engineDead) return;
  engineDead = true;
  noteEngineDeath(); // a save the worker died reading is set aside by the next one
  html.classList.add("engine-dead");
  if (!html.classList.contains("ready")) { bootFailed(new Error("the engine stopped")); return; }
  pageNote({ id: "engine-dead", className: "message error engine-dead", role: "alert", text: t("engine.dead"),
    buttonId: "engine-reload", button: t("engine.reload") });
  $("#engine-reload").addEventListener("click", () => {
    // Back to this tab's game (shell/saves.js opens its save again), else the home screen: never
    // the address that was open (a link that killed the engine would kill it again).
    reopenOnReload(heldSave());
    history.replaceState(null, "", heldSave() ? "#/table" : "#/");
    location.reload();
  });
  $("#engine-reload").focus();
  for (const f of [...waiting]) f(); // every call waiting on the worker fails now
  waiting.clear();
}

// With ?debug in the page's address, every request and reply text is kept in
// window.primi.replies, so a test can check everything the page received from the worker.
const DEBUG = new URLSearchParams(location.search).has("debug");
const replies = [];

// A task of its own: PyScript hands the worker's reply over inside its message handler, and the
// code awaiting it (the table's render) would run on in that same task; after this it runs in its
// own, so the two stay short and the Long Animation Frames API names our code as ours.
const channel = new MessageChannel();
const turns = [];
channel.port1.onmessage = function workerReply() { turns.shift()(); }; // named: the tests bound its renders
const nextTask = () => new Promise((resolve) => { turns.push(resolve); channel.port2.postMessage(0); });

let callsInFlight = 0; // the snapshot's maker waits for a quiet engine (shell/snapshot.js)
/** @param {Request} req @returns {Promise<AnyAnswer>} */
async function rawCall(req) {
  const request = JSON.stringify(req);
  callsInFlight++;
  const text = await watched(worker.sync.call(request)).finally(() => { callsInFlight--; });
  await nextTask();
  if (DEBUG) replies.push({ request, reply: text });
  const answer = JSON.parse(text);
  if (answer.unsaved) noticeUnsaved(); // the browser refuses storage: the game goes on, unsaved
  return answer;
}

// Calls made before the engine is ready wait for it (a Start pressed early is queued, not lost).
// A call that fails on the page's side (the worker gone) answers like a bug in the worker.
/** @type {Promise<unknown>} */
let chain = Promise.resolve();
/**
 * @template {Request} R
 * @param {R} req
 * @returns {Promise<import("./protocol").Answer<import("./protocol").ResultOf<R["op"]>>>}
 */
export function engineCall(req) {
  const run = chain.then(() => engineReady).then(() => rawCall(req));
  chain = run.catch(() => {});
  return run.catch((err) => /** @type {import("./protocol").ErrorAnswer} */ (err instanceof EngineGone || engineDead
    ? { ok: false, kind: "EngineGone", key: "engine.dead", args: {}, ms: 0 } // said once, by the alert above the page
    : { ok: false, kind: "InternalError", key: "error.internal", args: {}, ms: 0, detail: String(err && err.message ? err.message : err) }));
}

/** A game's extra operation (the hand calculator, the coach, the lessons).
 * @type {import("./protocol").GameOp} */
export function gameOp(game, name, req = {}) {
  return engineCall({ ...req, op: "game_op", game, name });
}

/** What a player reads for an error reply: its sentence, or an apology for a bug (details to the console).
 * @param {import("./protocol").Answer<unknown>} answer */
export function errorText(answer) {
  return errorWords(answer); // shell/errors.js: the player's words, in the player's language
}

window.primi = { engineCall, announce, tableInfo, replayInfo, thinkTimes, keys: keysForTests, replies: DEBUG ? replies : undefined,
  reviewInfo, setReviewSlice }; // issue 23: the game review, for tests
// With ?debug, the tests can stop the worker as a fatal error would (e2e/saves/test_robust.py): it answers
// nothing any more, and (crash) it reports its fatal error, as engine-boot.mjs does for Pyodide's.
if (DEBUG) window.primi.killEngine = (crash = false) => {
  worker.terminate();
  if (crash) new BroadcastChannel("primi-engine").postMessage({ type: "fatal" });
};
// With ?debug, the tests' shared pages read their settings again from storage between tests
// (e2e/kit/tables.py ``Pages.rest``): no test inherits a setting another test chose in Settings.
if (DEBUG) window.primi.reloadSettings = async () => {
  const lang = settings.lang;
  Object.assign(settings, loadSettings());
  applyMotion();
  if (settings.lang !== lang) await changeLanguage();
  return { ...settings };
};
// The worker's memory (bench/site/boot.py): {wasm: bytes} from the snapshot worker, null from PyScript's.
window.primi.heap = async () => {
  const r = worker ? await rawCall({ op: "heap" }) : null;
  return r && r.ok ? r.result : null;
};
installKeys({ announce, table: tableNow });

// ---------------------------------------------------------------- service worker
// The service worker is registered at once. On a first visit it installs without downloading
// anything and takes over the page within a round trip or two: the engine waits only for that
// (bootEngine), and its files are kept as they pass. A new deploy is found on a later load: its
// worker installs (every file first) and waits, and the player is offered the switch (the game in
// progress is autosaved).
const sw = "serviceWorker" in navigator && window.isSecureContext ? navigator.serviceWorker : null;
let swRegistration = null;
let hadController = !!(sw && sw.controller);
if (sw) sw.addEventListener("message", onServiceWorkerMessage); // the boot's bytes, the offline copy
// Resolves once the service worker controls the page (at once when it already does), or when there
// is none to wait for (no service worker, registration refused, the first install failed).
const swControlled = (async () => {
  if (!sw) return;
  try {
    swRegistration = await sw.register("./sw.js");
  } catch { return; } // the game still works online without it
  sw.addEventListener("controllerchange", () => {
    // A first install only claims this page; after a switch (here or in another tab) every tab
    // reloads, so none runs the old page against the new files.
    if (hadController) location.reload();
    hadController = true;
  });
  const reg = swRegistration;
  if (!reg) return; // registration refused (a browser that blocks service workers)
  const first = !sw.controller && !reg.active ? reg.installing || reg.waiting : null;
  // Look for a new deploy at once, whatever becomes of the boot (a deploy may fix a failed one).
  // Not after a first install: its worker was just fetched from the server.
  if (!first) { watchForUpdates(); return; }
  await new Promise((resolve) => {
    sw.addEventListener("controllerchange", resolve, { once: true });
    first.addEventListener("statechange", () => { if (first.state === "redundant") resolve(undefined); });
  });
  // A first visit: the service worker fetches the engine's files at once, in the order the boot reads
  // them, rather than as each request is made in turn (four round trips before Python's big files).
  if (sw.controller) sw.controller.postMessage({ type: "engine" });
  watchForUpdates(false);
})();

// ---------------------------------------------------------------- offline copy
// The service worker keeps every file of the build for offline play. On a first visit it keeps the
// files as the page fetches them, and fetches the rest in the background once the engine is ready
// and the first screen drawn ("fill"; each boot asks, so a fill cut short goes on at the next visit).
// html[data-offline] says where it stands: "saving" (not every file is here yet) or "ready" (the
// whole build is: offline play works fully). Settings shows it in a line (#offline-status); going
// offline before it is ready says so once (#offline-note): the game in progress goes on (its modules
// and the engine are loaded), other screens may need the connection.
let offlineFigures = null; // {bytes, totalBytes} of the build in the cache, in bytes over the wire
let staleSeen = false;
let readyCache = ""; // the cache the worker last said was whole
function offlineCopy(d) {
  if (d.type === "primi-fill" && typeof d.bytes === "number" && d.totalBytes > 0) {
    // Once this build's copy is whole it stays so: a late word from a fill says nothing new.
    if (!d.complete && d.cache === readyCache) return;
    if (d.complete) readyCache = d.cache;
    offlineFigures = { bytes: d.bytes, totalBytes: d.totalBytes };
    html.dataset.offline = d.complete ? "ready" : "saving";
    if (d.complete) $("#offline-note")?.remove(); // offline play works fully now
    showOfflineStatus();
  } else if (d.type === "primi-offline") {
    offlineNote();
  } else if (d.type === "primi-stale" && !staleSeen && swRegistration) {
    // The server has a new deploy: its worker installs beside this one and the update note offers it.
    staleSeen = true;
    swRegistration.update().catch(() => {});
  }
}
/** The line in Settings: how much of Primi is saved for offline play. */
function showOfflineStatus() {
  const line = $("#offline-status");
  if (!line) return;
  const state = html.dataset.offline;
  line.hidden = !state;
  if (state === "ready") line.textContent = t("offline.ready");
  else if (state && offlineFigures) line.textContent = t("offline.saving", { done: mb(offlineFigures.bytes), total: mb(offlineFigures.totalBytes) });
}
/** Offline before the whole build is saved: said plainly, once a page. */
let offlineSaid = false;
function offlineNote() {
  if (offlineSaid || !sw || html.dataset.offline === "ready") return;
  offlineSaid = true;
  const box = pageNote({ id: "offline-note", className: "message offline-note", role: "status", text: t("offline.partial"),
    buttonId: "offline-dismiss", button: t("save.dismiss"), buttonClass: "btn secondary" });
  $("#offline-dismiss").addEventListener("click", () => box.remove());
  announce(t("offline.partial"));
}
/** Ask the controlling worker to fetch the rest of the build (it answers with its progress). */
function askFill() {
  if (sw && sw.controller) sw.controller.postMessage({ type: "fill" });
}
if (sw) {
  window.addEventListener("offline", offlineNote);
  window.addEventListener("online", () => { if (html.dataset.offline === "saving") askFill(); }); // a fill cut short goes on
  // Where the cache stands, asked at once (a second visit: ready); the fill itself waits for the engine.
  swControlled.then(() => { if (sw.controller) sw.controller.postMessage({ type: "state" }); });
}

function watchForUpdates(check = true) {
  const reg = swRegistration;
  if (!reg) return;
  const note = () => { if (reg.waiting && sw.controller) showUpdateNote(reg); };
  reg.addEventListener("updatefound", () => {
    const nw = reg.installing;
    if (nw) nw.addEventListener("statechange", () => { if (nw.state === "installed") note(); });
  });
  note();
  if (check) reg.update().catch(() => {});
}

function showUpdateNote(reg) {
  if ($("#update-note")) return;
  pageNote({ id: "update-note", className: "update-note", role: "status", text: t("update.ready"),
    buttonId: "update-switch", button: t("update.switch") });
  $("#update-switch").addEventListener("click", (e) => {
    e.target.disabled = true;
    e.target.textContent = t("update.switching");
    // The new worker takes over; controllerchange then reloads this tab (and any other).
    if (reg.waiting) reg.waiting.postMessage("skip-waiting");
  });
  announce(t("update.ready"));
}

// ---------------------------------------------------------------- catalogue (built from the core's registry)
// catalogue.json is registry.catalogue() (the `info` op's games: variants, player counts,
// options, AI levels) plus each game's static data, written by build.py, so menus and setup
// work before Python is ready.
/** @type {Catalogue | null} */
let catalogue = null;
/** @type {Promise<Catalogue> | null} */
let cataloguePromise = null;
// The core writes the catalogue in English, and its translations beside it, one file a language
// (catalogue.<lang>.json: `text` by key for labels, summaries and helps, `decisions` by decision
// number), fetched only when the page uses that language (coreTexts); the catalogue object is
// rewritten in place in the current language (modules keep references to it).
let catalogueEN = null;
const CAT_FIELDS = new Set(["label", "summary", "help", "ranking", "values", "text"]);
// The catalogue's English original, kept to translate from.
const englishCopy = (c) => structuredClone(c);
/** The core's words in language `code` (catalogue.<lang>.json), fetched once. A failure is said on
 * the console: the catalogue stays in English, the rest of the page in the language. */
async function coreTexts(code) {
  if (hasCoreTexts(code)) return;
  try {
    const res = await fetch(`./catalogue.${code}.json`);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    addCoreTexts(code, await res.json());
  } catch (err) {
    console.warn("Primi: the catalogue's words in", code, "could not be loaded:", err && err.message ? err.message : err);
  }
}
/** Use language `code` (a setting: "auto" is the browser's): its tables and its catalogue words
 * downloaded first. Resolves to the language in use. */
async function switchLanguage(code) {
  const [lang] = await Promise.all([useLanguage(code), coreTexts(languageOf(code))]);
  return lang;
}
function localizeCatalogue() {
  if (!catalogue) return;
  if (!catalogueEN) { // the page was in English so far: the catalogue is the original
    if (language() === "en") return;
    catalogueEN = englishCopy(catalogue);
  }
  // The games, their variants and options: keyed by their names, as GameInfo.catalogue_texts
  // (pygame_core/protocol.py) keys them: <game>.label, <game>.variant.<v>.summary, <game>.option.<o>.help...
  catalogueEN.games.forEach((g, i) => {
    const game = catalogue.games[i];
    game.label = tx(`${g.name}.label`, g.label);
    game.summary = tx(`${g.name}.summary`, g.summary);
    g.variants.forEach((v, j) => {
      const variant = game.variants[j];
      variant.label = tx(`${g.name}.variant.${v.name}.label`, v.label);
      variant.summary = tx(`${g.name}.variant.${v.name}.summary`, v.summary);
      v.options.forEach((o, k) => {
        const option = variant.options[k];
        option.label = tx(`${g.name}.option.${o.name}.label`, o.label);
        if (typeof o.help === "string") option.help = tx(`${g.name}.option.${o.name}.help`, o.help);
        if (Array.isArray(o.choice_labels)) option.choice_labels = o.choice_labels.map((l, m) => tx(`${g.name}.option.${o.name}.choice.${o.choices[m]}`, l));
      });
    });
  });
  // Each game's site data: a text's key is beside it (`keys`: field -> key), a decision has its number.
  const walk = (src, dst) => {
    for (const [k, v] of Object.entries(src)) {
      if (k === "keys") continue;
      if (typeof v === "string" && CAT_FIELDS.has(k)) {
        dst[k] = k === "text" && typeof src.id === "string" ? txDecision(src.id, v) : tx(src.keys && src.keys[k], v);
      } else if (v && typeof v === "object" && dst[k] && typeof dst[k] === "object") walk(v, dst[k]);
    }
  };
  for (const [k, v] of Object.entries(catalogueEN)) {
    if (k !== "games" && v && typeof v === "object") walk(v, catalogue[k]);
  }
}
/** @returns {Promise<Catalogue>} */
function loadCatalogue() {
  if (!cataloguePromise) {
    // In steps, each its own task (the file is 60 kB): read it, then translate it. The English
    // original is kept only when the page is not in English (else it is copied on a change).
    cataloguePromise = fetch("./catalogue.json").then((res) => res.json()).then(async (c) => {
      if (language() !== "en") {
        await nextTask();
        catalogueEN = englishCopy(c);
        await nextTask();
      }
      catalogue = c; // shown only once in the page's language
      localizeCatalogue();
      return c;
    });
    cataloguePromise.catch(() => { cataloguePromise = null; });
  }
  return cataloguePromise;
}

// What game modules' screens get from the shell. The Learn page (shell/learn.js) is downloaded
// when it opens, with the lessons.
/** @type {import("./protocol").ShellContext} */
const routeCtx = { t, esc, settings, cardOpts, engineCall, gameOp, errorText, announce, loadCatalogue,
  learnHub: async (main, notice) => (await fetchModule(() => import("./shell/learn.js"))).renderLearnHub(main, routeCtx, notice) };
setContext({
  ...routeCtx, loadModule: loadGame, catalogueNow: () => catalogue, resumeLatest,
});
setSavesContext({ engineCall, loadCatalogue, openGame: openSaved, errorText, announce });

// ---------------------------------------------------------------- playing together (issue 22)
// Its screens and controllers (shell/net/) are downloaded only when one of its screens opens, or
// a saved net game resumes (the host reloaded: the game goes on, its friends rejoin by new invites).
const netScreens = () => fetchModule(() => import("./shell/net/screens.js"));
const netCtx = () => ({ ...routeCtx, catalogueNow: () => catalogue });
async function openSaved(started, opts) {
  if (opts && opts.resumed) {
    // A table played together (net_info knows it; any other game: an error answer, opened as usual).
    const info = await /** @type {(r: object) => Promise<{ok: boolean, result?: any}>} */ (/** @type {unknown} */ (engineCall))({ op: "net_info", session: started.session });
    if (info.ok) return (await fetchModule(() => import("./shell/net/host.js"))).hostResume(netCtx(), started, opts, info.result);
  }
  return openGame(started, opts);
}
// A guest's tab reloaded on the table: that table lives on the host's device ("Ask the host for a new link").
const wasGuest = () => { try { return sessionStorage.getItem("primi.net.guest") === "1"; } catch { return false; } };

// ---------------------------------------------------------------- a game taken by another tab
// Another tab opened the game this tab plays (shell/tabs.js): it leaves this tab's table at once,
// the calls in flight end (their moves are saved) and its session closes before the other tab
// reads the save; this tab says so and offers to take the game back (which reads the save again).
setTabsContext(async (save) => {
  const sid = leaveTable();
  if (shownPath === "/table") location.hash = "#/";
  if (sid) await Promise.race([engineCall({ op: "close", session: sid }), new Promise((r) => setTimeout(r, 8000))]);
  $("#tab-notice")?.remove();
  const box = document.createElement("div");
  box.id = "tab-notice";
  box.className = "panel message tab-notice";
  box.setAttribute("role", "alert");
  box.innerHTML = `<p>${esc(t("tabs.moved"))}</p>
    <p class="row"><button type="button" class="btn" id="tab-take">${esc(t("tabs.take"))}</button>
    <button type="button" class="btn secondary" id="tab-dismiss">${esc(t("save.dismiss"))}</button></p>`;
  $("#main").before(box);
  $("#tab-dismiss").addEventListener("click", () => box.remove());
  $("#tab-take").addEventListener("click", async () => {
    $("#tab-take").disabled = true;
    const error = await resumeSave(save);
    if (!error) { box.remove(); return; }
    if (box.isConnected) { box.querySelector("p").textContent = error; $("#tab-take").disabled = false; }
  });
});

// ---------------------------------------------------------------- routing
function parseRoute(raw = location.hash) {
  const hash = raw.replace(/^#/, "") || "/";
  const cut = hash.indexOf("?"); // only the first "?" starts the query: a later one is part of a value
  const [path, query] = cut < 0 ? [hash, ""] : [hash.slice(0, cut), hash.slice(cut + 1)];
  return { path, params: new URLSearchParams(query) };
}
const SCREENS = {
  "/": renderHome,
  "/rules": renderRules,
  "/settings": renderSettings,
  "/table": async (main) => (!tableInfo() && wasGuest() ? (await netScreens()).renderJoin(main, new URLSearchParams(), netCtx()) : renderTable(main)),
  "/together": async (main) => (await netScreens()).renderTogether(main),
  "/join": async (main, params) => (await netScreens()).renderJoin(main, params, netCtx()),
  "/answer": async (main, params) => (await netScreens()).renderAnswer(main, params),
  "/stats": (main) => renderStats(main, routeCtx),
};
// A game's own screens: its module is downloaded first (route() says so if it cannot be).
for (const g of GAMES) {
  for (const r of g.routes || []) SCREENS[r.path] = async (main, params) => (await loadGame(g.name)).screens[r.path](main, params, routeCtx);
}
// The Learn page: every game's lessons (a game whose own lessons open under /learn shows it for its list).
SCREENS["/learn"] ??= (main) => routeCtx.learnHub(main);
/** @type {import("./protocol").SetupContext} */
const setupCtx = {
  ...routeCtx, module: gameModule, loadModule: loadGame, startGame, catalogueNow: () => catalogue,
  // The AI's tables for the rule set on screen, built while the player reads the setup (worker `prepare`).
  prepare: (req) => engineCall({ op: "prepare", ...req }),
  notFound: (main, path) => notFound(main, path), badLink: (main, text) => badLink(main, text),
};
SCREENS["/replay"] = (main, params) => renderReplay(main, params, setupCtx);

// The games' own screens get a link in the main menu, after "Games".
function buildNav() {
  const nav = $(".mainnav");
  if (!nav.querySelector('a[href="#/stats"]')) {
    const stats = document.createElement("a");
    stats.href = "#/stats";
    stats.textContent = t("stats.nav");
    stats.dataset.nav = "stats.nav";
    nav.querySelector('a[href="#/settings"]').before(stats);
  }
  const first = nav.querySelector('a[href="#/"]');
  let after = first;
  for (const g of GAMES) {
    for (const r of g.routes || []) {
      if (!r.nav || nav.querySelector(`a[href="#${r.path}"]`)) continue;
      const a = document.createElement("a");
      a.href = "#" + r.path;
      a.textContent = t(r.nav);
      a.dataset.nav = r.nav;
      after.after(a);
      after = a;
    }
  }
}

async function notFound(main, path) {
  await renderHome(main);
  showMessage(main, t("error.route", { route: path.slice(0, 60) }), true);
}

/** A link that cannot be followed: the home screen, with what was wrong with it. */
async function badLink(main, text) {
  await renderHome(main);
  showMessage(main, text, true);
  $("#screen-home").dataset.badLink = "";
}

let shownPath = null;
async function route(e) {
  // A hashchange is handled for the address it went to, not the one shown when its turn comes:
  // links followed faster than the screens render queue several, and a screen may have replaced
  // the address meanwhile (a bad lesson step becomes step 0), which would lose the later link.
  const { path, params } = parseRoute(e && e.newURL ? new URL(e.newURL).hash : location.hash);
  if (path !== shownPath) window.scrollTo(0, 0); // a new screen starts at its top
  // Leaving the table: what it still had queued to say (the computers' moves) is no longer news.
  if (shownPath === "/table" && path !== "/table") liveQueue.length = 0;
  shownPath = path;
  const play = /^\/play\/([a-z0-9_-]{1,40})$/.exec(path);
  const daily = /^\/daily\/([a-z0-9_-]{1,40})$/.exec(path);
  // A game's setup and daily deal: its module first (an unknown game: the screen says so).
  const render = play ? async (main) => { await loadGame(play[1]); return renderSetup(main, play[1], params, setupCtx); }
    : daily ? async (main) => { await loadGame(daily[1]); return renderDaily(main, daily[1], params, setupCtx); } : SCREENS[path];
  for (const a of document.querySelectorAll(".mainnav a")) {
    const target = a.getAttribute("href").slice(1);
    if (target === path) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
  }
  const main = $("#main");
  if (!render) return notFound(main, path);
  try {
    await render(main, params);
  } catch (err) {
    if (!(err instanceof LoadError)) throw err;
    if (shownPath === path) loadFailed(main);
  }
}

/** A screen whose modules could not be downloaded (offline before the site was saved, a deploy
 * changed meanwhile): said in plain words, with a retry (the browser fetches them again). */
function loadFailed(main) {
  const key = navigator.onLine === false ? "load.offline" : "load.failed";
  main.innerHTML = `
    <section class="screen" id="screen-load-failed" aria-labelledby="load-title">
      <h1 id="load-title">${esc(t("load.title"))}</h1>
      <p class="message error" id="load-message" role="alert" data-i18n="${key}">${esc(t(key))}</p>
      <p class="row"><button type="button" class="btn" id="load-retry">${esc(t("load.retry"))}</button>
        <a class="btn secondary" href="#/">${esc(t("nav.games"))}</a></p>
    </section>`;
  $("#load-retry").addEventListener("click", async (e) => {
    /** @type {HTMLButtonElement} */ (e.currentTarget).disabled = true;
    await route();
  });
}

function showMessage(root, text, isError = false) {
  let box = $(".page-message", root);
  if (!box) {
    box = document.createElement("p");
    box.className = "page-message message";
    root.prepend(box);
  }
  box.classList.toggle("error", isError);
  box.setAttribute("role", isError ? "alert" : "status");
  box.textContent = text;
}

// ---------------------------------------------------------------- home
async function renderHome(main) {
  const cat = await loadCatalogue();
  const games = cat.games.map((g) => {
    const m = gameEntry(g.name); // the registry's: the home screen downloads no game's module
    const play = `#/play/${encodeURIComponent(g.name)}`;
    return `
    <article class="game-tile" data-game="${esc(g.name)}">
      <div class="tile-head"><h2>${esc(g.label)}</h2>${m ? `<a class="btn" href="${play}" data-primary>${esc(t("home.playgame", { game: g.label }))}</a>` : ""}</div>
      <p>${esc(g.summary)}</p>
      <div class="actions">
        ${m ? `${dailyTile(g)}${(m.home || []).map((l) => `<a class="btn secondary" href="${esc(l.href)}">${esc(t(l.label))}</a>`).join("\n")}` : `<p class="help">${esc(t("home.soon"))}</p>`}
      </div>
      <details class="variants">
        <summary>${esc(t("home.variants"))} (${g.variants.length})</summary>
        <ul>${g.variants.map((v) => `<li>${m ? `<a href="${play}?variant=${esc(encodeURIComponent(v.name))}"><strong>${esc(v.label)}</strong></a>` : `<strong>${esc(v.label)}</strong>`}: ${esc(t("home.players", { min: v.players.min, max: v.players.max }))}${v.summary ? ". " + esc(v.summary) : ""}</li>`).join("")}</ul>
      </details>
    </article>`;
  }).join("");
  main.innerHTML = `
    <section class="screen" id="screen-home" aria-labelledby="home-title">
      <h1 id="home-title">${esc(t("home.title"))}</h1>
      <p class="lede">${esc(t("home.lede"))}</p>
      <div id="game-list" class="game-list">${games}</div>
      <section class="panel continue" id="continue" aria-labelledby="continue-title"></section>
    </section>`;
  // The first time the home screen's links are there to use (bench/site/boot.py's "home interactive").
  if (!performance.getEntriesByName("primi:home").length) performance.mark("primi:home");
  renderContinue($("#continue")); // the saved games come from the worker, once it is ready
  if (settingsNotice) { showMessage(main, t(settingsNotice), true); settingsNotice = ""; }
}

// ---------------------------------------------------------------- rules
async function renderRules(main, params) {
  const [cat] = await Promise.all([loadCatalogue(), loadGames()]); // every game's section: every game's module
  const keys = params ? [...params.keys()] : [];
  const bad = keys.find((k) => k !== "variant");
  if (bad !== undefined) return badLink(main, t("link.badparam", { name: quoteLink(bad), variant: t("rules.title") }));
  const asked = params && params.get("variant");
  const sections = cat.games.map((g) => {
    const m = gameModule(g.name);
    return m && m.rules ? `<section class="rules-game" data-game="${esc(g.name)}">${m.rules(g, cat, routeCtx)}</section>` : "";
  }).join("");
  main.innerHTML = `
    <section class="screen" id="screen-rules" aria-labelledby="rules-title">
      <h1 id="rules-title">${esc(t("rules.title"))}</h1>
      <p class="lede">${esc(t("rules.lede"))}</p>
      <p class="panel" id="rules-trust">${esc(t("rules.trust"))}</p>
      ${language() === "en" ? "" : `<p class="help" id="rules-quotes">${esc(t("rules.quotes"))}</p>`}
      ${sections}
    </section>`;
  if (asked !== null && asked !== undefined) {
    // A rule set's name, or its section's id after "rules-" (a game may prefix its ids: "pobase").
    const el = main.querySelector(`article[data-variant="${CSS.escape(asked)}"]`) || document.getElementById("rules-" + asked);
    if (!el || !el.closest(".rules-game")) return badLink(main, t("link.norules", { name: quoteLink(asked) }));
    el.scrollIntoView();
  }
}

// ---------------------------------------------------------------- settings
async function renderSettings(main) {
  main.innerHTML = `
    <section class="screen" id="screen-settings" aria-labelledby="settings-title">
      <h1 id="settings-title">${esc(t("settings.title"))}</h1>
      <fieldset class="field panel">
        <legend>${esc(t("settings.suits"))}</legend>
        <label class="check"><input type="radio" name="suits" value="french"> ${esc(t("settings.suits.french"))}</label>
        <label class="check"><input type="radio" name="suits" value="italian"> ${esc(t("settings.suits.italian"))}</label>
      </fieldset>
      <label class="check"><input type="checkbox" id="set-four"> ${esc(t("settings.fourcolour"))}</label>
      <label class="check"><input type="checkbox" id="set-large"> ${esc(t("settings.largeindex"))}</label>
      <div class="field"><label for="set-lang">${esc(t("settings.lang"))}</label>
        <select id="set-lang">${["auto", ...LANGUAGES].map((v) => `<option value="${v}"${v === "auto" ? "" : ` lang="${v}"`}>${esc(t("settings.lang." + v))}</option>`).join("")}</select></div>
      <div class="field"><label for="set-speed">${esc(t("settings.speed"))}</label>
        <select id="set-speed" aria-describedby="set-speed-note">${["off", "fast", "normal", "slow"].map((v) => `<option value="${v}">${esc(t("settings.speed." + v))}</option>`).join("")}</select>
        <p class="help" id="set-speed-help">${esc(t("motion.help"))}</p>
        <p class="help" id="set-speed-note"${reducedMotion() && !settings.speedChosen ? "" : " hidden"}>${esc(t("motion.reduced"))}</p></div>
      <fieldset class="field panel" id="set-sound-box">
        <legend>${esc(t("sound.title"))}</legend>
        <label class="check"><input type="checkbox" id="set-sound"> ${esc(t("sound.on"))}</label>
        <label for="set-volume">${esc(t("sound.volume"))}</label>
        <input type="range" id="set-volume" min="0" max="1" step="0.1">
        <p class="help">${esc(t("sound.help"))}</p>
      </fieldset>
      <div class="field"><label class="check"><input type="checkbox" id="set-keys" aria-describedby="set-keys-help"> ${esc(t("settings.keys"))}</label>
        <p class="help" id="set-keys-help">${esc(t("settings.keys.help"))}</p></div>
      <div class="field"><label class="check"><input type="checkbox" id="set-confirm" aria-describedby="set-confirm-help"> ${esc(t("settings.confirm"))}</label>
        <p class="help" id="set-confirm-help">${esc(t("settings.confirm.help"))}</p></div>
      <fieldset class="field panel" id="set-net"><legend>${esc(t("settings.net"))}</legend>
        <label class="check"><input type="checkbox" id="set-internet" aria-describedby="set-internet-help"> ${esc(t("settings.net.on"))}</label>
        <p class="help" id="set-internet-help">${esc(t("settings.net.help"))}</p>
        <label for="set-stun">${esc(t("settings.net.stun"))}</label>
        <textarea id="set-stun" rows="2" spellcheck="false" autocomplete="off"></textarea></fieldset>
      <p class="message" id="settings-message" role="status"></p>
      <div class="suit-row" id="settings-preview" aria-hidden="true"></div>
      <p class="help" id="offline-status" hidden></p>
    </section>`;
  showOfflineStatus();
  const preview = () => {
    $("#settings-preview").innerHTML = ["7D", "AH", "KS", "5C"].map((c) => `<span class="card">${cardSVG(c, cardOpts())}</span>`).join("");
  };
  for (const r of main.querySelectorAll("input[name=suits]")) {
    r.checked = r.value === settings.suits;
    r.addEventListener("change", () => { settings.suits = r.value; saved(); });
  }
  $("#set-four").checked = settings.fourColour;
  $("#set-large").checked = settings.largeIndex;
  $("#set-four").addEventListener("change", (e) => { settings.fourColour = e.target.checked; saved(); });
  $("#set-large").addEventListener("change", (e) => { settings.largeIndex = e.target.checked; saved(); });
  $("#set-lang").value = settings.lang;
  $("#set-lang").addEventListener("change", async (e) => {
    settings.lang = e.target.value;
    saveSettings();
    const ok = await changeLanguage();
    $("#set-lang").focus();
    $("#settings-message").textContent = t(ok ? "settings.saved" : "load.failed");
  });
  // Under prefers-reduced-motion the speed shown is Off until the player picks one (then it is theirs).
  $("#set-speed").value = reducedMotion() && !settings.speedChosen ? "off" : settings.speed;
  $("#set-speed").addEventListener("change", (e) => {
    settings.speed = e.target.value;
    settings.speedChosen = true;
    $("#set-speed-note").hidden = true;
    applyMotion();
    saved();
  });
  $("#set-sound").checked = settings.sound;
  $("#set-volume").value = String(settings.volume);
  $("#set-volume").disabled = !settings.sound;
  $("#set-sound").addEventListener("change", (e) => {
    settings.sound = e.target.checked;
    $("#set-volume").disabled = !settings.sound;
    saved();
    if (settings.sound) soundTurnedOn(); // a click: the browser lets the cue play
  });
  $("#set-volume").addEventListener("change", (e) => { settings.volume = Number(e.target.value); saved(); playSound("bet"); });
  $("#set-keys").checked = settings.keys;
  $("#set-keys").addEventListener("change", (e) => { settings.keys = e.target.checked; saved(); });
  $("#set-confirm").checked = settings.confirmPlay;
  $("#set-confirm").addEventListener("change", (e) => { settings.confirmPlay = e.target.checked; saved(); });
  $("#set-internet").checked = settings.internet;
  $("#set-stun").value = settings.stun.join("\n");
  $("#set-internet").addEventListener("change", (e) => { settings.internet = e.target.checked; saved(); });
  $("#set-stun").addEventListener("change", (e) => {
    const urls = e.target.value.split(/\s+/).filter((u) => /^stuns?:[^\s]{1,200}$/.test(u)).slice(0, 4);
    settings.stun = urls;
    e.target.value = urls.join("\n");
    saved();
  });
  function saved() { saveSettings(); preview(); $("#settings-message").textContent = t("settings.saved"); }
  preview();
}

// A new language: its tables downloaded (once), then the static texts, the menu, the catalogue and
// the screen shown, re-rendered. False when its tables could not be downloaded (the page stays in
// the language it had).
async function changeLanguage() {
  const wanted = languageOf(settings.lang);
  const now = await switchLanguage(settings.lang);
  applyStatic();
  for (const a of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".mainnav a[data-nav]"))) a.textContent = t(a.dataset.nav);
  localizeCatalogue();
  await route();
  return now === wanted;
}

// ---------------------------------------------------------------- start
// The page's language: English is here; Italian or German (the setting, else the browser's) is
// downloaded first, before anything is drawn in it (a few kB, fetched while the engine starts).
const startLanguage = switchLanguage(settings.lang);
loadCatalogue(); // its translations serve every screen, the lessons too
progress(8, "boot.shell");
// For tests and tools: the animations started, the sound cues played, the boot's byte counts.
Object.assign(window.primi, { motion: motionInfo, sounds: soundCounts, bootBytes: bootLog });
performance.mark("primi:shell");
bootEngine();
html.dataset.started = ""; // the shell runs: web/boot-guard.js need not say the page is broken
await startLanguage;
localizeCatalogue(); // a catalogue that came before the language's words
applyStatic();
buildNav();
window.addEventListener("hashchange", route);
const firstScreen = route();
// The rest of the build is saved for offline play once the engine is ready and the first screen drawn.
Promise.all([engineReady, firstScreen.catch(() => {}), swControlled]).then(askFill);
