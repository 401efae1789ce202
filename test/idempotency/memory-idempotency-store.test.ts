import { createMemoryIdempotencyStore } from "../../src/stores/memory/index.js";
import { describeIdempotencyStoreContract } from "../contracts/idempotency-store.contract.js";

describeIdempotencyStoreContract("in-memory", () => createMemoryIdempotencyStore());
