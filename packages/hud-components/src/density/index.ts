export * from "./density.ts";
export * from "./context-info.ts";
