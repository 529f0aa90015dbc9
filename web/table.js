// The game setup and table screens. Everything on the table is drawn from the observation
// that the worker returns for the seat looking at the screen, so a card that seat may not
// see is never in the DOM. Controls that perform a game action carry data-action with the
// action's canonical text.
import { $, esc } from "./dom.js";
import { t } from "./i18n.js";
import { cardArt, cardBackSVG, cardName } from "./cards.js";

const backArt = () => cardBackSVG().replace(/ role="img" aria-label="[^"]*"/, ' aria-hidden="true" focusable="false"');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const AI_NAMES = ["Bianca", "Carlo", "Dora", "Enzo", "Fiamma", "Guido"];
const LEVELS = ["easy", "medium", "hard"];
const KIND_ORDER = ["numerus", "primero", "supremus", "punto", "fluxus", "chorus"];

let ctx = null; // {engineCall, announce, settings, cardOpts, catalogue}
let game = null; // the game on the table
export const thinkTimes = []; // milliseconds each computer decision took in the worker

export function setContext(c) { ctx = c; }

// For tests and assistive tools: which game is on the table and whose view is shown.
export function tableInfo() {
  return game && { session: game.sid, viewer: game.viewer, seats: game.seats, names: game.names, variant: game.variant.name };
}

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] % 1_000_000_000;
}

function seatName(g, seat) {
  if (seat < 0) return t("table.dealer");
  return g.names[seat];
}

// ---------------------------------------------------------------- setup
export async function renderSetup(main, params, catalogue) {
  const primero = catalogue.games.find((g) => g.name === "primero");
  const variantName = params.get("variant") || primero.default_variant;
  let variant = primero.variants.find((v) => v.name === variantName);
  let note = "";
  if (!variant) { note = t("setup.badvariant", { name: variantName.slice(0, 20) }); variant = primero.variants[0]; }
  const seedParam = params.get("seed");
  let seed = randomSeed();
  if (seedParam !== null) {
    if (/^\d{1,12}$/.test(seedParam)) seed = Number(seedParam); else note = note || t("setup.badseed");
  }
  const players = Math.min(variant.players.max, Math.max(variant.players.min, Number(params.get("players")) || variant.players.default));
  main.innerHTML = `
    <section class="screen" id="screen-setup" aria-labelledby="setup-title">
      <h1 id="setup-title">${esc(t("setup.title", { game: primero.label }))}</h1>
      <p class="message error" id="setup-message" role="alert">${esc(note)}</p>
      <form id="setup-form" class="setup">
        <div class="field">
          <label for="setup-variant">${esc(t("setup.variant"))}</label>
          <select id="setup-variant">${primero.variants.map((v) => `<option value="${esc(v.name)}">${esc(v.label)}</option>`).join("")}</select>
          <span class="help" id="setup-summary"></span>
        </div>
        <div class="field">
          <label for="setup-players">${esc(t("setup.players"))}</label>
          <select id="setup-players"></select>
        </div>
        <fieldset class="field panel" id="setup-seats"><legend>${esc(t("setup.seats"))}</legend></fieldset>
        <fieldset class="field panel" id="setup-options"><legend>${esc(t("setup.options"))}</legend></fieldset>
        <div class="field">
          <label for="setup-seed">${esc(t("setup.seed"))}</label>
          <input type="text" inputmode="numeric" id="setup-seed" value="${seed}" aria-describedby="setup-seed-help">
          <span class="help" id="setup-seed-help">${esc(t("setup.seed.help"))}</span>
        </div>
        <button class="btn" type="submit" id="setup-start" data-primary>${esc(t("setup.start"))}</button>
      </form>
    </section>`;
  const sel = $("#setup-variant");
  sel.value = variant.name;
  const drawVariant = () => {
    variant = primero.variants.find((v) => v.name === sel.value);
    $("#setup-summary").textContent = variant.summary || "";
    const ps = $("#setup-players");
    const current = Number(ps.value) || players;
    ps.innerHTML = "";
    for (let n = variant.players.min; n <= variant.players.max; n++) ps.insertAdjacentHTML("beforeend", `<option value="${n}">${n}</option>`);
    ps.value = String(Math.min(variant.players.max, Math.max(variant.players.min, current)));
    drawSeats();
    $("#setup-options").innerHTML = `<legend>${esc(t("setup.options"))}</legend>` + variant.options.map((o) => optionField(o)).join("");
  };
  const drawSeats = () => {
    const n = Number($("#setup-players").value);
    const box = $("#setup-seats");
    const old = [...box.querySelectorAll("select")].map((s) => s.value);
    box.innerHTML = `<legend>${esc(t("setup.seats"))}</legend>` + Array.from({ length: n }, (_, i) => `
      <div class="row seat-choice">
        <label for="seat-${i}">${esc(t("setup.seat", { n: i + 1 }))}</label>
        <select id="seat-${i}" data-seat="${i}">
          <option value="human">${esc(t("setup.human"))}</option>
          ${LEVELS.map((l) => `<option value="${l}">${esc(t("setup.ai", { level: t("level." + l) }))}</option>`).join("")}
        </select>
      </div>`).join("");
    box.querySelectorAll("select").forEach((s, i) => { s.value = old[i] || (i === 0 ? "human" : "medium"); });
  };
  sel.addEventListener("change", drawVariant);
  $("#setup-players").addEventListener("change", drawSeats);
  drawVariant();
  $("#setup-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const seedText = $("#setup-seed").value.trim();
    if (!/^\d{1,12}$/.test(seedText)) { $("#setup-message").textContent = t("setup.badseed"); return; }
    const options = { players: Number($("#setup-players").value) };
    for (const o of variant.options) {
      const el = $(`#opt-${o.name}`);
      if (o.kind === "bool") options[o.name] = el.checked;
      else if (o.kind === "int") options[o.name] = Number(el.value);
      else options[o.name] = el.value;
    }
    const seats = [...document.querySelectorAll("#setup-seats select")].map((s) => s.value);
    $("#setup-start").disabled = true;
    const answer = await ctx.engineCall({ op: "new_game", game: "primero", variant: variant.name, options, seed: Number(seedText), seats });
    if (!answer.ok) {
      $("#setup-start").disabled = false;
      $("#setup-message").textContent = answer.error;
      return;
    }
    startGame(answer.result, variant, options, Number(seedText));
  });
}

