// Primi's UI module (main thread). It paints and reacts at once, boots the rules core
// in a PyScript worker (Pyodide) off the main thread, and renders only from data the
// worker returns for the seat looking at the screen. It and worker.py are the only
// code that touches PyScript.
import { $, esc } from "./dom.js";
import { t, applyStatic } from "./i18n.js";
import { cardSVG, cardArt, cardName } from "./cards.js";
import { setContext, renderSetup, renderTable, tableInfo, thinkTimes } from "./table.js";
import { renderLearn } from "./learn.js";

const html = document.documentElement;

// ---------------------------------------------------------------- settings
const SETTINGS_KEY = "primi.settings.v1";
const DEFAULT_SETTINGS = { suits: "french", fourColour: false, largeIndex: false, speed: "normal" };
let settingsNotice = "";

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
      speed: ["normal", "fast", "slow"].includes(data.speed) ? data.speed : "normal",
    };
  } catch {
    settingsNotice = t("settings.corrupt");
    return { ...DEFAULT_SETTINGS };
  }
}
const settings = loadSettings();
function saveSettings() {
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* private mode: keep in memory */ }
}
const cardOpts = () => ({ style: settings.suits, fourColour: settings.fourColour, largeIndex: settings.largeIndex });

// ---------------------------------------------------------------- announcements
const liveQueue = [];
let liveBusy = false;
let lastSpoken = { text: "", at: 0 };
export function announce(text, assertive = false) {
  const now = performance.now();
  if (text === lastSpoken.text && now - lastSpoken.at < 700) return;
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
  pct = Math.max(progressNow, Math.min(100, Math.round(pct)));
  progressNow = pct;
  const bar = $("#boot-progress");
  bar.setAttribute("aria-valuenow", String(pct));
  bar.firstElementChild.style.width = pct + "%";
  if (stageKey) {
    $("#boot-stage").textContent = t(stageKey, vars);
    bar.setAttribute("aria-valuetext", `${pct}% ${t(stageKey, vars)}`);
  }
}

// ---------------------------------------------------------------- engine (the worker)
// Fetch and evaluate PyScript while the first screen renders; the worker starts right after.
const pyscriptModule = import("./pyscript/core.js");
pyscriptModule.catch(() => {}); // reported by bootEngine
let worker = null;
let readyResolve;
const engineReady = new Promise((r) => { readyResolve = r; });

async function bootEngine() {
  progress(15, "boot.pyscript");
  let creep = null;
  try {
    performance.mark("primi:pyscript-import");
    const { PyWorker } = await pyscriptModule;
    await customElements.whenDefined("py-script");
    performance.mark("primi:pyscript-ready");
    progress(30, "boot.python");
    // Pyodide reports no byte counts from inside the worker, so the bar creeps towards 85%
    // on the measured boot time (about 2 s cold) and jumps when each stage really ends.
    const started = performance.now();
    creep = setInterval(() => progress(30 + 55 * (1 - Math.exp(-(performance.now() - started) / 1500)), "boot.python"), 100);
    const base = new URL("./", document.baseURI);
    worker = await PyWorker(new URL("worker.py", base).href, {
      config: new URL("pyscript.json", base).href,
      version: new URL("pyodide/pyodide.mjs", base).href,
    });
    clearInterval(creep);
    performance.mark("primi:worker-ready");
    progress(90, "boot.engine");
    const pong = await rawCall({ op: "ping" });
    if (!pong.ok) throw new Error(pong.error);
    performance.mark("primi:ready");
    progress(100, "boot.ready");
    html.classList.add("ready");
    readyResolve();
    registerServiceWorker();
  } catch (err) {
    if (creep) clearInterval(creep);
    html.classList.add("boot-failed");
    const msg = navigator.onLine === false ? t("boot.offline") : t("boot.failed", { error: err && err.message ? err.message : String(err) });
    $("#boot-stage").textContent = msg;
    announce(msg, true);
  }
}

