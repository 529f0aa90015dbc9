// @ts-check
// A link a player passes on (an invite, an answer): its text to copy, a Share button (the Web Share
// sheet where the browser has one) and its QR code (qr.js, downloaded when the code is first shown).
import { esc } from "../../dom.js";
import { t } from "../../i18n.js";
import { copyText } from "../links.js";

// A QR code (qr.js, downloaded with these screens' first use of it).
async function drawQr(el, text) {
  try {
    const { qrSvg } = await import("./qr.js");
    el.innerHTML = qrSvg(text);
  } catch (err) {
    console.error(err);
    el.textContent = "";
  }
}

// Copy, Share (the Web Share sheet where the browser has one), and the QR code for a link.
export function linkTools(id, text, label) {
  const share = typeof navigator.share === "function" ? `<button type="button" class="btn secondary" data-share="${esc(id)}">${esc(t("net.share"))}</button>` : "";
  return `<label class="link-label" for="${esc(id)}"><span>${esc(label)}</span></label>
    <input type="text" readonly class="link-text net-link" id="${esc(id)}" value="${esc(text)}">
    <p class="row"><button type="button" class="btn secondary" data-copy="${esc(id)}">${esc(t("net.copy"))}</button>${share}</p>
    <span class="help" role="status" data-status="${esc(id)}"></span>
    <details class="net-qr"><summary>${esc(t("net.qr.show"))}</summary><div class="qr" data-qr="${esc(id)}"></div></details>`;
}

export function wireTools(root) {
  root.addEventListener("click", async (e) => {
    const el = /** @type {HTMLElement} */ (e.target);
    const copy = el.closest("[data-copy]");
    const share = el.closest("[data-share]");
    const id = copy ? copy.getAttribute("data-copy") : share ? share.getAttribute("data-share") : null;
    if (!id) return;
    const input = /** @type {HTMLInputElement | null} */ (document.getElementById(id));
    const status = root.querySelector(`[data-status="${id}"]`);
    if (!input) return;
    if (share) {
      try { await navigator.share({ text: input.value }); if (status) status.textContent = t("link.shared"); return; } catch { /* cancelled: copy instead */ }
    }
    const ok = await copyText(input.value);
    if (!ok) input.select();
    if (status) status.textContent = ok ? t("net.copied") : t("link.copyfailed");
  });
  root.addEventListener("toggle", (e) => {
    const d = /** @type {HTMLDetailsElement} */ (e.target);
    if (!d.open || !d.classList || !d.classList.contains("net-qr")) return;
    const box = d.querySelector("[data-qr]");
    const input = /** @type {HTMLInputElement | null} */ (document.getElementById(box.getAttribute("data-qr")));
    if (input && !box.innerHTML) drawQr(box, input.value);
  }, true);
}