function optionField(o) {
  const id = `opt-${o.name}`;
  const help = o.help ? `<span class="help">${esc(o.help)}</span>` : "";
  if (o.kind === "bool") return `<label class="check"><input type="checkbox" id="${id}" ${o.default ? "checked" : ""}> ${esc(o.label)}</label>${help}`;
  if (o.kind === "choice") return `<div class="field"><label for="${id}">${esc(o.label)}</label><select id="${id}">${o.choices.map((c) => `<option ${c === o.default ? "selected" : ""}>${esc(c)}</option>`).join("")}</select>${help}</div>`;
  return `<div class="field"><label for="${id}">${esc(o.label)}</label><input type="number" id="${id}" value="${o.default}" min="${o.min ?? ""}" max="${o.max ?? ""}" step="1">${help}</div>`;
}

// ---------------------------------------------------------------- the game loop
function startGame(started, variant, options, seed) {
  const humans = started.seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
  let ai = 0;
  const names = started.seats.map((k, i) => {
    if (k !== "human") return `${AI_NAMES[ai++ % AI_NAMES.length]}`;
    return humans.length === 1 ? t("table.you") : t("table.player", { n: i + 1 });
  });
  game = {
    sid: started.session, seats: started.seats, names, humans, variant, options, seed,
    viewer: humans.length === 1 ? humans[0] : null, view: null, selected: [], lastDealShown: 0,
    running: false, coach: true, logCount: 0, barLockUntil: 0,
  };
  location.hash = "#/table";
}

