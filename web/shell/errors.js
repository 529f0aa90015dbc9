// @ts-check
// An error reply from the worker, in the player's words and language (issue 10): never the
// engine's (no seat numbers, no quoted action texts, no English in Italian or German). The worker
// sends every error as a key and its args ({ok: false, kind, key, args}, issue 19: errors are keys;
// web/bridge's docstring): a key the tables know is said as it is; any other (a core message a
// game's table does not have yet) is said by its kind; a bug is an apology.
import { t, hasKey, KEYS } from "../i18n.js";
import { say, keysOf } from "./say.js";

// By kind, when the key is not in the tables. A refused move and a malformed request are the
// table's sentence; a problem with what the player gave is said by its kind (options, a record);
// anything else is "not something the game can use" (err.input).
const KINDS = {
  IllegalActionError: "err.move", InvalidActionError: "err.move",
  RequestError: "err.request", StorageError: "err.storage.refused",
  OptionsError: "err.options", RecordError: "err.record",
  EngineGone: "engine.dead", // the page's own: the worker stopped answering (app.js)
};
const INTERNAL = "error.internal";

/** The sentence to show for an error reply {ok: false, kind, key, args} (a bug: kind InternalError, with detail).
 * @param {import("../protocol").Answer<unknown>} answer */
export function errorWords(answer) {
  if (!answer || answer.kind === "InternalError") {
    if (answer) console.error("Primi engine error:", answer.detail || "");
    return t(INTERNAL);
  }
  const desc = { key: answer.key, args: answer.args && typeof answer.args === "object" ? answer.args : {} };
  const keys = [...keysOf(desc)]; // the key, and those of any nested message in its args
  if (keys.length && !keys.includes(INTERNAL) && keys.every(hasKey)) return say(desc);
  return t(KINDS[answer.kind] || "err.input");
}

/** Every key of the shell's for an engine error (err.*, and the apology): the test checks each is translated. */
export const ERROR_KEYS = [...new Set([...KEYS.filter((k) => k.startsWith("err.")), ...Object.values(KINDS), "err.input", INTERNAL])];
