// @ts-check
// "Learn by example": the rulebooks' worked deals as guided, step-by-step lessons.
// Every step comes from the worker (game_op "lessons": {lesson, step}), which replays the
// lesson's scripted actions through the rules core, so what is shown is what the engine
// does. In a lesson every hand is face up. The step lives in the URL hash
// (#/learn?name=waks-anna&step=3), so a link to a step can be shared.
//
//   renderLearnIndex(main, ctx)       the list of lessons
//   renderLearn(main, params, ctx)    one lesson (params: URLSearchParams with name, step);
//                                     without a name it shows the list
// ctx = {gameOp, announce, t, cardSVG, cardName, cardOpts, errorText}
import { $, esc } from "../../dom.js";
import { hasKey, txDecision } from "../../i18n.js";

// UI strings (English). They are t-style templates; the keys move into web/i18n.js.
// Every string of this screen lives in the one translation table, web/i18n.js (keys primero.learn.*).

// A link's text is shown only in part and always escaped.
const clip = (s, n = 40) => (s.length > n ? s.slice(0, n) + "…" : s);

/** @typedef {import("../../protocol").ShellContext & {cardSVG: typeof import("../../cards.js").cardSVG, cardName: typeof import("../../cards.js").cardName}} LearnContext */
/** @type {LearnContext} */
let ctx = null;
/** Each rule set's engine family, from the catalogue (primero_rules). @type {{[variant: string]: string}} */
const engines = {};
let lessons = null; // the list from the worker, fetched once
let view = null; // {name, steps, want, seq, data} of the lesson on screen
let keysWired = false;

function tr(key, vars = {}) {
  return ctx.t(key, vars);
}
// A lesson's words come from the core as messages ({key, args}) of this game's string table.
const say = (m) => tr(m.key, m.args || {});
const opts = () => (typeof ctx.cardOpts === "function" ? ctx.cardOpts() : ctx.cardOpts || {});
const nameOf = (c) => ctx.cardName(c, opts().style || "french");

async function loadLessons() {
  if (lessons) return lessons;
  const answer = await ctx.gameOp("primero", "lessons", {});
  if (!answer.ok) throw new Error(ctx.errorText(answer));
  lessons = answer.result;
  return lessons;
}

function hashFor(name, step) {
  return `#/learn?name=${encodeURIComponent(name)}&step=${step}`;
}

function messageBox(main, text) {
  let box = $("#learn-message", main);
  if (!box) {
    box = document.createElement("p");
    box.id = "learn-message";
    box.className = "message error";
    box.setAttribute("role", "alert");
    main.prepend(box);
  }
  box.textContent = text;
  if (text) ctx.announce(text, true);
}

// ---------------------------------------------------------------- the list of lessons
/** The Learn page (the shell's, every game's lessons), with a message above it when given.
 * @param {HTMLElement} main @param {LearnContext} [c] */
export async function renderLearnIndex(main, c, notice = "") {
  ctx = c || ctx;
  view = null;
  return ctx.learnHub(main, notice);
}

/** This game's lessons for the Learn page (shell/learn.js). @param {LearnContext} c
 * @returns {Promise<import("../../protocol").LessonEntry[]>} */
export async function lessonList(c) {
  ctx = ctx || c;
  let list;
  try {
    list = await loadLessons();
  } catch (err) {
    throw new Error(tr("primero.learn.error", { error: err.message }));
  }
  return list.map((w) => ({
    id: w.name, title: say(w.title), pitch: say(w.pitch), href: hashFor(w.name, 0),
    help: `${tr("primero.learn.players", { names: w.names.join(", ") })} · ${tr("primero.learn.steps", { n: w.steps })}`,
  }));
}

