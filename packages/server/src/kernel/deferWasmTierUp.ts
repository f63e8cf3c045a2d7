import { setFlagsFromString } from 'node:v8';

/**
 * V8's budget before a WebAssembly function is recompiled by its optimising tier, raised 100× from V8's default
 * (1,800,000). At the default, PGlite's start (PostgreSQL's own, ~200 ms of wasm) sends hundreds of functions to
 * the optimiser at once, and publishing that code held the main thread ~130 ms just when the first request
 * arrived. Functions hot under load still get optimised: token refresh and login throughput measured the same.
 */
const WASM_TIERING_BUDGET = 180_000_000;

/**
 * Defers V8's optimising recompilation of WebAssembly for this process (see WASM_TIERING_BUDGET). Called by
 * the `latch-server` command before it opens PGlite (the budget is read when the module is instantiated); never
 * by the library, which must not change the V8 flags of a host's process.
 */
export function deferWasmTierUp(): void {
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}
