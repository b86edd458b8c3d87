import { expect, test } from "bun:test";
import { createRedactor } from "../../src/privacy/index.ts";
import { secretShaped } from "../../src/privacy/secret-shaped.ts";
import { B64, HEX, fake } from "./corpus/random.ts";

const redact = createRedactor({ redact: true }).text;

test("a long random run that no rule names is secret-shaped, before and after redaction", () => {
  // fixed values: a drawn one can, rarely, read as words (a third of its letters vowels)
  for (const text of [
    "staging deploys with Qm7tR2vX9pL4kW8nZ3cF6hJ1sD5gB0yA4eU7iK2q from the vault",
    "- Hk4Tz9Wq2Lm7Xc5Vb8Np3Rs6Df1Gj0Ky4Pw/Zt7Q+",
    "key material MIGkAgEBBDBx7Kq2Zr9Tm4Wp8Lc3Vn6Xs1Hd5Jf0Gb7Ry2Qk9Tm4Wp8Lc3Vn6Xs1Hd5Jf0Gb7R",
  ]) {
    expect(redact(text)).toBe(text);
    expect(secretShaped(redact, text)).toMatch(/^a random run of \d+ characters$/);
  }
});

test("what the redactor takes is not secret-shaped once redacted; a fallback to raw text finds it", () => {
  const token = `dop_v1_${fake(64, HEX)}`;
  expect(secretShaped(redact, `deploy token ${token}`)).toBeUndefined();
  // the strict check without a redactor (an identity) still refuses the raw token
  expect(secretShaped((t) => t, `deploy ${token}`)).toMatch(/random run/);
});

test("look-alikes are not secret-shaped: commits, digests, UUIDs, integrity, images, SSH keys, paths", () => {
  for (const text of [
    `fixed in ${fake(40, HEX)}`,
    `image sha256:${fake(64, HEX)}`,
    `request ${fake(8, HEX)}-${fake(4, HEX)}-4${fake(3, HEX)}-a${fake(3, HEX)}-${fake(12, HEX)} failed`,
    `"integrity": "sha512-${fake(86, B64)}=="`,
    `icon data:image/png;base64,iVBORw0KGgo${fake(200, B64)}`,
    `deploy key ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${fake(43, B64)} ci@build`,
    "key file packages/hud-plugin/src/privacy/v2/structural-runs2.ts",
    "tests use bun test; never mock the database in integration tests",
    "createSessionRuntimeFromStoreAndConfig2024 is the entry point",
  ])
    expect({ text, shaped: secretShaped(redact, text) }).toEqual({ text, shaped: undefined });
});
