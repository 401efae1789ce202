/**
 * Credits: accounts with two-phase holds, an append-only ledger, pricing, and the
 * `CreditStore` port that persistent stores implement.
 *
 * @module
 */
export * from "./account.js";
export * from "./batch.js";
export * from "./credits-returned.js";
export * from "./default-prices.js";
export * from "./ledger.js";
export * from "./price-export.js";
export * from "./price-generation.js";
export * from "./price-products.js";
export * from "./pricing.js";
export * from "./reconcile.js";
export * from "./store.js";
export * from "./transitions.js";
