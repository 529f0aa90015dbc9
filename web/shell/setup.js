// @ts-check
// The setup screen (#/play/<game>?variant=…), built from the catalogue alone: the rule set,
// the number of players, who plays each seat (a human or one of the game's AI levels), the
// variant's options and an optional seed. Left empty, the worker draws the seed and reveals it
// only when the game ends; a typed seed, or one from a link, is the player's own choice.
// The link is read by links.js (a bad one goes to the home screen with its message); "Copy link"
// gives the share link of this setup (drawing a seed if none is typed: the same deal for a friend).
import { $, esc } from "../dom.js";
import { t } from "../i18n.js";
import { copyText, drawSeed, playLink, readPlayLink, showLinkBox, validSeed } from "./links.js";

/** Seat choices for a game: "human" and its AI levels (the catalogue's agents, less "random").
 * @param {import("../protocol").CatalogueGame} game @returns {string[]} */
export function levels(game) {
  return (game.agents || []).filter((a) => a !== "random");
}

/** The setup screen of a game.
 * @param {HTMLElement} main @param {string} gameName @param {URLSearchParams} params
 * @param {import("../protocol").SetupContext} ctx */
export async function renderSetup(main, gameName, params, ctx) {
  const cat = await ctx.loadCatalogue();
  const game = cat.games.find((g) => g.name === gameName);
  if (!game || !ctx.module(gameName)) return ctx.badLink(main, t("link.badgame", { name: gameName }));
  const link = readPlayLink(game, params);
  if (link.error) return ctx.badLink(main, link.error);
  let variant = game.variants.find((v) => v.name === link.values.variant);
  const seed = link.values.seed;
  const wantPlayers = link.values.players;
  const seatParam = link.values.seats;
  const ai = levels(game);
  // The common choices first (rule set, players, seats); options, undo and the seed behind "More
  // options", open on a wide screen or when the link set one of them.
  const openMore = matchMedia("(min-width: 900px)").matches || [...params.keys()].some((k) => k.startsWith("opt-") || k === "seed" || k === "undo");
  main.innerHTML = `
    <section class="screen" id="screen-setup" data-game="${esc(game.name)}" aria-labelledby="setup-title">
      <h1 id="setup-title">${esc(t("setup.title", { game: game.label }))}</h1>
      <p class="message error" id="setup-message" role="alert"></p>
      <form id="setup-form" class="setup" novalidate>
        <div class="field">
          <label for="setup-variant">${esc(t("setup.variant"))}</label>
          <select id="setup-variant">${game.variants.map((v) => `<option value="${esc(v.name)}">${esc(v.label)}</option>`).join("")}</select>
          <span class="help" id="setup-summary"></span>
        </div>
        <div class="field">
          <label for="setup-players">${esc(t("setup.players"))}</label>
          <select id="setup-players"></select>
        </div>
        <fieldset class="field panel" id="setup-seats"><legend>${esc(t("setup.seats"))}</legend></fieldset>
        <div class="field panel" id="setup-net">
          <label class="check"><input type="checkbox" id="setup-together"${params.get("together") === "1" ? " checked" : ""} aria-describedby="setup-together-help"> ${esc(t("net.setup.together"))}</label>
          <span class="help" id="setup-together-help">${esc(t("net.setup.help"))}</span>
          <div class="field" id="setup-fallback-field" hidden><label for="setup-fallback">${esc(t("net.setup.fallbacklevel"))}</label>
            <select id="setup-fallback">${ai.map((l) => `<option value="${esc(l)}"${l === "medium" ? " selected" : ""}>${esc(t("level." + l))}</option>`).join("")}</select></div>
        </div>
        <details class="setup-more" id="setup-more"${openMore ? " open" : ""}><summary>${esc(t("setup.more"))}</summary>
        <fieldset class="field panel" id="setup-options"><legend>${esc(t("setup.options"))}</legend></fieldset>
        <label class="check"><input type="checkbox" id="setup-undo"${params.get("undo") === "0" ? "" : " checked"} aria-describedby="setup-undo-help"> ${esc(t("save.allowundo"))}</label>
        <span class="help" id="setup-undo-help">${esc(t("save.allowundo.help"))}</span>
        <div class="field">
          <label for="setup-seed">${esc(t("setup.seed"))}</label>
          <input type="text" inputmode="numeric" id="setup-seed" value="${esc(seed)}" autocomplete="off" aria-describedby="setup-seed-help">
          <span class="help" id="setup-seed-help">${esc(t("setup.seed.help"))}</span>
        </div>
        </details>
        <p class="row setup-go"><button class="btn" type="submit" id="setup-start" data-primary>${esc(t("setup.start"))}</button>
        <button class="btn secondary" type="button" id="setup-share">${esc(t("link.copy"))}</button></p>
        <div id="setup-link" hidden></div>
      </form>
    </section>`;
  const sel = $("#setup-variant");
  sel.value = variant.name;
  const together = () => /** @type {HTMLInputElement} */ ($("#setup-together")).checked;
  // fresh: "Play with friends" was just turned on or off (every other seat becomes a friend, or back).
  const drawSeats = (fresh = false) => {
    const n = Number($("#setup-players").value);
    const box = $("#setup-seats");
    const net = together(); // playing with friends: a seat may be a friend on another device (issue 22)
    const old = fresh === true ? [] : [...box.querySelectorAll("select")].map((s) => (!net && s.value === "remote" ? "" : s.value));
    box.innerHTML = `<legend>${esc(t("setup.seats"))}</legend>` + Array.from({ length: n }, (_, i) => `
      <div class="row seat-choice">
        <label for="seat-${i}">${esc(t("setup.seat", { n: i + 1 }))}</label>
        <select id="seat-${i}" data-seat="${i}">
          <option value="human">${esc(t(net ? "net.setup.you" : "setup.human"))}</option>
          ${net ? `<option value="remote">${esc(t("net.setup.friend"))}</option>` : ""}
          ${ai.map((l) => `<option value="${esc(l)}">${esc(t("setup.ai", { level: t("level." + l) }))}</option>`).join("")}
        </select>
      </div>`).join("");
    const fallback = net ? "remote" : ai.includes("medium") ? "medium" : (ai[0] || "human");
    box.querySelectorAll("select").forEach((s, i) => {
      const want = net && old[i] === "human" && i > 0 ? "" : old[i] || (fresh === true && net ? "" : seatParam[i]);
      s.value = want && (want === "human" || ai.includes(want) || (net && want === "remote")) ? want : (i === 0 ? "human" : fallback);
    });
    $("#setup-fallback-field").hidden = !net;
    $("#setup-start").textContent = t(net ? "net.setup.invite" : "setup.start");
    $("#setup-share").hidden = net;
  };
  $("#setup-together").addEventListener("change", () => drawSeats(true));
  const drawVariant = (first) => {
    variant = game.variants.find((v) => v.name === sel.value);
    $("#setup-summary").textContent = variant.summary || "";
    const ps = $("#setup-players");
    const current = first ? wantPlayers : Number(ps.value) || wantPlayers;
    ps.innerHTML = "";
    for (let n = variant.players.min; n <= variant.players.max; n++) ps.insertAdjacentHTML("beforeend", `<option value="${n}">${n}</option>`);
    ps.value = String(Math.min(variant.players.max, Math.max(variant.players.min, current)));
    drawSeats();
    $("#setup-options").innerHTML = `<legend>${esc(t("setup.options"))}</legend>` + variant.options.map((o) => optionField(o, first ? link.values.options[o.name] : undefined)).join("");
    $("#setup-options").hidden = variant.options.length === 0;
    if (ctx.prepare) ctx.prepare({ game: game.name, variant: variant.name }); // its answer is not needed
  };
  sel.addEventListener("change", () => drawVariant(false));
  $("#setup-players").addEventListener("change", () => drawSeats());
  drawVariant(true);
  // The form's request ({game, variant, options, seats, seed?}), or null after saying what is wrong.
  const formRequest = () => {
    const message = $("#setup-message");
    const seedText = $("#setup-seed").value.trim();
    if (seedText !== "" && !validSeed(seedText)) { $("#setup-more").open = true; message.textContent = t("setup.badseed"); return null; }
    const options = { players: Number($("#setup-players").value) };
    for (const o of variant.options) {
      const el = $(`#opt-${o.name}`);
      if (o.kind === "bool") options[o.name] = el.checked;
      else if (o.kind === "int") {
        const n = Number(el.value.trim());
        // The page's own sentence, next to the field, before the browser's bubble or the engine.
        const bad = !/^-?\d+$/.test(el.value.trim()) ? t("setup.badnumber", { label: o.label })
          : (typeof o.min === "number" && n < o.min) ? t("setup.toolow", { label: o.label, min: o.min, n })
            : (typeof o.max === "number" && n > o.max) ? t("setup.toohigh", { label: o.label, max: o.max, n }) : "";
        el.setAttribute("aria-invalid", String(!!bad));
        if (bad) { $("#setup-more").open = true; message.textContent = bad; el.setAttribute("aria-errormessage", "setup-message"); el.focus(); return null; }
        options[o.name] = n;
      } else options[o.name] = el.value;
    }
    const seats = [.../** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#setup-seats select"))].map((s) => s.value);
    const request = { game: game.name, variant: variant.name, options, seats, undo: $("#setup-undo").checked };
    if (seedText !== "") request.seed = Number(seedText);
    return request;
  };
  $("#setup-share").addEventListener("click", async () => {
    if ($("#setup-seed").value.trim() === "") $("#setup-seed").value = drawSeed(); // a friend needs the seed
    const request = formRequest();
    if (!request) return;
    $("#setup-message").textContent = "";
    const url = playLink(request);
    showLinkBox($("#setup-link"), url, (await copyText(url)) ? t("link.copied") : t("link.copyfailed"));
  });
  $("#setup-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const start = $("#setup-start");
    if (start.disabled) return; // already starting
    const message = $("#setup-message");
    const request = formRequest();
    if (!request) return;
    if (together()) { await hostTogether(request, ctx, start, message); return; }
    start.disabled = true;
    start.setAttribute("aria-busy", "true");
    message.textContent = "";
    // Leaving the page before the engine answers abandons the start: no game, no jump to the table.
    const route = location.hash;
    const error = await ctx.startGame(request, { wanted: () => location.hash === route && start.isConnected });
    if (error && start.isConnected) {
      start.disabled = false;
      start.removeAttribute("aria-busy");
      message.textContent = error;
    }
  });
}

// "Play with friends": the host's worker opens the table (shell/net/host.js), the lobby gives the invites.
// Its checks (one seat "You", at least one friend) are the worker's net_host's, said by their keys.
async function hostTogether(request, ctx, start, message) {
  start.disabled = true;
  start.setAttribute("aria-busy", "true");
  message.textContent = "";
  const { seed, undo, ...rest } = request; // eslint-disable-line no-unused-vars -- a net table's seed is made by every player together, no undo
  const flags = new URLSearchParams(location.search);
  const host = await import("./net/host.js");
  const error = await host.hostOpen(ctx, { ...rest, fallback: /** @type {HTMLSelectElement} */ ($("#setup-fallback")).value },
    { debug: flags.has("debug"), tamper: flags.has("debug") && flags.has("tamper") });
  start.disabled = false;
  start.removeAttribute("aria-busy");
  if (error) { message.textContent = error; return; }
  location.hash = "#/together";
}

/** @param {import("../protocol").OptionSpec} o @param {unknown} fromLink */
function optionField(o, fromLink) {
  const id = `opt-${o.name}`;
  const help = o.help ? `<span class="help" id="${id}-help">${esc(o.help)}</span>` : "";
  const described = o.help ? ` aria-describedby="${id}-help"` : "";
  const value = fromLink !== undefined ? fromLink : o.default; // a link's value, checked by readPlayLink

  if (o.kind === "bool") return `<label class="check"><input type="checkbox" id="${id}" ${value ? "checked" : ""}${described}> ${esc(o.label)}</label>${help}`;
  if (o.kind === "choice") return `<div class="field"><label for="${id}">${esc(o.label)}</label><select id="${id}"${described}>${o.choices.map((c, i) => `<option value="${esc(c)}"${c === value ? " selected" : ""}>${esc((o.choice_labels || [])[i] || c)}</option>`).join("")}</select>${help}</div>`;
  return `<div class="field"><label for="${id}">${esc(o.label)}</label><input type="number" id="${id}" value="${esc(value)}" min="${o.min ?? ""}" max="${o.max ?? ""}" step="1"${described}>${help}</div>`;
}