async function rawCall(req) {
  const text = await worker.sync.call(JSON.stringify(req));
  return JSON.parse(text);
}

// Calls made before the engine is ready wait for it (a Start pressed early is queued, not lost).
let chain = Promise.resolve();
export function engineCall(req) {
  const run = chain.then(() => engineReady).then(() => rawCall(req));
  chain = run.catch(() => {});
  return run;
}
window.primi = { engineCall, announce, tableInfo, thinkTimes };
setContext({ engineCall, announce, settings, cardOpts });

// ---------------------------------------------------------------- service worker
async function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  try {
    const reg = await navigator.serviceWorker.register("./sw.js");
    reg.update().catch(() => {});
    const note = () => { if (reg.waiting && navigator.serviceWorker.controller) showUpdateNote(); };
    note();
    reg.addEventListener("updatefound", () => {
      const nw = reg.installing;
      if (nw) nw.addEventListener("statechange", () => { if (nw.state === "installed") note(); });
    });
  } catch { /* the game still works online without it */ }
}
function showUpdateNote() {
  // The new version waits until every Primi tab is closed, so a game in progress is never lost.
  if ($("#update-note")) return;
  const p = document.createElement("p");
  p.id = "update-note";
  p.className = "panel";
  p.textContent = t("update.ready");
  $("#main").prepend(p);
}

// ---------------------------------------------------------------- catalogue (built from the core's registry)
let catalogue = null;
async function loadCatalogue() {
  if (catalogue) return catalogue;
  const res = await fetch("./catalogue.json");
  catalogue = await res.json();
  return catalogue;
}

