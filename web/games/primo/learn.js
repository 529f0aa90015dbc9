// @ts-check
// Primo's "Learn by example" (#/primo/learn?lesson=…&step=…): the rulebook's example turns of
// Elisabeth, Svenja and Michael, step by step. Every step (the rows, the hand, what was played
// and why) comes from the worker (game_op "lessons"), computed by the rules core from the same
// scenario as the golden test.
import { $, esc } from "../../dom.js";
import { t, hasKey } from "../../i18n.js";
import { cardArt, cardName } from "../../cards.js";
import { say } from "../../shell/say.js";
import { cardParts, parseAction } from "./model.js";
import { describe, isCard } from "./describe.js";

let lessons = null;
let keysWired = false;
const ROWS = ["A", "B", "C", "D", "E", "F"];

function joinAnd(items) {
  if (items.length <= 1) return items.join("");
  return t("primo.and", { a: items.slice(0, -1).join(", "), b: items[items.length - 1] });
}

/** A lesson message ({key, seat?, args} or plain text) in words: cards and seats become names. */
export function lessonText(msg, nameOf = (s) => String(s)) {
  if (!msg) return "";
  if (typeof msg === "string") return hasKey(msg) ? t(msg) : msg;
  if (typeof msg.seat === "number" || msg.key.startsWith("primo.")) return say(describe(msg, { nameOf }), nameOf);
  const args = {};
  for (const [k, v] of Object.entries(msg.args || {})) {
    if (isCard(v)) args[k] = cardName(v);
    else if (Array.isArray(v) && v.every(isCard)) args[k] = joinAnd(v.map((c) => cardName(c)));
    else if (v && typeof v === "object" && typeof v.key === "string") args[k] = lessonText(v);
    else if (Array.isArray(v)) args[k] = v.join(", ");
    else args[k] = v;
  }
  return t(msg.key, args);
}

function hashFor(id, step) {
  return `#/primo/learn?lesson=${encodeURIComponent(id)}&step=${step}`;
}

// The rows of a step: [{name, cards}] or {A: [...], ...} or [[...], ...].
function rowsOf(s) {
  const src = s.rows || (s.observation && s.observation.rows) || null;
  if (!src) return null;
  if (Array.isArray(src)) return src.map((r, i) => (Array.isArray(r) ? { name: ROWS[i], cards: r } : r));
  return ROWS.map((r) => ({ name: r, cards: src[r] || [] }));
}

function marked(s) {
  const m = new Set(s.cleared || []);
  const a = s.action ? parseAction(s.action) : null;
  if (a && a.row) m.add(a.row);
  if (a && a.to) m.add(a.to);
  for (const r of s.mark || s.marks || []) if (typeof r === "string" && ROWS.includes(r)) m.add(r);
  return m;
}

function rowsHtml(rows, s, ctx) {
  const mark = marked(s);
  return `<div class="po-rows po-learn-rows" role="list" aria-label="${esc(t("primo.rows"))}">${rows.map((row) => {
    const n = row.cards.length;
    const label = n ? t(n === 1 ? "primo.row.label.one" : "primo.row.label", { row: row.name, head: cardParts(row.cards[0]).value, tail: cardParts(row.cards[n - 1]).value, n }) : t("primo.row.empty", { row: row.name });
    return `<div class="po-row ${mark.has(row.name) ? "po-target" : ""}" role="listitem" data-row="${esc(row.name)}" aria-label="${esc(label)}">
      <span class="po-row-label" aria-hidden="true">${esc(row.name)}</span>
      <div class="po-row-cards" style="--n:${Math.max(n, 1)}" aria-hidden="true">${n ? row.cards.map((c, i) => `<span class="card po-card" style="--i:${i}" data-card="${esc(c)}">${cardArt(c, ctx.cardOpts())}</span>`).join("") : `<span class="po-slot po-base">${esc(t("primo.base"))}</span>`}</div>
    </div>`;
  }).join("")}</div>`;
}

/** The lessons, fetched once. @param {import("../../protocol").ShellContext} ctx */
async function loadLessons(ctx) {
  if (!lessons) {
    const answer = await ctx.gameOp("primo", "lessons", {});
    if (!answer.ok) throw new Error(ctx.errorText(answer));
    const res = answer.result;
    lessons = Array.isArray(res) ? res : res && Array.isArray(res.lessons) ? res.lessons : [res];
  }
  return lessons;
}

/** The lessons for the Learn page (shell/learn.js). @param {import("../../protocol").ShellContext} ctx
 * @returns {Promise<import("../../protocol").LessonEntry[]>} */
