// @ts-check
// A classic script that runs before app.js (issue 20, item 14). If the page's own modules cannot
// run (a deploy with a damaged or missing file: "CORRUPT is not defined"), app.js never starts and
// nothing else could say so: the page would sit on "Loading…" for ever. Module scripts run before
// DOMContentLoaded, so if app.js has not marked the page started by then (html[data-started]), the
// page failed to load: say so in plain words and offer a retry. Its words are here, in the three
// languages, because the page's string tables are modules that may be the very files that failed.
(() => {
  const WORDS = {
    en: ["Primi could not start: part of the site did not load properly. Please try again.", "Try again"],
    it: ["Primi non è partito: una parte del sito non si è caricata bene. Riprova.", "Riprova"],
    de: ["Primi konnte nicht starten: Ein Teil der Seite wurde nicht richtig geladen. Bitte versuche es noch einmal.", "Noch einmal versuchen"],
  };
  const html = document.documentElement;
  function language() {
    let lang = "auto";
    try { lang = JSON.parse(localStorage.getItem("primi.settings.v1") || "{}").lang || "auto"; } catch { /* none */ }
    if (lang === "auto") lang = (navigator.language || "en").slice(0, 2).toLowerCase();
    return Object.prototype.hasOwnProperty.call(WORDS, lang) ? lang : "en";
  }
  function broken() {
    if ("started" in html.dataset || html.classList.contains("boot-failed")) return;
    html.classList.add("boot-failed");
    const [text, retry] = WORDS[language()];
    const stage = document.getElementById("boot-stage");
    if (!stage) return;
    stage.textContent = text;
    stage.setAttribute("role", "alert");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn secondary";
    button.id = "boot-retry";
    button.textContent = retry;
    button.addEventListener("click", () => location.reload());
    stage.after(button);
  }
  document.addEventListener("DOMContentLoaded", () => { if (!("started" in html.dataset)) broken(); });
})();
