export * from "./tokenizer.ts";
export * from "./bound.ts";
export * from "./lazy.ts";
export * from "./estimate.ts";
