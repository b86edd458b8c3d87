// Run by redaction.ts in a fresh bun process: what the redactor costs at start (its import) and on first
// use (a text with no token loads nothing; the first text that may hold one loads the rule set). One JSON line.
export {};

const ms = (start: number) => (Bun.nanoseconds() - start) / 1e6;
let start = Bun.nanoseconds();
const { createRedactor } = await import("../packages/hud-plugin/src/privacy/index.ts");
const { ruleSetLoaded } = await import("../packages/hud-plugin/src/privacy/load-rule-set.ts");
const importMs = ms(start);
const redactor = createRedactor({ redact: true });
start = Bun.nanoseconds();
redactor.text("ordinary output: 12 pass, 0 fail, see src/index.ts:42");
const plainMs = ms(start);
const loadedByPlain = ruleSetLoaded();
start = Bun.nanoseconds();
redactor.text(`token ghp_${"aB3".repeat(12)}`);
const firstTokenMs = ms(start);
console.log(JSON.stringify({ importMs, plainMs, loadedByPlain, firstTokenMs, loaded: ruleSetLoaded() }));
