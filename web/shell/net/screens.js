// @ts-check
// The screens of playing together (issue 22), phone first: the host's lobby (#/together: an invite
// per friend as a link to copy or share and a QR code, a box for their answers, each seat's state,
// Start), the guest's join screen (#/join?i=…: the table in words, its answer to send back, then
// the table once the host starts) and the answer link's screen (#/answer?a=…: hands the answer to
// the host's waiting tab through a BroadcastChannel, or says what to do). Downloaded only when one
// of them opens (app.js routes).
import { $, esc } from "../../dom.js";
import { t } from "../../i18n.js";
import { linkTools, wireTools } from "./share.js";
import { CHANNEL, answerCode, closeTable, hostAccept, hostStart, hostRenamed, hostTable, onHostChange } from "./host.js";
import { guestNames, guestOpen, guestReloaded, guestTable, inviteCode, keepName, onGuestChange, savedName } from "./guest.js";

const STATES = ["making", "waiting", "connected", "ready", "lost"];

let unsubscribe = () => {};

// ---------------------------------------------------------------- the host's lobby
/** #/together. @param {HTMLElement} main */
export function renderTogether(main) {
  unsubscribe();
  const tb = hostTable();
  if (!tb || tb.phase === "playing") {
    main.innerHTML = `<section class="screen" id="screen-together" aria-labelledby="together-title">
      <h1 id="together-title">${esc(t("net.lobby.title"))}</h1>
      <p class="message" id="together-none">${esc(t(tb ? "net.lobby.playing" : "net.none"))}</p>
      <p class="row"><a class="btn" href="${tb ? "#/table" : "#/"}">${esc(t(tb ? "net.lobby.totable" : "nav.games"))}</a></p></section>`;
    return;
  }
  main.innerHTML = `
    <section class="screen" id="screen-together" aria-labelledby="together-title">
      <h1 id="together-title">${esc(t("net.lobby.title"))}</h1>
      <p id="together-note">${esc(t("net.lobby.note"))}</p>
      <div class="field"><label for="together-name">${esc(t("net.join.name"))}</label>
        <input type="text" id="together-name" maxlength="24" autocomplete="nickname" value="${esc(savedName())}"></div>
      <p class="message error" id="together-message" role="alert"></p>
      <ol class="net-seats" id="together-seats"></ol>
      <form class="field panel" id="together-paste" novalidate>
        <label for="together-answer">${esc(t("net.paste"))}</label>
        <textarea id="together-answer" rows="3" autocomplete="off" spellcheck="false"></textarea>
        <p class="row"><button type="submit" class="btn secondary" id="together-accept">${esc(t("net.connect"))}</button></p>
      </form>
      <p class="row setup-go"><button type="button" class="btn" id="together-start" data-primary aria-describedby="together-start-help">${esc(t("net.start"))}</button>
        <button type="button" class="btn secondary" id="together-cancel">${esc(t("net.cancel"))}</button></p>
      <p class="help" id="together-start-help"></p>
    </section>`;
  wireTools($("#screen-together"));
  $("#together-name").addEventListener("change", (e) => { keepName(/** @type {HTMLInputElement} */ (e.target).value.trim()); hostRenamed(); });
  $("#together-paste").addEventListener("submit", async (e) => {
    e.preventDefault();
    const area = /** @type {HTMLTextAreaElement} */ ($("#together-answer"));
    const text = area.value;
    if (!answerCode(text)) return;
    const error = await hostAccept(text);
    $("#together-message").textContent = error || "";
    if (!error) area.value = "";
  });
  $("#together-start").addEventListener("click", async () => {
    const error = await hostStart();
    const box = $("#together-message");
    if (error && box) box.textContent = error;
  });
  $("#together-cancel").addEventListener("click", () => { closeTable("net.bye.closed"); location.hash = "#/"; });
  drawLobby();
  unsubscribe = onHostChange(() => { if ($("#screen-together")) drawLobby(); else unsubscribe(); });
}

function drawLobby() {
  const tb = hostTable();
  const list = $("#together-seats");
  if (!tb || !list) return;
  if (tb.phase === "playing") { unsubscribe(); return; }
  const names = seatLabels(tb);
  // Each seat's item is drawn once and updated in place (the link a player is copying stays put).
  for (const r of tb.remotes) {
    let li = /** @type {HTMLElement | null} */ (list.querySelector(`li[data-seat="${r.seat}"]`));
    if (!li) {
      li = document.createElement("li");
      li.className = "panel net-seat";
      li.dataset.seat = String(r.seat);
      list.append(li);
    }
    const key = `${r.state}|${r.invite}|${r.name || ""}`;
    if (li.dataset.key === key) continue;
    li.dataset.key = key;
    li.dataset.state = r.state;
    const id = `invite-${r.seat}`;
    const title = r.name || names[r.seat];
    li.innerHTML = `<h2 class="net-seat-title">${esc(title)} <span class="net-state" data-state="${esc(r.state)}">${esc(t("net.state." + (STATES.includes(r.state) ? r.state : "waiting")))}</span></h2>
      ${r.state === "waiting" && r.invite ? linkTools(id, r.invite, t("net.invite", { name: title })) : ""}`;
  }
  const all = tb.remotes.every((r) => r.state === "ready");
  const start = /** @type {HTMLButtonElement} */ ($("#together-start"));
  start.disabled = tb.phase === "starting" || tb.phase === "again";
  start.textContent = t(all ? "net.start" : "net.start.computer");
  $("#together-start-help").textContent = all ? t("net.start.all") : t("net.start.help");
  $("#together-message").textContent = tb.error || $("#together-message").textContent;
}

