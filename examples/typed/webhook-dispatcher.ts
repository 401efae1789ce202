// examples/typed/webhook-dispatcher.ts
// Not run: needs a PostgreSQL database.
import type pg from "pg";
import { createService, createWebhookDispatcher, type ServiceDependencies } from "reelkit";
import { createNodeWebhookSender } from "reelkit/node";
import { createPostgresWebhookPorts } from "reelkit/postgres";

declare const pool: pg.Pool; // your pool
declare const deps: ServiceDependencies; // your host's ports and providers

const webhooks = createPostgresWebhookPorts(pool, { schema: "reelkit" });
const service = createService({ ...deps, webhooks });
const dispatcher = createWebhookDispatcher({
  queue: webhooks.queue,
  endpoints: webhooks.endpoints,
  send: createNodeWebhookSender(),
});
dispatcher.start(); // and `await dispatcher.stop()` on shutdown

export { service };
