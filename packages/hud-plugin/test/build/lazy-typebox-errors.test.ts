// The hook runtime's TypeBox errors, required beside the hook on the first failed check's description
// (build-lazy-typebox-errors.ts): the same iterator as the package's, loaded once.
import { describe, expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { Errors as packageErrors } from "@sinclair/typebox/errors";
import { mockRequireBeside } from "../helpers/require-beside-mock.ts";

const file = mockRequireBeside();
const lazy = await import("../../build-lazy-typebox-errors.ts");

const schema = Type.Object({ n: Type.Integer({ minimum: 1 }), s: Type.String() }, { additionalProperties: false });
const value = { n: 0, s: 3, extra: true };

describe("the hook runtime's lazy TypeBox errors", () => {
  test("a missing errors file (a broken install, no fallback) fails the description with what to do", () => {
    expect(() => lazy.Errors(schema, value)).toThrow(
      "typebox-errors.js is missing beside the plugin's hook; reinstall agent-hud",
    );
  });

  test("describes a value as the package does, and the file loads once, on the first description", () => {
    file.beside = { Errors: packageErrors };
    file.loads = 0;
    const described = [...lazy.Errors(schema, value)].map(({ path, message }) => ({ path, message }));
    expect(described).toEqual([...packageErrors(schema, value)].map(({ path, message }) => ({ path, message })));
    expect(described.length).toBeGreaterThanOrEqual(3);
    expect(lazy.Errors(schema, { n: 2, s: "x" }).First()).toBeUndefined();
    expect(file.loads).toBe(1);
  });
});
