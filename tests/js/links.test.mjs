// Links (web/shell/links.js): a setup link read against the catalogue, with malformed and hostile
// links refused by a sentence that quotes them short and inert; the share link written and read
// back; replay payloads packed and unpacked, damaged or oversized ones refused; the daily deal's
// date, streak and setup. The page's address and storage are stood in for (no DOM needed).
import test from "node:test";
import assert from "node:assert/strict";

const store = new Map();
globalThis.location = { href: "https://example.org/primi/index.html?x=1#/home", search: "" };
globalThis.localStorage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => { store.set(k, String(v)); },
  removeItem: (k) => { store.delete(k); },
};
const links = await import("../../web/shell/links.js");
const { readPlayLink, playLink, quoteLink, validSeed, packRecord, unpackRecord, LinkError, replayLink, MAX_REPLAY_URL } = links;

// A catalogue entry (the shape of registry.catalogue()), with an option of every kind.
const GAME = {
  name: "primo", label: "Primo", default_variant: "base", agents: ["random", "easy", "medium", "hard"],
  variants: [
    { name: "base", label: "Base game", players: { min: 2, max: 6, default: 4 }, options: [{ name: "tops", label: "Top cards", kind: "int", default: 5, min: 0, max: 10 }] },
    {
      name: "rounds", label: "Several rounds", players: { min: 2, max: 6, default: 4 }, options: [
        { name: "rounds", label: "Rounds", kind: "int", default: 4, min: 1, max: 20 },
        { name: "open", label: "Open hands", kind: "bool", default: false },
        { name: "pace", label: "Pace", kind: "choice", default: "slow", choices: ["slow", "fast"] },
      ],
    },
  ],
};
const read = (query) => readPlayLink(GAME, new URLSearchParams(query));

test("a good setup link gives its values; an empty one the defaults", () => {
  assert.deepEqual(read("").values, { variant: "base", players: 4, seats: [], options: {}, seed: "", undo: true });
  const got = read("variant=rounds&players=3&seats=human,easy,hard&rounds=2&opt-open=1&pace=fast&seed=42&undo=0").values;
  assert.deepEqual(got, { variant: "rounds", players: 3, seats: ["human", "easy", "hard"], options: { rounds: 2, open: true, pace: "fast" }, seed: "42", undo: false });
  assert.equal(read("tops=0").values.options.tops, 0);
  assert.equal(read("seed=9007199254740991").values.seed, "9007199254740991");
});

test("a share link reads back to the deal it was written for", () => {
  const request = { game: "primo", variant: "rounds", options: { players: 3, rounds: 2, open: false, pace: "fast" }, seats: ["human", "medium", "easy"], seed: 7, undo: false };
  const url = playLink(request);
  assert.ok(url.startsWith("https://example.org/primi/index.html?x=1#/play/primo?"), url);
  assert.ok(url.includes("seats=human,medium,easy"), "commas left readable");
  const values = read(url.split("?").slice(2).join("?")).values;
  assert.deepEqual(values, { variant: "rounds", players: 3, seats: ["human", "medium", "easy"], options: { rounds: 2, open: false, pace: "fast" }, seed: "7", undo: false });
  assert.ok(!playLink({ game: "primo", variant: "base", options: { players: 2 }, seed: "" }).includes("seed="));
  // The end screen of a table played together: a friend's seat ("remote") is a player's at one screen.
  const net = playLink({ game: "primo", variant: "base", options: { players: 2 }, seats: ["remote", "human"], seed: 9 });
  assert.deepEqual(read(net.split("?").slice(2).join("?")).values.seats, ["human", "human"]);
});

test("malformed links are refused with a sentence naming what is wrong", () => {
  const bad = {
    "variant=nope": "no rule set", "variant=base&variant=base": "twice", "players=1": "players", "players=7": "players",
    "players=4.0": "players", "players=": "players", "players=%2B3": "players", "seats=human,easy": "places",
    "seats=human,random,easy,easy": "unknown kind", "seats=human,,easy,easy": "unknown kind", "tops=11": "outside",
    "tops=-1": "outside", "tops=1e1": "not a valid choice", "tops=": "not a valid choice", "tops=1&opt-tops=2": "twice",
    "variant=rounds&open=yes": "not a valid choice", "variant=rounds&pace=Fast": "not a valid choice", "rounds=2": "does not know",
    "seed=-1": "seed", "seed=1.5": "seed", "seed=9007199254740992": "seed", "seed=12345678901234567": "seed", "seed=0x10": "seed",
    "undo=2": "undo", "undo=": "undo", "colour=red": "does not know",
  };
  for (const [query, words] of Object.entries(bad)) {
    const got = read(query);
    assert.equal(got.values, undefined, query);
    assert.equal(typeof got.error, "string", query);
    assert.ok(got.error.includes(words), `${query}: ${got.error}`);
  }
});

