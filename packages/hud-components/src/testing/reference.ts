import type { HudEvent } from "../events/hud-event.ts";
import { replay } from "../projector/apply.ts";
import { emptyState, type HudView } from "../state/hud-state.ts";

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

const decisions = [
  ["Use JWT access tokens with 15 min expiry", "stateless; the gateway already verifies RS256"],
  ["Refresh tokens are opaque and stored hashed in Postgres", "lets us revoke per device"],
  ["bcrypt cost 12 for passwords", "argon2 needs a native build the CI image lacks"],
  ["Rotate refresh tokens on every use", "detects replay: reuse of an old token revokes the family"],
  ["Rate limit login at 5/min per IP and account", "matches the security review"],
  ["Keep auth in packages/auth, not in the gateway", "the admin app reuses it"],
  ["Errors use the RFC 7807 problem+json shape", "clients already parse it"],
  ["No cookies for the API; Authorization header only", "CSRF stays out of scope"],
  ["Clock skew tolerance of 30 s on exp/nbf", "mobile clients drift"],
  ["Feature flag auth.v2 guards the rollout", "allows a fast rollback"],
];
const notes = [
  "users table: id uuid, email citext unique, password_hash text, created_at",
  "refresh_tokens table needs family_id and replaced_by columns",
  "gateway reads the public key from JWKS at /.well-known/jwks.json",
  "test DB resets per file via the withDb() helper in test/util.ts",
  "login handler lives in src/routes/auth/login.ts",
  "existing middleware order: cors → requestId → auth → rateLimit",
  "the admin app still calls /v1/session (deprecated) — keep it working",
  "CI runs on Node 20; bun only locally",
  "env var AUTH_PRIVATE_KEY holds the PEM; never log it",
  "token TTLs come from config/auth.ts, not from env",
  "password reset flow is out of scope for this task",
  "logout must revoke the whole refresh-token family",
  "e2e tests live in e2e/auth.spec.ts and use the seeded user alice@example.com",
  "the rate limiter uses Redis INCR with a 60 s window",
  "problem+json type URIs are under https://errors.example.com/auth/",
  "mobile client sends X-Device-Id; store it with the refresh token",
  "legacy sessions table can be dropped after the rollout",
  "OpenAPI spec in docs/openapi.yaml must be updated for /v2/token",
  "the reviewer asked for tests of clock-skew edge cases",
  "migration 0042 adds the refresh_tokens table; run it with bun run migrate",
];
const files = [
  "src/routes/auth/login.ts",
  "src/routes/auth/refresh.ts",
  "src/routes/auth/logout.ts",
  "src/auth/jwt.ts",
  "src/auth/password.ts",
  "src/auth/refresh-store.ts",
  "src/middleware/auth.ts",
  "src/middleware/rate-limit.ts",
  "config/auth.ts",
  "migrations/0042_refresh_tokens.sql",
  "test/auth/login.test.ts",
  "test/auth/refresh.test.ts",
  "test/util.ts",
  "docs/openapi.yaml",
  "e2e/auth.spec.ts",
];
const steps = [
  "Add family_id and replaced_by to the refresh_tokens migration",
  "Implement refresh rotation in refresh-store.ts",
  "Revoke the token family on reuse and on logout",
  "Wire the rate limiter into the login route",
  "Tests: rotation, reuse detection, clock skew",
  "Update docs/openapi.yaml for /v2/token",
  "Run the e2e suite against the seeded database",
  "Remove the legacy sessions table behind the flag",
  "Ask for review of the security-sensitive parts",
  "Write the rollout note for the flag",
];
const blockers = [
  "Staging database credentials expired; migrations cannot run there",
  "CI image lacks openssl 3 for the RS256 key tests",
  "Waiting on the security review of the rotation design",
];

/** Events of the reference session: 10 decisions, 20 notes, 15 files, 10 steps (3 done), 3 blockers. */
export function referenceEvents(): HudEvent[] {
  let at = T0;
  const next = () => (at += 60_000);
  const events: HudEvent[] = [
    {
      kind: "task.set",
      at: next(),
      description:
        "Implement JWT auth with refresh-token rotation for the API (packages/auth), behind the auth.v2 flag",
    },
  ];
  decisions.forEach(([summary, details]) =>
    events.push({ kind: "decision.record", at: next(), summary: summary as string, details: details as string }),
  );
  notes.forEach((content) => events.push({ kind: "note.add", at: next(), content }));
  files.forEach((path, i) =>
    events.push(i % 3 === 0 ? { kind: "file.edit", at: next(), path } : { kind: "file.open", at: next(), path }),
  );
  steps.forEach((description) => events.push({ kind: "step.add", at: next(), description }));
  for (const id of ["s1", "s2", "s3"]) events.push({ kind: "step.complete", at: next(), id });
  blockers.forEach((description) => events.push({ kind: "blocker.add", at: next(), description }));
  return events;
}

/** The reference view used by the token-budget test, the bench and the README. */
export function referenceView(): HudView {
  return { session: replay("session", referenceEvents()), project: emptyState("project") };
}

export const REFERENCE_TIME = T0;
