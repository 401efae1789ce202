import type { Migration } from "./migration.js";

/**
 * Webhooks: each organization's endpoints, and the outbox of deliveries. A delivery is
 * inserted in the transaction that finishes its job; dispatchers claim due ones with
 * `FOR UPDATE SKIP LOCKED` and a lease (`claimed_until`), so several hosts share the
 * work and a crashed dispatcher's claims are taken again. `available_at` is null until a
 * failed attempt sets when the next is due. (Version 12 is another change developed
 * alongside this one.)
 */
export const MIGRATION_0013_WEBHOOKS: Migration = {
  version: 13,
  name: "webhooks",
  sql: `
CREATE TABLE webhook_endpoints (
  organization_id integer NOT NULL,
  id text NOT NULL,
  url text NOT NULL,
  secret text NOT NULL,
  events text[] NOT NULL,
  -- false for a URL a client registered: deliveries to it go through the SSRF policy.
  trusted boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, id)
);

CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  organization_id integer NOT NULL,
  endpoint_id text NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'dead')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  available_at timestamptz,
  claimed_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (position) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (state, finished_at)
  WHERE state IN ('delivered', 'dead');
`,
};
