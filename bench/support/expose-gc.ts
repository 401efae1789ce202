/**
 * Gives mitata a real garbage collector to run between benchmarks. `npm run bench` starts
 * node without `--expose-gc`, and without `globalThis.gc` mitata falls back to allocating
 * a 1 GiB buffer to provoke a collection. Imported for its side effect, before mitata
 * (which looks for `gc` when it loads), so it must stay the first import of the entry.
 *
 * @module
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

if (typeof globalThis.gc !== "function") {
  setFlagsFromString("--expose-gc");
  globalThis.gc = runInNewContext("gc") as typeof globalThis.gc;
}