export async function renderTable(main) {
  if (!game) {
    location.hash = "#/play/primero";
    return;
  }
  main.innerHTML = `
    <section class="screen table-screen" id="screen-table" aria-labelledby="table-title">
      <h1 id="table-title" class="sr-only">${esc(t("table.title", { variant: game.variant.label }))}</h1>
      <div class="seats-bar" id="seats" aria-label="${esc(t("table.seats"))}"></div>
      <div class="felt" id="felt"></div>
      <div class="me" id="me"></div>
      <div class="action-bar" id="actions" role="toolbar" aria-label="${esc(t("table.actions"))}"></div>
      <p class="message error" id="table-message" role="alert"></p>
      <div class="side">
        <section class="panel coach" id="coach-panel" aria-labelledby="coach-title">
          <div class="row"><h2 id="coach-title">${esc(t("coach.title"))}</h2>
          <label class="check"><input type="checkbox" id="coach-on" ${game.coach ? "checked" : ""}> ${esc(t("coach.on"))}</label></div>
          <div id="coach"></div>
        </section>
        <section class="panel" aria-labelledby="log-title">
          <h2 id="log-title">${esc(t("table.log"))}</h2>
          <div class="log" id="log" role="log" aria-live="off" tabindex="0" aria-labelledby="log-title"></div>
        </section>
      </div>
    </section>
    <div class="overlay" id="handover" hidden role="dialog" aria-modal="true" aria-labelledby="handover-title">
      <div class="overlay-box"><h2 id="handover-title"></h2><p id="handover-text"></p>
      <div id="handover-recap"></div>
      <button class="btn" id="handover-go" data-primary>${esc(t("handover.show"))}</button></div>
    </div>
    <div class="overlay" id="dealend" hidden role="dialog" aria-modal="true" aria-labelledby="dealend-title">
      <div class="overlay-box"><h2 id="dealend-title"></h2><div id="dealend-body"></div>
      <button class="btn" id="dealend-go" data-primary>${esc(t("dealend.next"))}</button></div>
    </div>`;
  $("#coach-on").addEventListener("change", (e) => { game.coach = e.target.checked; drawCoach(); });
  $("#handover-go").addEventListener("click", () => {
    game.viewer = game.pendingViewer;
    game.lastHuman = game.viewer;
    $("#handover").hidden = true;
    refresh().then(() => focusBar());
  });
  $("#dealend-go").addEventListener("click", () => { $("#dealend").hidden = true; $("#dealend-body").innerHTML = ""; focusBar(); if (game.afterDealEnd) { const f = game.afterDealEnd; game.afterDealEnd = null; f(); } });
  await refresh();
  run();
}

async function fetchView(seat) {
  const answer = await ctx.engineCall({ op: "view", session: game.sid, seat });
  if (!answer.ok) throw new Error(answer.error);
  return answer.result;
}

async function refresh() {
  const seat = game.viewer === null ? -1 : game.viewer;
  game.view = await fetchView(seat);
  draw();
}

function setBusy(busy) {
  const screen = $("#screen-table");
  if (screen) screen.setAttribute("aria-busy", String(busy));
}

// Run computer turns until a human must act; hand over between human seats.
async function run() {
  if (game.running) return;
  game.running = true;
  setBusy(true);
  try {
    for (;;) {
      if (!$("#screen-table")) return;
      const v = game.view;
      if (v.terminal) { showEnd(); return; }
      const cur = v.current;
      if (game.seats[cur] !== "human") {
        await sleep({ fast: 60, normal: 320, slow: 650 }[ctx.settings.speed] ?? 320);
        const step = await ctx.engineCall({ op: "ai_step", session: game.sid });
        if (!step.ok) { showError(step.error); return; }
        if (step.result.action) ctx.announce(describe(step.result.seat, step.result.action));
        thinkTimes.push(step.result.think_ms); // read by bench/ai_browser.py
        await refresh();
        game.barLockUntil = performance.now() + 300; // a label never changes under a finger
        await dealEnded();
        continue;
      }
      // The device changes hands only when another human is next; the same player keeps it.
      if (game.humans.length > 1 && cur !== game.viewer && cur !== game.lastHuman) {
        await handOver(cur);
        return;
      }
      if (game.viewer !== cur) { game.viewer = cur; await refresh(); }
      return;
    }
  } finally {
    game.running = false;
    setBusy(false);
  }
}

async function dealEnded() {
  const ld = game.view.observation.last_deal;
  if (!ld || ld.deal <= game.lastDealShown) return false;
  game.lastDealShown = ld.deal;
  showDealEnd(ld);
  setBusy(false);
  await new Promise((resolve) => { game.afterDealEnd = resolve; });
  setBusy(true);
  return true;
}

