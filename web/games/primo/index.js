// @ts-check
// Primo's game module (see ../index.js for the GameModule interface), wiring its three parts:
// model.js (pure functions over the View: action texts parsed and composed, targets, runs),
// draw.js (the table, its highlights and motion, the side panel, the round summary) and input.js
// (drag and drop, tap-then-target and keys; the action bar and the coach). The table has six rows
// A–F, every seat's hand and pile counts and the shown seat's hand; every legal target lights up
// and a drop that is not legal says why. Also the Top and Take flows, exchange mode, End turn,
// Undo within the turn (the shell's Undo, the worker's `undo`), the row-clear animation, the other
// players' turns followed step by step with a "Since your last turn" recap (recap.js), the coach,
// the score sheet of the rounds variant, the rules section and the lessons. Everything is drawn
// from the View of the seat on screen, so no other hand ever reaches the DOM.
import { fetchModule } from "../index.js";
import { myTurn, obs } from "./model.js";
import { animateClears, animateMoves, applyHighlights, drawFelt, drawFrame, drawMe, drawRows, drawSeats, focusKey, readPlaces, restoreFocus, roundEnd, scoreText, side } from "./draw.js";
import { composeActions, wireHand, wireRows } from "./input.js";
import { describe } from "./describe.js";
import { markStep, pace } from "./recap.js";
import { rulesSection } from "./rules.js";
import { keys } from "./keys.js";


// Its lessons (learn.js) are downloaded when the Learn page or a lesson opens, not with the table.
const learn = () => fetchModule(() => import("./learn.js"));

// ---------------------------------------------------------------- the table
/** GameModule.drawTable: the whole table from the View, then what input.js makes it answer.
 * @param {HTMLElement} el @param {import("./model.js").View} view */
function drawTable(el, view, ctx) {
  drawFrame(el);
  const local = ctx.local;
  const o = obs(view);
  // A selection lives only while the same seat is on screen in the same position of the game.
  const stamp = `${view.seat}:${view.actions}`;
  if (local.stamp !== stamp) {
    local.sel = null;
    local.exch = null;
    local.hint = null;
    local.stamp = stamp;
  }
  if (!myTurn(view)) { local.sel = null; local.exch = null; }
  local.view = view;
  local.ctx = ctx;
  const focus = focusKey(el);
  const before = readPlaces(view, ctx);
  drawSeats(o, view, ctx);
  drawFelt(o, view, ctx);
  drawRows(o, view, ctx);
  wireRows(view, ctx);
  drawMe(o, view, ctx);
  wireHand(ctx);
  applyHighlights(ctx);
  restoreFocus(focus, el);
  animateClears(view, ctx);
  animateMoves(o, view, ctx, before);
  markStep(view, ctx);
}

export default {
  keys,
  name: "primo",
  drawTable,
  composeActions,
  side,
  roundEnd,
  scoreText,
  describe,
  pace,
  rules: (game, cat) => rulesSection(game, cat),
  screens: {
    "/primo/learn": async (main, params, ctx) => (await learn()).renderLearn(main, params, ctx),
  },
  lessons: async (ctx) => (await learn()).lessonList(ctx),
};
