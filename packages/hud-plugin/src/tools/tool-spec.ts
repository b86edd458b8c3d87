/**
 * A tool as the runtime defines it, before any host sees it: a JSON Schema object for its input and an
 * `execute` that gets the model's arguments unchecked (the router validates them with TypeBox) and the
 * calling session. Each host adapter turns it into its own registration (`src/host/v1`, `src/host/v2`).
 * A thrown Error's message is what the model reads as the failed call's result.
 */
export type ToolSpec = {
  description: string;
  /** `{ type: "object", properties, … }` */
  parameters: Record<string, unknown>;
  execute(args: unknown, call: { sessionID: string }): Promise<string>;
};
