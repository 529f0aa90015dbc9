// The boundary between the page, the worker and a game module, written as types (issue 19).
//
// The page (web/app.js, web/shell/*.js) talks to the rules core through one function,
// engineCall(request): the request is JSON text to web/worker.py's `call`, the answer JSON text
// back. Only plain data crosses. This file is the contract of that wire format (the worker's
// docstring says the same in prose, and the rules it keeps: nothing hidden leaks, the show rules,
// the sessions) and of the GameModule interface a game's web/games/<game>/index.js implements.
// `tsc -p .` (tsconfig.json at the root, run by `python build.py test`) checks every JS file of
// the page against it, so a change to a View, a request or an answer is caught there first, and
// tests/test_protocol_types.py checks the worker's real answers against it (the Python side).
//
// It is a declaration file only: the site never loads it (build.py does not copy *.d.ts).
// JS files use it through JSDoc: /** @type {import("./protocol").View} */.

// ---------------------------------------------------------------- plain data

/** Any value JSON carries. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A Description's placeholders: numbers, texts, lists, or nested Descriptions translated first. */
export type Arg = string | number | boolean | null | Description | Arg[];
export type Args = { [name: string]: Arg };

/** A message for the page's translation tables (pygame_core/protocol.py `message`): the core never
 * writes a player-facing sentence. `seat` (optional) is the acting seat, rendered as its name
 * (`{name}` in the message); an arg may itself be a Description, translated first. */
export interface Description {
  key: string;
  args: Args;
  seat?: number;
}

/** A public log entry: a Description, its `seat` the seat that acted (-1 or none: the table); a
 * game may add its own fields (Primero: `deal`, `action`). */
export interface LogEntry extends Description {
  [field: string]: any;
}

/** What one seat may see of the state (`Game.observation(state, seat)`; seat -1: a spectator). Each
 * game has its own fields; every observation carries the recent public log and the whole log's size. */
export interface Observation {
  log?: LogEntry[];
  log_size?: number;
  [field: string]: any;
}

/** A finished game's outcome (`Game.result`): the winning seats and one score per seat (higher is
 * better); a game may add its own (Primero: `chips`, the net chip change per seat, and `deals`). */
export interface GameResult {
  winners: number[];
  scores: number[];
  [field: string]: any;
}

/** A game record (pygame_core/records.py `Record.to_json`): replaying its actions from its seed
 * gives the game again; `final` checks the state reached, `seats` says who played each seat. */
export interface GameRecord {
  format: number;
  game: string;
  variant: string;
  options: { [name: string]: Json };
  seed: number;
  actions: string[];
  final?: { actions: number; digest: string };
  seats?: string[];
}

/** Who plays a seat: "human", or a computer level of the game (its catalogue `agents`); at a table played
 * together (issue 22), "remote": a guest on another device. */
export type SeatKind = string;

// ---------------------------------------------------------------- the View

/** What the worker answers after every move: everything the page may draw, for one seat. */
export interface View {
  /** The seat the View is for (shown on screen); -1 while no hand may show (spectator, hand-over). */
  seat: number;
  /** That seat's observation only: a card it may not see never reaches the page. */
  observation: Observation;
  /** The legal actions' canonical texts, only when `seat` is to act (else empty). */
  legal: string[];
  /** The seat to act, -1 once the game is over. */
  current: number;
  terminal: boolean;
  result: GameResult | null;
  /** How many actions the game has had. */
  actions: number;
  /** The public log entries this call added (what the page announces). */
  say: LogEntry[];
  /** The whole record, once the game is over. */
  record: GameRecord | null;
  /** The seed: once the game is over, or when the page gave it (a typed seed, a record). */
  seed: number | null;
  /** Whether the seat shown may undo now. */
  undo: boolean;
  /** `ai_step` only: how long the computer thought, in ms. */
  think_ms?: number;
  /** `ai_step` only: why the computer played that (when its agent can say: `explain`). */
  why?: Description;
  /** A table played together (issue 22): every remote seat's View, by seat (the host page sends each
   * guest its own and strips this field before its table sees the View). */
  remote?: RemoteViews;
}