// ---------------------------------------------------------------- one lesson
/** @param {HTMLElement} main @param {URLSearchParams} params @param {LearnContext} [c] */
export async function renderLearn(main, params, c) {
  ctx = c || ctx;
  if (!Object.keys(engines).length && ctx.loadCatalogue) {
    const cat = await ctx.loadCatalogue();
    for (const r of cat.primero_rules || []) engines[r.variant] = r.engine;
  }
  const name = params.get("name");
  if (name === null || name === "") return renderLearnIndex(main, ctx);
  let list;
  try {
    list = await loadLessons();
  } catch (err) {
    return renderLearnIndex(main, ctx, tr("primero.learn.error", { error: err.message }));
  }
  const lesson = list.find((w) => w.name === name);
  if (!lesson) return renderLearnIndex(main, ctx, tr("primero.learn.badname", { name: clip(name) }));
  const stepText = params.get("step");
  let step = 0;
  let notice = "";
  if (stepText !== null) {
    if (/^\d{1,4}$/.test(stepText) && Number(stepText) < lesson.steps) step = Number(stepText);
    else notice = tr("primero.learn.badstep", { step: clip(stepText, 12), last: lesson.steps - 1 });
  }
  if (notice) history.replaceState(null, "", hashFor(name, 0));
  // The same lesson already on screen (the hash was edited by hand): just move to the step.
  if (view && view.name === name && $("#screen-learn", main)) {
    messageBox(main, notice);
    return go(step);
  }
  view = { name, steps: lesson.steps, want: step, seq: 0, data: null };
  main.innerHTML = `
    <section class="screen learn-screen" id="screen-learn" data-lesson="${esc(name)}" aria-labelledby="learn-title">
      <p class="learn-crumb"><a href="#/learn">${esc(tr("learn.list"))}</a></p>
      <h1 id="learn-title">${esc(say(lesson.title))}</h1>
      <p class="message error" id="learn-message" role="alert">${esc(notice)}</p>
      <div class="felt learn-felt">
        <div id="learn-felt"></div>
        <p class="learn-action" id="learn-action" aria-hidden="true"></p>
      </div>
      <div class="learn-seats" id="learn-seats" role="group" aria-label="${esc(tr("primero.learn.seats"))}"></div>
      <section class="panel learn-now" aria-labelledby="learn-now-title">
        <h2 id="learn-now-title" class="sr-only">${esc(tr("primero.learn.now"))}</h2>
        <div id="learn-live" aria-live="polite">
          <p class="sr-only" id="learn-action-sr"></p>
          <p class="learn-commentary" id="learn-commentary"></p>
        </div>
        <div id="learn-decisions"></div>
      </section>
      <div class="learn-nav" role="group" aria-label="${esc(tr("primero.learn.nav"))}">
        <button type="button" class="btn secondary" id="learn-back"><span aria-hidden="true">←</span> ${esc(tr("learn.back"))}</button>
        <span class="learn-progress" id="learn-progress"></span>
        <button type="button" class="btn" id="learn-next" data-primary>${esc(tr("learn.next"))} <span aria-hidden="true">→</span></button>
        <button type="button" class="btn secondary" id="learn-restart">${esc(tr("learn.restart"))}</button>
      </div>
      <p class="help learn-keys">${esc(tr("primero.learn.keys"))}</p>
      <p class="help learn-source">${esc(tr("primero.learn.source", { source: say(lesson.source) }))}</p>
    </section>`;
  if (notice) ctx.announce(notice, true);
  $("#learn-back").addEventListener("click", () => step1(-1));
  $("#learn-next").addEventListener("click", () => step1(1));
  $("#learn-restart").addEventListener("click", () => { go(0); $("#learn-next").focus(); });
  wireKeys();
  await go(step);
}

function step1(delta) {
  if (!view) return;
  const target = view.want + delta;
  if (target < 0 || target >= view.steps) return;
  go(target);
}

function wireKeys() {
  if (keysWired) return;
  keysWired = true;
  document.addEventListener("keydown", (e) => {
    if (!view || !document.getElementById("screen-learn")) return;
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.defaultPrevented) return;
    const el = /** @type {HTMLElement} */ (e.target);
    if (el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))) return;
    if (el && el.closest && el.closest("[role=dialog]")) return;
    e.preventDefault();
    step1(e.key === "ArrowRight" ? 1 : -1);
  });
}

