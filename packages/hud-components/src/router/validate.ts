import { containLines } from "@agent-hud/ujsx/core";
import { Errors, ValueErrorType } from "@sinclair/typebox/errors";
import { Check } from "@sinclair/typebox/value";
import { NON_BLANK } from "./args.ts";
import { operationCatalog, operationsByName, type OperationSpec } from "./catalog.ts";
import { closeMatches } from "./suggest.ts";
import { shapeOf } from "./shape.ts";

export type ToolCall = { tool: string; args?: unknown };
export type Checked = { ok: true; op: OperationSpec; args: Record<string, unknown> } | { ok: false; error: string };

const names = operationCatalog.map((o) => o.name);

/** Resolve the operation and check its args; failures are ONE line naming the problem and the expected shape. */
export function checkCall(call: ToolCall): Checked {
  const name = typeof call?.tool === "string" ? call.tool.trim() : "";
  const op = operationsByName.get(name);
  if (!op) {
    const close = closeMatches(name, names);
    const shown = name
      ? `unknown operation "${name.slice(0, 60).replace(/\s+/g, " ")}"`
      : 'missing operation name in "tool"';
    const hint = close.length ? `did you mean ${close.map((c) => `"${c}"`).join(", ")}? ` : "";
    return { ok: false, error: `${shown}; ${hint}call { tool: "help" } to list operations` };
  }
  let args: unknown = call.args ?? {};
  // Models sometimes send args as a JSON string; accept it when it parses to an object.
  if (typeof args === "string") {
    try {
      args = args.trim() ? JSON.parse(args) : {};
    } catch {
      return { ok: false, error: `${name}: args is not valid JSON; expected ${shapeOf(op.args)}` };
    }
  }
  // the agent's text enters the state contained, as it leaves it: no control or bidi character is stored
  args = containStrings(args);
  if (!Check(op.args, args)) {
    const first = Errors(op.args, args).First();
    // The path can name a caller's key: odd or long keys are quoted and clipped so the error stays one line.
    const path = first?.path ?? "";
    const where = /^[\w/-]{0,60}$/.test(path)
      ? `args${path.replace(/\//g, ".")}`
      : `args${JSON.stringify(path.slice(0, 60))}`;
    const blank = first?.type === ValueErrorType.StringPattern && first.schema.pattern === NON_BLANK;
    const problem = first ? `${where}: ${blank ? "is blank" : first.message.toLowerCase()}` : "invalid args";
    return { ok: false, error: `${name}: ${problem}; expected ${shapeOf(op.args)}` };
  }
  return { ok: true, op, args: args as Record<string, unknown> };
}

/** Every string in the args, contained (controls and bidi characters become U+FFFD); the rest as it was. */
function containStrings(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return containLines(value);
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => containStrings(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, containStrings(v, depth + 1)]));
}