/** `ai_step`'s answer: the View after the computer's move, how long it thought, and why it played that. */
export interface AiStepView extends View {
  think_ms: number;
}

// ---------------------------------------------------------------- the catalogue

/** A variant's option (pygame_core/protocol.py `OptionSpec.to_json`). */
export interface OptionSpec {
  name: string;
  label: string;
  kind: "int" | "bool" | "choice";
  default: Json;
  min?: number;
  max?: number;
  choices?: string[];
  /** The player's words for each choice, in the order of `choices` (setup shows them). */
  choice_labels?: string[];
  help?: string;
}

/** A rule set of a game (`VariantInfo.to_json`). */
export interface CatalogueVariant {
  name: string;
  label: string;
  players: { min: number; max: number; default: number };
  options: OptionSpec[];
  summary: string;
}

/** A game as the registry lists it (`GameInfo.to_json`, the `info` op's `games`). */
export interface CatalogueGame {
  name: string;
  label: string;
  default_variant: string;
  summary: string;
  variants: CatalogueVariant[];
  /** The seat kinds a computer may take: "random" and the game's AI levels. */
  agents: string[];
  /** The game's own operations (`game_op`). */
  operations: string[];
}

/** catalogue.json (pygame_core/sitedata.py `site_catalogue`): the registry's games, each game's
 * static data for its screens (Primero's `hand_rules`, `primero_rules`, …; an object with texts
 * names their keys beside them, `keys`: field -> key), and the core's English texts' translations. */
export interface Catalogue {
  games: CatalogueGame[];
  /** Per language: `text` (by key: GameInfo.catalogue_texts and the games' own texts) and `decisions` (by number). */
  translations?: { [lang: string]: { text?: { [key: string]: string }; decisions?: { [id: string]: string } } };
  [gameData: string]: any;
}

// ---------------------------------------------------------------- saved games

/** A saved game in the `saves` list: metadata only, never its record. */
export interface SaveSummary {
  id: string;
  status: "ok" | "corrupt";
  /** Why a corrupt save cannot be opened: a Description `save.bad.*`. */
  problem: Description | null;
  game: string | null;
  variant: string | null;
  players: number | null;
  seats: SeatKind[] | null;
  names: string[] | null;
  /** Milliseconds since 1970. */
  updated: number | null;
  /** The seat to act; -1 for a finished game kept for its original record. */
  turn: number;
  actions: number | null;
  /** A save whose record this version's rules refuse at move `n` of `total` (it goes on from before). */
  kept: Kept | null;
  /** A table played together (issue 22): resumed, its guests' seats are the computer's until they rejoin
   * (`net_info`, `net_seat`); its record is not exported before the end. */
  net: boolean;
}

export type Kept = {
  n: number;
  total: number;
};

/** What `new_game`, `resume` and `import_record` answer: the game opened, and its first View. */
export interface Started {
  session: string;
  seats: SeatKind[];
  names: string[] | null;
  game: string;
  variant: string;
  options: { [name: string]: Json };
  undo: boolean;
  /** The save's id (autosaved after every call that changes the game), null once over. */
  save: string | null;
  kept: Kept | null;
  view: View;
}

// ---------------------------------------------------------------- playing together (issue 22)

/** Each remote seat's View, by seat number (as text): what that guest's own screen shows. */
export type RemoteViews = { [seat: string]: View };

/** What `net_start` answers: a Started (the host's View, `seed: null` until the end), each guest's
 * first View, and the deal's public part (the guests' secrets in seat order). */
export interface NetStarted extends Started {
  remote: RemoteViews;
  net: { commitment: string; secrets: string[] };
}

