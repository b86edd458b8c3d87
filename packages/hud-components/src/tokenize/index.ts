export * from "./tokenizer.ts";
