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

/**
 * A modal question in the page (never the browser's confirm(), which a browser may dismiss unseen):
 * a title, a sentence and buttons, the focus on the one marked `focus` (the safe answer), Esc on the
 * one marked `escape` (shell/keys.js). It resolves to the chosen button's value; the focus goes back
 * to `back` (by default where it was) after the escape answer, or after any with `refocus: "always"`.
 * `#<id>` is the box, `#<id>-<button id>` each button.
 * @param {{id: string, title: string, text: string, className?: string, parent?: HTMLElement,
 *   back?: HTMLElement | null, refocus?: "escape" | "always",
 *   buttons: {id: string, label: string, cls: string, value: any, focus?: boolean, escape?: boolean, primary?: boolean}[]}} q
 * @returns {Promise<any>}
 */
export function question(q) {
  return new Promise((resolve) => {
    const back = q.back !== undefined ? q.back : document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = document.createElement("div");
    box.className = "overlay" + (q.className ? " " + q.className : "");
    box.id = q.id;
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-modal", "true");
    box.setAttribute("aria-labelledby", `${q.id}-title`);
    box.setAttribute("aria-describedby", `${q.id}-text`);
    const button = (b) => `<button type="button" class="btn ${b.cls}" id="${q.id}-${b.id}"${b.primary ? " data-primary" : ""}${b.escape ? " data-escape" : ""}>${esc(b.label)}</button>`;
    box.innerHTML = `<div class="overlay-box"><h2 id="${q.id}-title">${esc(q.title)}</h2>
      <p id="${q.id}-text">${esc(q.text)}</p>
      <p class="row">${q.buttons.map(button).join("")}</p></div>`;
    (q.parent || document.body).appendChild(box);
    for (const b of q.buttons) {
      box.querySelector(`#${q.id}-${b.id}`).addEventListener("click", () => {
        box.remove();
        if ((b.escape || q.refocus === "always") && back && back.isConnected) back.focus();
        resolve(b.value);
      });
    }
    const first = q.buttons.find((b) => b.focus);
    if (first) /** @type {HTMLElement} */ (box.querySelector(`#${q.id}-${first.id}`)).focus();
  });
}
