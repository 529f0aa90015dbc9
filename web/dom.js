// @ts-check
// Small DOM helpers shared by the UI modules.

/** The first element matching a selector (typed `any`: callers read its own kind's properties,
 * value, checked, disabled…, and check for null where it may be missing).
 * @param {string} sel @param {ParentNode} [root] @returns {any} */
export const $ = (sel, root = document) => root.querySelector(sel);

/** Click the first element matching a selector if it exists and is enabled; true when clicked. */
export function clickIf(sel) {
  const el = document.querySelector(sel);
  if (!el || el.disabled) return false;
  el.click();
  return true;
}

/** Text made safe to put inside HTML (element content or a quoted attribute). */
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** Arrow keys, Home and End move a roving tabindex over a grid of buttons, perRow to a row;
 * onMove(index) is told where the focus went. */
export function gridKeys(box, buttons, perRow, onMove) {
  box.onkeydown = (e) => {
    const cur = buttons.indexOf(document.activeElement);
    if (cur < 0) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: perRow, ArrowUp: -perRow, Home: -cur, End: buttons.length - 1 - cur };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const next = Math.max(0, Math.min(buttons.length - 1, cur + moves[e.key]));
    buttons[cur].tabIndex = -1;
    buttons[next].tabIndex = 0;
    buttons[next].focus();
    onMove(next);
  };
}
