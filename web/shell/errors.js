// @ts-check
// An error reply from the worker, in the player's words and language (issue 10): never the
// engine's (no seat numbers, no quoted action texts, no English in Italian or German). Every
// message the worker itself writes has its own key (err.*); a refused move is one sentence; a
// core message the table does not know is kept in English only (it is written for players: a
// record's or a typed hand's problem) and said by its kind in the other languages.
import { t, language } from "../i18n.js";

// [pattern on the worker's English message, key, (match) => placeholders]
/** @type {[RegExp, string, ((m: RegExpExecArray) => {[name: string]: string})?][]} */
const MESSAGES = [
  [/^that player is played by the computer/, "err.computer"],
  [/^that player's cards are shown only on their turn/, "err.notshown"],
  [/^only the player on screen/, "err.onscreen"],
  [/^it is not your turn/, "err.notyourturn"],
  [/^the game is over: there is nothing to undo/, "err.undo.over"],
  [/^the game is over$/, "err.over"],
  [/^this game has no player number (\d+)/, "err.noplayer", (m) => ({ n: m[1] })],
  [/^undo is off/, "err.undo.off"],
  [/cannot be undone/, "err.undo.since"],
  [/^you have made no move to undo/, "err.undo.none"],
  [/^the game record is given when the game is over/, "err.record.later"],
  [/^that game is no longer open in this tab/, "err.session"],
  [/^a daily deal needs a date/, "err.daily.date"],
  [/^a daily deal has no seed/, "err.daily.seed"],
  [/^this record's game is not over/, "err.replay.unfinished"],
  [/^the record is too long/, "err.record.long"],
  [/^this replay has steps 0 to (\d+)/, "err.replay.steps", (m) => ({ n: m[1] })],
  [/^that saved game is (unknown|no longer there)/, "err.save.gone"],
  [/^that saved game is damaged/, "err.save.damaged"],
  [/^saved games (are not available here|need the browser's storage)/, "err.storage"],
  [/^storage (refused|did not answer|unavailable)/, "err.storage.refused"],
  [/^that file is too large to be a game record/, "err.record.large"],
  [/does not say how many players there are/, "err.record.players"],
  [/^action (\d+) \(.*\) does not apply/, "err.record.action", (m) => ({ n: m[1] })],
  [/^give one player kind per seat/, "err.seats"],
  [/^the options must be a JSON object/, "err.options"],
];

// By kind, when no message matches. A refused move and a malformed request are always the
// table's sentence; a problem with what the player gave (options, a record, cards typed in the
// calculator, a round to score: any other kind) keeps its English sentence in English, and is
// said by its kind in the other languages.
const KINDS = {
  IllegalActionError: "err.move", InvalidActionError: "err.move",
  RequestError: "err.request", StorageError: "err.storage.refused",
  OptionsError: "err.options", RecordError: "err.record",
};
const ALWAYS = new Set(["IllegalActionError", "InvalidActionError", "RequestError", "StorageError"]);

/** The sentence to show for an error reply {ok: false, error, kind}.
 * @param {import("../protocol").Answer<unknown>} answer */
export function errorWords(answer) {
  if (!answer || answer.kind === "InternalError" || typeof answer.error !== "string") {
    if (answer && answer.kind === "InternalError") console.error("Primi engine error:", answer.error, answer.detail || "");
    return t("error.internal");
  }
  const message = answer.error;
  for (const [re, key, args] of MESSAGES) {
    const m = re.exec(message);
    if (m) return t(key, args ? args(m) : {});
  }
  if (!ALWAYS.has(answer.kind) && language() === "en") return message;
  return t(KINDS[answer.kind] || "err.input");
}

/** Every key this file may say (the test checks each is translated). */
export const ERROR_KEYS = [...new Set([...MESSAGES.map((x) => x[1]), ...Object.values(KINDS), "err.input", "error.internal"])];
