// @ts-check
// Primi's translation tables. Every UI string goes through t(). English (EN, below) is the
// reference table; Italian and German are web/i18n/it.js and de.js, with the same keys, the same
// {placeholders} and the same plural forms. A key missing from the chosen language falls back to
// English (said once on the console with ?debug).
// These tables hold the shell's own strings only. Each game brings its own (the keys only its code
// and its core's Descriptions use) in web/games/<game>/strings.<lang>.js, and its module registers
// them with addStrings() when it loads; t() then finds them like the shell's.
// Keys used as data-i18n attributes in index.html are filled from here too.
import IT from "./i18n/it.js";
import DE from "./i18n/de.js";

const EN = {
  "skip": "Skip to content",
  "nav.games": "Games",
  "nav.rules": "Rules",
  "nav.settings": "Settings",
  "nav.main": "Main",
  "brand.home": "Primi home",
  "boot.label": "Starting the game engine",
  "boot.loading": "Loading…",
  "boot.shell": "Loading the table…",
  "boot.pyscript": "Loading PyScript…",
  "boot.python": "Downloading Python…",
  "boot.engine": "Starting the rules engine…",
  "boot.ready": "Ready",
  "boot.failed": "The game engine could not start: {error}. Reload the page to try again.",
  "progress.download": "Downloading the game: {done} of {total} MB",
  "progress.engine": "Loading the engine: {done} of {total} MB",
  "motion.help": "Also how fast cards and chips move. A click or a key skips a move.",
  "motion.reduced": "Your device asks for reduced motion, so cards do not move until you choose a speed here.",
  "sound.title": "Sound",
  "sound.on": "Play sounds (deal, bets, your turn, a win)",
  "sound.volume": "Volume",
  "sound.help": "Every sound also shows on screen. Off by default.",
  "boot.offline": "You are offline and this page was not installed yet. Connect once to install Primi for offline play.",
  "home.title": "Three card games, one table",
  "home.lede": "Primero, the Renaissance ancestor of poker; Primiera, a four-player Scopa; Primo, a shedding game with descending rows. Play in your browser against the computer or with friends at one screen.",
  "home.variants": "Rule sets",
  "home.players": "{min}–{max} players",
  "home.play": "Play {variant}",
  "home.playgame": "Play {game}",
  "home.soon": "Playable tables arrive in the next release; the rules engine is ready.",
  // Card names (web/cards.js cardName): "7 of diamonds", "Jack (Fante) of clubs", "Yellow 12".
  "card.name": "{rank} of {suit}",
  "card.court": "{rank} ({court})",
  "card.rank.A": "Ace",
  "card.rank.J": "Jack",
  "card.rank.Q": "Queen",
  "card.rank.K": "King",
  "card.suit.S": "spades",
  "card.suit.H": "hearts",
  "card.suit.D": "diamonds",
  "card.suit.C": "clubs",
  "card.isuit.S": "swords",
  "card.isuit.H": "cups",
  "card.isuit.D": "coins",
  "card.isuit.C": "clubs",
  "card.primo": "{colour} {n}",
  "card.colour.Y": "Yellow",
  "card.colour.B": "Blue",
  "card.top": "Top card",
  "card.take": "Take card",
  "setup.title": "New game of {game}",
  "setup.variant": "Rule set",
  "setup.players": "Players",
  "setup.seats": "Who plays each seat",
  "setup.seat": "Seat {n}",
  "setup.human": "Human",
  "setup.ai": "Computer ({level})",
  "setup.options": "Options",
  "setup.seed": "Deal seed",
  "setup.seed.help": "Optional. Leave it empty for a fresh deal: the seed is shown when the game ends. The same seed deals the same cards.",
  "setup.start": "Start the game",
  "setup.more": "More options",
  "setup.badseed": "The seed must be a whole number from 0 to 9007199254740991, or empty.",
  "setup.badnumber": "{label} must be a whole number.",
  "setup.toolow": "{label} must be at least {min}, not {n}.",
  "setup.toohigh": "{label} must be at most {max}, not {n}.",
  "setup.badvariant": "There is no rule set “{name}”; pick one below.",
  "level.easy": "easy",
  "level.medium": "medium",
  "level.hard": "hard",
  "table.title": "{game}: {variant}",
  "table.seats": "Other players",
  "table.actions": "Your actions",
  "table.log": "Log",
  "table.you": "You",
  "table.player": "Player {n}",
  "table.chips": "chips",
  "table.over": "The game is over.",
  "table.waiting": "Waiting for {name}…",
  "table.handhidden": "Hands are hidden while the device changes hands.",
  "table.notnow": "That move is not possible now. The table shows what you can do.",
  "handover.title": "Pass the device to {name}",
  "handover.text": "{name}: press the button when only you can see the screen.",
  "handover.since": "Since your last turn",
  "handover.show": "Show my hand",
  "dealend.next": "Next deal",
  "table.toend": "Playing the remaining deals…",
  "save.title": "Continue a game",
  "save.looking": "Looking for your saved games…",
  "save.none": "No game in progress. Every game you play is saved as you go.",
  "save.count": "{n} games in progress, saved as you played.",
  "save.count#one": "{n} game in progress, saved as you played.",
  "save.nostorage": "This browser does not let Primi keep saved games (private mode, or storage turned off). You can still play; games are not saved.",
  "save.players": "{n} players",
  "save.turn": "{name} to play",
  "save.turn.you": "your turn",
  "save.justnow": "just now",
  "save.locale": "en",
  "save.resume": "Resume",
  "save.resume.label": "Resume {game}: {variant}, {when}",
  "save.export": "Export",
  "save.delete": "Delete",
  "save.delete.label": "Delete the saved game of {game}: {variant}",
  "save.deleted": "Saved game deleted.",
  "save.deleteall": "Delete all saved games",
  "save.deleteall.confirm": "Delete all {n} saved games? This cannot be undone.",
  "save.deleteall.yes": "Yes, delete them all",
  "save.deletedall": "All saved games deleted.",
  "save.cancel": "Cancel",
  "save.unknown": "Unknown game",
  "save.aside.title": "Set aside",
  "save.aside": "{n} saved games could not be read and were set aside. Your other games are safe. Export a damaged save to keep it, or delete it.",
  "save.aside#one": "{n} saved game could not be read and was set aside. Your other games are safe. Export the damaged save to keep it, or delete it.",
  "save.bad.json": "The save is cut short or is not valid data (it was probably interrupted while being written).",
  "save.bad.type": "The save holds data of the wrong kind.",
  "save.bad.version": "The save is from another version of Primi (save format {version}) that this version cannot read.",
  "save.bad.action": "Move {n} in the save is not allowed by the rules, so the game cannot be replayed.",
  "save.bad.record": "The save names a game or rule set that Primi cannot start.",
  "save.unsaved": "Your browser refuses to store data here (private mode, or storage full), so this game will not be saved. You can keep playing.",
  "save.dismiss": "OK",
  "save.resuming": "Opening your saved game…",
  "save.nogame": "This game is not available in this version of Primi.",
  "save.import": "Open a game record…",
  "save.import.large": "That file is too large to be a game record.",
  "save.import.unreadable": "That file could not be read.",
  "save.import.bad": "That file is not a game record Primi can open: {error}",
  "save.exported": "Game record saved as a file.",
  "save.exportgame": "Save the game record",
  "save.undo": "Undo my last move",
  "save.undone": "Your last move was taken back.",
  "save.allowundo": "Allow undo",
  "save.allowundo.help": "Take back your last move against the computer (its replies are taken back too).",
  "save.count.some": "{n} games in progress, saved as you played; the {shown} most recent are listed.",
  "save.more": "Show {n} more (of {left} older games)",
  "save.kept.list": "This version's rules refuse move {n} of {total}: the game goes on from just before it. The original record is kept.",
  "save.kept.export": "Export the original",
  "save.over": "game over",
  "save.open": "Open",
  "save.open.label": "Open the finished game of {game}: {variant}, {when}",
  "save.kept.over": "This game went on under this version's rules, which refuse move {n} of {total} of its original record, and is over. The original record is kept until you delete it.",
  "save.kept.notice": "This version of Primi refuses move {n} of this saved game's {total} (its rules changed), so the game goes on from just before that move. The original record is kept: export it from the saved games on the home screen.",
  "save.import.seats": "Who plays each seat in this game of {game}: {variant}?",
  "save.import.seats.help": "Each seat is set as it was played (an older record does not say: then you and the computer); change any of them: a player at this screen or a computer level. The game goes on after its {n} moves, saved like any game.",
  "save.import.go": "Open the game",
  "stats.nav": "Statistics",
  "stats.title": "Your statistics",
  "stats.lede": "Games finished in this browser, by game and rule set. They stay on this device.",
  "stats.empty": "No finished game yet. Finish a game and its result appears here.",
  "stats.game": "Game",
  "stats.played": "Played",
  "stats.won": "Won",
  "stats.winrate": "Win rate",
  "stats.score": "Points or chips",
  "stats.rate": "{n}%",
  "stats.chips": "{n} chips",
  "stats.points": "{n} points",
  "stats.export": "Export statistics",
  "stats.exported": "Statistics saved as a file.",
  "stats.reset": "Reset statistics",
  "stats.reset.confirm": "Reset all statistics? This cannot be undone.",
  "stats.reset.yes": "Yes, reset them",
  "stats.wasreset": "Statistics reset.",
  "stats.daily.title": "Daily deals",
  "stats.daily.streak": "Streak (days in a row)",
  "stats.daily.best": "Best streak",
  "stats.daily.played": "Days played",
  "end.title": "Game over",
  "end.winners": "Winner: {names}.",
  "end.replay": "Replay this deal seed",
  "end.new": "New game",
  "coach.title": "Coach",
  "coach.on": "Show",
  "coach.off": "The coach is off.",
  "rules.title": "Rules",
  "rules.lede": "How Primi plays each game, including the decisions it took where the rulebooks are silent or contradict themselves. The computer players see only their own cards, and every deal can be replayed from its seed.",
  "rules.decisions": "Decisions Primi took where the book is silent or contradicts itself",
  "rules.trust": "The computer players see only their own cards: they get exactly the view a human in their seat would. Every game starts from a deal seed; the end screen offers it as a replay link, so anyone can check a deal.",
  "learn.loading": "Loading the lessons…",
  "learn.list": "All lessons",
  "learn.back": "Back",
  "learn.next": "Next",
  "learn.restart": "Restart",
  "settings.title": "Settings",
  "settings.suits": "Card style",
  "settings.suits.french": "French suits (♠ ♥ ♦ ♣)",
  "settings.suits.italian": "Italian suits (swords, cups, coins, clubs)",
  "settings.fourcolour": "Four-colour suits",
  "settings.largeindex": "Large card index",
  "settings.speed": "Speed of play and animation",
  "settings.speed.off": "Off (no animation)",
  "settings.speed.fast": "Fast",
  "settings.speed.normal": "Normal",
  "settings.speed.slow": "Slow",
  "settings.saved": "Settings saved.",
  "settings.corrupt": "Your saved settings could not be read, so the defaults are back.",
  "settings.lang": "Language",
  "settings.lang.auto": "The browser's language",
  "settings.lang.en": "English",
  "settings.lang.it": "Italiano",
  "settings.lang.de": "Deutsch",
  "rules.quotes": "Quotations from the rulebooks stay in the rulebooks' own words (English transcriptions).",
  "error.route": "There is no page at “{route}”. Here are the games instead.",
  "update.ready": "A new version of Primi is ready. Switch now, or it loads the next time you open Primi. A game in progress is kept.",
  "update.switch": "Switch now",
  "update.switching": "Switching…",
  "error.internal": "Sorry, something went wrong in the game engine. Your game is unchanged; try again, or start a new game.",
  "table.nobody": "Nobody",
  "table.watching": "You are watching the computer play: each hand stays hidden until it is shown.",
  "dealend.final": "See the final result",
  "table.thinking": "{name} is thinking…",
  "log.older": "Show older entries",
  "end.seed": "Deal seed: {seed}",
  "end.rematch": "Rematch",
  "link.copy": "Copy link",
  "link.share": "Copy the link to this deal",
  "link.label": "Link",
  "link.copied": "Copied. Whoever opens it gets the same deal.",
  "link.copyfailed": "Copy the link above: this browser did not let Primi use the clipboard.",
  "link.shared": "Shared.",
  "link.twice": "This link gives “{name}” twice. Here are the games instead.",
  "link.badgame": "This link names a game Primi does not have (“{name}”). Here are the games instead.",
  "link.badvariant": "There is no rule set “{name}” in {game}. The link may be broken; here are the games instead.",
  "link.badparam": "This link has “{name}”, which {variant} does not know. Here are the games instead.",
  "link.badplayers": "This link asks for “{value}” players, but {variant} is for {min} to {max} players. Here are the games instead.",
  "link.badseat": "This link names an unknown kind of player (“{value}”). Here are the games instead.",
  "link.seatcount": "This link says who plays {n} places at a table of {players}. Here are the games instead.",
  "link.badoption": "This link gives {label} as “{value}”, which is not a valid choice. Here are the games instead.",
  "link.optionrange": "This link gives {label} as {value}, outside {min} to {max}. Here are the games instead.",
  "link.badseed": "This link's deal seed “{value}” is not a whole number from 0 to 9007199254740991. Here are the games instead.",
  "link.badundo": "This link gives undo as “{value}”; it can be 1 (on) or 0 (off). Here are the games instead.",
  "link.norules": "There are no rules called “{name}”. Here are the games instead.",
  "link.toolong": "This replay is too long to open from a link. Here are the games instead.",
  "link.badbase64": "This replay link is damaged (its letters are not a packed record); it may have been cut short. Here are the games instead.",
  "link.baddeflate": "This replay link is damaged (its record cannot be unpacked); it may have been cut short. Here are the games instead.",
  "daily.tile": "Daily deal",
  "daily.title": "Daily deal of {game}",
  "daily.lede": "{date} (UTC): everyone who plays today gets these same cards. There is no undo. A new deal comes at midnight UTC.",
  "daily.setup": "{variant}, {players} players: you against the computer (medium), in one short game.",
  "daily.stats": "Streak: {streak} · best {best} · played {played}, won {won}.",
  "daily.streak": "Streak {n}",
  "daily.play": "Play today's deal",
  "daily.again": "Play it again (your first result stays)",
  "daily.result": "Today's result",
  "daily.share": "Share the result",
  "daily.share.title": "Primi · {game} daily deal · {date}",
  "daily.share.won": "Won: 1st of {players} ({score})",
  "daily.share.lost": "Place {place} of {players} ({score})",
  "daily.share.streak": "Streak: {n}",
  "daily.notsaved": "This browser does not let Primi keep your result; the streak will not count it.",
  "replay.link": "Replay link",
  "replay.watch": "Watch the replay",
  "replay.toolong": "This game is too long for a link: its record was saved as a file instead. Open it under Replay.",
  "replay.title.short": "Replay",
  "replay.title": "Replay: {game}, {variant}",
  "replay.badversion": "This replay link is from another version of Primi (“{version}”), which this one cannot read. Here are the games instead.",
  "replay.bad": "This replay cannot be shown: {error} Here are the games instead.",
  "replay.open.lede": "Open a game record file saved by Primi to step through the game.",
  "replay.open.file": "Game record",
  "replay.controls": "Replay controls",
  "replay.first": "« Start",
  "replay.prev": "◀ Back",
  "replay.next": "Forward ▶",
  "replay.last": "End »",
  "replay.slider": "Step",
  "replay.show": "Show",
  "replay.seat.all": "Every hand",
  "replay.seat.table": "The table only",
  "replay.seat.one": "{name}'s view",
  "replay.seat.you": "Your view",
  "replay.hands": "Every hand",
  "replay.nohand": "no cards",
  "replay.hidden.all": "Every hand is shown below.",
  "replay.hidden.table": "The table only: no hand is shown.",
  "replay.step": "Step {step} of {steps}.",
  "replay.step.end": "Step {step} of {steps}: the end. Winner: {names}.",
  // keys., read., err.: the keyboard, read the table, engine errors in the player's words (shell/keys.js, errors.js)
  "keys.title": "Keyboard shortcuts",
  "keys.lede": "Single keys act on the table while no text field or list has focus.",
  "keys.offhow": "Single-key shortcuts can be turned off in Settings (“Single-key shortcuts”).",
  "keys.areoff": "Single-key shortcuts are off: turn them on in Settings (“Single-key shortcuts”).",
  "settings.keys": "Single-key shortcuts",
  "settings.keys.help": "Keys such as P (pass) or R (read the table) act at once at the table. Turn them off if you use speech input or press keys by accident.",
  "settings.confirm": "Confirm each play",
  "settings.confirm.help": "Off: a card with only one possible move plays on one tap, once what it takes or where it goes has lit up. On: the first tap picks the card, a second tap (or its button or target) plays it.",
  "handover.esc": "The hand-over stays until you press “Show my hand”.",
  "keys.close": "Close",
  "keys.button": "Keyboard shortcuts",
  "keys.k.help": "?",
  "keys.d.help": "Open this list",
  "keys.k.read": "R",
  "keys.d.read": "Read the whole table aloud (for screen readers)",
  "keys.k.tab": "Tab",
  "keys.d.tab": "Move between the parts of the table: your hand, the actions, the tools, the log",
  "keys.k.arrows": "← →",
  "keys.d.arrows": "Move within your hand or the action bar",
  "keys.k.enter": "Enter / Space",
  "keys.d.enter": "Press the control in focus",
  "keys.k.esc": "Esc",
  "keys.d.esc": "Close a dialog, or go on from a deal's summary",
  "read.button": "Read the table",
  "read.hand": "hand: {cards}",
  "read.yourturn": "your turn",
  "read.turn": "{name} to play",
  "err.move": "That move is not possible now. The table shows what you can do.",
  "err.computer": "That player is played by the computer: its cards stay hidden until the end.",
  "err.notshown": "A player's cards are shown only on their turn.",
  "err.onscreen": "Only the player on screen can do that; show that player first.",
  "err.notyourturn": "It is not your turn.",
  "err.over": "The game is over.",
  "err.noplayer": "This game has no player {n}.",
  "err.undo.off": "Undo is off for this game.",
  "err.undo.over": "The game is over: there is nothing to undo.",
  "err.undo.since": "Another player has played since your last move: it cannot be undone.",
  "err.undo.none": "You have made no move to undo yet.",
  "err.record.later": "The game record is given when the game is over, or when you export it.",
  "err.session": "That game is no longer open in this tab; start it again from its record.",
  "err.daily.date": "A daily deal needs a date written YYYY-MM-DD.",
  "err.daily.seed": "A daily deal has no seed of its own.",
  "err.replay.unfinished": "This record's game is not over; a replay shows finished games only.",
  "err.record.long": "The record is too long.",
  "err.replay.steps": "This replay has steps 0 to {n}.",
  "err.save.gone": "That saved game is no longer there.",
  "err.save.damaged": "That saved game is damaged; it is set aside: you can export it or delete it.",
  "err.storage": "Saved games are not available here.",
  "err.storage.refused": "The browser refused to store the game; it goes on, unsaved.",
  "err.record.large": "That file is too large to be a game record.",
  "err.record.players": "The record does not say how many players there are.",
  "err.record.action": "The record's action {n} cannot be played at that point.",
  "err.seats": "Give one player kind per seat: a person or a computer level.",
  "err.options": "These game options are not valid.",
  "err.record": "This game record cannot be read.",
  "err.request": "The game could not do that. Your game is unchanged.",
  "err.input": "That is not something the game can use: check what you entered.",
};

