// @ts-check
// Primero at the keyboard and for a screen reader (GameModule.keys; the shell's shell/keys.js owns
// the "?" dialog, roving focus and "read the table"): P pass, S see, F fold, 1–9 an amount, and the
// table in one sentence from the shown seat's observation.
import { $, clickIf as click } from "../../dom.js";
import { t } from "../../i18n.js";
import { cardName } from "../../cards.js";

const help = [["P", "primero.keys.d.pass"], ["S", "primero.keys.d.see"], ["F", "primero.keys.d.fold"], ["1–9", "primero.keys.d.amount"], ["Enter", "primero.keys.d.confirm"]];

function onKey(e) {
  const k = e.key.toLowerCase();
  const first = (verbs) => verbs.some((v) => click(`#actions button[data-action="${v}"]:not([disabled])`));
  // P passes; in Northpass and Suzuki passing is a trade: P starts it, and once cards are picked confirms it.
  if (k === "p") {
    if (first(["pass", "refuse"]) || click("#actions [data-trade-start]") || click("#actions [data-primary][data-action^='trade ']")) return true;
    // A trade under way with no card (or too many) picked: P goes to the cards, whose hint says what to pick.
    const card = document.querySelector("#my-hand button.card[tabindex='0']") || document.querySelector("#my-hand button.card");
    if (card instanceof HTMLElement && $("#actions #card-hint")) { card.focus(); return true; }
    return false;
  }
  if (k === "s") return first(["see", "match", "stay"]);
  if (k === "f") return first(["fold"]);
  if (/^[1-9]$/.test(k)) {
    // An amount: the bet button with that amount, or that amount in the claim composer.
    const b = /** @type {HTMLButtonElement | null} */ (document.querySelector(`#actions .bet-group button[data-action$=" ${k}"]:not([disabled])`));
    if (b) { b.click(); return true; }
    const amount = $("#claim-amount");
    if (amount && [...amount.options].some((o) => o.value === k)) {
      amount.value = k;
      amount.dispatchEvent(new Event("change"));
      $("#claim-go").focus();
      return true;
    }
    return false;
  }
  return false;
}

function read(v, x) {
  const o = v.observation;
  const bits = [t("primero.read.deal", { n: o.deal, phase: t("primero.phase." + o.phase), pot: o.pot })];
  if (o.claim && !v.terminal) bits.push(t("primero.read.claim", { claim: t("primero.claim", { kind: t("primero.kind." + o.claim.split(" ")[0]), points: o.claim.split(" ")[1] }) }));
  for (const s of o.seats || []) {
    const state = [t("primero.table.chipcount", { n: s.chips })];
    if (s.bet) state.push(t("primero.table.bet", { n: s.bet }));
    if (s.folded) state.push(t("primero.table.folded"));
    if (s.all_in) state.push(t("primero.table.allin"));
    if (s.out) state.push(t("primero.table.out"));
    if (s.seat === o.dealer) state.push(t("primero.table.dealer"));
    if (s.seat === v.seat && o.hand) {
      state.push(t("read.hand", { cards: o.hand.map((c) => cardName(c, x.settings.suits)).join(", ") }));
      if (o.hand_value) state.push(`${t("primero.kind." + o.hand_value.kind)} ${o.hand_value.points}`);
    } else state.push(t("primero.table.cardcount", { n: s.card_count }).replace(/, .*$/, ""));
    bits.push(`${x.nameOf(s.seat)}: ${state.join(", ")}`);
  }
  return bits;
}

export const keys = { help, onKey, read };
