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
    button.addEventListener("click", () => { button.disabled = true; refetchAndReload(); });
    stage.after(button);
  }
  // The retry. A plain reload may load the very file that failed again, from the browser's HTTP
  // cache: kept fresh by the host's Cache-Control (a max-age: the mended deploy unseen until it
  // expires), or revalidated and answered 304 (Last-Modified counts whole seconds). So every file of
  // this site the page loaded is fetched again first, past that cache (cache: "reload": no
  // conditional request), which keeps the server's copy as it is now; then the page reloads. A file
  // that cannot be fetched is left as it is (the reload then says what is still wrong). With a
  // service worker in control these requests go through it: it holds only files checked against its
  // build (sw.js), so that copy is the one the reload gets anyway.
  async function refetchAndReload() {
    const urls = new Set([location.href.split("#")[0]]);
    for (const e of performance.getEntriesByType("resource")) urls.add(e.name);
    for (const el of document.querySelectorAll("script[src], link[href]")) urls.add(new URL(el.getAttribute("src") || el.getAttribute("href") || "", document.baseURI).href);
    const own = [...urls].filter((u) => new URL(u).origin === location.origin);
    await Promise.all(own.map((u) => fetch(u, { cache: "reload" }).then((r) => r.arrayBuffer(), () => {}).catch(() => {})));
    location.reload();
  }
  window.primiRetry = refetchAndReload; // app.js's own retry (the engine could not start) does the same
  document.addEventListener("DOMContentLoaded", () => { if (!("started" in html.dataset)) broken(); });
})();
