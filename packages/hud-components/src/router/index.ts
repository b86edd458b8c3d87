export * from "./args.ts";
export {
  operationCatalog,
  operationsByName,
  hostOperationNames,
  type HostOperationName,
  type OperationSpec,
} from "./catalog.ts";
export {
  planOperation,
  helpText,
  scopeOfId,
  type HostAnswer,
  type HostOperations,
  type Plan,
  type PlanContext,
  type PlannedEvent,
} from "./plan.ts";
export { describeOutcome } from "./describe.ts";
export { hudToolJsonSchema } from "./json-schema.ts";
export { formatHistory, formatSnapshot, type HistoryEntry } from "./format.ts";
export { resumeSummary, hasUnfinishedWork } from "./resume.ts";
export { checkCall, type ToolCall } from "./validate.ts";
export { shapeOf } from "./shape.ts";
export { closeMatches } from "./suggest.ts";
export { findComponent, componentNames, formatComponents, unknownComponent } from "./components.ts";
