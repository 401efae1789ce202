import { createManualClock } from "../../src/clock.js";
import { createMemoryCreditStore } from "../../src/memory/index.js";
import { describeCreditStoreContract } from "../contracts/credit-store.contract.js";

describeCreditStoreContract("in-memory", () =>
  createMemoryCreditStore({ clock: createManualClock(Date.UTC(2026, 0, 1)) }),
);