async function handOver(seat) {
  game.viewer = null;
  game.pendingViewer = seat;
  game.selected = [];
  await refresh(); // the spectator's view: no private card is in the DOM while the device changes hands
  // "Since your turn": the public actions after this seat last acted.
  const log = game.view.observation.log;
  let from = 0;
  for (let i = log.length - 1; i >= 0; i--) if (log[i].seat === seat) { from = i + 1; break; }
  const recap = log.slice(from).filter((e) => e.seat >= 0);
  $("#handover-recap").innerHTML = recap.length
    ? `<h3>${esc(t("handover.since"))}</h3><ol class="recap" id="handover-recap-list">${recap.map((e) => `<li>${esc(publicLogText(e))}</li>`).join("")}</ol>` : "";
  $("#handover-title").textContent = t("handover.title", { name: seatName(game, seat) });
  $("#handover-text").textContent = t("handover.text", { name: seatName(game, seat) });
  $("#handover").hidden = false;
  $("#handover-go").focus();
}

async function act(action) {
  if (performance.now() < game.barLockUntil) return; // options just changed: ignore this tap
  if (!game.view.legal.includes(action)) { showError(t("table.illegal", { action })); return; }
  const seat = game.viewer;
  game.lastHuman = seat;
  setBusy(true);
  const answer = await ctx.engineCall({ op: "act", session: game.sid, seat, action });
  if (!answer.ok) { setBusy(false); showError(answer.error); return; }
  $("#table-message").textContent = "";
  game.selected = [];
  ctx.announce(describe(seat, action));
  if (game.humans.length > 1) {
    game.viewer = null; // hot-seat: hide this hand at once
  }
  await refresh();
  await dealEnded();
  run();
}

function showError(text) {
  $("#table-message").textContent = text;
  ctx.announce(text, true);
}

// ---------------------------------------------------------------- describing actions
export function describe(seat, action) {
  const name = seatName(game, seat);
  const [verb, ...rest] = action.split(" ");
  const n = rest[0];
  switch (verb) {
    case "vie": return rest.length > 1 ? t("act.vie.claim", { name, n, claim: claimText(rest.slice(1)) }) : t("act.vie", { name, n });
    case "revie": return t("act.revie", { name, n });
    case "bet": return rest.length > 1 ? t("act.bet.claim", { name, n, claim: claimText(rest.slice(1)) }) : t("act.bet", { name, n });
    case "raise": return t("act.raise", { name, n });
    case "discard": return rest.length === 0 ? t("act.keep", { name }) : t("act.discard", { name, n: rest.length });
    case "trade": return t("act.trade", { name, n: rest.length });
    case "draw": return rest.length ? t("act.draw.slot", { name, n }) : t("act.draw", { name });
    default: return t("act." + verb, { name });
  }
}

function claimText(parts) {
  const [kind, points] = parts;
  return t("claim", { kind: t("kind." + kind), points });
}

function publicLogText(entry) {
  if (entry.seat < 0) return entry.action;
  // The log's public text hides which cards were discarded; describe() only needs the count.
  const words = entry.action.split(" ");
  if ((words[0] === "discard" || words[0] === "trade") && words.length === 2 && /^\d+$/.test(words[1])) {
    const name = seatName(game, entry.seat);
    return words[0] === "trade" ? t("act.trade", { name, n: words[1] }) : (words[1] === "0" ? t("act.keep", { name }) : t("act.discard", { name, n: words[1] }));
  }
  return describe(entry.seat, entry.action);
}

// ---------------------------------------------------------------- drawing
function draw() {
  if (!$("#screen-table")) return;
  const v = game.view;
  const o = v.observation;
  drawSeats(o, v);
  drawFelt(o, v);
  drawMe(o, v);
  drawActions(v);
  drawLog(o);
  drawCoach();
}

