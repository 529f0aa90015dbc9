// The game modules the shell knows. A new game adds one import and one entry below; the
// shell (app.js, shell/setup.js, shell/table.js) needs no other change.
//
// A GameModule is a plain object. The shell owns the catalogue, setup, the run loop, the
// hot-seat hand-over, the log, the end screen and every worker call that plays a move; the
// module only draws what its observation holds and composes its action texts.
//
//   name: string                       the registry's game name ("primero")
//   drawTable(el, view, ctx)           draw the table (seats, felt, the shown seat's hand) into
//                                      el, a container whose children are grid items of the
//                                      table screen. view is the worker's View: {seat,
//                                      observation, legal, current, terminal, result, actions,
//                                      say, record, seed}; view.seat is -1 while nobody's hand
//                                      may show (spectator, hot-seat hand-over).
//   composeActions(el, view, ctx, send)
//                                      draw the action controls into the action bar el, only
//                                      when view.seat is to act (view.legal non-empty).
//                                      send(actionText, {hold?}) plays one canonical action text
//                                      (hold: ms to wait first, every control inert, the move's
//                                      highlight shown: a card's only move on one tap); every
//                                      control that plays carries data-action="<that text>";
//                                      a control that picks what to play (a card whose moves
//                                      then show) carries data-action="pick", so every control
//                                      a player acts with carries data-action.
//   side?(el, view, ctx)               optional panel(s) beside the log (Primero: the coach).
//   roundEnd?(view, ctx)               optional: a finished round to summarise, or null:
//                                      {id, title, html, text, next?}; the shell shows each id
//                                      once, in a dialog, before play goes on.
//   scoreText?(result, seat, ctx)      optional: the end screen's text for a seat's score.
//   endNote?(result, ctx)              optional: one more line on the end screen.
//   logTag?(entry)                     optional: a short tag before a log line (e.g. the deal).
//   describe?(desc, {nameOf, settings}) optional: the Description with its args made readable
//                                      (card texts to names, lists of seats to names) before
//                                      the shell's say() translates it; the key may change too.
//   homeTile?(game, ctx)               optional HTML added to the game's tile on the home screen.
//   dailyOptions?: {option: value}     optional: options of the daily deal (#/daily/<game>), e.g. one deal.
//   rules?(game, catalogue, ctx)       optional HTML: this game's section of the rules page.
//   keys?: {help: [[key, i18nKey], ...], onKey?(event) -> bool, read?(view, x) -> [text, ...]}
//                                      optional: the game's lines in the "?" shortcuts dialog,
//                                      its single-key shortcuts (true when the key acted), and
//                                      "read the table": phrases for the whole public state of
//                                      the view (x = {name, view, nameOf, settings}); the shell
//                                      adds whose turn it is. A control that Enter should confirm
//                                      when no control has focus carries data-primary or
//                                      data-confirm.
//   extraRoutes?: [{path, render(main, params, ctx), nav?}]
//                                      more screens (Primero: "/calc", "/learn"); nav is an
//                                      i18n key: the screen then gets a link in the main menu.
//
// ctx (given by the shell) = {t, esc, settings, cardOpts(), engineCall(req),
//   gameOp(game, name, req) (the worker's game_op: a game's own operations), errorText(reply)
//   (the sentence to show for an error reply), announce(text, assertive?), catalogue,
//   game (catalogue entry), variant (catalogue entry), seats (kind per seat: "human" or an AI
//   level), names, nameOf(seat), say(description), local (an object the module may keep
//   per-game state in), redraw() (re-draw actions and side from the current view, no worker
//   call), send(action, {hold?}), session}.
// Routes and the home/rules hooks get only {t, esc, settings, cardOpts, engineCall, gameOp,
//   errorText, announce, loadCatalogue}.
// The catalogue is catalogue.json: registry.catalogue() (the `info` op's games) plus each
// game's static data (Primero: hand_rules, primero_rules), so screens work before Python is up.
import primero from "./primero/index.js";
import primiera from "./primiera/index.js";
import primo from "./primo/index.js";

export const GAMES = [primero, primiera, primo];

/** The module for a registry game name, or undefined. */
export function gameModule(name) {
  return GAMES.find((m) => m.name === name);
}