/** A message back to one guest (`net_message`'s `reply`). */
export type NetReply =
  | { t: "refused"; key: string; args: Args }
  | { t: "log"; id?: string | number; entries: LogEntry[] }
  | { t: "op"; id?: string | number; name: string; result?: any; error?: { kind: ErrorKind; key: string; args: Args } };

/** What `net_message` answers: the Views once a guest's move moved the game (else null), and the reply. */
export interface NetMessageResult {
  host: View | null;
  remote: RemoteViews | null;
  reply: NetReply | null;
}

/** What `net_reveal` answers at the end (and the host sends in its `reveal` message). */
export interface NetReveal {
  secret: string;
  commitment: string;
  secrets: string[];
  record: GameRecord;
}

/** Who plays a seat, as a guest is told (`welcome`): the host, a guest, or the computer. */
export type WireKind = "host" | "remote" | "computer";

/** The data channel's messages (JSON text, version 1): the host's to a guest, then a guest's to the host. */
export type HostMessage =
  | { t: "welcome"; v: 1; seat: number; game: string; variant: string; options: { [name: string]: Json }; kinds: WireKind[]; names: string[]; commitment: string }
  | { t: "start"; started: Started; secrets: string[] }
  | { t: "view"; view: View }
  | { t: "seat"; seat: number; kind: "remote" | "computer" }
  | NetReply
  | ({ t: "reveal" } & NetReveal)
  | { t: "again"; commitment: string }
  | { t: "bye"; key: string };
export type GuestMessage =
  | { t: "secret"; secret: string; name?: string }
  | { t: "act"; action: string; at: number }
  | { t: "log"; start?: number; stop?: number; id?: string | number }
  | { t: "op"; name: string; fields?: { [field: string]: Json }; id?: string | number }
  | { t: "rematch" };
export type Heartbeat = { t: "ping" } | { t: "pong" };
export type WireMessage = HostMessage | GuestMessage | Heartbeat;

/** One step of a finished game's replay. */
export interface ReplayStep {
  /** The record with its `final` check (the replay link carries it). */
  record: GameRecord;
  steps: number;
  step: number;
  seat: number | "all";
  players: number;
  /** The action that led to this step (null at step 0). */
  action: string | null;
  current: number;
  terminal: boolean;
  result: GameResult | null;
  observation: Observation;
  /** Every seat's observation (without its log) when `seat` is "all". */
  hands: Observation[] | null;
  log: LogEntry[];
  log_size: number;
}

/** A review's mark of one decision, from no loss to a large one (the page says `review.mark.<mark>`). */
export type ReviewMark = "best" | "good" | "inaccuracy" | "mistake" | "blunder";

/** One reviewed decision (pygame_core/review.py `weigh_line`): values in the game's unit, higher = better. */
export interface ReviewLine {
  /** The action's index in the record (the replay viewer's step before it). */
  step: number;
  played: string;
  best: string;
  /** The value lost (>= 0). */
  loss: number;
  mark: ReviewMark;
  /** The seat's expected outcome after the move played, and after the best one. */
  value: number;
  best_value: number;
  choices: number;
  played_text: Description;
  best_text: Description;
  /** For an inaccuracy or worse: what the best move does that the played one did not, and its kind. */
  why?: Description | null;
  kind?: string | null;
  /** The hindsight view ("knowing every card"), apart from the mark. */
  hindsight?: ReviewLine;
}

/** What a review is about. */
export interface ReviewHeader {
  format: number;
  game: string;
  variant: string;
  seat: number;
  unit: "points" | "chips" | "cards";
  version: string;
  decisions: number;
  thresholds: { best: number; inaccuracy: number; mistake: number; blunder: number };
  finished: boolean;
}

/** A whole review's figures: accuracy 0..100 (null without decisions), marks and mistakes by kind. */
export interface ReviewSummary {
  decisions: number;
  accuracy: number | null;
  loss: number;
  mean_loss: number | null;
  marks: { [mark: string]: number };
  kinds: { [kind: string]: number };
}