function drawSeats(o, v) {
  const mine = game.viewer;
  $("#seats").innerHTML = o.seats.filter((s) => s.seat !== mine).map((s) => {
    const badges = [];
    if (s.seat === o.dealer) badges.push(`<span class="badge">${esc(t("table.dealerbadge"))}</span>`);
    if (s.folded) badges.push(`<span class="badge muted">${esc(t("table.folded"))}</span>`);
    if (s.all_in) badges.push(`<span class="badge">${esc(t("table.allin"))}</span>`);
    if (s.knocked) badges.push(`<span class="badge">${esc(t("table.knocked"))}</span>`);
    if (s.out) badges.push(`<span class="badge muted">${esc(t("table.out"))}</span>`);
    const kind = game.seats[s.seat] === "human" ? t("setup.human") : t("level." + game.seats[s.seat]);
    return `<div class="seat ${v.current === s.seat ? "to-act" : ""} ${s.folded ? "folded" : ""}" data-seat="${s.seat}" ${s.last_action ? "data-last-play" : ""}>
      <div class="seat-name">${esc(seatName(game, s.seat))} <span class="seat-kind">${esc(kind)}</span></div>
      <div class="seat-chips"><span class="chip-icon" aria-hidden="true"></span>${s.chips} <span class="sr-only">${esc(t("table.chips"))}</span>${s.bet ? ` · ${esc(t("table.bet", { n: s.bet }))}` : ""}</div>
      <div class="seat-cards" role="img" aria-label="${esc(t("table.cardcount", { n: s.card_count }))}">${Array.from({ length: s.card_count }, () => `<span class="mini-back">${backArt()}</span>`).join("")}</div>
      <div class="seat-last">${s.last_action ? esc(shortAction(s.last_action)) : "&nbsp;"}</div>
      <div class="seat-badges">${badges.join("")}${s.claim ? `<span class="badge claim">${esc(claimText(s.claim.split(" ")))}</span>` : ""}</div>
    </div>`;
  }).join("");
}

function shortAction(a) {
  const [verb, ...rest] = a.split(" ");
  const label = t("verb." + verb);
  if (verb === "discard" || verb === "trade") return `${label} ${rest.length === 1 && /^\d+$/.test(rest[0]) ? rest[0] : rest.length}`;
  if (rest.length > 1) return `${label} ${rest[0]}`; // the claim shows in its own badge
  return rest.length ? `${label} ${rest[0]}` : label;
}

function drawFelt(o, v) {
  const pots = o.pots && o.pots.length > 1
    ? `<ul class="side-pots">${o.pots.map((p, i) => `<li>${esc(i === 0 ? t("table.mainpot") : t("table.sidepot", { n: i }))}: ${p.amount} (${p.eligible.map((s) => esc(seatName(game, s))).join(", ")})</li>`).join("")}</ul>` : "";
  const slots = o.table_slots ? `<div class="slots" aria-label="${esc(t("table.slots"))}">${Array.from({ length: o.table_slots }, (_, i) => {
    const action = `draw ${i + 1}`;
    const legal = v.legal.includes(action);
    return legal
      ? `<button type="button" class="card slot-card" data-action="${action}" aria-label="${esc(t("table.slot", { n: i + 1 }))}">${backArt()}</button>`
      : `<span class="card slot-card" aria-hidden="true">${backArt()}</span>`;
  }).join("")}</div>` : "";
  const turn = v.terminal ? t("table.over") : (v.current === game.viewer ? t("table.yourturn") : t("table.turn", { name: seatName(game, v.current) }));
  $("#felt").innerHTML = `
    <div class="pot" id="pot" data-pot="${o.pot}"><span class="pot-label">${esc(t("table.pot"))}</span> <strong>${o.pot}</strong>${o.carried ? ` <span class="help">${esc(t("table.carried", { n: o.carried }))}</span>` : ""}</div>
    ${pots}
    <div class="phase" id="phase" data-phase="${esc(o.phase)}">${esc(t("phase." + o.phase))} · ${esc(t("table.deal", { n: o.deal }))} · ${esc(turn)}</div>
    ${o.claim ? `<div class="claim">${esc(t("table.claim", { claim: claimText(o.claim.split(" ")) }))}</div>` : ""}
    ${o.forced !== null && o.forced !== undefined && o.forced >= 0 ? `<div class="forced">${esc(t("table.forced", { name: seatName(game, o.forced) }))}</div>` : ""}
    ${slots}
    <div class="stock help">${esc(t("table.stock", { n: o.stock }))}</div>`;
  for (const b of document.querySelectorAll("#felt [data-action]")) b.addEventListener("click", () => act(b.dataset.action));
}

