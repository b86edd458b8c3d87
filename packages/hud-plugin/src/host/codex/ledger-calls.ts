import type { CacheLedgers } from "../../cache-ledger/ledgers.ts";
import type { Evidence } from "../../cache-ledger/types.ts";
import type { SessionFile } from "../../append-only/session-file.ts";
import type { SessionRuntime } from "../../runtime/session-runtime.ts";
import type { LedgerEntry } from "./rollout.ts";

/**
 * The rollout's model calls into the session's cache ledger, as the rollout reports them (`token_count`:
 * input with its cached part). Codex's hooks see no request, so the evidence is each call's time and whether
 * a compaction came before it; a bust neither explains reads `unknown`. Each hook is a process of its own: the
 * ledger starts from the stored calls, and a call reported again with the same numbers changes nothing.
 */
export function recordCalls(
  ledgers: CacheLedgers | undefined,
  session: SessionRuntime,
  file: SessionFile,
  entries: readonly LedgerEntry[],
): void {
  if (!ledgers || entries.length === 0) return;
  const ledger = ledgers.of(session);
  for (const entry of entries) {
    if (entry.kind === "compaction") {
      file.ledgerCompacted = true;
      continue;
    }
    const known = ledger.all().some((c) => c.id === entry.id);
    const evidence: Evidence = { at: entry.at, ...(file.ledgerCompacted && !known ? { afterCompaction: true } : {}) };
    ledgers.report(session, { id: entry.id, at: entry.at, usage: entry.usage, evidence });
    if (!known) delete file.ledgerCompacted;
  }
}
