// examples/typed/postgres-ports.ts
// Not run: needs a PostgreSQL database (the service suites run on one as service-postgres).
import pg from "pg";
import { createService } from "reelkit";
import { createMemoryPorts } from "reelkit/memory";
import { createPostgresPorts, migrate, seedOrganizations } from "reelkit/postgres";
import { API_SCOPES } from "reelkit/schemas";
import { createSimulatedProviders } from "reelkit/simulated";

const organizations = [
  {
    id: 1,
    name: "Acme",
    subscriptionActive: true,
    credits: 1000,
    apiKeys: [{ key: process.env.API_KEY ?? "", scopes: API_SCOPES }],
  },
];
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
await migrate(pool); // versioned; safe when several processes start at once
await seedOrganizations(pool, organizations); // adds missing ones, never resets a balance

const memory = createMemoryPorts({ origin: "https://api.example.com" });
const postgres = createPostgresPorts(pool);
const service = createService({
  ...memory,
  ...createSimulatedProviders(memory),
  ...postgres, // accounts, credits, idempotency, records, queue, rate limiter, unitOfWork
});
const worker = postgres.startWorker(service.processJob);

export { worker };