async function go(step) {
  const v = view;
  v.want = step;
  const seq = ++v.seq;
  const from = location.hash;
  const answer = await ctx.gameOp("primero", "lessons", { lesson: v.name, step });
  if (view !== v || seq !== v.seq || !$("#screen-learn")) return; // superseded
  // The address changed while the engine answered (a link or an edited address whose hashchange
  // is still queued): that navigation draws. Writing this step's address now would overwrite it
  // before its handler reads it, and a bad link's notice would be lost.
  if (location.hash !== from) return;
  if (!answer.ok) {
    messageBox(document.getElementById("main") || document.body, tr("primero.learn.error", { error: ctx.errorText(answer) }));
    return;
  }
  v.data = answer.result;
  history.replaceState(null, "", hashFor(v.name, step));
  draw(answer.result);
}

// ---------------------------------------------------------------- drawing
function claimText(claim) {
  const [kind, points] = claim.split(" ");
  return `“${tr("primero.learn.value", { kind: ctx.t("primero.kind." + kind), points })}”`;
}

function cardsText(cards) {
  return cards.map(nameOf).join(", ");
}

export function actionSentence(d) {
  const names = d.names;
  const obs = d.observation;
  if (d.action === null) {
    if (d.step === 0) return tr("primero.learn.start", { name: names[obs.to_act] });
    const won = (obs.last_deal && obs.last_deal.won) || [];
    return won.map((w) => tr("primero.learn.won", { name: names[w.seat], n: w.amount })).join(" ");
  }
  const sentence = playSentence(d, names[d.actor]);
  // the action that ends the deal: say who won, too
  if (obs.phase === "over" && obs.last_deal) {
    return [sentence, ...obs.last_deal.won.map((w) => tr("primero.learn.won", { name: names[w.seat], n: w.amount }))].join(" ");
  }
  return sentence;
}

function playSentence(d, name) {
  const [verb, ...rest] = d.action.split(" ");
  const paid = d.paid;
  switch (verb) {
    case "pass": return tr("primero.learn.act.pass", { name });
    case "fold": return tr("primero.learn.act.fold", { name });
    case "vie": return tr("primero.learn.act.vie", { name, n: rest[0] });
    case "see": return tr(d.forced ? "primero.learn.act.see.forced" : "primero.learn.act.see", { name, paid });
    case "revie": return tr("primero.learn.act.revie", { name, n: rest[0], paid });
    case "discard": return rest.length ? tr("primero.learn.act.discard", { name, cards: cardsText(rest), n: rest.length }) : tr("primero.learn.act.keep", { name });
    case "trade": return tr(d.forced ? "primero.learn.act.trade.forced" : "primero.learn.act.trade", { name, cards: cardsText(rest), paid });
    case "bet": {
      const n = Number(rest[0]);
      const claim = claimText(rest.slice(1).join(" "));
      const meet = paid - n;
      return meet > 0 ? tr("primero.learn.act.bet.meet", { name, n, meet, claim }) : tr("primero.learn.act.bet", { name, n, claim });
    }
    default: return tr("primero.learn.act.other", { name, action: d.action });
  }
}

function phaseText(d) {
  const phase = d.observation.phase;
  if (phase === "over") return tr("primero.learn.phase.over");
  if (engines[d.variant] === "northpass") return tr("primero.learn.phase.betting"); // one betting phase (the catalogue's engine)
  const key = "primero.learn.phase." + phase;
  return hasKey(key) ? tr(key) : ctx.t("primero.phase." + phase);
}