function drawMe(o, v) {
  const box = $("#me");
  if (game.viewer === null) {
    box.innerHTML = `<p class="help">${esc(t("table.handhidden"))}</p>`;
    return;
  }
  const me = o.seats[game.viewer];
  const hand = o.hand || [];
  const selectable = v.legal.some((a) => /^(discard|trade) \S/.test(a));
  const hv = o.hand_value;
  box.innerHTML = `
    <div class="me-head">
      <strong>${esc(seatName(game, game.viewer))}</strong>
      <span><span class="chip-icon" aria-hidden="true"></span>${me.chips} ${esc(t("table.chips"))}${me.bet ? ` · ${esc(t("table.bet", { n: me.bet }))}` : ""}</span>
      ${hv ? `<span class="hand-value" id="my-value" data-kind="${esc(hv.kind)}" data-points="${hv.points}">${esc(t("kind." + hv.kind))} ${hv.points}</span>` : ""}
    </div>
    <div class="hand-row" id="my-hand" role="group" aria-label="${esc(t("table.yourhand"))}">
      ${hand.map((c, i) => selectable
        ? `<button type="button" class="card" data-card="${c}" aria-pressed="${game.selected.includes(c)}"><span class="sr-only">${esc(cardName(c, ctx.settings.suits))}, ${i + 1} of ${hand.length}</span>${cardArt(c, ctx.cardOpts())}</button>`
        : `<span class="card" role="img" aria-label="${esc(cardName(c, ctx.settings.suits))}">${cardArt(c, ctx.cardOpts())}</span>`).join("")}
    </div>`;
  for (const b of box.querySelectorAll("button.card")) {
    b.addEventListener("click", () => {
      const c = b.dataset.card;
      const i = game.selected.indexOf(c);
      if (i >= 0) game.selected.splice(i, 1); else game.selected.push(c);
      b.setAttribute("aria-pressed", String(game.selected.includes(c)));
      drawActions(game.view);
      drawCoach();
    });
  }
}

// Order of cards in canonical text: A..K then S H D C (the core's sort_cards).
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["S", "H", "D", "C"];
function canonical(cards) {
  const key = (c) => RANKS.indexOf(c.slice(0, -1)) * 4 + SUITS.indexOf(c.slice(-1));
  return [...cards].sort((a, b) => key(a) - key(b));
}

function drawActions(v) {
  const bar = $("#actions");
  if (!bar) return;
  if (game.viewer === null || v.current !== game.viewer || v.terminal) {
    bar.innerHTML = `<p class="help">${esc(v.terminal ? t("table.over") : t("table.waiting", { name: seatName(game, v.current) }))}</p>`;
    return;
  }
  const legal = v.legal;
  const parts = [];
  const used = new Set();
  // Card choices: discard / trade composed from the selected cards.
  const cardVerb = ["discard", "trade"].find((verb) => legal.some((a) => a === verb || a.startsWith(verb + " ")));
  if (cardVerb && !legal.includes("draw") && !legal.some((a) => a.startsWith("draw "))) {
    const text = game.selected.length ? `${cardVerb} ${canonical(game.selected).join(" ")}` : cardVerb;
    const ok = legal.includes(text);
    const label = cardVerb === "trade"
      ? t("btn.trade", { n: game.selected.length })
      : (game.selected.length ? t("btn.discard", { n: game.selected.length }) : t("btn.keep"));
    parts.push(`<button type="button" class="btn" data-primary data-action="${esc(text)}" ${ok ? "" : "disabled aria-disabled=\"true\""}>${esc(label)}</button>`);
    if (!ok) parts.push(`<span class="help">${esc(cardVerb === "trade" ? t("hint.trade") : t("hint.discard"))}</span>`);
    legal.filter((a) => a === cardVerb || a.startsWith(cardVerb + " ")).forEach((a) => used.add(a));
  }
  // Claims: amount + announced hand (Italian vies, Northpass/Suzuki bets).
  const claimActs = legal.filter((a) => a.split(" ").length === 4);
  if (claimActs.length) {
    claimActs.forEach((a) => used.add(a));
    parts.push(claimComposer(claimActs));
  }
  // Numbered bets: one button per legal amount.
  const groups = new Map();
  for (const a of legal) {
    if (used.has(a)) continue;
    const w = a.split(" ");
    if (w.length === 2 && /^\d+$/.test(w[1]) && w[0] !== "draw") {
      if (!groups.has(w[0])) groups.set(w[0], []);
      groups.get(w[0]).push(a);
      used.add(a);
    }
  }
  const simple = legal.filter((a) => !used.has(a) && !a.startsWith("draw ") && a !== "fold");
  for (const a of simple) parts.push(`<button type="button" class="btn secondary" data-action="${esc(a)}">${esc(t("verb." + a.split(" ")[0]))}</button>`);
  for (const [verb, acts] of groups) {
    parts.push(`<span class="bet-group" role="group" aria-label="${esc(t("verb." + verb))}">${acts.map((a) => `<button type="button" class="btn" data-action="${esc(a)}">${esc(t("verb." + verb))} ${esc(a.split(" ")[1])}</button>`).join("")}</span>`);
  }
  if (legal.includes("fold")) parts.push(`<span class="spacer"></span><button type="button" class="btn danger" data-action="fold">${esc(t("verb.fold"))}</button>`);
  if (legal.some((a) => a.startsWith("draw ")) && !parts.length) parts.push(`<span class="help">${esc(t("hint.slots"))}</span>`);
  else if (legal.some((a) => a.startsWith("draw "))) parts.unshift(`<span class="help">${esc(t("hint.slots"))}</span>`);
  bar.innerHTML = parts.join("");
  for (const b of bar.querySelectorAll("button[data-action]")) {
    b.addEventListener("click", () => {
      const a = b.dataset.action;
      if (a === "fold" && (legal.includes("pass") || legal.includes("see") && game.view.observation.to_call === 0)) {
        if (!confirm(t("confirm.fold"))) return;
      }
      act(a);
    });
  }
  const composer = $("#claim-composer", bar);
  if (composer) wireComposer(composer, claimActs);
}

