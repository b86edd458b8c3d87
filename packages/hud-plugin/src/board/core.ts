// What the TUI entry imports at load: reading and laying out the HUD, no tokenizer, no event store.
export { BoardReader, type BoardReaderOptions } from "./reader.ts";
export { memoRows } from "./memo-rows.ts";
export { hudRows, sidebarRows, statusLine, type ViewState } from "./sidebar-rows.ts";
export { dialogRows, type DialogInput } from "./dialog-rows.ts";
export { promptStatus } from "./prompt-status.ts";
export { ledgerRows, ledgerSidebarRow } from "./ledger-rows.ts";
export { ledgerLine } from "../cache-ledger/format.ts";
export { summarize } from "../cache-ledger/usage.ts";
export type { LedgerCall, LedgerSummary } from "../cache-ledger/types.ts";
export { hudCommands, type HudCommand } from "./commands.ts";
export { roleColor, spanAttributes, type ThemeColors } from "./theme.ts";
export { carriedItems, componentFailures, toastFor, type ToastNote } from "./toasts.ts";
export { ToastTracker } from "./toast-tracker.ts";
export type { TermLine } from "@agent-hud/ujsx";
export type { BoardRender } from "../store/board-render.ts";
