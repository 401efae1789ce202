import { createMemoryIdempotencyStore } from "../../src/memory/index.js";
import { describeIdempotencyStoreContract } from "../contracts/idempotency-store.contract.js";

describeIdempotencyStoreContract("in-memory", () => createMemoryIdempotencyStore());
