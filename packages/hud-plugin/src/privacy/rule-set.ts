// The maintained part of the redactor: secretlint's recommended preset, run without secretlint's CLI.
// This module is loaded on first need (load-rule-set.ts) and built as a file of its own, so the plugin's
// start never parses it.
import { rules } from "@secretlint/secretlint-rule-preset-recommend";

export type Finding = { value: string; kind: string };
export type ScanRuleSet = (text: string) => Finding[];

type Report = { message: { id: string; data: Record<string, unknown> }; range: readonly [number, number] };
type Source = { content: string; filePath: string; ext: string; contentType: "text" };
type Rule = {
  meta: { id: string; type: string };
  create(context: unknown, options: Record<string, unknown>): { file?(source: Source): unknown };
};

/** Kind names where the rule's message id says less (or more) than the mark should. */
const KINDS: Record<string, string> = {
  AWSAccessKeyID: "aws-access-key",
  AWSSecretAccessKey: "aws-secret-key",
  AWSAccountID: "aws-account-id",
  IncomingWebhook: "slack-webhook",
  BasicAuth: "url-credentials",
  MongoDBConnection: "url-credentials",
  MySQLConnection: "url-credentials",
  PostgreSQLConnection: "url-credentials",
  PrivateKey: "private-key",
  PrivateKeyJSON: "private-key",
  PrivateKeyP12: "private-key",
  OPENAI_TOKEN: "openai-key",
  NPM_ACCESS_TOKEN: "npm-token",
  Npmrc_authToken: "npm-token",
  PackageJSON_xOauthToken: "github-token",
};

/** `GITLAB_PERSONAL_ACCESS_TOKEN` → `gitlab-personal-access-token`; stripe's four ids → `stripe-key`. */
function kindOf(messageId: string): string {
  if (messageId.startsWith("STRIPE_")) return "stripe-key";
  return (
    KINDS[messageId] ??
    messageId
      .replace(/([a-z])([A-Z])/g, "$1_$2")
      .toLowerCase()
      .replace(/_+/g, "-")
  );
}

/** The reported secret: the message's value (some rules' ranges cover more, or less, than the secret). */
function valueOf(text: string, report: Report): string {
  for (const value of Object.values(report.message.data))
    if (typeof value === "string" && value.length > 0 && text.includes(value)) return value;
  return text.slice(report.range[0], report.range[1]);
}

/**
 * Runs every scanner of the preset over the text as a plain-text file (no path, so the rules that read
 * only `.npmrc`, `package.json` or a service-account JSON stay quiet) and returns what they report.
 * `enableIDScanRule` turns on the AWS access key id scan, off by default in secretlint.
 */
export function createRuleSet(): ScanRuleSet {
  let findings: Finding[] = [];
  let current = "";
  const context = {
    createTranslator: () => (id: string, data: Record<string, unknown>) => ({ id, data }),
    report: (report: Report) => {
      const value = valueOf(current, report);
      if (value) findings.push({ value, kind: kindOf(report.message.id) });
    },
    ignore: () => {},
  };
  const scanners = (rules as unknown as Rule[])
    // `secretlint-disable` comments would let the text itself switch redaction off: that rule is not run
    .filter((rule) => rule.meta.type === "scanner" && !rule.meta.id.endsWith("-filter-comments"))
    .map((rule) => rule.create(context, { enableIDScanRule: true }));
  return (text) => {
    findings = [];
    current = text;
    const source: Source = { content: text, filePath: "", ext: "", contentType: "text" };
    for (const scanner of scanners) scanner.file?.(source);
    return findings;
  };
}
