// @ts-check
// The game modules the shell knows. A new game adds one import and one entry below; the
// shell (app.js, shell/setup.js, shell/table.js) needs no other change.
//
// A GameModule is a plain object: web/protocol.d.ts defines it (GameModule: what a module
// provides; TableContext and ShellContext: the ctx the shell gives its hooks), and tsc checks each
// module below against it.
// The catalogue is catalogue.json: registry.catalogue() (the `info` op's games) plus each
// game's static data (Primero: hand_rules, primero_rules), so screens work before Python is up.
import primero from "./primero/index.js";
import primiera from "./primiera/index.js";
import primo from "./primo/index.js";

/** @type {import("../protocol").GameModule[]} */
export const GAMES = [primero, primiera, primo];

/** The module for a registry game name, or undefined.
 * @param {string} name
 * @returns {import("../protocol").GameModule | undefined} */
export function gameModule(name) {
  return GAMES.find((m) => m.name === name);
}
