// The intrinsic kinds' schemas are built on first read (node-kind.ts, `defineLazyNode`): a trusted render
// reads none, so a process that lives for one render never builds them; every read gives the same schema.
import { describe, expect, test } from "bun:test";
import { Check } from "@sinclair/typebox/value";
import { intrinsicKinds } from "../src/index.ts";
import { defineLazyNode } from "../src/node-kind.ts";
import { Type } from "../src/schema-builders.ts";

describe("the intrinsic kinds' schemas, built on first read", () => {
  test("each reads as the same schema every time, and it checks props as it did", () => {
    for (const kind of Object.values(intrinsicKinds)) {
      expect(kind.schema).toBe(kind.schema);
      expect(Object.isFrozen(kind)).toBe(true);
    }
    expect(Check(intrinsicKinds.heading.schema, { depth: 2 })).toBe(true);
    expect(Check(intrinsicKinds.heading.schema, { depth: 7 })).toBe(false);
    expect(Check(intrinsicKinds.paragraph.schema, { extra: 1 })).toBe(false);
  });

  test("a kind's schema is built on its first read, once; a bad tag is refused at once", () => {
    let builds = 0;
    const kind = defineLazyNode("badge", () => {
      builds++;
      return Type.Object({ tone: Type.String() }, { additionalProperties: false });
    });
    expect(builds).toBe(0);
    expect(Check(kind.schema, { tone: "ok" })).toBe(true);
    expect(kind.schema).toBe(kind.schema);
    expect(builds).toBe(1);
    expect(() => defineLazyNode("Badge", () => Type.Object({}))).toThrow("invalid node name");
  });
});
