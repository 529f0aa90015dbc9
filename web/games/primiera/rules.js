// @ts-check
// Primiera's section of the rules page: how each mode plays and the decisions Primi took where
// the rulebook is silent (from catalogue.json, built from the core's rules records).
import { esc } from "../../dom.js";
import { t } from "../../i18n.js";

const paragraphs = (key) => t(key).split("\n").map((p) => `<p>${esc(p)}</p>`).join("");
const decisionList = (ds) => `<dl class="decisions">${ds.map((d) => `<dt id="decision-${esc(d.id)}-${esc(d.variant)}">${esc(d.id)}</dt><dd>${esc(d.text)}</dd>`).join("")}</dl>`;

export function rulesSection(game, cat) {
  const records = cat.primiera_rules || [];
  return `
    <h2 id="rules-${esc(game.name)}">${esc(game.label)}</h2>
    ${paragraphs("primiera.rules.intro")}
    <p><a href="#/primiera/score">${esc(t("primiera.rules.scorer"))}</a> · <a href="#/primiera/learn">${esc(t("primiera.learn.home"))}</a></p>
    <nav class="row rules-toc" aria-label="${esc(game.label)}">${game.variants.map((v) => `<a class="btn secondary" href="#/rules?variant=pa${esc(v.name)}">${esc(v.label)}</a>`).join("")}</nav>
    ${game.variants.map((v) => {
      const r = records.find((x) => x.variant === v.name) || { decisions: [] };
      return `<article class="panel" id="rules-pa${esc(v.name)}" data-variant="${esc(v.name)}">
        <h3>${esc(v.label)}</h3>
        ${paragraphs("primiera.rules." + v.name)}
        <h4>${esc(t("rules.decisions"))}</h4>
        ${decisionList(r.decisions.map((d) => ({ ...d, variant: v.name })))}
        <p><a class="btn" href="#/play/${esc(game.name)}?variant=${esc(v.name)}">${esc(t("home.play", { variant: v.label }))}</a></p>
      </article>`;
    }).join("")}`;
}
