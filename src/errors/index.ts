export * from "./api-error.js";
export * from "./codes.js";
export * from "./validation.js";