function claimComposer(acts) {
  const amounts = [...new Set(acts.map((a) => Number(a.split(" ")[1])))].sort((a, b) => a - b);
  const verb = acts[0].split(" ")[0];
  return `<span class="claim-composer row" id="claim-composer">
    <label>${esc(t("composer.amount"))} <select id="claim-amount">${amounts.map((n) => `<option>${n}</option>`).join("")}</select></label>
    <label>${esc(t("composer.claim"))} <select id="claim-hand"></select></label>
    <button type="button" class="btn" id="claim-go" data-action="">${esc(t("verb." + verb))}</button>
  </span>`;
}

function wireComposer(box, acts) {
  const amountSel = $("#claim-amount", box);
  const handSel = $("#claim-hand", box);
  const go = $("#claim-go", box);
  const verb = acts[0].split(" ")[0];
  const hv = game.view.observation.hand_value;
  const fill = () => {
    const n = amountSel.value;
    const claims = acts.filter((a) => a.split(" ")[1] === n).map((a) => a.split(" ").slice(2));
    claims.sort((a, b) => (KIND_ORDER.indexOf(a[0]) - KIND_ORDER.indexOf(b[0])) || (Number(a[1]) - Number(b[1])));
    const prev = handSel.value;
    handSel.innerHTML = claims.map(([k, p]) => `<option value="${k} ${p}">${esc(t("kind." + k))} ${p}</option>`).join("");
    // Default to the honest claim when it is legal, else the smallest legal claim.
    const honest = hv ? `${hv.kind} ${hv.points}` : "";
    if (claims.some(([k, p]) => `${k} ${p}` === prev)) handSel.value = prev;
    else if (claims.some(([k, p]) => `${k} ${p}` === honest)) handSel.value = honest;
    update();
  };
  const update = () => {
    const text = `${verb} ${amountSel.value} ${handSel.value}`;
    go.dataset.action = text;
    go.textContent = `${t("verb." + verb)} ${amountSel.value} · ${handSel.selectedOptions[0] ? handSel.selectedOptions[0].textContent : ""}`;
  };
  amountSel.addEventListener("change", fill);
  handSel.addEventListener("change", update);
  go.addEventListener("click", () => act(go.dataset.action));
  fill();
}

function drawLog(o) {
  const log = $("#log");
  const entries = o.log.slice(-200);
  log.innerHTML = `<ol>${entries.map((e) => `<li data-seat="${e.seat}">${e.deal ? `<span class="log-deal">${e.deal}</span> ` : ""}${esc(publicLogText(e))}</li>`).join("")}</ol>`;
  log.scrollTop = log.scrollHeight;
}