// ---------------------------------------------------------------- routing
function parseRoute() {
  const hash = location.hash.replace(/^#/, "") || "/";
  const [path, query = ""] = hash.split("?");
  return { path, params: new URLSearchParams(query) };
}
const SCREENS = {
  "/": renderHome,
  "/calc": renderCalc,
  "/rules": renderRules,
  "/settings": renderSettings,
  "/play/primero": async (main, params) => renderSetup(main, params, await loadCatalogue()),
  "/table": (main) => renderTable(main),
  "/learn": (main, params) => renderLearn(main, params, { engineCall, announce, t, cardSVG, cardName, cardOpts }),
};

async function route() {
  const { path, params } = parseRoute();
  const render = SCREENS[path];
  for (const a of document.querySelectorAll(".mainnav a")) {
    const target = a.getAttribute("href").slice(1);
    if (target === path) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
  }
  const main = $("#main");
  if (!render) {
    await renderHome(main, params);
    showMessage(main, t("error.route", { route: path.slice(0, 60) }), true);
    return;
  }
  await render(main, params);
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
  const games = cat.games.map((g) => `
    <article class="game-tile" data-game="${esc(g.name)}">
      <h2>${esc(g.label)}</h2>
      <p>${esc(g.summary)}</p>
      <div class="actions">
        ${g.name === "primero" ? `<a class="btn" href="#/play/primero" data-primary>${esc(t("home.playgame", { game: g.label }))}</a><a class="btn secondary" href="#/calc">${esc(t("home.calc"))}</a>` : ""}
      </div>
      <details class="variants">
        <summary>${esc(t("home.variants"))} (${g.variants.length})</summary>
        <ul>${g.variants.map((v) => `<li><a href="#/play/primero?variant=${esc(v.name)}"><strong>${esc(v.label)}</strong></a>: ${esc(t("home.players", { min: v.players.min, max: v.players.max }))}${v.summary ? ". " + esc(v.summary) : ""}</li>`).join("")}</ul>
      </details>
    </article>`).join("");
  main.innerHTML = `
    <section class="screen" id="screen-home" aria-labelledby="home-title">
      <h1 id="home-title">${esc(t("home.title"))}</h1>
      <p class="lede">${esc(t("home.lede"))}</p>
      <div id="game-list" class="game-list">${games}</div>
      <p class="panel">${esc(t("home.calc.blurb"))} <a href="#/calc">${esc(t("home.calc"))}</a></p>
      <p class="panel">${esc(t("rules.learn"))} <a href="#/learn">${esc(t("learn.title"))}</a></p>
    </section>`;
  if (settingsNotice) { showMessage(main, settingsNotice, true); settingsNotice = ""; }
}

// ---------------------------------------------------------------- hand calculator
const calc = { rules: "waks", wild: false, picked: [], focusIndex: 0, seq: 0 };

function handRules(cat, name) {
  return cat.hand_rules.find((r) => r.name === name);
}

async function renderCalc(main, params) {
  const cat = await loadCatalogue();
  // Read the shareable link; anything malformed or hostile is reported and dropped.
  let linkError = "";
  const rulesParam = params.get("rules");
  if (rulesParam !== null) {
    if (handRules(cat, rulesParam)) calc.rules = rulesParam; else linkError = t("calc.err.rules", { name: rulesParam.slice(0, 20) });
  }
  calc.wild = params.get("wild") === "1" && calc.rules === "rms";
  const cardsParam = params.get("cards");
  if (cardsParam !== null) {
    const deck = new Set(handRules(cat, calc.rules).deck);
    const parts = cardsParam.split(",").map((s) => s.trim().toUpperCase()).filter(Boolean);
    const bad = parts.find((p) => !deck.has(p));
    if (bad !== undefined || parts.length > 4 || new Set(parts).size !== parts.length) {
      linkError = linkError || (bad !== undefined ? t("calc.err.linkcard", { card: bad.slice(0, 8) }) : t("calc.err.linkcount"));
      calc.picked = [];
    } else {
      calc.picked = parts;
    }
  }
  main.innerHTML = `
    <section class="screen" id="screen-calc" aria-labelledby="calc-title">
      <h1 id="calc-title">${esc(t("calc.title"))}</h1>
      <p class="lede">${esc(t("calc.lede"))}</p>
      <div class="calc-layout">
        <div>
          <div class="row">
            <div class="field">
              <label for="calc-rules">${esc(t("calc.rules"))}</label>
              <select id="calc-rules">${cat.hand_rules.map((r) => `<option value="${esc(r.name)}">${esc(r.label)}</option>`).join("")}</select>
            </div>
            <label class="check" id="calc-wild-wrap"><input type="checkbox" id="calc-wild"> <span>${esc(t("calc.wild"))}</span></label>
          </div>
          <h2 id="calc-hand-title">${esc(t("calc.hand"))}</h2>
          <div class="hand-row" id="calc-hand" role="group" aria-labelledby="calc-hand-title"></div>
          <p class="calc-summary" id="calc-summary" aria-hidden="true"></p>
          <p class="message" id="calc-message" role="alert"></p>
          <h2 id="calc-deck-title">${esc(t("calc.deck"))}</h2>
          <div class="deck-grid" id="calc-deck" role="toolbar" aria-labelledby="calc-deck-title" aria-orientation="horizontal"></div>
          <form class="field" id="calc-type-form">
            <label for="calc-type">${esc(t("calc.type"))}</label>
            <div class="row">
              <input type="text" id="calc-type" autocomplete="off" autocapitalize="characters" spellcheck="false" aria-describedby="calc-type-help">
              <button class="btn secondary" type="submit">${esc(t("calc.type.apply"))}</button>
              <button class="btn secondary" type="button" id="calc-clear">${esc(t("calc.clear"))}</button>
            </div>
            <span class="help" id="calc-type-help">${esc(t("calc.type.help"))}</span>
          </form>
        </div>
        <div class="panel" id="calc-result" aria-live="off"></div>
      </div>
    </section>`;
  $("#calc-rules").value = calc.rules;
  $("#calc-wild").checked = calc.wild;
  $("#calc-rules").addEventListener("change", (e) => {
    calc.rules = e.target.value;
    const deck = new Set(handRules(cat, calc.rules).deck);
    const dropped = calc.picked.filter((c) => !deck.has(c));
    calc.picked = calc.picked.filter((c) => deck.has(c));
    if (calc.rules !== "rms") calc.wild = false;
    $("#calc-wild").checked = calc.wild;
    drawCalc(cat);
    if (dropped.length) setCalcMessage(`${dropped.join(", ")}: ${t("calc.notindeck")}`, true);
  });
  $("#calc-wild").addEventListener("change", (e) => { calc.wild = e.target.checked; drawCalc(cat); });
  $("#calc-clear").addEventListener("click", () => { calc.picked = []; drawCalc(cat); });
  $("#calc-type-form").addEventListener("submit", (e) => { e.preventDefault(); typeHand(cat); });
  drawCalc(cat);
  if (linkError) setCalcMessage(t("calc.badlink", { error: linkError }), true);
}

function setCalcMessage(text, isError) {
  const box = $("#calc-message");
  if (!box) return;
  box.textContent = text;
  box.classList.toggle("error", !!isError);
}

function typeHand(cat) {
  const input = $("#calc-type");
  const parts = input.value.split(/[\s,;]+/).map((s) => s.trim().toUpperCase()).filter(Boolean).map((s) => s.replace(/^1(?=[SHDC]$)/, "A"));
  const deck = new Set(handRules(cat, calc.rules).deck);
  if (parts.length !== 4) return setCalcMessage(t("calc.err.count", { n: parts.length }), true);
  const seen = new Set();
  for (const p of parts) {
    if (!/^(A|[2-9]|10|J|Q|K)[SHDC]$/.test(p)) return setCalcMessage(t("calc.err.notcard", { card: p.slice(0, 8) }), true);
    if (!deck.has(p)) return setCalcMessage(t("calc.err.deck", { card: p, deck: handRules(cat, calc.rules).label }), true);
    if (seen.has(p)) return setCalcMessage(t("calc.err.twice", { card: p }), true);
    seen.add(p);
  }
  calc.picked = parts;
  drawCalc(cat);
}

function toggleCard(cat, card) {
  const i = calc.picked.indexOf(card);
  if (i >= 0) calc.picked.splice(i, 1);
  else if (calc.picked.length >= 4) {
    setCalcMessage(t("calc.full", { card: cardName(card, settings.suits) }), true);
    announce(t("calc.full", { card: cardName(card, settings.suits) }), true);
    return;
  } else calc.picked.push(card);
  drawCalc(cat, card);
}

function drawCalc(cat, focusCard) {
  const rules = handRules(cat, calc.rules);
  $("#calc-wild-wrap").hidden = calc.rules !== "rms";
  // Keep the link shareable: the hand lives in the URL.
  const q = new URLSearchParams({ rules: calc.rules });
  if (calc.picked.length) q.set("cards", calc.picked.join(","));
  if (calc.wild) q.set("wild", "1");
  history.replaceState(null, "", "#/calc?" + q.toString());
  setCalcMessage("", false);

  const hand = $("#calc-hand");
  hand.innerHTML = [0, 1, 2, 3].map((i) => {
    const c = calc.picked[i];
    return c
      ? `<button type="button" class="card" data-card="${c}" data-hand-card="${c}" ><span class="sr-only">${esc(cardName(c, settings.suits))}, in hand, ${i + 1} of 4. Remove</span>${cardArt(c, cardOpts())}</button>`
      : `<span class="slot">${esc(t("calc.slot", { n: i + 1 }))}</span>`;
  }).join("");
  for (const b of hand.querySelectorAll("button")) b.addEventListener("click", () => toggleCard(cat, b.dataset.card));

  const deck = $("#calc-deck");
  const suits = ["S", "H", "D", "C"];
  deck.innerHTML = suits.map((s) => {
    const row = rules.deck.filter((c) => c.endsWith(s));
    return `<div class="suit-row" style="--per-row:${row.length}" role="group" aria-label="${esc(cardName(row[0], settings.suits).replace(/^.* of /, ""))}">${row.map((c) => {
      const on = calc.picked.includes(c);
      // The picker shows one big index per card, so a whole suit fits a phone's width legibly.
      return `<button type="button" class="card" tabindex="-1" data-card="${c}" aria-pressed="${on}"><span class="sr-only">${esc(cardName(c, settings.suits))}</span>${cardArt(c, { ...cardOpts(), largeIndex: true })}</button>`;
    }).join("")}</div>`;
  }).join("");
  const buttons = [...deck.querySelectorAll("button.card")];
  const idx = Math.max(0, focusCard ? buttons.findIndex((b) => b.dataset.card === focusCard) : Math.min(calc.focusIndex, buttons.length - 1));
  calc.focusIndex = idx;
  buttons.forEach((b, i) => {
    b.tabIndex = i === idx ? 0 : -1;
    b.addEventListener("click", () => { calc.focusIndex = i; toggleCard(cat, b.dataset.card); });
  });
  deck.onkeydown = (e) => {
    const cur = buttons.indexOf(document.activeElement);
    if (cur < 0) return;
    const perRow = rules.deck.length / 4;
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: perRow, ArrowUp: -perRow, Home: -cur, End: buttons.length - 1 - cur };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const next = Math.max(0, Math.min(buttons.length - 1, cur + moves[e.key]));
    buttons[cur].tabIndex = -1;
    buttons[next].tabIndex = 0;
    buttons[next].focus();
    calc.focusIndex = next;
  };
  if (focusCard) {
    const again = buttons.find((b) => b.dataset.card === focusCard);
    if (again && document.activeElement !== again && (document.activeElement === document.body || !document.activeElement)) again.focus();
    else if (again && deck.contains(document.activeElement) === false && document.activeElement?.closest?.("#calc-hand")) again.focus();
    else if (again) again.focus();
  }
  scoreCalc(cat);
}

