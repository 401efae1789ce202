// examples/typed/node-listener.ts
// Not run: listens until stopped (examples/mount-node.ts runs the same listener).
import { createServer } from "node:http";
import type { FetchHandler } from "reelkit/http";
import { toNodeListener } from "reelkit/node";

declare const api: FetchHandler; // the handler of the embedding guide

createServer(toNodeListener(api)).listen(8787);
