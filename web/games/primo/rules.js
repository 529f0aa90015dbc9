// @ts-check
// Primo's section of the rules page: how each variant plays and the decisions Primi took where the
// rulebook is silent or contradicts itself (D-PO1–D-PO15, from catalogue.json: the core's rules
// records and pygame_core/decisions.py).
import { esc } from "../../dom.js";
import { t } from "../../i18n.js";

const paragraphs = (key) => t(key).split("\n").map((p) => `<p>${esc(p)}</p>`).join("");
const decisionList = (ds, variant) => `<dl class="decisions">${ds.map((d) => `<dt id="decision-${esc(d.id)}-${esc(variant)}">${esc(d.id)}</dt><dd>${esc(d.text)}</dd>`).join("")}</dl>`;
const VARIANT_TEXT = { base: "primo.rules.base", rounds: "primo.rules.rounds", alternate: "primo.rules.alternate", mono: "primo.rules.mono" };

/** The decisions of one variant: its rules record's, else every D-PO decision the catalogue has. */
function decisionsOf(cat, variant) {
  const records = cat.primo_rules || [];
  const r = records.find((x) => x.variant === variant);
  if (r && r.decisions && r.decisions.length) return r.decisions;
  const all = cat.primo_decisions || cat.decisions || [];
  return all.filter((d) => typeof d.id === "string" && d.id.startsWith("D-PO"));
}

export function rulesSection(game, cat) {
  return `
    <h2 id="rules-${esc(game.name)}">${esc(game.label)}</h2>
    ${paragraphs("primo.rules.intro")}
    <p><a href="#/primo/learn">${esc(t("primo.learn.home"))}</a></p>
    <nav class="row rules-toc" aria-label="${esc(game.label)}">${game.variants.map((v) => `<a class="btn secondary" href="#/rules?variant=po${esc(v.name)}">${esc(v.label)}</a>`).join("")}</nav>
    ${game.variants.map((v) => `<article class="panel" id="rules-po${esc(v.name)}" data-variant="${esc(v.name)}">
        <h3>${esc(v.label)}</h3>
        ${VARIANT_TEXT[v.name] ? paragraphs(VARIANT_TEXT[v.name]) : v.summary ? `<p>${esc(v.summary)}</p>` : ""}
        <h4>${esc(t("rules.decisions"))}</h4>
        ${decisionList(decisionsOf(cat, v.name), v.name)}
        <p><a class="btn" href="#/play/${esc(game.name)}?variant=${esc(v.name)}">${esc(t("home.play", { variant: v.label }))}</a></p>
      </article>`).join("")}`;
}
