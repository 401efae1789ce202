import { createManualClock } from "reelkit";
import { createPostgresCreditStore } from "reelkit/postgres";
import { describeCreditStoreContract } from "../contracts/credit-store.contract.js";
import { describeWithDatabase } from "./support/database.js";
import { CONTRACT_RUNS, truncate } from "./support/tables.js";

describeWithDatabase("PostgreSQL credit store", (schema) => {
  describeCreditStoreContract(
    "PostgreSQL",
    async () => {
      await truncate(schema(), ["credit_ledger", "credit_holds", "credit_accounts"]);
      return createPostgresCreditStore(schema().pool, {
        schema: schema().name,
        clock: createManualClock(Date.UTC(2026, 0, 1)),
      });
    },
    { numRuns: CONTRACT_RUNS },
  );
});