function seatLabels(tb) {
  let friend = 0;
  return tb.request.seats.map((k) => (k === "remote" ? t("net.friend", { n: ++friend }) : ""));
}

// ---------------------------------------------------------------- the guest
/** #/join?i=… @param {HTMLElement} main @param {URLSearchParams} params @param {import("../../protocol").ShellContext} ctx */
export async function renderJoin(main, params, ctx) {
  unsubscribe();
  const code = inviteCode(params.get("i") || "");
  const reloaded = guestReloaded();
  main.innerHTML = `
    <section class="screen" id="screen-join" aria-labelledby="join-title">
      <h1 id="join-title">${esc(t("net.join.title"))}</h1>
      <p class="message error" id="join-message" role="alert"></p>
      <div id="join-body"></div>
    </section>`;
  const g = guestTable();
  // No invite: this tab's table went with a reload ("Ask the host for a new link"), or a bad link.
  // An invite this browser answered already: peer.js says net.used (the same sentence).
  if (!(g && g.code === code) && !code) { $("#join-message").textContent = t(reloaded ? "net.reload" : "net.bad.invite"); return; }
  $("#join-body").innerHTML = `
      <div class="field"><label for="join-name">${esc(t("net.join.name"))}</label>
        <input type="text" id="join-name" maxlength="24" autocomplete="nickname" value="${esc(savedName())}"></div>
      <p id="join-rules" class="help"></p>
      <p id="join-hostruns">${esc(t("net.join.hostruns"))}</p>
      <div class="panel" id="join-answer"><p role="status" id="join-status">${esc(t("net.join.making"))}</p><div id="join-link"></div></div>`;
  wireTools($("#screen-join"));
  $("#join-name").addEventListener("change", (e) => keepName(/** @type {HTMLInputElement} */ (e.target).value.trim()));
  unsubscribe = onGuestChange(() => { if ($("#screen-join")) drawJoin(); else unsubscribe(); });
  if (!(g && g.code === code)) {
    const error = await guestOpen(ctx, code);
    if (error && $("#join-message")) { $("#join-message").textContent = error; $("#join-answer").hidden = true; }
  }
  drawJoin();
}

function drawJoin() {
  const g = guestTable();
  const status = $("#join-status");
  if (!g || !status) return;
  if (g.error) $("#join-message").textContent = g.error;
  if (g.welcome) {
    const names = guestNames(g);
    $("#join-rules").textContent = t("net.join.rules", { game: gameLabel(g), names: names.join(", ") });
  }
  status.textContent = t(g.state === "making" ? "net.join.making" : g.state === "answered" ? "net.join.send" : g.state === "lost" || g.state === "over" ? "net.join.gone" : "net.join.connected");
  const link = $("#join-link");
  if (g.state === "answered" && g.answer && !link.innerHTML) link.innerHTML = linkTools("join-answer-text", g.answer, t("net.join.answer"));
  if (g.state !== "answered") link.innerHTML = "";
}

function gameLabel(g) {
  const cat = g.ctx && /** @type {any} */ (g.ctx).catalogueNow ? /** @type {any} */ (g.ctx).catalogueNow() : null;
  const w = g.welcome;
  const game = cat && cat.games.find((x) => x.name === w.game);
  const variant = game && game.variants.find((v) => v.name === w.variant);
  return game ? (variant ? `${game.label} (${variant.label})` : game.label) : "";
}

// ---------------------------------------------------------------- an answer link
/** #/answer?a=… @param {HTMLElement} main @param {URLSearchParams} params */
export async function renderAnswer(main, params) {
  unsubscribe();
  const code = answerCode(params.get("a") || "");
  main.innerHTML = `
    <section class="screen" id="screen-answer" aria-labelledby="answer-title">
      <h1 id="answer-title">${esc(t("net.answer.title"))}</h1>
      <p role="status" id="answer-status">${esc(t("net.answer.waiting"))}</p>
      <div id="answer-link"></div>
    </section>`;
  wireTools($("#screen-answer"));
  // This very tab hosts the table (the link opened where the lobby was): it takes it at once.
  if (hostTable()) {
    const error = await hostAccept(code);
    $("#answer-status").textContent = error || t("net.answer.here");
    if (!error) location.hash = "#/together";
    return;
  }
  const got = await handOver(code);
  const status = $("#answer-status");
  if (!status) return;
  status.textContent = t(got ? "net.answer.sent" : "net.answer.nowhere");
  if (!got) $("#answer-link").innerHTML = linkTools("answer-text", code, t("net.join.answer"));
}

// The answer goes to the waiting tab; true once that tab said it has it (within 2 s).
function handOver(code) {
  if (typeof BroadcastChannel === "undefined") return Promise.resolve(false);
  const ch = new BroadcastChannel(CHANNEL);
  const id = Math.random().toString(36).slice(2);
  return new Promise((resolve) => {
    const done = (v) => { clearTimeout(timer); ch.close(); resolve(v); };
    const timer = setTimeout(() => done(false), 2000);
    ch.onmessage = (e) => { if (e.data && e.data.t === "got" && e.data.id === id) done(true); };
    ch.postMessage({ t: "answer", a: code, id });
  });
}