/** A slice of a review (op `review`): its lines; `next`: the decision to go on from (null: done, with `summary`);
 * `kept`: answered from the browser's store (made before). */
export interface ReviewSlice {
  header: ReviewHeader;
  lines: ReviewLine[];
  next: number | null;
  total: number;
  summary?: ReviewSummary;
  kept: boolean;
}

/** A kept review in the list (op `review_list`). */
export interface ReviewKept {
  game: string;
  variant: string;
  seat: number;
  /** The reviewed seat was a player's own (not a computer's). */
  human: boolean;
  time: number;
  accuracy: number | null;
  decisions: number;
  mean_loss: number | null;
  unit: "points" | "chips" | "cards";
}

// ---------------------------------------------------------------- the ops

/** The fields of a new game: a rule set and a seed (or the day's deal), or a record to go on from. */
export type NewGameFields =
  | {
    game: string;
    variant?: string;
    options?: { [name: string]: Json };
    seats: SeatKind[];
    /** The player's own seed (echoed back); without it the worker draws one, kept until the end. */
    seed?: number;
    /** "YYYY-MM-DD": the day's deal (its seed kept until the end), instead of `seed`. */
    daily?: string;
    /** Whether the game allows undo (default true; false for a daily deal). */
    undo?: boolean;
    /** The players' names the page shows, kept with the save. */
    names?: string[];
  }
  | { record: GameRecord | string; seats: SeatKind[]; undo?: boolean; names?: string[] };

/** Each op's request fields (without `op`) and its result. A game's own operations go through
 * `game_op` (their fields: the operation's, any name but the envelope's). */
