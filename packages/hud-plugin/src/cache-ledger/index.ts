// The live cache ledger (docs/cache-ledger.md): per-call usage, hit share, money, and busts with their cause.
export { attribute, describeCause, isBust, lostTokens, CARRIED_SHARE } from "./attribute.ts";
export { callLine, ledgerLine, lossText, shareBars, shareChart, totalsLine } from "./format.ts";
export { hashSystem, hashText } from "./hash.ts";
export { SessionLedger, type LedgerOptions } from "./session-ledger.ts";
export { hitShare, isPartial, moneyOf, pricesOf, promptTokens, sameUsage, summarize } from "./usage.ts";
export type * from "./types.ts";
