// @ts-check
// Primi's translation tables. Every UI string goes through t(). English (web/i18n/en.js) is the
// reference table; Italian and German are web/i18n/it.js and de.js, with the same keys, the same
// {placeholders} and the same plural forms. A key missing from the chosen language falls back to
// English (said once on the console with ?debug).
// These tables hold the shell's own strings only. Each game brings its own (the keys only its code
// and its core's Descriptions use, each starting with the game's registry name and a dot)
// in web/games/<game>/strings.<lang>.js; the games' registry (web/games/index.js) registers them:
// the English ones with addStrings() at once, the others with addTables(). t() then finds them
// like the shell's. A game may use the shell's keys too.
// English is always here (the reference, the fallback, the keys the errors check). Italian and
// German are downloaded only when the page uses them (useLanguage, before the first render in
// that language): a first visit in English never fetches them.
// Keys used as data-i18n attributes in index.html are filled from here too.
import EN from "./i18n/en.js";

/** @type {{[code: string]: {[key: string]: string}}} */
const TABLES = { en: EN };
export const LANGUAGES = ["en", "it", "de"];

/** @typedef {() => Promise<{default: {[key: string]: string}}>} TableLoader */
/** Each other language's tables, as loaders: the shell's here, the games' added by addTables().
 * @type {{[code: string]: TableLoader[]}} */
const LOADERS = { it: [() => import("./i18n/it.js")], de: [() => import("./i18n/de.js")] };
/** @type {{[code: string]: Promise<void>}} */
const loading = {};

/** A table of `code` to download with the shell's when that language is first used (a game's). */
export function addTables(code, load) {
  LOADERS[code]?.push(load);
}

/** Download language `code`'s tables, once (English: nothing to do). Rejects when one cannot be
 * had (offline before the site was saved); a later call tries again. */
export function loadLanguage(code) {
  if (TABLES[code] || !LOADERS[code]) return Promise.resolve();
  loading[code] ??= Promise.all(LOADERS[code].map((load) => load())).then(([shell, ...games]) => {
    TABLES[code] = shell.default; // the games' strings added into it, as into English's
    for (const mod of games) addStrings({ [code]: mod.default });
  }).finally(() => { delete loading[code]; });
  return loading[code];
}

/** Add strings, {en: {...}, it: {...}}, to the tables (a language Primi does not offer, or whose
 * tables are not loaded, is ignored; a missing one falls back to English like any key). A key is
 * defined once: one already in a table keeps its text, and the clash is said on the console. */
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

/** Use language `code` ("en", "it", "de"; "auto" or anything else: the browser's), its tables
 * downloaded first, so nothing shows half in English. Resolves to the language in use: the one
 * asked for, or (its tables could not be had) the one in use before. */
export async function useLanguage(code) {
  const want = languageOf(code);
  try {
    await loadLanguage(want);
  } catch (err) {
    console.warn("i18n: the tables of", want, "could not be loaded:", err && err.message ? err.message : err);
    return lang;
  }
  return setLanguage(want);
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

/** The language a setting means: "en", "it" or "de" as itself, "auto" or anything else the
 * browser's. @param {string} code */
export const languageOf = (code) => (LANGUAGES.includes(code) ? code : browserLanguage());

/** Use language `code` ("en", "it", "de"; "auto" or anything else: the browser's) at once. Sets
 * <html lang>. Its tables, if not loaded yet (useLanguage loads them), fall back to English. */
export function setLanguage(code) {
  lang = languageOf(code);
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

/** The text of `key` in the page's language, its {placeholders} filled from `vars`.
 * @type {import("./protocol").Translate} */
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

// Texts the core writes in English (the catalogue's labels, summaries and helps, the rules decisions),
// with their words in the other languages (pygame_core/translations.py; build.py writes each
// language's as catalogue.<lang>.json beside the English catalogue.json): texts by key, decisions
// by number. No table here is keyed by English text.
/** @type {{[code: string]: {text?: {[key: string]: string}, decisions?: {[id: string]: string}}}} */
const coreTexts = {};
/** The core's words in language `code` (a catalogue.<lang>.json). */
export function addCoreTexts(code, words) {
  coreTexts[code] = words || {};
}
export const hasCoreTexts = (code) => code === "en" || code in coreTexts;

/** A core text in the current language, by its key (see web/app.js localizeCatalogue); `english`,
 * the catalogue's own text, when the language has no words for it (or the text has no key). */
export function tx(key, english) {
  const words = coreTexts[lang] && coreTexts[lang].text;
  return (key && words && words[key]) || english;
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
