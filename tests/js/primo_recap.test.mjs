// Primo's other players followed on the table (web/games/primo/recap.js: the pause after a step, the
// "Since your last turn" recap from the observation's public log and `since`) and the words of a
// refusal (describe.js: "its tail needs an 11"), without a DOM.
import test from "node:test";
import assert from "node:assert/strict";
import { loadLanguage, setLanguage } from "../../web/i18n.js";
import { say } from "../../web/shell/say.js";
import { describe, needText } from "../../web/games/primo/describe.js";
import { pace, recapEntries, recapHtml } from "../../web/games/primo/recap.js";
import "../../web/games/index.js"; // registers the games' strings (English now, the others' loaders), as on the page

await Promise.all([loadLanguage("it"), loadLanguage("de")]); // as the page does when it uses them

const names = ["You", "Bianca", "Carlo"];
const nameOf = (s) => names[s] ?? "nobody";
const words = (d, you = 0) => say(describe(d, { nameOf }), nameOf, you);
const ctx = { nameOf, say: (d) => words(d) };

test("a refusal says the value a row needs as a player would, with its article", () => {
  setLanguage("en");
  assert.equal(needText(11), "an 11");
  assert.equal(needText(8), "an 8");
  assert.equal(needText(7), "a 7");
  const why = { key: "primo.why.value", args: { card: "5Y", row: "B", need: 11, end: "tail" } };
  assert.equal(words(why), "Yellow 5 does not fit row B: its tail needs an 11.");
  setLanguage("it");
  assert.match(words(why), /richiede un 11\.$/);
  setLanguage("de");
  assert.match(words(why), /verlangt eine 11\.$/);
  setLanguage("en");
  assert.equal(words({ key: "primo.refill", seat: 1, args: { n: 1 } }), "Bianca draws 1 card.");
  assert.equal(words({ key: "primo.refill", seat: 0, args: { n: 1 } }), "You draw 1 card.");
});

// Seat 0 ended its turn (entries 0, 1); Bianca played, her Take card sent row A's head onto seat
// 0's pile, she ended; Carlo passed, the step this View brought.
const took = (seat, card, row) => ({ key: "primo.took", seat, args: { card, row, opened: null } });
const LOG = [
  { seat: 0, key: "primo.end", args: { reason: "end" } },
  { seat: 0, key: "primo.refill", args: { n: 2 } },
  { seat: 1, key: "primo.add", args: { card: "7Y", row: "B" } },
  { seat: 1, key: "primo.take", args: { row: "A", takes: [took(2, "13B", "A"), took(0, "12Y", "B")] } },
  { seat: 1, key: "primo.end", args: { reason: "empty" } },
  { seat: 2, key: "primo.pass", args: {} },
];
const view = (over = {}) => ({
  seat: 0, current: 0, terminal: false, legal: ["pass"], actions: 9, say: [LOG[5]],
  observation: { players: 3, hands: [6, 6, 6], piles: [3, 3, 3], scores: [0, 0, 0], log: LOG, log_size: 6, since: 2 }, ...over,
});

test("the recap: each opponent's turn in a line of player words, what touched you marked, the newest step ringed", () => {
  setLanguage("en");
  assert.deepEqual(recapEntries(/** @type {any} */ (view())).map((e) => e.i), [2, 3, 4, 5]);
  const html = recapHtml(view(), ctx);
  const lines = html.split("</li>").filter((x) => x.includes("<li"));
  assert.equal(lines.length, 2);
  assert.match(lines[0], /<strong>Bianca:<\/strong> .*Yellow 7 on row B.*a Take card on row A: Carlo took Blue 13 from row A, Yellow 12 from row B went onto your pile.*played every hand card/);
  assert.match(lines[0], /po-recap-touched/);
  assert.match(lines[0], /class="po-recap-step po-recap-you"/);
  assert.match(lines[1], /<strong>Carlo:<\/strong> <span class="po-recap-step po-recap-now" data-i="5" data-key="primo.pass">passed<\/span>/);
  assert.doesNotMatch(html, /primo\.(?!\w+")|\{|undefined/);
  // A spectator has no recap; nothing yet since the seat's turn says so.
  assert.deepEqual(recapEntries(/** @type {any} */ (view({ seat: -1 }))), []);
  assert.match(recapHtml(view({ observation: { ...view().observation, since: 6 } }), ctx), /Nothing yet\./);
});

test("the recap stops at the seat's own turn under way, and reaches no further back than the log", () => {
  const mine = [...LOG, { seat: 0, key: "primo.add", args: { card: "3B", row: "C" } }];
  const v = view({ observation: { ...view().observation, log: mine, log_size: 7 } });
  assert.deepEqual(recapEntries(/** @type {any} */ (v)).map((e) => e.i), [2, 3, 4, 5]);
  const cut = view({ observation: { ...view().observation, log: LOG.slice(3), log_size: 6, since: 2 } });
  assert.deepEqual(recapEntries(/** @type {any} */ (cut)).map((e) => e.i), [3, 4, 5]);
});

test("the pause after another player's step: longer when it changed the rows, none after your own", () => {
  assert.equal(pace(view({ say: [LOG[2]] })), 700); // "normal": 2.8 card travels
  assert.equal(pace(view({ say: [LOG[5]] })), 300);
  assert.equal(pace(view({ say: [LOG[0], LOG[1]] })), null); // the seat on screen's own step: the shell's pace
});
