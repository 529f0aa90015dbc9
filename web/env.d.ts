// What tsc cannot see from web/ alone (see protocol.d.ts for the page <-> worker contract): the
// modules build.py copies into dist/ from node_modules (PyScript's core.js, Pyodide's pyodide.mjs),
// the page's hooks on `window` for tests and tools, and the little of Node that
// web/boot-snapshot.mjs uses at build time (no @types/node: these few lines are its whole need).
// A declaration file only: the site never loads it (build.py does not copy *.d.ts).

/** dist/pyscript/core.js (PyScript 0.7.31, pinned in package.json): its worker, as app.js uses it.
 * `version` is the interpreter module the worker loads (web/engine-boot.mjs). */
declare module "*/pyscript/core.js" {
  export function PyWorker(
    file: string,
    options: { config: string; version: string },
  ): Promise<Worker & { sync: { call(request: string): Promise<string> } }>;
}

/** dist/pyodide/pyodide.mjs (Pyodide, pinned in package.json): its own types. */
declare module "*/pyodide/pyodide.mjs" {
  export * from "pyodide";
}

declare module "node:fs" {
  export function readFileSync(path: string): Uint8Array;
  export function writeFileSync(path: string, data: string | Uint8Array): void;
}

declare module "node:path" {
  export function join(...parts: string[]): string;
  export function resolve(...parts: string[]): string;
}

declare module "node:process" {
  export const argv: string[];
}

/** The page's hooks for tests and tools (app.js), and an old Safari's audio. */
interface Window {
  primi: {
    engineCall: import("./protocol").EngineCall;
    announce(text: string, assertive?: boolean, asked?: boolean): void;
    tableInfo(): object | null;
    replayInfo(): object | null;
    /** Issue 23: where the game review on screen stands (shell/review.js), and its slice time for tests. */
    reviewInfo(): object | null;
    setReviewSlice(ms: number): void;
    /** Milliseconds each computer decision took in the worker (bench/primero/browser.py). */
    thinkTimes: number[];
    keys: object;
    /** With ?debug: every request and reply text the page exchanged with the worker. */
    replies?: { request: string; reply: string }[];
    /** The worker's memory (bench/site/boot.py). */
    heap?: () => Promise<{ wasm: number } | null>;
    motion?: unknown;
    sounds?: unknown;
    bootBytes?: { phase: string; bytes: number; total: number }[];
    /** With ?debug: stop the worker as a fatal error would (crash: reporting it, as engine-boot.mjs does). */
    killEngine?: (crash?: boolean) => void;
    /** With ?debug: the settings read again from storage (the tests' shared pages, between tests). */
    reloadSettings?: () => Promise<object>;
  };
  /** The boot's retry (web/boot-guard.js): the page's files fetched again past the HTTP cache, then a reload. */
  primiRetry?: () => Promise<void>;
  webkitAudioContext?: typeof AudioContext;
}