export async function lessonList(ctx) {
  return (await loadLessons(ctx)).map((l) => ({
    id: l.id, title: lessonText(l.title), href: hashFor(l.id, 0), help: t("learn.steps", { n: l.steps.length }),
  }));
}

export async function renderLearn(main, params, ctx) {
  main.innerHTML = `<section class="screen" id="screen-po-learn" aria-labelledby="po-learn-title">
    <h1 id="po-learn-title">${esc(t("primo.learn.title"))}</h1>
    <p class="lede">${esc(t("primo.learn.lede"))}</p>
    <p class="message error" id="po-learn-message" role="alert"></p>
    <div id="po-learn-body"><p class="help">${esc(t("learn.loading"))}</p></div>
  </section>`;
  if (!lessons) {
    try {
      await loadLessons(ctx);
    } catch (err) {
      if ($("#po-learn-message")) $("#po-learn-message").textContent = err.message;
      return;
    }
    if (!$("#po-learn-body")) return;
  }
  if (!lessons.length) return;
  const want = params.get("lesson") || lessons[0].id;
  const lesson = lessons.find((l) => l.id === want) || lessons[0];
  let step = Number(params.get("step") || 0);
  if (!Number.isInteger(step) || step < 0 || step >= lesson.steps.length) step = 0;
  const s = lesson.steps[step];
  const rows = rowsOf(s);
  const hand = s.hand || null;
  const people = lesson.names || [];
  const nameOf = (i) => people[i] || t("primo.learn.player");
  const who = typeof s.seat === "number" && people[s.seat] ? people[s.seat] : "";
  const cleared = s.cleared || [];
  $("#po-learn-body").innerHTML = `
    ${lessons.length > 1 ? `<nav class="row" aria-label="${esc(t("learn.list"))}">${lessons.map((l) => `<a class="btn secondary" href="${hashFor(l.id, 0)}" ${l.id === lesson.id ? 'aria-current="page"' : ""}>${esc(lessonText(l.title))}</a>`).join("")}</nav>` : ""}
    <article class="panel" id="po-lesson" data-lesson="${esc(lesson.id)}" data-step="${step}" ${s.action ? `data-step-action="${esc(s.action)}"` : ""}>
      <h2>${esc(lessonText(lesson.title))}</h2>
      <p class="help">${lesson.source ? `${esc(t("primo.learn.source", { source: lessonText(lesson.source) }))} · ` : ""}<span id="po-learn-progress">${esc(t("primo.learn.step", { step: step + 1, steps: lesson.steps.length }))}</span></p>
      ${who ? `<p id="po-learn-who"><strong>${esc(who)}</strong></p>` : ""}
      <p class="po-learn-text" id="po-learn-text" aria-live="polite">${esc(lessonText(s.say || s.text, nameOf))}${s.note ? ` <span id="po-learn-note">${esc(lessonText(s.note, nameOf))}</span>` : ""}</p>
      ${cleared.length ? `<p class="badge" id="po-learn-cleared">${esc(t("primo.learn.cleared", { rows: cleared.join(", ") }))}</p>` : ""}
      ${rows ? rowsHtml(rows, s, ctx) : ""}
      ${hand ? `<div class="po-learn-hand"><span class="help">${esc(t("primo.learn.hand", { name: who || t("primo.learn.player") }))}</span><div class="po-hand hand-row">${hand.map((c) => `<span class="card po-card" role="img" aria-label="${esc(cardName(c))}">${cardArt(c, ctx.cardOpts())}</span>`).join("")}</div></div>` : ""}
      <div class="row learn-nav">
        <a class="btn secondary" id="po-learn-back" href="${hashFor(lesson.id, Math.max(0, step - 1))}" ${step === 0 ? 'aria-disabled="true" tabindex="-1"' : ""}>${esc(t("learn.back"))}</a>
        ${step + 1 < lesson.steps.length
          ? `<a class="btn" id="po-learn-next" data-primary href="${hashFor(lesson.id, step + 1)}">${esc(t("learn.next"))}</a>`
          : `<a class="btn" id="po-learn-next" data-primary href="${hashFor(lesson.id, 0)}">${esc(t("learn.restart"))}</a>`}
      </div>
    </article>`;
  if (!keysWired) {
    keysWired = true;
    document.addEventListener("keydown", (e) => {
      if (!$("#po-lesson") || /** @type {Element} */ (e.target).closest("input, select, textarea")) return;
      const link = e.key === "ArrowRight" ? $("#po-learn-next") : e.key === "ArrowLeft" ? $("#po-learn-back") : null;
      if (link && link.getAttribute("aria-disabled") !== "true") { e.preventDefault(); location.hash = link.getAttribute("href"); }
    });
  }
}
