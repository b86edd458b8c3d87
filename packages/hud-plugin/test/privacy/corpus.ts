export { fake, families, lookAlikes, secretCases, type LookAlike, type SecretCase } from "./corpus/index.ts";
