import type { ToolContext, ToolDefinition, ToolResult } from "@opencode-ai/plugin/tool";

/** An argument's JSON Schema: what TypeBox builds, or a plain object from `hudToolJsonSchema()`. */
export type ArgSchema = Record<string, unknown>;

export type JsonSchemaTool = {
  description: string;
  args: Record<string, ArgSchema>;
  /** Receives the model's arguments unchecked: validate them here (the router does, with TypeBox). */
  execute(args: unknown, context: ToolContext): Promise<ToolResult>;
};

/**
 * A tool whose arguments are JSON Schema instead of zod. opencode (1.15.13 to 1.18.x, read from the
 * binaries and covered by the e2e suite on both) sends non-zod args to the model as a JSON Schema and
 * passes the call through unvalidated. That keeps zod, about 430 KiB and 15 ms of every start, out of the
 * bundle; `@opencode-ai/plugin`'s `tool()` would pull all of it in through `tool.schema`.
 */
export function defineTool(tool: JsonSchemaTool): ToolDefinition {
  // the one place the zod-typed `ToolDefinition` is told about the JSON Schema form opencode also accepts
  return tool as unknown as ToolDefinition;
}
