// @ts-check
// The Learn page (#/learn), game-neutral: every game's lessons, game by game, each a tile that opens
// the lesson on its game's own screen. A game lists its lessons through its module's `lessons`
// (web/protocol.d.ts LessonEntry); each game's lessons are fetched at once, side by side. This page
// and the lessons are downloaded when it opens (app.js learnHub), each game's module with them.
import { esc } from "../dom.js";
import { t } from "../i18n.js";
import { GAMES, LoadError, loadGame } from "../games/index.js";

/**
 * @param {HTMLElement} main
 * @param {import("../protocol").ShellContext} ctx
 * @param {string} [notice] a message above the list (a link to a lesson that does not exist)
 */
export async function renderLearnHub(main, ctx, notice = "") {
  const cat = await ctx.loadCatalogue();
  const games = cat.games.filter((g) => GAMES.some((e) => e.name === g.name)).map((g) => ({ g }));
  main.innerHTML = `
    <section class="screen learn-index" id="screen-learn-index" aria-labelledby="learn-title">
      <h1 id="learn-title">${esc(t("learn.hub.title"))}</h1>
      <p class="message error" id="learn-message" role="alert">${esc(notice)}</p>
      <p class="lede">${esc(t("learn.hub.lede"))}</p>
      <div id="learn-list">${games.map(({ g }) => `
        <section class="learn-game" data-game="${esc(g.name)}" aria-labelledby="learn-game-${esc(g.name)}">
          <h2 id="learn-game-${esc(g.name)}">${esc(g.label)}</h2>
          <div class="game-list learn-lessons"><p class="help">${esc(t("learn.loading"))}</p></div>
        </section>`).join("")}
      </div>
    </section>`;
  if (notice) ctx.announce(notice, true);
  await Promise.all(games.map(async ({ g }) => {
    let list = null;
    let error = "";
    try {
      const m = await loadGame(g.name);
      list = m.lessons ? await m.lessons(ctx) : [];
    } catch (err) { error = err instanceof LoadError ? t("load.failed") : err && err.message ? err.message : String(err); }
    const box = main.querySelector(`#screen-learn-index .learn-game[data-game="${CSS.escape(g.name)}"] .learn-lessons`);
    if (!box) return; // the player went elsewhere meanwhile
    if (!list) { box.innerHTML = `<p class="message error">${esc(t("learn.hub.error", { game: g.label, error }))}</p>`; return; }
    box.innerHTML = list.map((l) => `
      <article class="game-tile learn-tile" data-lesson="${esc(l.id)}">
        <h3>${esc(l.title)}</h3>
        ${l.pitch ? `<p>${esc(l.pitch)}</p>` : ""}${l.help ? `<p class="help">${esc(l.help)}</p>` : ""}
        <div class="actions"><a class="btn" href="${esc(l.href)}">${esc(t("learn.open"))}<span class="sr-only">: ${esc(l.title)}</span></a></div>
      </article>`).join("");
  }));
}
