import { expect, test } from "bun:test";
import { rules } from "@secretlint/secretlint-rule-preset-recommend";
import { candidateText } from "../../src/privacy/candidates.ts";
import { createRedactor } from "../../src/privacy/index.ts";
import { createRuleSet } from "../../src/privacy/rule-set.ts";
import { families, lookAlikes, secretCases } from "./corpus.ts";
import { fileRules, keywordFormats, lineFormats } from "./corpus/keyword-formats.ts";
import { githubFormats, gitlabFormats, trufflehogFormats } from "./corpus/other-formats.ts";
import { gitleaksFormats } from "./corpus/published-formats.ts";

const redactor = createRedactor({ redact: true });
/** The published formats' bare samples (the rest are in their usual line). */
const BARE = /: (?:alone|glued(?: after _)?|after - )$/;
const scan = createRuleSet();
/** Every 8-character piece of a secret: none may be left, not only the whole value. */
const pieces = (secret: string) =>
  secret.length <= 8 ? [secret] : Array.from({ length: secret.length - 7 }, (_, i) => secret.slice(i, i + 8));

test("every secret shape of the corpus is redacted: no 8-character piece of any value is left", () => {
  const cases = secretCases();
  expect(cases.length).toBeGreaterThanOrEqual(100);
  const missed = cases.filter((c) => {
    const out = redactor.text(c.text);
    return (
      !/\[redacted:[a-z0-9-]+\]|\[private\]/.test(out) || c.secrets.some((s) => pieces(s).some((p) => out.includes(p)))
    );
  });
  const sizes = families.map((f) => `${f.name} ${f.secrets.length}`).join(", ");
  const bare = cases.filter((c) => BARE.test(c.name)).length;
  console.log(
    `redaction corpus: ${cases.length} secret samples (${cases.length - bare} in context, ${bare} bare: alone, glued, after "- "; ${sizes}), ${missed.length} missed`,
  );
  expect(missed.map((c) => c.name)).toEqual([]);
});

test("look-alikes stay as they are (hashes, ids, integrity strings, base64 data, ordinary settings, code)", () => {
  const items = lookAlikes();
  expect(items.length).toBeGreaterThanOrEqual(secretCases().length);
  const changed = items.filter((item) => redactor.text(item.text) !== item.text);
  const rate = ((100 * changed.length) / items.length).toFixed(1);
  console.log(
    `redaction corpus: ${items.length} look-alikes, ${changed.length} redacted (false-positive rate ${rate}%)`,
  );
  expect(changed.map((item) => item.name)).toEqual([]);
});

test("every secret shape of every family comes with a look-alike of its own", () => {
  for (const family of families) {
    for (const shape of family.secrets)
      expect(family.lookAlikes.map((item) => item.name)).toContain(`${shape.name} (look-alike)`);
  }
  expect(families.length).toBeGreaterThanOrEqual(12);
});

test("every scanner of the rule set fires on the corpus, and the token gate keeps what it finds", () => {
  const texts = secretCases().map((c) => c.text);
  const fired = new Set<string>();
  for (const text of texts) {
    const whole = scan(text);
    for (const finding of whole) fired.add(finding.kind);
    // the gate passes only some parts of a text to the rules: they must find the same secrets there
    // (private keys span lines, raw or JSON-escaped, and URL credentials can be short: the redactor's own
    // PEM and URL rules take them before the rule set runs)
    const gated = scan(candidateText(text) ?? "").filter((f) => f.kind !== "url-credentials");
    const oneLine = whole.filter((f) => f.kind !== "private-key" && f.kind !== "url-credentials");
    expect(gated.map((f) => f.value).sort()).toEqual(oneLine.map((f) => f.value).sort());
  }
  // a scanner with no corpus case (a new rule after an upgrade) fails here until the corpus has one;
  // gcp reads only service-account JSON files and .p12 keys, never tool output; filter-comments is not run
  const scanners = (rules as unknown as Array<{ meta: { id: string; type: string } }>)
    .filter((rule) => rule.meta.type === "scanner" && !/-(gcp|filter-comments)$/.test(rule.meta.id))
    .map((rule) => rule.meta.id);
  const silent = scanners.filter((id) => {
    const found = createRuleSetFor(id);
    return !texts.some((text) => found(text));
  });
  expect(silent).toEqual([]);
  expect(fired.size).toBeGreaterThanOrEqual(20);
});

test("the published corpus has a row for every rule of gitleaks' default configuration, and the other sources' rows", () => {
  // 222 rules as read: a prefix or shape of their own, a keyword before the value, a line of their own,
  // or a file rule (binary .p12 files, never text)
  const ids = new Set([
    ...gitleaksFormats.map((f) => f.id),
    ...keywordFormats.map((f) => f.id),
    ...lineFormats.map((f) => f.id),
    ...fileRules,
  ]);
  expect(ids.size).toBe(222);
  const names = secretCases().map((c) => c.name);
  for (const format of [...gitleaksFormats, ...githubFormats, ...gitlabFormats, ...trufflehogFormats])
    for (const label of ["in context", "alone", "after - "])
      expect(names).toContain(`${format.source} ${format.id}: ${label}`);
  for (const format of keywordFormats.filter((f) => !f.public))
    expect(names).toContain(`gitleaks ${format.id}: escaped json in a command line`);
  const rows = githubFormats.length + gitlabFormats.length + trufflehogFormats.length;
  console.log(
    `redaction corpus sources: gitleaks ${ids.size} rules (${gitleaksFormats.length} by prefix or shape, ${keywordFormats.length} by keyword, of which ${keywordFormats.filter((f) => f.public).length} ids or public tokens kept as look-alikes, ${lineFormats.length} by line, ${fileRules.length} file rule); GitHub, GitLab and trufflehog ${rows} more formats`,
  );
});

/** Whether one scanner of the preset reports anything in a text. */
function createRuleSetFor(id: string): (text: string) => boolean {
  const rule = (rules as unknown as Array<{ meta: { id: string }; create: Function }>).find((r) => r.meta.id === id)!;
  let reported = false;
  const context = { createTranslator: () => () => ({}), report: () => (reported = true), ignore: () => {} };
  const handler = rule.create(context, { enableIDScanRule: true }) as { file(source: unknown): void };
  return (text) => {
    reported = false;
    handler.file({ content: text, filePath: "", ext: "", contentType: "text" });
    return reported;
  };
}

test("the whole corpus in one line: every format redacted, every look-alike kept (outside rule sets' groups included)", () => {
  const cases = secretCases();
  const missed = cases.filter((c) => c.secrets.some((s) => pieces(s).some((p) => redactor.text(c.text).includes(p))));
  const items = lookAlikes();
  const changed = items.filter((item) => redactor.text(item.text) !== item.text);
  const outside = families.filter((f) => f.name.startsWith("outside-"));
  console.log(
    `redaction corpus: ${cases.length} formats, ${missed.length} missed; look-alikes: ${items.length}, ${changed.length} changed (outside rule sets: ${outside.map((f) => `${f.name} ${f.secrets.length}/${f.lookAlikes.length}`).join(", ")})`,
  );
  expect(outside.reduce((n, f) => n + f.secrets.length, 0)).toBeGreaterThanOrEqual(100);
  expect([missed.length, changed.length]).toEqual([0, 0]);
});
