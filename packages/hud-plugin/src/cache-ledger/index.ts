// The live cache ledger (docs/cache-ledger.md): per-call usage, hit share, money, and busts with their cause.
export { attribute, describeCause, isBust, CARRIED_SHARE } from "./attribute.ts";
export { callLine, ledgerLine, shareBars, shareChart, totalsLine } from "./format.ts";
export { hashPlainMessages, hashSystem, hashText, hashV1Messages } from "./hash.ts";
export { SessionLedger, type LedgerOptions } from "./session-ledger.ts";
export { hitShare, moneyOf, pricesOf, promptTokens, summarize, usageOfTokens } from "./usage.ts";
export type * from "./types.ts";
