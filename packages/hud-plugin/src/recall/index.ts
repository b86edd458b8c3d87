export { Recall, type RecallHistory, type RecallOptions } from "./recall.ts";
export { DeferredRecall, type RecallPort } from "./deferred-recall.ts";
export { RecallIndex, type Doc, type Hit } from "./recall-index.ts";
export { ftsQuery } from "./fts-query.ts";
export { pruneEventLog, scheduleLogRetention, type Retention } from "./retention.ts";
