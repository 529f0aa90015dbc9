// Small DOM helpers shared by the UI modules.

/** The first element matching a selector. */
export const $ = (sel, root = document) => root.querySelector(sel);

/** Text made safe to put inside HTML (element content or a quoted attribute). */
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
