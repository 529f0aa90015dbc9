// The setup screen (#/play/<game>?variant=…), built from the catalogue alone: the rule set,
// the number of players, who plays each seat (a human or one of the game's AI levels), the
// variant's options and an optional seed. Left empty, the worker draws the seed and reveals it
// only when the game ends; a typed seed, or one from a link, is the player's own choice.
import { $, esc } from "../dom.js";
import { t } from "../i18n.js";

// A seed is a whole number a JavaScript number holds exactly (the worker draws them below 2**53).
const validSeed = (text) => /^\d{1,16}$/.test(text) && Number.isSafeInteger(Number(text));

/** Seat choices for a game: "human" and its AI levels (the catalogue's agents, less "random"). */
export function levels(game) {
  return (game.agents || []).filter((a) => a !== "random");
}

export async function renderSetup(main, gameName, params, ctx) {
  const cat = await ctx.loadCatalogue();
  const game = cat.games.find((g) => g.name === gameName);
  if (!game || !ctx.module(gameName)) return ctx.notFound(main, "/play/" + gameName);
  const variantName = params.get("variant") || game.default_variant;
  let variant = game.variants.find((v) => v.name === variantName);
  let note = "";
  if (!variant) { note = t("setup.badvariant", { name: variantName.slice(0, 20) }); variant = game.variants.find((v) => v.name === game.default_variant) || game.variants[0]; }
  const seedParam = params.get("seed");
  let seed = "";
  if (seedParam !== null) {
    if (validSeed(seedParam)) seed = seedParam; else note = note || t("setup.badseed");
  }
  const wantPlayers = Number(params.get("players")) || variant.players.default;
  const seatParam = (params.get("seats") || "").split(",");
  const ai = levels(game);
  main.innerHTML = `
    <section class="screen" id="screen-setup" data-game="${esc(game.name)}" aria-labelledby="setup-title">
      <h1 id="setup-title">${esc(t("setup.title", { game: game.label }))}</h1>
      <p class="message error" id="setup-message" role="alert">${esc(note)}</p>
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
        <fieldset class="field panel" id="setup-options"><legend>${esc(t("setup.options"))}</legend></fieldset>
        <label class="check"><input type="checkbox" id="setup-undo"${params.get("undo") === "0" ? "" : " checked"} aria-describedby="setup-undo-help"> ${esc(t("save.allowundo"))}</label>
        <span class="help" id="setup-undo-help">${esc(t("save.allowundo.help"))}</span>
        <div class="field">
          <label for="setup-seed">${esc(t("setup.seed"))}</label>
          <input type="text" inputmode="numeric" id="setup-seed" value="${esc(seed)}" autocomplete="off" aria-describedby="setup-seed-help">
          <span class="help" id="setup-seed-help">${esc(t("setup.seed.help"))}</span>
        </div>
        <button class="btn" type="submit" id="setup-start" data-primary>${esc(t("setup.start"))}</button>
      </form>
    </section>`;
  const sel = $("#setup-variant");
  sel.value = variant.name;
  const drawSeats = () => {
    const n = Number($("#setup-players").value);
    const box = $("#setup-seats");
    const old = [...box.querySelectorAll("select")].map((s) => s.value);
    box.innerHTML = `<legend>${esc(t("setup.seats"))}</legend>` + Array.from({ length: n }, (_, i) => `
      <div class="row seat-choice">
        <label for="seat-${i}">${esc(t("setup.seat", { n: i + 1 }))}</label>
        <select id="seat-${i}" data-seat="${i}">
          <option value="human">${esc(t("setup.human"))}</option>
          ${ai.map((l) => `<option value="${esc(l)}">${esc(t("setup.ai", { level: t("level." + l) }))}</option>`).join("")}
        </select>
      </div>`).join("");
    const fallback = ai.includes("medium") ? "medium" : (ai[0] || "human");
    box.querySelectorAll("select").forEach((s, i) => {
      const want = old[i] || seatParam[i];
      s.value = want && (want === "human" || ai.includes(want)) ? want : (i === 0 ? "human" : fallback);
    });
  };
  const drawVariant = (first) => {
    variant = game.variants.find((v) => v.name === sel.value);
    $("#setup-summary").textContent = variant.summary || "";
    const ps = $("#setup-players");
    const current = first ? wantPlayers : Number(ps.value) || wantPlayers;
    ps.innerHTML = "";
    for (let n = variant.players.min; n <= variant.players.max; n++) ps.insertAdjacentHTML("beforeend", `<option value="${n}">${n}</option>`);
    ps.value = String(Math.min(variant.players.max, Math.max(variant.players.min, current)));
    drawSeats();
    $("#setup-options").innerHTML = `<legend>${esc(t("setup.options"))}</legend>` + variant.options.map((o) => optionField(o, first ? params.get("opt-" + o.name) : null)).join("");
    $("#setup-options").hidden = variant.options.length === 0;
  };
  sel.addEventListener("change", () => drawVariant(false));
  $("#setup-players").addEventListener("change", drawSeats);
  drawVariant(true);
  $("#setup-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const start = $("#setup-start");
    if (start.disabled) return; // already starting
    const message = $("#setup-message");
    const seedText = $("#setup-seed").value.trim();
    if (seedText !== "" && !validSeed(seedText)) { message.textContent = t("setup.badseed"); return; }
    const options = { players: Number($("#setup-players").value) };
    for (const o of variant.options) {
      const el = $(`#opt-${o.name}`);
      if (o.kind === "bool") options[o.name] = el.checked;
      else if (o.kind === "int") {
        if (!/^-?\d+$/.test(el.value.trim())) { message.textContent = t("setup.badnumber", { label: o.label }); el.focus(); return; }
        options[o.name] = Number(el.value);
      } else options[o.name] = el.value;
    }
    const seats = [...document.querySelectorAll("#setup-seats select")].map((s) => s.value);
    const request = { game: game.name, variant: variant.name, options, seats, undo: $("#setup-undo").checked };
    if (seedText !== "") request.seed = Number(seedText);
    start.disabled = true;
    start.setAttribute("aria-busy", "true");
    message.textContent = "";
    const error = await ctx.startGame(request);
    if (error && $("#setup-start")) {
      start.disabled = false;
      start.removeAttribute("aria-busy");
      message.textContent = error;
    }
  });
}

function optionField(o, fromLink) {
  const id = `opt-${o.name}`;
  const help = o.help ? `<span class="help" id="${id}-help">${esc(o.help)}</span>` : "";
  const described = o.help ? ` aria-describedby="${id}-help"` : "";
  let value = o.default;
  if (fromLink !== null && fromLink !== undefined) {
    if (o.kind === "bool") value = fromLink === "1" || fromLink === "true";
    else if (o.kind === "int" && /^-?\d{1,9}$/.test(fromLink)) value = Number(fromLink);
    else if (o.kind === "choice" && (o.choices || []).includes(fromLink)) value = fromLink;
  }
  if (o.kind === "bool") return `<label class="check"><input type="checkbox" id="${id}" ${value ? "checked" : ""}${described}> ${esc(o.label)}</label>${help}`;
  if (o.kind === "choice") return `<div class="field"><label for="${id}">${esc(o.label)}</label><select id="${id}"${described}>${o.choices.map((c) => `<option ${c === value ? "selected" : ""}>${esc(c)}</option>`).join("")}</select>${help}</div>`;
  return `<div class="field"><label for="${id}">${esc(o.label)}</label><input type="number" id="${id}" value="${esc(value)}" min="${o.min ?? ""}" max="${o.max ?? ""}" step="1"${described}>${help}</div>`;
}