export interface Ops {
  info: { request: {}; result: { python: string; core: string; games: CatalogueGame[] } };
  new_game: { request: NewGameFields; result: Started };
  /** Show `seat` from now on (the show rules: -1 always; a seat once over; a human seat that is the
   * only one or is to act). */
  show: { request: { session: string; seat: number }; result: View };
  view: { request: { session: string; seat?: number }; result: View };
  /** A human's action; `show`: the seat shown after it (hot-seat: -1 at once). */
  act: { request: { session: string; seat: number; action: string; show?: number }; result: View };
  ai_step: { request: { session: string }; result: AiStepView };
  /** Back to before `seat`'s last action (the computers' moves since are undone too). */
  undo: { request: { session: string; seat: number }; result: View };
  /** Log entries `start:stop` as the seat shown sees them (clamped; at most MAX_LOG_SLICE). */
  log: { request: { session: string; start?: number; stop?: number }; result: LogEntry[] };
  /** The record: once over, or on the player's request (`export: true`). */
  record: { request: { session: string; export?: boolean }; result: GameRecord };
  game_op: { request: { game: string; name: string; session?: string | null; [field: string]: unknown }; result: any };
  close: { request: { session: string }; result: true };
  ping: { request: {}; result: "pong" };
  /** Build the AI's tables for a rule set while the player reads the setup: the levels prepared. */
  prepare: { request: { game: string; variant?: string; options?: { [name: string]: Json } }; result: string[] };
  /** How the worker's Python started (web/engine-boot.mjs): the build's snapshot, or the usual way. */
  boot: { request: {}; result: { mode: "snapshot" | "plain" | "cpython"; error?: string; ms?: { [step: string]: number } } };
  heap: { request: {}; result: { wasm: number } | null };
  /** The first cards of a seeded shuffle of the 40-card deck (the browser deals like CPython). */
  deal_preview: { request: { seed: number; count?: number }; result: string[] };
  /** One step of a finished game's record (checked like `python -m pygame_core replay`). */
  replay: { request: { record: GameRecord | string; step?: number; seat?: number | "all" }; result: ReplayStep };
  /** The saved games, most recent first (`limit`: 50 by default; `more`: how many are left). */
  saves: { request: { limit?: number }; result: { storage: boolean; more: number; saves: SaveSummary[] } };
  resume: { request: { save: string }; result: Started };
  delete_save: { request: { save: string } | { all: true }; result: true };
  /** A save's record as a file's text (`kind: "record"`), or a damaged save's own text (`"raw"`). */
  export_save: { request: { save: string; original?: boolean }; result: { text: string; kind: "record" | "raw" } };
  import_record: { request: { record: GameRecord | string; seats?: SeatKind[]; undo?: boolean; names?: string[] }; result: Started };
  /** Playing together (issue 22, web/bridge/net.py). Set up a table: the host's secret stays in the worker. */
  net_host: {
    request: { game: string; variant?: string; options?: { [name: string]: Json }; seats: SeatKind[]; names?: string[]; fallback?: string };
    result: { table: string; commitment: string };
  };
  /** Deal from every player's secret (one per remote seat); `tamper` (with `debug`): the e2e test's dishonest host. */
  net_start: { request: { table: string; secrets: { [seat: string]: string }; names?: string[]; tamper?: boolean; debug?: boolean }; result: NetStarted };
  /** One raw message from the guest of remote seat `seat`: never an error for guest input (the reply says it). */
  net_message: { request: { session: string; seat: number; text: string }; result: NetMessageResult };
  /** A guest's seat: back to the guest ("remote"), or a computer level while the guest is away. */
  net_seat: { request: { session: string; seat: number; kind: SeatKind }; result: { seats: SeatKind[]; host: View; remote: RemoteViews } };
  /** The secrets and the record, once the game is over. */
  net_reveal: { request: { session: string }; result: NetReveal };
  /** The guest's own check of the deal (its own worker); `seen`: every View's observation it was shown. */
  net_verify: {
    request: { record: GameRecord | string; secret: string; commitment: string; secrets: string[]; seat: number; seen: { actions: number; observation: Observation }[]; game?: string };
    result: { ok: boolean; problem: string | null };
  };
  /** A resumed net table (the host reloaded): its guests' seats are the fallback's until they rejoin. */
  net_info: { request: { session: string }; result: { seats: SeatKind[]; fallback: string; commitment: string; remote: number[] } };
  /** A record from a file, checked, nothing opened: what it is, and its seats' kinds. */
  check_record: {
    request: { record: GameRecord | string };
    result: { game: string; variant: string; players: number; actions: number; terminal: boolean; seats: SeatKind[] };
  };
  /** Issue 23: a slice of a finished game's review of `seat` (web/bridge/review.py), from decision `start`
   * for about `slice_ms`; a finished review is kept and answered at once after. */
  review: {
    /** `human`: the seat is a player's own (kept with the review: the statistics count those only). */
    request: { record: GameRecord | string; seat: number; start?: number; slice_ms?: number; hindsight?: boolean; human?: boolean };
    result: ReviewSlice;
  };
  /** The kept reviews, newest first. */
  review_list: { request: {}; result: { storage: boolean; reviews: ReviewKept[] } };
}

export type Op = keyof Ops;

/** A request of op K. */
export type RequestOf<K extends Op> = Ops[K]["request"] & { op: K };

/** Every request: a union discriminated by `op`. */
export type Request = { [K in Op]: RequestOf<K> }[Op];

/** The result of op K. */
export type ResultOf<K extends Op> = Ops[K]["result"];

// ---------------------------------------------------------------- answers

/** The error kinds the worker sends: the core's error classes, the worker's own, and a bug. */
export type ErrorKind =
  | "IllegalActionError" | "InvalidActionError" | "InvalidCardError" | "OptionsError" | "RecordError"
  | "RequestError" | "StorageError" | "InternalError" | (string & {});

export interface OkAnswer<T> {
  ok: true;
  result: T;
  /** The worker's time on the call, in milliseconds. */
  ms: number;
  /** The browser refused storage: the game goes on, unsaved. */
  unsaved?: true;
  // An error answer's fields, absent here: any answer may be read for them. (Without strictNullChecks,
  // `if (!answer.ok)` does not narrow an Answer to an ErrorAnswer; `if (answer.ok)` does narrow it.)
  kind?: undefined;
  key?: undefined;
  args?: undefined;
  detail?: undefined;
}

