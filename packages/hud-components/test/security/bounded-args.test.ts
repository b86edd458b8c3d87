import { expect, test } from "bun:test";
import type { TSchema } from "@sinclair/typebox";
import { emptyState, planOperation } from "../../src/index.ts";
import { operationCatalog } from "../../src/router/catalog.ts";

const view = () => ({ session: emptyState("session"), project: emptyState("project") });

test("a 10 MB note is refused in one line that names the limit, and nothing is recorded", () => {
  const result = planOperation(view(), { tool: "notes.add", args: { content: "x".repeat(10 * 2 ** 20) } }, { now: 1 });
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error).toMatch(/^notes\.add: args\.content: expected string length less or equal to 400; expected /);
  expect(result.error.split("\n")).toHaveLength(1);
  expect(result.error.length).toBeLessThan(400);
});

/** Every string an operation's args can hold, with its path. */
function strings(schema: TSchema, path: string): Array<[string, TSchema]> {
  if (schema.type === "string") return [[path, schema]];
  if (schema.type === "object")
    return Object.entries(schema.properties ?? {}).flatMap(([k, s]) => strings(s as TSchema, `${path}.${k}`));
  if (schema.type === "array") return strings(schema.items as TSchema, `${path}[]`);
  return (schema.anyOf ?? []).flatMap((s: TSchema) => strings(s, path));
}

test("every string argument of every operation has a maximum length", () => {
  const all = operationCatalog.flatMap((op) => strings(op.args as TSchema, op.name));
  // the walk found the text fields (a schema walk that found nothing would pass vacuously)
  expect(all.map(([p]) => p)).toContain("notes.add.content");
  expect(all.length).toBeGreaterThan(20);
  const unbounded = all.filter(([, s]) => s.const === undefined && typeof s.maxLength !== "number").map(([p]) => p);
  expect(unbounded).toEqual([]);
});
