// Primi's one translation table. Every UI string goes through t(); English for now.
// Keys used as data-i18n attributes in index.html are filled from here too.
const EN = {
  "skip": "Skip to content",
  "nav.games": "Games",
  "nav.calc": "Hand calculator",
  "nav.rules": "Rules",
  "nav.settings": "Settings",
  "boot.loading": "Loading…",
  "boot.shell": "Loading the table…",
  "boot.pyscript": "Loading PyScript…",
  "boot.python": "Downloading Python…",
  "boot.engine": "Starting the rules engine…",
  "boot.ready": "Ready",
  "boot.failed": "The game engine could not start: {error}. Reload the page to try again.",
  "boot.offline": "You are offline and this page was not installed yet. Connect once to install Primi for offline play.",
  "home.title": "Three card games, one table",
  "home.lede": "Primero, the Renaissance ancestor of poker; Primiera, a four-player Scopa; Primo, a shedding game with descending rows. Play in your browser against the computer or with friends at one screen.",
  "home.variants": "Rule sets",
  "home.players": "{min}–{max} players",
  "home.calc": "Primero hand calculator",
  "home.calc.blurb": "Pick four cards and see what they are worth under every rule set.",
  "home.play": "Play {variant}",
  "home.soon": "Playable tables arrive in the next release; the rules engine is ready.",
  "calc.title": "Primero hand calculator",
  "calc.lede": "Pick four cards by tapping them, with the arrow keys and Enter, or by typing them. Primi says what the hand is and what it is worth under every rule set.",
  "calc.rules": "Rule set",
  "calc.wild": "Jack of hearts is wild (RMS option, D-PR6)",
  "calc.type": "Type a hand",
  "calc.type.help": "Rank then suit, e.g. 7S 6H AD KC (S spades/swords, H hearts/cups, D diamonds/coins, C clubs).",
  "calc.type.apply": "Use these cards",
  "calc.clear": "Clear",
  "calc.hand": "Your hand",
  "calc.slot": "Empty slot {n}",
  "calc.deck": "Deck",
  "calc.pick": "{card}",
  "calc.full": "A Primero hand has 4 cards. Remove one before picking {card}.",
  "calc.need": "Pick {n} more card(s).",
  "calc.waiting": "The rules engine is starting; your hand will be scored in a moment.",
  "calc.result": "{kind} worth {points}",
  "calc.total": "whole hand {total}",
  "calc.counting": "Cards that count",
  "calc.across": "The same hand under every rule set",
  "calc.col.rules": "Rule set",
  "calc.col.kind": "Kind",
  "calc.col.points": "Points",
  "calc.notindeck": "not in this deck",
  "calc.decisions": "Decisions Primi took where the books are silent",
  "calc.wildas": "the Jack of hearts plays as {card}",
  "calc.share": "Link to this hand",
  "calc.announce": "{kind}, {points} points under {rules}.",
  "calc.badlink": "That link holds a hand Primi could not read ({error}); the calculator starts empty.",
  "kind.numerus": "Numerus",
  "kind.primero": "Primero",
  "kind.supremus": "Supremus",
  "kind.punto": "Punto",
  "kind.fluxus": "Fluxus",
  "kind.chorus": "Chorus",
  "rules.title": "Rules",
  "rules.lede": "How Primi plays each game, including the decisions it took where the rulebooks are silent or contradict themselves. The computer players see only their own cards, and every deal can be replayed from its seed.",
  "settings.title": "Settings",
  "settings.suits": "Card style",
  "settings.suits.french": "French suits (♠ ♥ ♦ ♣)",
  "settings.suits.italian": "Italian suits (swords, cups, coins, clubs)",
  "settings.fourcolour": "Four-colour suits",
  "settings.largeindex": "Large card index",
  "settings.saved": "Settings saved.",
  "settings.corrupt": "Your saved settings could not be read, so the defaults are back.",
  "error.route": "There is no page at “{route}”. Here are the games instead.",
  "update.ready": "A new version of Primi is ready. It loads the next time you open Primi.",
};

const TABLES = { en: EN };
let lang = "en";

export function t(key, vars = {}) {
  const table = TABLES[lang] || EN;
  let s = table[key] ?? EN[key];
  if (s === undefined) {
    console.warn("i18n: missing key", key);
    s = key;
  }
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

export function hasKey(key) {
  return key in EN;
}

export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}

export const KEYS = Object.keys(EN);
