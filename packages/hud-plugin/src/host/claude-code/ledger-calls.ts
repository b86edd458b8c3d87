import type { CacheLedgers } from "../../cache-ledger/ledgers.ts";
import type { Evidence } from "../../cache-ledger/types.ts";
import type { SessionRuntime } from "../../runtime/session-runtime.ts";
import type { SessionFile } from "../../append-only/session-file.ts";
import type { TranscriptCall } from "./transcript.ts";

/**
 * The transcript's main-loop calls into the session's cache ledger. Claude Code's hooks never see a request,
 * so the evidence is only what the transcript tells: the time of each request (against the lifetime) and
 * whether a compaction came in between (a history rewrite). System prompt, tools and messages stay unseen,
 * and a bust the two cannot explain reads `unknown`. No prices: the transcript carries none.
 * `compacted`: this hook reported a compaction after the chunk's calls (SessionStart from `compact`).
 */
export function recordCalls(
  ledgers: CacheLedgers | undefined,
  session: SessionRuntime,
  file: SessionFile,
  calls: readonly TranscriptCall[],
  compacted: boolean,
): void {
  // the stored calls are read only when the transcript gained an answer or a compaction
  if (ledgers && calls.length) record(ledgers, session, file, calls);
  if (compacted) file.ledgerCompacted = true;
}

function record(ledgers: CacheLedgers, session: SessionRuntime, file: SessionFile, calls: readonly TranscriptCall[]) {
  // each hook may be a process of its own: the ledger starts from the stored calls (the latest one's time
  // is its evidence), and a report that repeats a stored call's numbers changes nothing
  const ledger = ledgers.of(session);
  for (const entry of calls) {
    if (entry.kind === "compaction") {
      file.ledgerCompacted = true;
      continue;
    }
    const known = ledger.all().find((c) => c.id === entry.id);
    const evidence: Evidence = { at: entry.at, ...(file.ledgerCompacted && !known ? { afterCompaction: true } : {}) };
    ledgers.report(session, { id: entry.id, at: entry.at, usage: entry.usage, evidence });
    if (!known) delete file.ledgerCompacted;
  }
}