function draw(d) {
  const obs = d.observation;
  const winners = obs.phase === "over" && obs.last_deal ? obs.last_deal.won.map((w) => w.seat) : [];
  const focusSeat = d.actor !== null ? d.actor : (d.step === 0 ? obs.to_act : null);
  $("#learn-felt").innerHTML = `
    <div class="pot" id="learn-pot" data-pot="${obs.pot_shown}"><span>${esc(tr("primero.learn.pot"))}</span> <strong>${obs.pot_shown}</strong></div>
    <div class="phase" id="learn-phase" data-phase="${esc(obs.phase)}">${esc(phaseText(d))}</div>
    ${obs.claim ? `<div class="claim">${esc(tr("primero.learn.claim", { claim: claimText(obs.claim) }))}</div>` : ""}`;
  $("#learn-seats").innerHTML = obs.seats.map((s) => {
    const name = d.names[s.seat];
    const hv = s.hand_value;
    const isActor = s.seat === focusSeat;
    const badges = [];
    if (s.seat === obs.dealer) badges.push(`<span class="badge">${esc(tr("primero.learn.dealer"))}</span>`);
    if (s.folded) badges.push(`<span class="badge muted">${esc(tr("primero.learn.folded"))}</span>`);
    if (isActor) badges.push(`<span class="badge learn-badge">${esc(tr(d.actor !== null ? "primero.learn.actor" : "primero.learn.next.to.act"))}</span>`);
    if (winners.includes(s.seat)) badges.push(`<span class="badge learn-badge">${esc(tr("primero.learn.winner"))}</span>`);
    const cards = s.cards || [];
    return `<div class="seat learn-seat${isActor ? " learn-actor" : ""}${winners.includes(s.seat) ? " learn-winner" : ""}${s.folded ? " folded" : ""}" data-seat="${s.seat}" ${isActor ? 'aria-current="true"' : ""}>
      <div class="seat-name">${esc(name)}</div>
      <div class="seat-badges learn-badges">${badges.join("")}</div>
      <div class="seat-chips"><span class="chip-icon" aria-hidden="true"></span>${esc(tr("primero.learn.chips", { n: s.chips }))} · <span class="learn-inpot" data-in-pot="${s.in_pot}">${esc(tr("primero.learn.inpot", { n: s.in_pot }))}</span></div>
      <div class="hand-row small learn-hand" role="group" aria-label="${esc(tr("primero.learn.hand", { name }))}">${cards.map((c) => `<span class="card" data-card="${esc(c)}">${ctx.cardSVG(c, opts())}</span>`).join("")}</div>
      <div class="learn-value">${hv ? `<span class="hand-value" data-kind="${esc(hv.kind)}" data-points="${hv.points}">${esc(tr("primero.learn.value", { kind: ctx.t("primero.kind." + hv.kind), points: hv.points }))}</span>${hv.total !== undefined ? ` <span class="help">(${esc(tr("primero.learn.total", { total: hv.total }))})</span>` : ""}` : "&nbsp;"}</div>
    </div>`;
  }).join("");
  for (const row of document.querySelectorAll("#learn-seats .learn-hand")) {
    const seat = Number(/** @type {HTMLElement} */ (row.closest("[data-seat]")).dataset.seat);
    const hv = obs.seats[seat].hand_value;
    if (hv) for (const el of /** @type {NodeListOf<HTMLElement>} */ (row.querySelectorAll(".card"))) el.classList.toggle("counting", hv.counting.includes(el.dataset.card));
  }
  const sentence = actionSentence(d);
  $("#learn-action").textContent = sentence; // shown at the top of the table
  $("#learn-action-sr").textContent = sentence; // read with the commentary, in one announcement
  $("#learn-commentary").textContent = say(d.commentary); // a key of the string table, in the page's language
  $("#learn-decisions").innerHTML = d.decisions.length
    ? `<h3>${esc(tr("primero.learn.decisions"))}</h3><dl class="decisions">${d.decisions.map((x) => `<dt>${esc(x.id)}</dt><dd>${esc(txDecision(x.id, x.text))}</dd>`).join("")}</dl>`
    : "";
  const progress = $("#learn-progress");
  progress.innerHTML = `<span aria-hidden="true">${esc(tr("primero.learn.progress.short", { step: d.step + 1, steps: d.steps }))}</span><span class="sr-only">${esc(tr("primero.learn.progress", { step: d.step + 1, steps: d.steps }))}</span>`;
  progress.dataset.steps = String(d.steps);
  progress.dataset.step = String(d.step);
  setEnabled($("#learn-back"), d.step > 0, $("#learn-next"));
  setEnabled($("#learn-next"), d.step < d.steps - 1, $("#learn-restart"));
}

// aria-disabled keeps a button focusable, so focus never falls to <body> at either end;
// when the focused button stops making sense, focus moves to the one that does.
function setEnabled(button, on, fallback) {
  button.setAttribute("aria-disabled", String(!on));
  if (!on && document.activeElement === button && fallback) fallback.focus();
}