/** An error answer. Its words are a Description (`key` and `args`, issue 19: errors are keys), which
 * the page says in the player's language (shell/errors.js). */
export interface ErrorAnswer {
  ok: false;
  kind: ErrorKind;
  key: string;
  args: Args;
  ms: number;
  /** A bug (kind InternalError): where it happened (the stack and the exception's type, never its message). */
  detail?: string;
  unsaved?: true;
}

/** The answer envelope: `{ok: true, result, ms}` or `{ok: false, kind, key, args, ms, detail?}`. */
export type Answer<T = unknown> = OkAnswer<T> | ErrorAnswer;

/** The sentence to show for an answer that is not ok (shell/errors.js), in the player's language. */
export type ErrorText = (answer: Answer<unknown>) => string;

/** The page's one way to the worker (app.js `engineCall`): calls made before the engine is ready wait for it. */
export type EngineCall = <R extends Request>(request: R) => Promise<Answer<ResultOf<R["op"]>>>;

/** A game's own operation (the worker's `game_op`): Primero's hand score, coach and lessons, … */
export type GameOp = (game: string, name: string, request?: { session?: string | null; [field: string]: unknown }) => Promise<Answer<any>>;

// ---------------------------------------------------------------- the shell

/** The player's settings (app.js, kept in localStorage). */
export interface Settings {
  suits: "french" | "italian";
  fourColour: boolean;
  largeIndex: boolean;
  speed: "normal" | "fast" | "slow" | "off";
  /** The player picked a speed (until then prefers-reduced-motion means Off). */
  speedChosen: boolean;
  lang: string;
  sound: boolean;
  volume: number;
  /** Single-key shortcuts (shell/keys.js). */
  keys: boolean;
  /** A card's only move waits for a second tap. */
  confirmPlay: boolean;
  /** Play together across the internet (issue 22): off, no ICE server is contacted (same network only). */
  internet: boolean;
  /** The STUN servers contacted when `internet` is on (shell/net/peer.js iceServers). */
  stun: string[];
}

/** How cards are drawn (cards.js `cardSVG`). */
export interface CardOptions {
  style?: "french" | "italian";
  fourColour?: boolean;
  largeIndex?: boolean;
}

/** i18n.js `t`: the text of a key in the page's language, its {placeholders} filled. */
export type Translate = (key: string, vars?: object) => string;

/** A seat's name on screen ("You", "Player 2", a computer's name). */
export type NameOf = (seat: number) => string;

/** Play one canonical action text; `hold`: ms to wait first, every control inert, the move shown. */
export type Send = (action: string, opts?: { hold?: number }) => void | Promise<void>;

/** What every context the shell gives a game module holds. */
export interface ShellTools {
  t: Translate;
  esc: (text: unknown) => string;
  settings: Settings;
  cardOpts: () => CardOptions;
  engineCall: EngineCall;
  gameOp: GameOp;
  /** The sentence to show for an error answer, in the player's language. */
  errorText: ErrorText;
  announce: (text: string, assertive?: boolean) => void;
}

/** What a game's routes and its home and rules hooks get from the shell (app.js `routeCtx`). */
export interface ShellContext extends ShellTools {
  loadCatalogue: () => Promise<Catalogue>;
  /** The Learn page, every game's lessons (a game's own lesson route shows it for its list), with a
   * message above it when given (a bad link). */
  learnHub: (main: HTMLElement, notice?: string) => Promise<void>;
}

/** What a game module's table hooks get (shell/table.js `tableCtx`; the replay viewer's is the same,
 * with no session and a send that does nothing). */