async function drawCoach() {
  const box = $("#coach");
  if (!box) return;
  if (!game.coach || game.viewer === null || !game.view.observation.hand) { box.innerHTML = `<p class="help">${esc(t("coach.off"))}</p>`; return; }
  const req = { op: "coach", session: game.sid, seat: game.viewer, discard: game.selected };
  const seq = (game.coachSeq = (game.coachSeq || 0) + 1);
  const answer = await ctx.engineCall(req);
  if (seq !== game.coachSeq || !$("#coach")) return;
  if (!answer.ok) { box.innerHTML = `<p class="help">${esc(answer.error)}</p>`; return; }
  const { value, outlook } = answer.result;
  const rows = outlook ? Object.entries(outlook.kinds).filter(([, p]) => p > 0).map(([k, p]) => `<li>${esc(t("kind." + k))}: ${(p * 100).toFixed(1)}%</li>`).join("") : "";
  box.innerHTML = `
    ${value ? `<p id="coach-value">${esc(t("coach.value", { kind: t("kind." + value.kind), points: value.points }))}</p>` : ""}
    ${outlook ? `<p id="coach-outlook" data-p-improve="${outlook.p_improve ?? ""}">${esc(outlook.discard.length ? t("coach.ifdiscard", { cards: outlook.discard.map((c) => cardName(c, ctx.settings.suits)).join(", ") }) : t("coach.ifkeep"))}
      ${outlook.p_improve !== null ? ` ${esc(t("coach.improve", { p: (outlook.p_improve * 100).toFixed(1) }))}` : ""}</p>
      <ul class="coach-kinds">${rows}</ul>
      <p class="help">${esc(t(outlook.exact ? "coach.exact" : "coach.sampled", { n: outlook.outcomes }))}</p>` : ""}`;
}

function focusBar() {
  const b = document.querySelector("#actions [data-primary]:not([disabled]), #actions button:not([disabled])");
  if (b) b.focus();
}

function showDealEnd(ld) {
  const how = t("dealend." + ld.how);
  const won = (ld.won || []).map((w) => t("dealend.won", { name: seatName(game, w.seat), n: w.amount })).join(" ");
  const shown = (ld.shown || []).map((h) => `
    <div class="shown" data-seat="${h.seat}">
      <div><strong>${esc(seatName(game, h.seat))}</strong>: ${esc(t("kind." + h.kind))} ${h.points}${h.total !== undefined && game.variant.name === "northpass" ? ` (${esc(t("calc.total", { total: h.total }))})` : ""}</div>
      <div class="hand-row small">${h.cards.map((c) => `<span class="card" role="img" aria-label="${esc(cardName(c, ctx.settings.suits))}">${cardArt(c, ctx.cardOpts())}</span>`).join("")}</div>
    </div>`).join("");
  $("#dealend-title").textContent = t("dealend.title", { n: ld.deal });
  $("#dealend-body").innerHTML = `<p>${esc(how)}</p>${shown}<p id="dealend-won">${esc(won)}</p>${ld.carried ? `<p>${esc(t("table.carried", { n: ld.carried }))}</p>` : ""}`;
  $("#dealend").hidden = false;
  $("#dealend-go").focus();
  ctx.announce(`${how} ${won}`);
}

function showEnd() {
  const v = game.view;
  const r = v.result;
  const order = r.scores.map((s, i) => [i, s]).sort((a, b) => b[1] - a[1]);
  const link = `#/play/primero?variant=${encodeURIComponent(game.variant.name)}&players=${game.options.players}&seed=${game.seed}`;
  $("#actions").innerHTML = "";
  $("#felt").innerHTML = `
    <div class="panel end" id="game-end">
      <h2>${esc(t("end.title"))}</h2>
      <p id="end-winners">${esc(t("end.winners", { names: r.winners.map((s) => seatName(game, s)).join(", ") }))}</p>
      <ol class="standings">${order.map(([s, chips]) => `<li data-seat="${s}">${esc(seatName(game, s))}: ${chips} ${esc(t("table.chips"))} (${r.chips[s] >= 0 ? "+" : ""}${r.chips[s]})</li>`).join("")}</ol>
      <p>${esc(t("end.deals", { n: r.deals }))}</p>
      <p><a class="btn" href="${esc(link)}" id="end-replay">${esc(t("end.replay"))}</a> <a class="btn secondary" href="#/play/primero?variant=${encodeURIComponent(game.variant.name)}">${esc(t("end.new"))}</a></p>
    </div>`;
  ctx.announce(t("end.winners", { names: r.winners.map((s) => seatName(game, s)).join(", ") }));
}
