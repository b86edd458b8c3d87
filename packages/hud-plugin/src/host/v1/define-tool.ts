import type { ToolDefinition } from "@opencode-ai/plugin/tool";
import type { ToolSpec } from "../../tools/tool-spec.ts";

/**
 * A V1 tool whose arguments are JSON Schema instead of zod. opencode (1.15.13 to 1.18.x, read from the
 * binaries and covered by the e2e suite on both) sends non-zod args to the model as a JSON Schema and
 * passes the call through unvalidated. That keeps zod, about 430 KiB and 15 ms of every start, out of the
 * bundle; `@opencode-ai/plugin`'s `tool()` would pull all of it in through `tool.schema`.
 */
export function defineTool(spec: ToolSpec): ToolDefinition {
  const tool = {
    description: spec.description,
    args: (spec.parameters["properties"] ?? {}) as Record<string, Record<string, unknown>>,
    execute: (args: unknown, context: { sessionID: string }) => spec.execute(args, { sessionID: context.sessionID }),
  };
  // the one place the zod-typed `ToolDefinition` is told about the JSON Schema form opencode also accepts
  return tool as unknown as ToolDefinition;
}