export interface TableContext extends ShellTools {
  catalogue: Catalogue | null;
  /** The catalogue entries of the game and rule set on the table. */
  game: CatalogueGame;
  variant: CatalogueVariant;
  seats: SeatKind[];
  names: string[];
  nameOf: NameOf;
  /** A Description in words (the module's `describe` first, then the shell's say()). */
  say: (description: Description) => string;
  /** An object the module may keep per-game state in. */
  local: { [name: string]: any };
  session: string | null;
  send: Send;
  /** Draw the actions and the side again from the current View (no worker call). */
  redraw: () => void;
}

/** A round just over, summarised once in a dialog before play goes on (`GameModule.roundEnd`). */
export interface RoundEnd {
  /** Shown once per id (kept with the save: Primo gives the round number, the others a text). */
  id: string | number;
  title: string;
  html: string;
  text: string;
  /** The dialog's button (default: "Next deal"). */
  next?: string;
}

/** The "read the table" context of `GameModule.keys.read`. */
export interface ReadContext {
  name: string;
  view: View;
  nameOf: NameOf;
  seats?: SeatKind[];
  settings: Settings;
}

/** A screen a game adds (Primero: "/calc", "/learn"); `nav`: an i18n key, the screen's menu link.
 * The module draws it (`GameModule.screens[path]`). */
export interface GameRoute {
  path: string;
  nav?: string;
}

/** What a game's own screen draws with (`GameModule.screens`). */
export type GameScreen = (main: HTMLElement, params: URLSearchParams, ctx: ShellContext) => unknown;

/** A link on the game's home tile: where it goes, and its i18n key. */
export interface HomeLink {
  href: string;
  label: string;
}

type TableModule = Promise<{ default: { [key: string]: string } }>;

/** A game in the registry (web/games/index.js): what the shell knows of it before its module is
 * downloaded, and how to download it. */
export interface GameEntry {
  /** The registry's game name ("primero"). */
  name: string;
  /** Its module (a lazy import). */
  load: () => Promise<{ default: GameModule }>;
  /** Its shortcuts only (the "?" dialog away from a table lists every game's). */
  keys: () => Promise<{ keys: GameModule["keys"] }>;
  /** Its strings in each language but English (English is static), as lazy imports. */
  strings: { [lang: string]: () => TableModule };
  /** Its own screens (their menu links). */
  routes?: GameRoute[];
  /** The links on its home tile. */
  home?: HomeLink[];
}

/** The shell's own screens' context: what app.js gives shell/setup.js, shell/links.js (the daily
 * deal) and shell/replay.js (app.js `setupCtx`). */
export interface SetupContext extends ShellContext {
  /** A game's module once loaded (the route loads its game's before the screen draws), else undefined. */
  module: (name: string) => GameModule | undefined;
  /** A game's module, downloaded if need be (web/games/index.js loadGame: rejects with a LoadError). */
  loadModule: (name: string) => Promise<GameModule | undefined>;
  startGame: (request: NewGameRequest, opts?: { wanted?: () => boolean }) => Promise<string | null>;
  catalogueNow: () => Catalogue | null;
  /** Build the AI's tables for the rule set on screen (the worker's `prepare`). */
  prepare?: (request: Ops["prepare"]["request"]) => unknown;
  notFound: (main: HTMLElement, path: string) => Promise<void>;
  /** A link that cannot be followed: the home screen, with what was wrong with it. */
  badLink: (main: HTMLElement, text: string) => Promise<void>;
}

/** What app.js gives the table (shell/table.js `setContext`). */
export interface TableShell extends ShellContext {
  /** A game's module, downloaded if need be (web/games/index.js loadGame: rejects with a LoadError). */
  loadModule: (name: string) => Promise<GameModule | undefined>;
  catalogueNow: () => Catalogue | null;
  /** Back into the most recent saved game (a reload on the table); true if there was one. */
  resumeLatest: () => Promise<boolean>;
}

/** What app.js gives the saved games' list (shell/saves.js `setSavesContext`). */
export interface SavesContext {
  engineCall: EngineCall;
  loadCatalogue: () => Promise<Catalogue>;
  /** Put a game the worker opened on the table; an error text, or null. */
  openGame: (started: Started, opts?: { resumed?: boolean; imported?: boolean; notice?: string | null }) => Promise<string | null>;
  errorText: ErrorText;
  announce: (text: string, assertive?: boolean) => void;
}