async function scoreCalc(cat) {
  const box = $("#calc-result");
  const seq = ++calc.seq;
  const summary = $("#calc-summary");
  if (calc.picked.length < 4) {
    summary.textContent = "";
    box.innerHTML = `<p>${esc(t("calc.need", { n: 4 - calc.picked.length }))}</p>`;
    return;
  }
  if (!html.classList.contains("ready")) box.innerHTML = `<p>${esc(t("calc.waiting"))}</p>`;
  const answer = await engineCall({ op: "hand", rules: calc.rules, cards: calc.picked, wild: calc.wild });
  if (seq !== calc.seq || !$("#calc-result")) return; // a newer pick superseded this one
  if (!answer.ok) {
    box.innerHTML = "";
    setCalcMessage(answer.error, true);
    return;
  }
  const { hand, across } = answer.result;
  const kind = t("kind." + hand.kind);
  summary.innerHTML = `${esc(kind)} <span class="pts">${hand.points}</span>`;
  for (const b of document.querySelectorAll("#calc-hand .card")) b.classList.toggle("counting", hand.counting.includes(b.dataset.card));
  box.innerHTML = `
    <h2>${esc(hand.label)}</h2>
    <p class="result-kind" id="calc-kind" data-kind="${esc(hand.kind)}" data-points="${hand.points}">${esc(kind)} <span class="pts">${hand.points}</span></p>
    ${hand.total !== undefined ? `<p id="calc-total" data-total="${hand.total}">${esc(t("calc.total", { total: hand.total }))}</p>` : ""}
    ${hand.wild_as && hand.wild_as !== "JH" ? `<p>${esc(t("calc.wildas", { card: cardName(hand.wild_as, settings.suits) }))}</p>` : ""}
    <p>${esc(t("calc.counting"))}: ${hand.counting.map((c) => esc(cardName(c, settings.suits))).join(", ")}</p>
    <h3>${esc(t("calc.across"))}</h3>
    <table class="across" id="calc-across">
      <thead><tr><th scope="col">${esc(t("calc.col.rules"))}</th><th scope="col">${esc(t("calc.col.kind"))}</th><th scope="col">${esc(t("calc.col.points"))}</th></tr></thead>
      <tbody>${across.map((r) => `<tr data-rules="${esc(r.rules)}" class="${r.rules === calc.rules ? "current" : ""}"><th scope="row">${esc(r.label)}</th>${r.error ? `<td colspan="2">${esc(t("calc.notindeck"))}</td>` : `<td>${esc(t("kind." + r.kind))}</td><td>${r.points}${r.total !== undefined ? ` (${r.total})` : ""}</td>`}</tr>`).join("")}</tbody>
    </table>
    <h3>${esc(t("calc.decisions"))}</h3>
    <dl class="decisions">${hand.decisions.map((d) => `<dt>${esc(d.id)}</dt><dd>${esc(d.text)}</dd>`).join("")}</dl>
    <p><a href="${esc(location.href)}" id="calc-share">${esc(t("calc.share"))}</a></p>`;
  announce(t("calc.announce", { kind, points: hand.points, rules: hand.label }));
}

