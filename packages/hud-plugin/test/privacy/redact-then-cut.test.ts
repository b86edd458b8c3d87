import { expect, test } from "bun:test";
import fc from "fast-check";
import { shellResult } from "../../src/hooks/tool-result.ts";
import { shellFact } from "../../src/host/opencode/tool-facts.ts";
import { createRedactor } from "../../src/privacy/index.ts";
import { redactedHead, redactedTail } from "../../src/privacy/redact-then-cut.ts";
import { clipForIndex, partText } from "../../src/recall/texts.ts";
import { partOf } from "../../src/host/v1/bus.ts";
import { fake } from "./corpus.ts";

/** opencode's bash call as the runtime records it: the host's fact, then the HUD's event. */
const bashResult = (tool: string, args: unknown, result: unknown, at: number, redact?: (text: string) => string) => {
  const fact = shellFact(tool, args, result, at);
  return fact && shellResult(fact, redact);
};

const redact = createRedactor({ redact: true }).text;
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Every 8-character piece of a secret: none may be left on either side of a cut. */
const pieces = (secret: string) => Array.from({ length: secret.length - 7 }, (_, i) => secret.slice(i, i + 8));
const leftOf = (out: string, secret: string) => pieces(secret).filter((p) => out.includes(p));

const githubToken = () => `ghp_${fake(36)}`;
/** A PKCS#8 key's base64 body, in 64-character lines. */
const keyBody = () => `MIIEvQIBADANBgkqhkiG9w0BAQEFAASC${fake(1_600, B64)}`.match(/.{1,64}/g)!.join("\n");
/** A PEM key as it appears inside JSON (a service-account file, a tool input): its line breaks are `\n`. */
const jsonEscapedKey = (body: string) =>
  JSON.stringify(`-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n`).slice(1, -1);

test("bash command: a GitHub token across the 300-character cut is redacted before the cut", () => {
  const token = githubToken();
  const command = `${"echo padding && ".repeat(18).slice(0, 280)} ${token} && make`;
  expect(command.indexOf(token)).toBeLessThan(300);
  expect(command.indexOf(token) + token.length).toBeGreaterThan(300);
  const event = bashResult("bash", { command }, { output: "ok" }, 1, redact) as { command: string };
  expect(event.command.length).toBeLessThanOrEqual(300);
  expect(event.command).toContain("[redacted:");
  expect(leftOf(event.command, token)).toEqual([]);
});

test("bash output: a JSON-escaped PEM key cut by the 1000-character tail is redacted before the cut", () => {
  const body = keyBody();
  const output = `{"private_key": "${jsonEscapedKey(body)}", "client_email": "ci@example.com"}\n$ `;
  // the tail keeps the key's last lines and its footer: the cut falls inside the key's body
  expect(output.length).toBeGreaterThan(1_000 + 100);
  const event = bashResult("bash", { command: "cat sa.json" }, { output }, 1, redact) as { output: string };
  expect(leftOf(event.output, body.replace(/\n/g, ""))).toEqual([]);
  for (const line of body.split("\n").filter((l) => l.length >= 16)) expect(event.output).not.toContain(line);
});

test("recall text part: a token across the head cut and one across the tail cut are both redacted", () => {
  const [head, tail] = [githubToken(), githubToken()];
  const keep = Math.floor((16 * 1024 - 40) / 2);
  const text = `${"a".repeat(keep - 20)} ${head} ${"b ".repeat(20_000)}${tail} ${"c".repeat(keep - 30)}`;
  const body = partText({ kind: "text", id: "p", session: "s", message: "m", text }, redact)!.body;
  expect(body).toContain("clipped from the index");
  expect(leftOf(body, head)).toEqual([]);
  expect(leftOf(body, tail)).toEqual([]);
  // without the redactor the same cut keeps pieces of both: the test sees a split token
  const unredacted = partText({ kind: "text", id: "p", session: "s", message: "m", text })!.body;
  expect(leftOf(unredacted, head).length).toBeGreaterThan(0);
  expect(leftOf(unredacted, tail).length).toBeGreaterThan(0);
});

test("recall tool part: a JSON-escaped PEM key cut at the input's head and at the output's tail is redacted", () => {
  const [inputKey, outputKey] = [keyBody(), keyBody()];
  // the input is indexed as JSON: the key's line breaks are escaped once more (`\\n`)
  const input = {
    filePath: "sa.json",
    content: `${"x".repeat(1_500)}{"private_key": "${jsonEscapedKey(inputKey)}"}${"z".repeat(3_000)}`,
  };
  const output = `{"private_key": "${jsonEscapedKey(outputKey)}"}${"y".repeat(4_000)}\n${"z".repeat(8_000)}`;
  const part = {
    id: "p",
    sessionID: "s",
    messageID: "m",
    type: "tool",
    tool: "write",
    state: { status: "completed", input, output },
  };
  // opencode 1's tool part, as its host translates it
  const body = partText(partOf(part)!, redact)!.body;
  expect(body.match(/clipped from the index/g)).toHaveLength(2);
  expect(leftOf(body, inputKey.replace(/\n/g, "\\\\n"))).toEqual([]);
  expect(leftOf(body, outputKey.replace(/\n/g, "\\n"))).toEqual([]);
  expect(body).toContain("[redacted:private-key]");
});

test("wherever the cut falls in a token, neither end keeps a piece of it", () => {
  const cases = fc.record({ max: fc.integer({ min: 20, max: 400 }), shift: fc.integer({ min: -50, max: 50 }) });
  fc.assert(
    fc.property(cases, ({ max, shift }) => {
      const token = `glpat-${fake(20)}`;
      const at = Math.max(0, max + shift - 10);
      const text = `${"w ".repeat(at).slice(0, at)} ${token} ${"v ".repeat(300)}`;
      expect(leftOf(redactedHead(text, max, redact), token)).toEqual([]);
      const reversed = `${"v ".repeat(300)}${token} ${"w ".repeat(at).slice(0, at)}`;
      expect(leftOf(redactedTail(reversed, max, redact), token)).toEqual([]);
      expect(clipForIndex(text, max + 100, redact)).not.toContain(token);
    }),
    { numRuns: 200 },
  );
});

test("a long text is redacted around the cut, not whole; kilobytes of secrets before the cut fall back to the whole", () => {
  let seen = 0;
  const counting = (text: string) => ((seen += text.length), redact(text));
  const big = `${"line of output\n".repeat(100_000)}`;
  expect(redactedTail(big, 1_000, counting)).toHaveLength(1_000);
  expect(seen).toBeLessThan(20_000);
  // 40 KB of keys shrink to marks: the margin kept past the head cut is used up, and the token after is whole
  const token = githubToken();
  const keys = Array.from(
    { length: 12 },
    () => `-----BEGIN PRIVATE KEY-----\n${keyBody()}\n-----END PRIVATE KEY-----\n`,
  );
  const text = `${keys.join("")}${token}\n${"tail ".repeat(20_000)}`;
  const head = redactedHead(text, 400, redact);
  expect(leftOf(head, token)).toEqual([]);
  expect(head).toContain("[redacted:github-token]");
});
