import { expect, test } from "bun:test";
import fc from "fast-check";
import { shellResult } from "../../src/hooks/tool-result.ts";
import { shellFact } from "../../src/host/opencode/tool-facts.ts";
import { createRedactor } from "../../src/privacy/index.ts";
import { fake } from "./corpus.ts";

/** opencode's bash call as the runtime records it: the host's fact, then the HUD's event. */
const bashResult = (tool: string, args: unknown, result: unknown, at: number, redact?: (text: string) => string) => {
  const fact = shellFact(tool, args, result, at);
  return fact && shellResult(fact, redact);
};

const on = createRedactor({ redact: true });

test("text between <private> and </private> is never kept, an unclosed tag hides the rest, redact: false too", () => {
  const off = createRedactor({ redact: false });
  for (const redactor of [on, off]) {
    expect(redactor.text("a <private>pin 1234</private> b <PRIVATE>x\ny</Private> c")).toBe(
      "a [private] b [private] c",
    );
    expect(redactor.text("before <private>everything after")).toBe("before [private]");
  }
});

test("redact: false keeps secrets (only private spans go); the person's patterns mark their matches", () => {
  const token = `ghp_${fake(36)}`;
  expect(createRedactor({ redact: false }).text(`t ${token}`)).toBe(`t ${token}`);
  const custom = createRedactor({ redact: true, patterns: ["ACME-[0-9]{6}", "bad("] });
  expect(custom.text("ticket ACME-123456 and ACME-12")).toBe("ticket [redacted:pattern] and ACME-12");
});

test("deep redaction keeps kinds, ids and keys, and returns the same object when nothing changed", () => {
  const event = { kind: "note.add", at: 1, id: "n1", content: "ok", tags: ["a"] };
  expect(on.deep(event)).toBe(event);
  const token = `glpat-${fake(20)}`;
  const secret = {
    kind: "note.add",
    at: 1,
    id: "n1",
    content: `use ${token}`,
    nested: [{ key: "@0k3fz9q", text: token }],
  };
  expect(on.deep(secret)).toEqual({
    kind: "note.add",
    at: 1,
    id: "n1",
    content: "use [redacted:gitlab-personal-access-token]",
    nested: [{ key: "@0k3fz9q", text: "[redacted:gitlab-personal-access-token]" }],
  });
});

test("a token anywhere in arbitrary text is redacted, whatever surrounds it", () => {
  const around = fc.string({ maxLength: 200, unit: "grapheme-ascii" });
  fc.assert(
    fc.property(around, around, fc.constantFrom(" ", "\n", "=", ": ", '"'), (before, after, sep) => {
      const token = `ghp_${fake(36)}`;
      const out = on.text(`${before}${sep}${token}${sep === '"' ? '"' : " "}${after}`);
      expect(out).not.toContain(token.slice(4, 20));
      expect(out).toContain("[redacted:");
    }),
    { numRuns: 300 },
  );
});

test("a secret split by the cut of a long bash output is redacted before the cut", () => {
  const token = `ghp_${fake(36)}`;
  // the cut (the last 1000 characters) falls inside the token
  const output = `${"x".repeat(5_000)}\n${token}\n${"y".repeat(1_000 - 20)}`;
  const event = bashResult("bash", { command: "env" }, { output }, 1, on.text) as { output: string };
  expect(event.output).toHaveLength(1_000);
  expect(event.output).not.toContain(token.slice(-16));
  const key = `-----BEGIN RSA PRIVATE KEY-----\nMIIE${fake(3_000, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef0123456789")}\n-----END RSA PRIVATE KEY-----`;
  const pem = bashResult("bash", { command: "cat id_rsa" }, { output: `${key}\n$ ` }, 1, on.text) as { output: string };
  expect(pem.output).toBe("[redacted:private-key]\n$ ");
});
