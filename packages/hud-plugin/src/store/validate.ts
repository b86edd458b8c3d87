import type { HudEvent } from "./types.ts";

const SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;
const PROJECT_KEY = /^[0-9a-f]{16}$/;
const STREAM = /^(?:session:[A-Za-z0-9_-]{1,128}|project:[0-9a-f]{16})$/;
const KIND = /^[A-Za-z0-9_.:-]{1,64}$/;

/** Shows an untrusted value in an error line without letting control characters or length through. */
export function quoted(value: unknown): string {
  const text = typeof value === "string" ? value : String(value);
  const clipped = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return JSON.stringify(clipped);
}

export function isSessionID(value: unknown): value is string {
  return typeof value === "string" && SESSION_ID.test(value);
}

/** Returns the id unchanged, or throws one line naming the bad id and the accepted shape. */
export function validateSessionID(value: unknown): string {
  if (isSessionID(value)) return value;
  throw new Error(`invalid session id ${quoted(value)}: expected 1-128 characters from A-Z a-z 0-9 _ -`);
}

export function isProjectKey(value: unknown): value is string {
  return typeof value === "string" && PROJECT_KEY.test(value);
}

/** The worktree path is hashed so it never appears in stream names, SQL or file paths. */
export function projectKeyFor(worktree: string): string {
  return new Bun.CryptoHasher("sha256").update(worktree).digest("hex").slice(0, 16);
}

export function sessionStream(sessionID: string): string {
  return `session:${validateSessionID(sessionID)}`;
}

export function projectStream(projectKey: string): string {
  if (!isProjectKey(projectKey)) {
    throw new Error(
      `invalid project key ${quoted(projectKey)}: expected 16 lower-case hex characters (projectKeyFor(worktree))`,
    );
  }
  return `project:${projectKey}`;
}

export function isStreamName(value: unknown): value is string {
  return typeof value === "string" && STREAM.test(value);
}

/** A serialised event ready for the log, or the reason it cannot be recorded. */
export type EncodedEvent = { ok: true; kind: string; at: number; payload: string } | { ok: false; error: string };

export function encodeEvent(event: unknown): EncodedEvent {
  if (typeof event !== "object" || event === null || Array.isArray(event)) {
    return { ok: false, error: `event ${quoted(event)} is not an object: expected { kind: string, at: number, ... }` };
  }
  const { kind, at } = event as Partial<HudEvent>;
  if (typeof kind !== "string" || !KIND.test(kind)) {
    return {
      ok: false,
      error: `event kind ${quoted(kind)} is invalid: expected 1-64 characters from A-Z a-z 0-9 _ . : -`,
    };
  }
  if (typeof at !== "number" || !Number.isFinite(at)) {
    return { ok: false, error: `event ${kind} has at=${quoted(at)}: expected a finite number of milliseconds` };
  }
  let payload: string;
  try {
    payload = JSON.stringify(event);
  } catch (err) {
    return {
      ok: false,
      error: `event ${kind} is not JSON-serialisable (${(err as Error).message}): expected plain data`,
    };
  }
  return { ok: true, kind, at, payload };
}

/**
 * `bytes` random bytes in hex, from web crypto: node:crypto is a module of its own to load (~10 ms of a hook
 * process's CPU), and the stores open in every hook process.
 */
export function randomHex(bytes: number): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("hex");
}