test("hostile link text is quoted short and inert, never whole", () => {
  const long = "<img src=x onerror=alert(1)>".repeat(20);
  for (const query of [`variant=${encodeURIComponent(long)}`, `${encodeURIComponent(long)}=1`, `seed=${encodeURIComponent(long)}`, `seats=${encodeURIComponent(long)}`]) {
    const { error } = read(query);
    assert.ok(error, query);
    assert.ok(!error.includes(long), "never the whole text");
    assert.ok(error.length < 300, error);
  }
  assert.equal(quoteLink("a\u0000b\nc\u007f"), "a?b?c?");
  assert.equal(quoteLink("x".repeat(31)), "x".repeat(30) + "…");
  assert.equal(quoteLink("x".repeat(30)), "x".repeat(30));
  const { error } = read("variant=%E2%80%AEevil%00");
  assert.ok(error.includes("\u202eevil?"), "control characters replaced");
  // Names that are properties of every object are unknown names, not a way in.
  for (const query of ["__proto__=1", "constructor=1", "toString=1", "variant=__proto__", "variant=constructor"]) assert.ok(read(query).error, query);
});

test("seeds are whole numbers a JavaScript number holds exactly", () => {
  for (const ok of ["0", "1", "007", "9007199254740991"]) assert.equal(validSeed(ok), true, ok);
  for (const bad of ["", "-1", "1.0", " 1", "1 ", "1e3", "9007199254740992", "99999999999999999", "٣"]) assert.equal(validSeed(bad), false, bad);
});

test("a record packs into a link payload and unpacks to the same JSON", async () => {
  const record = { format: 1, game: "primo", variant: "base", options: { players: 2 }, seed: 5, actions: ["pass", "add 8B A", "exchange 12Y 12B"], note: "é ✓" };
  const packed = await packRecord(record);
  assert.match(packed, /^[A-Za-z0-9_-]+$/, "base64url, no padding");
  assert.deepEqual(JSON.parse(await unpackRecord(packed)), record);
  const url = await replayLink(record, ["human", "easy"]);
  assert.ok(url.startsWith("https://example.org/primi/index.html?x=1#/replay?v=1&seats=human,easy&r="), url);
  const huge = { ...record, actions: Array.from({ length: 5000 }, (_, i) => `move A:${i % 13} B`) };
  assert.equal(await replayLink({ ...huge, actions: huge.actions.map((a, i) => a + i) }, []), null, `longer than ${MAX_REPLAY_URL}: a file instead`);
});

test("damaged, hostile or oversized replay payloads are refused with a sentence", async () => {
  const packed = await packRecord({ a: 1 });
  const refuse = async (payload, words) => {
    await assert.rejects(unpackRecord(payload), (err) => err instanceof LinkError && err.message.includes(words), String(payload).slice(0, 40));
  };
  await refuse("not base64!", "damaged");
  await refuse("abcde", "damaged"); // a length no base64 has
  await refuse("AAAA", "damaged"); // base64, but no deflate stream
  await refuse(packed.slice(0, -3), "damaged"); // cut short
  await refuse("A".repeat(200_001), "too long");
  // A deflate bomb: a small payload that unpacks past the limit.
  const bomb = await packRecord("0".repeat(1_200_000));
  assert.ok(bomb.length < 10_000);
  await refuse(bomb, "too long");
  // Bytes that are not UTF-8 text.
  const stream = new Blob([new Uint8Array([0xff, 0xfe, 0xfd])]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  const notText = Buffer.from(bytes).toString("base64url");
  await refuse(notText, "damaged");
});

test("the daily deal: its date, its setup, results kept and the streak", () => {
  assert.equal(links.todayUTC(new Date("2026-03-04T23:59:59Z")), "2026-03-04");
  assert.equal(links.todayUTC(new Date("2026-03-05T00:00:00+01:00")), "2026-03-04", "midnight UTC for everyone");
  const req = links.dailyRequest(GAME, "2026-03-04", { dailyOptions: { tops: 3, rounds: 1 } });
  assert.deepEqual(req, { game: "primo", variant: "base", options: { players: 4, tops: 3 }, seats: ["human", "medium", "medium", "medium"], daily: "2026-03-04", undo: false });
  store.clear();
  assert.deepEqual(links.loadDaily(), {});
  store.set("primi.daily.v1", "{not json");
  assert.deepEqual(links.loadDaily(), {}, "unreadable: no results");
  store.set("primi.daily.v1", JSON.stringify({ v: 1, games: [] }));
  assert.deepEqual(links.loadDaily(), {}, "wrong shape: no results");
  store.clear();
  for (const date of ["2026-03-01", "2026-03-02", "2026-03-03", "2026-02-20"]) links.saveDaily("primo", date, { won: date !== "2026-03-02", place: 1, players: 4, score: "+3" });
  links.saveDaily("primo", "2026-03-03", { won: false, place: 4, players: 4, score: "-9" }); // the first result of a day counts
  const stats = links.dailyStats("primo", "2026-03-04");
  assert.deepEqual(stats, { streak: 3, best: 3, played: 4, won: 3, today: null });
  assert.equal(links.dailyStats("primo", "2026-03-06").streak, 0, "a day missed ends the streak");
  links.markDaily("primo", "2026-03-04");
  assert.equal(JSON.parse(store.get("primi.daily.v1")).pending.primo, "2026-03-04");
  const text = links.dailyShareText("Primo", "primo", "2026-03-03", { won: true, place: 1, players: 4, score: "+3" });
  assert.ok(text.endsWith("https://example.org/primi/index.html?x=1#/daily/primo"), text);
});