// ---------------------------------------------------------------- rules
async function renderRules(main, params) {
  const cat = await loadCatalogue();
  const primero = cat.games.find((g) => g.name === "primero");
  const paragraphs = (key) => t(key).split("\n").map((p) => `<p>${esc(p)}</p>`).join("");
  const decisionList = (ds) => `<dl class="decisions">${ds.map((d) => `<dt id="decision-${esc(d.id)}">${esc(d.id)}</dt><dd>${esc(d.text)}</dd>`).join("")}</dl>`;
  main.innerHTML = `
    <section class="screen" id="screen-rules" aria-labelledby="rules-title">
      <h1 id="rules-title">${esc(t("rules.title"))}</h1>
      <p class="lede">${esc(t("rules.lede"))}</p>
      <p class="panel" id="rules-trust">${esc(t("rules.trust"))}</p>
      <h2 id="rules-primero">${esc(primero.label)}</h2>
      ${paragraphs("rules.primero.intro")}
      <nav class="row rules-toc" aria-label="${esc(primero.label)}">${primero.variants.map((v) => `<a class="btn secondary" href="#/rules?variant=${esc(v.name)}">${esc(v.label)}</a>`).join("")}</nav>
      ${primero.variants.map((v) => {
        const r = cat.primero_rules.find((x) => x.variant === v.name);
        const hr = handRules(cat, r.hands);
        return `<article class="panel" id="rules-${esc(v.name)}" data-variant="${esc(v.name)}">
          <h3>${esc(v.label)}</h3>
          ${paragraphs("rules.primero." + v.name)}
          <h4>${esc(t("rules.handvalues"))}</h4>
          <p>${esc(hr.ranking)} ${esc(hr.values)}</p>
          <h4>${esc(t("rules.decisions"))}</h4>
          ${decisionList(r.decisions)}
          <p><a class="btn" href="#/play/primero?variant=${esc(v.name)}">${esc(t("home.play", { variant: v.label }))}</a></p>
        </article>`;
      }).join("")}
    </section>`;
  const want = params && params.get("variant");
  if (want && /^[a-z]+$/.test(want)) {
    const el = document.getElementById("rules-" + want);
    if (el) el.scrollIntoView();
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
      <div class="field"><label for="set-speed">${esc(t("settings.speed"))}</label>
        <select id="set-speed">${["fast", "normal", "slow"].map((v) => `<option value="${v}">${esc(t("settings.speed." + v))}</option>`).join("")}</select></div>
      <p class="message" id="settings-message" role="status"></p>
      <div class="suit-row" id="settings-preview" aria-hidden="true"></div>
    </section>`;
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
  $("#set-speed").value = settings.speed;
  $("#set-speed").addEventListener("change", (e) => { settings.speed = e.target.value; saved(); });
  function saved() { saveSettings(); preview(); $("#settings-message").textContent = t("settings.saved"); }
  preview();
}

// ---------------------------------------------------------------- start
applyStatic();
progress(8, "boot.shell");
performance.mark("primi:shell");
window.addEventListener("hashchange", route);
bootEngine();
route();