const TABLES = { en: EN, it: IT, de: DE };
export const LANGUAGES = ["en", "it", "de"];

/** Add a game's strings, {en: {...}, it: {...}, de: {...}}, to the tables (a language Primi does
 * not offer is ignored; a missing one falls back to English like any key). A key is defined once:
 * one already in a table keeps its text, and the clash is said on the console. */
export function addStrings(tables) {
  for (const [code, strings] of Object.entries(tables || {})) {
    const table = TABLES[code];
    if (!table) continue;
    for (const [key, text] of Object.entries(strings || {})) {
      if (!(key in table)) {
        table[key] = text;
        if (table === EN) KEYS.push(key);
      } else if (table[key] !== text) {
        console.warn("i18n: key defined twice", code, key);
      }
    }
  }
}
let lang = "en";
const DEBUG = typeof location !== "undefined" && new URLSearchParams(location.search).has("debug");
const untranslated = new Set();

/** The language the browser asks for: the first of navigator.languages that Primi has (it*, de*,
 * en*), else English. */
export function browserLanguage(list = (typeof navigator !== "undefined" && (navigator.languages || [navigator.language])) || []) {
  for (const tag of list) {
    const base = String(tag || "").toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** Use language `code` ("en", "it", "de"; "auto" or anything else: the browser's). Sets <html lang>. */
export function setLanguage(code) {
  lang = LANGUAGES.includes(code) ? code : browserLanguage();
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  return lang;
}

export function language() {
  return lang;
}

// Plurals: a message with a number `n` may have forms KEY#one, KEY#few, … (Intl.PluralRules
// categories of the language); KEY itself is the "other" form. "1 chip", "2 chips"; Italian and
// German need only #one, other languages get theirs the same way.
const plurals = {};
const pluralOf = (n) => (plurals[lang] ||= new Intl.PluralRules(lang)).select(n);

function lookup(table, key, vars) {
  let s;
  if (typeof vars.n === "number") {
    const form = `${key}#${pluralOf(vars.n)}`;
    s = table[form] ?? (table[key] === undefined ? undefined : table[key]);
  }
  return s ?? table[key];
}

export function t(key, vars = {}) {
  const table = TABLES[lang] || EN;
  let s = table === EN ? undefined : lookup(table, key, vars);
  if (s === undefined) {
    s = lookup(EN, key, vars);
    if (s !== undefined && table !== EN && DEBUG && !untranslated.has(lang + key)) {
      untranslated.add(lang + key);
      console.warn("i18n: untranslated key", lang, key);
    }
  }
  if (s === undefined) {
    console.warn("i18n: missing key", key);
    s = key;
  }
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

// Texts the core writes in English (the catalogue's labels, the rules decisions, the Primero
// lessons), with their translations from the catalogue (pygame_core/translations.py).
let coreTexts = {};
export function setCoreTexts(translations) {
  coreTexts = translations || {};
}

/** The core's English text in the current language (the English itself if there is none). */
export function tx(text) {
  return (coreTexts[lang] && coreTexts[lang].text && coreTexts[lang].text[text]) || text;
}

/** A rules decision's text in the current language, by its number. */
export function txDecision(id, text) {
  return (coreTexts[lang] && coreTexts[lang].decisions && coreTexts[lang].decisions[id]) || text;
}

export function hasKey(key) {
  return key in EN;
}

/** @param {ParentNode} [root] */
export function applyStatic(root = document) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n]"))) el.textContent = t(el.dataset.i18n);
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-aria]"))) el.setAttribute("aria-label", t(el.dataset.i18nAria));
}

/** Every English key: the shell's and those the games added. */
export const KEYS = Object.keys(EN);
