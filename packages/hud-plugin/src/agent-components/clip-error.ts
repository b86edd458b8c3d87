import { createRedactor, type Redactor } from "../privacy/redactor.ts";
import { redactedHead } from "../privacy/redact-then-cut.ts";

let redactor: Redactor | undefined;
/** Created on the first failure: most processes never have one to describe. */
const redact = (text: string) => (redactor ??= createRedactor({ redact: true })).text(text);

/**
 * An error message as one line of at most `max` characters, redacted before it is cut: a component can
 * throw any text it reads (a token in its props, its own constants), and a cut made first would leave the
 * part of a token past the cut's edge out of the redactor's sight, or a prefix-less tail the rules do not
 * know. The redactor reads the message with a margin past the cut (`redactedHead`).
 */
export function clipError(message: string, max: number): string {
  return (redactedHead(message, max * 4, redact).split("\n")[0] ?? "").slice(0, max);
}
