// @ts-check
// Primero's section of the rules page: how each rule set plays, its hand values and the
// decisions Primi took where the books are silent (from catalogue.json, built from the core).
import { esc } from "../../dom.js";
import { t } from "../../i18n.js";
import { handRules } from "./calc.js";

const paragraphs = (key) => t(key).split("\n").map((p) => `<p>${esc(p)}</p>`).join("");
const decisionList = (ds) => `<dl class="decisions">${ds.map((d) => `<dt id="decision-${esc(d.id)}">${esc(d.id)}</dt><dd>${esc(d.text)}</dd>`).join("")}</dl>`;

export function rulesSection(game, cat) {
  return `
    <h2 id="rules-${esc(game.name)}">${esc(game.label)}</h2>
    ${paragraphs("primero.rules.intro")}
    <nav class="row rules-toc" aria-label="${esc(game.label)}">${game.variants.map((v) => `<a class="btn secondary" href="#/rules?variant=${esc(v.name)}">${esc(v.label)}</a>`).join("")}</nav>
    ${game.variants.map((v) => {
      const r = cat.primero_rules.find((x) => x.variant === v.name);
      const hr = handRules(cat, r.hands);
      return `<article class="panel" id="rules-${esc(v.name)}" data-variant="${esc(v.name)}">
        <h3>${esc(v.label)}</h3>
        ${paragraphs("primero.rules." + v.name)}
        <h4>${esc(t("primero.rules.handvalues"))}</h4>
        <p>${esc(hr.ranking)} ${esc(hr.values)}</p>
        <h4>${esc(t("rules.decisions"))}</h4>
        ${decisionList(r.decisions)}
        <p><a class="btn" href="#/play/${esc(game.name)}?variant=${esc(v.name)}">${esc(t("home.play", { variant: v.label }))}</a></p>
      </article>`;
    }).join("")}`;
}
