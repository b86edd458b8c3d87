export { createRedactor, type PrivacyOptions, type Redactor } from "./redactor.ts";
export { redactingLog } from "./redacting-log.ts";
