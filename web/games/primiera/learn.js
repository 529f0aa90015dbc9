// @ts-check
// Primiera's "Learn by example" (#/primiera/learn?lesson=capture&step=0): the rulebook's worked
// examples (the capture, the primiera totals 62 and 75, the Heralds' partnerships) step by step.
// Every step comes from the worker (game_op "lessons"), computed by the rules core.
import { $, esc } from "../../dom.js";
import { t } from "../../i18n.js";
import { cardArt, cardName } from "../../cards.js";

let lessons = null;
const SEAT_POS = ["primiera.learn.pos0", "primiera.learn.pos1", "primiera.learn.pos2", "primiera.learn.pos3"];
let keysWired = false;

const joinAnd = (items) => (items.length <= 1 ? items.join("") : t("primiera.and", { a: items.slice(0, -1).join(", "), b: items[items.length - 1] }));

function text(msg, style) {
  const args = {};
  for (const [k, v] of Object.entries(msg.args || {})) {
    if (k === "values" && Array.isArray(v)) args[k] = v.join(" + ");
    else if (Array.isArray(v)) args[k] = joinAnd(v.map((c) => cardName(c, style)));
    else if (k === "card" && typeof v === "string") args[k] = cardName(v, style);
    else args[k] = v;
  }
  return t(msg.key, args);
}

function hashFor(id, step) {
  return `#/primiera/learn?lesson=${encodeURIComponent(id)}&step=${step}`;
}

/** The lessons, fetched once. @param {import("../../protocol").ShellContext} ctx */
async function loadLessons(ctx) {
  if (!lessons) {
    const answer = await ctx.gameOp("primiera", "lessons", {});
    if (!answer.ok) throw new Error(ctx.errorText(answer));
    lessons = answer.result;
  }
  return lessons;
}

/** The lessons for the Learn page (shell/learn.js). @param {import("../../protocol").ShellContext} ctx
 * @returns {Promise<import("../../protocol").LessonEntry[]>} */
export async function lessonList(ctx) {
  const style = ctx.settings.suits;
  return (await loadLessons(ctx)).map((l) => ({
    id: l.id, title: text(l.title, style), href: hashFor(l.id, 0), help: t("learn.steps", { n: l.steps.length }),
  }));
}

/** @param {HTMLElement} main @param {URLSearchParams} params @param {import("../../protocol").ShellContext} ctx */
export async function renderLearn(main, params, ctx) {
  main.innerHTML = `<section class="screen" id="screen-pa-learn" aria-labelledby="pa-learn-title">
    <h1 id="pa-learn-title">${esc(t("primiera.learn.title"))}</h1>
    <p class="lede">${esc(t("primiera.learn.lede"))}</p>
    <p class="message error" id="pa-learn-message" role="alert"></p>
    <div id="pa-learn-body"><p class="help">${esc(t("learn.loading"))}</p></div>
  </section>`;
  if (!lessons) {
    try {
      await loadLessons(ctx);
    } catch (err) {
      if ($("#pa-learn-message")) $("#pa-learn-message").textContent = err.message;
      return;
    }
    if (!$("#pa-learn-body")) return;
  }
  const want = params.get("lesson") || lessons[0].id;
  const lesson = lessons.find((l) => l.id === want) || lessons[0];
  let step = Number(params.get("step") || 0);
  if (!Number.isInteger(step) || step < 0 || step >= lesson.steps.length) step = 0;
  const style = ctx.settings.suits;
  const s = lesson.steps[step];
  const cards = (list) => `<div class="pa-cards pa-learn-cards" style="--per-row:${Math.max(5, list.length)}">${list.map((c) => {
    const mark = (s.mark || []).includes(c) ? "pa-takes" : (s.dim || []).includes(c) ? "pa-not" : "";
    const value = s.values && s.values[c] !== undefined ? `<span class="pa-value" aria-hidden="true">${s.values[c]}</span>` : "";
    return `<span class="pa-learn-card"><span class="card ${mark}" role="img" aria-label="${esc(cardName(c, style))}${s.values && s.values[c] !== undefined ? `, ${s.values[c]}` : ""}">${cardArt(c, ctx.cardOpts())}</span>${value}</span>`;
  }).join("")}</div>`;
  const seatName = (i) => t("primiera.learn.player", { n: i + 1 });
  const sides = s.sides ? `<p id="pa-learn-sides"><strong>${esc(t("primiera.learn.sides", { sides: s.sides.length > 2 ? t("primiera.alone") : t("primiera.against", { a: s.sides[0].map(seatName).join(" & "), b: s.sides[1].map(seatName).join(" & ") }) }))}</strong></p>
    <ol class="pa-learn-seats">${SEAT_POS.map((key, i) => `<li>${esc(seatName(i))}: ${esc(t(key))}</li>`).join("")}</ol>` : "";
  $("#pa-learn-body").innerHTML = `
    <nav class="row" aria-label="${esc(t("learn.list"))}">${lessons.map((l) => `<a class="btn secondary" href="${hashFor(l.id, 0)}" ${l.id === lesson.id ? 'aria-current="page"' : ""}>${esc(text(l.title, style))}</a>`).join("")}</nav>
    <article class="panel" id="pa-lesson" data-lesson="${esc(lesson.id)}" data-step="${step}">
      <h2>${esc(text(lesson.title, style))}</h2>
      <p class="help">${esc(t("primiera.learn.source", { source: text(lesson.source, style) }))} · <span id="pa-learn-progress">${esc(t("primiera.learn.step", { step: step + 1, steps: lesson.steps.length }))}</span></p>
      ${s.played ? `<div class="pa-learn-played"><span class="help">${esc(t("primiera.learn.played"))}</span><span class="card" role="img" aria-label="${esc(cardName(s.played, style))}">${cardArt(s.played, ctx.cardOpts())}</span></div>` : ""}
      ${s.table ? cards(s.table) : ""}
      ${sides}
      <p class="pa-learn-text" id="pa-learn-text" aria-live="polite">${esc(text(s.text, style))}</p>
      <div class="row learn-nav">
        <a class="btn secondary" id="pa-learn-back" href="${hashFor(lesson.id, Math.max(0, step - 1))}" ${step === 0 ? 'aria-disabled="true" tabindex="-1"' : ""}>${esc(t("learn.back"))}</a>
        ${step + 1 < lesson.steps.length
          ? `<a class="btn" id="pa-learn-next" data-primary href="${hashFor(lesson.id, step + 1)}">${esc(t("learn.next"))}</a>`
          : `<a class="btn" id="pa-learn-next" data-primary href="${hashFor(lesson.id, 0)}">${esc(t("learn.restart"))}</a>`}
      </div>
    </article>`;
  if (!keysWired) {
    keysWired = true;
    document.addEventListener("keydown", (e) => {
      if (!$("#pa-lesson") || /** @type {Element} */ (e.target).closest("input, select, textarea")) return;
      const link = e.key === "ArrowRight" ? $("#pa-learn-next") : e.key === "ArrowLeft" ? $("#pa-learn-back") : null;
      if (link && link.getAttribute("aria-disabled") !== "true") { e.preventDefault(); location.hash = link.getAttribute("href"); }
    });
  }
}