/** A new game's request as setup and the daily deal make it (shell/table.js adds the names). */
export type NewGameRequest = Extract<NewGameFields, { game: string }>;

// ---------------------------------------------------------------- the game module

/**
 * A game's web module (web/games/<game>/index.js, downloaded through web/games/index.js's GameEntry). The shell owns the
 * catalogue, setup, the run loop, the hot-seat hand-over, the log, the end screen and every worker
 * call that plays a move; the module only draws what its observation holds and composes its action
 * texts.
 */
export interface GameModule {
  /** The registry's game name ("primero"). */
  name: string;
  /** Draw the table (seats, felt, the shown seat's hand) into `el`, a container whose children are
   * grid items of the table screen; `view.seat` is -1 while nobody's hand may show. */
  drawTable(el: HTMLElement, view: View, ctx: TableContext): void;
  /** Draw the action controls into the action bar `el`, only when `view.seat` is to act. `send`
   * plays one canonical action text; every control that plays carries data-action="<that text>",
   * and one that picks what to play (a card whose moves then show) carries data-action="pick". */
  composeActions(el: HTMLElement, view: View, ctx: TableContext, send: Send): void;
  /** Optional panel(s) beside the log (Primero: the coach). */
  side?(el: HTMLElement, view: View, ctx: TableContext): void;
  /** A finished round to summarise, or null; the shell shows each id once. */
  roundEnd?(view: View, ctx: TableContext): RoundEnd | null;
  /** The end screen's text for a seat's score. */
  scoreText?(result: GameResult, seat: number, ctx: TableContext): string;
  /** One more line on the end screen. */
  endNote?(result: GameResult, ctx: TableContext): string;
  /** A short tag before a log line (e.g. the deal). */
  logTag?(entry: LogEntry): string;
  /** The pause (ms) before the next computer step, the View just drawn: long enough to follow that
   * step on the table at the player's speed (0: none); null: the shell's own pace. A click or a key
   * ends it and every later one until the player's turn (shell/motion.js `pause`, `paced`). */
  pace?(view: View, ctx: TableContext): number | null;
  /** The Description with its args made readable (card texts to names, lists of seats to names)
   * before the shell's say() translates it; the key may change too. */
  describe?(description: Description, x: { nameOf: NameOf; settings: Settings }): Description;
  /** Options of the daily deal (#/daily/<game>), e.g. one deal. */
  dailyOptions?: { [option: string]: Json };
  /** HTML: this game's section of the rules page. */
  rules?(game: CatalogueGame, catalogue: Catalogue, ctx: ShellContext): string;
  keys?: {
    /** The game's lines in the "?" shortcuts dialog, each [key, i18n key of what it does]; the
     * section's title is the game's key `<game>.keys.game` (shell/keys.js). */
    help?: string[][];
    /** The game's single-key shortcuts: true when the key acted. */
    onKey?(event: KeyboardEvent): boolean;
    /** "Read the table": phrases for the whole public state of the view (the shell adds whose
     * turn it is). A control Enter confirms when no control has focus carries data-primary or
     * data-confirm. */
    read?(view: View, x: ReadContext): string[];
  };
  /** The game's own screens by path (Primero: "/calc", "/learn"; the registry lists them). */
  screens?: { [path: string]: GameScreen };
  /** The game's lessons for the Learn page (#/learn, shell/learn.js), in the page's language. */
  lessons?(ctx: ShellContext): Promise<LessonEntry[]>;
}

/** One lesson on the Learn page: its title, a line on what it teaches, and the link that opens it. */
export interface LessonEntry {
  id: string;
  title: string;
  pitch?: string;
  /** e.g. who plays and how many steps. */
  help?: string;
  href: string;
}
