// @ts-check
// The games the shell knows: the one place that maps a game's name to its module. A new game adds
// one entry below; the shell (app.js, shell/setup.js, shell/table.js) needs no other change.
//
// A game's modules (web/games/<game>/index.js and what it imports) are downloaded only when a
// screen of that game opens (its setup, table, rules, replay, lessons): a first visit through a
// Primero link never fetches Primiera's or Primo's. What the home screen and the menu show of a
// game is here, without its module: its menu links (`routes`) and its tile's links (`home`); its
// name and summary are the catalogue's. Its English strings are here too (t() falls back to
// English and the errors check keys against it); its other languages' are loaded with the shell's
// (i18n.js useLanguage).
//
// A GameModule is a plain object: web/protocol.d.ts defines it (GameModule: what a module
// provides; TableContext and ShellContext: the ctx the shell gives its hooks), and tsc checks each
// module against it. GameEntry (the same file) is what this registry holds.
// The catalogue is catalogue.json: registry.catalogue() (the `info` op's games) plus each
// game's static data (Primero: hand_rules, primero_rules), so screens work before Python is up.
import { addStrings, addTables } from "../i18n.js";
import primeroEn from "./primero/strings.en.js";
import primieraEn from "./primiera/strings.en.js";
import primoEn from "./primo/strings.en.js";

/** @typedef {import("../protocol").GameEntry} GameEntry */
/** @typedef {import("../protocol").GameModule} GameModule */

/** @type {GameEntry[]} */
export const GAMES = [
  {
    name: "primero",
    load: () => import("./primero/index.js"),
    keys: () => import("./primero/keys.js"),
    strings: { it: () => import("./primero/strings.it.js"), de: () => import("./primero/strings.de.js") },
    routes: [{ path: "/calc", nav: "primero.nav.calc" }, { path: "/learn", nav: "primero.nav.learn" }],
    home: [{ href: "#/calc", label: "primero.home.calc" }, { href: "#/learn", label: "primero.learn.title" }],
  },
  {
    name: "primiera",
    load: () => import("./primiera/index.js"),
    keys: () => import("./primiera/keys.js"),
    strings: { it: () => import("./primiera/strings.it.js"), de: () => import("./primiera/strings.de.js") },
    routes: [{ path: "/primiera/score", nav: "primiera.nav.score" }, { path: "/primiera/learn" }],
    home: [{ href: "#/primiera/score", label: "primiera.home.score" }, { href: "#/primiera/learn", label: "primiera.learn.home" }],
  },
  {
    name: "primo",
    load: () => import("./primo/index.js"),
    keys: () => import("./primo/keys.js"),
    strings: { it: () => import("./primo/strings.it.js"), de: () => import("./primo/strings.de.js") },
    routes: [{ path: "/primo/learn" }],
    home: [{ href: "#/primo/learn", label: "primo.learn.home" }],
  },
];
addStrings({ en: primeroEn });
addStrings({ en: primieraEn });
addStrings({ en: primoEn });
for (const g of GAMES) for (const [code, load] of Object.entries(g.strings)) addTables(code, load);

/** A part of the site that could not be downloaded (offline before the site was saved, a deploy
 * that changed meanwhile): the player is told so and offered a retry (app.js `loadFailed`). */
export class LoadError extends Error {}

/** Download a module (a lazy `import()`): a failure becomes a LoadError, said on the console. The
 * browser fetches a module that failed again on the next import, so a retry is a new call.
 * @template T @param {() => Promise<T>} load @returns {Promise<T>} */
export async function fetchModule(load) {
  try {
    return await load();
  } catch (err) {
    console.warn("Primi: a module could not be loaded:", err && err.message ? err.message : err);
    throw new LoadError(String(err && err.message ? err.message : err));
  }
}

/** The registry's entry for a game name, or undefined (a game Primi does not have).
 * @param {string} name */
export function gameEntry(name) {
  return GAMES.find((g) => g.name === name);
}

/** @type {Map<string, GameModule>} */
const loaded = new Map();

/** A game's module if it is loaded already, else undefined (the shell loads it with loadGame
 * before any screen of that game draws).
 * @param {string} name
 * @returns {GameModule | undefined} */
export function gameModule(name) {
  return loaded.get(name);
}

/** A game's module, downloaded if need be; undefined for a game Primi does not have. Rejects with
 * a LoadError when it cannot be downloaded.
 * @param {string} name
 * @returns {Promise<GameModule | undefined>} */
export async function loadGame(name) {
  const entry = gameEntry(name);
  if (!entry) return undefined;
  if (!loaded.has(name)) loaded.set(name, (await fetchModule(entry.load)).default);
  return loaded.get(name);
}

/** Every game's module (the rules page, the lessons). */
export const loadGames = () => Promise.all(GAMES.map((g) => loadGame(g.name)));
