import { describe, expect, test } from "bun:test";
import { displayPath } from "../../src/hooks/files.ts";
import { touchedFiles } from "../../src/host/opencode/tool-facts.ts";

describe("touchedFiles", () => {
  test("read opens, edit/write/multiedit edit", () => {
    expect(touchedFiles("read", { filePath: "/p/a.ts" })).toEqual([{ path: "/p/a.ts", edited: false }]);
    for (const tool of ["edit", "write", "multiedit"])
      expect(touchedFiles(tool, { filePath: "/p/a.ts" })).toEqual([{ path: "/p/a.ts", edited: true }]);
  });
  test("patches name every file they add, update or delete", () => {
    const patchText = [
      "*** Begin Patch",
      "*** Update File: src/a.ts",
      "@@",
      "-x",
      "+y",
      "*** Add File: src/b.ts",
      "+z",
      "*** Delete File: old.ts",
      "*** End Patch",
    ].join("\n");
    expect(touchedFiles("apply_patch", { patchText }).map((f) => f.path)).toEqual(["src/a.ts", "src/b.ts", "old.ts"]);
  });
  test("other tools and malformed args touch nothing", () => {
    expect(touchedFiles("bash", { command: "ls" })).toEqual([]);
    expect(touchedFiles("read", {})).toEqual([]);
    expect(touchedFiles("read", { filePath: 3 })).toEqual([]);
    expect(touchedFiles("edit", null)).toEqual([]);
    expect(touchedFiles("patch", { patchText: 1 })).toEqual([]);
  });
});

describe("displayPath", () => {
  test("project files are relative, outside files stay absolute", () => {
    expect(displayPath("/p", "/p/src/a.ts")).toBe("src/a.ts");
    expect(displayPath("/p", "/etc/hosts")).toBe("/etc/hosts");
    expect(displayPath("/p", "/p")).toBe("/p");
    expect(displayPath("/p", "rel/x.ts")).toBe("rel/x.ts");
  });
});
