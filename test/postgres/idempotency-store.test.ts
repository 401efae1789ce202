import { createPostgresIdempotencyStore } from "reelkit/postgres";
import { describeIdempotencyStoreContract } from "../contracts/idempotency-store.contract.js";
import { describeWithDatabase } from "./support/database.js";
import { CONTRACT_RUNS, truncate } from "./support/tables.js";

describeWithDatabase("PostgreSQL idempotency store", (schema) => {
  describeIdempotencyStoreContract(
    "PostgreSQL",
    async () => {
      await truncate(schema(), ["idempotency_keys"]);
      return createPostgresIdempotencyStore(schema().pool, { schema: schema().name });
    },
    { numRuns: CONTRACT_RUNS },
  );
});
