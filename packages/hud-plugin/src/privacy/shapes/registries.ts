import type { Shape } from "./shape.ts";

/** Whether a base64 value decodes to `user:password` (Docker's and npm's `auth`). */
function userColonPassword(value: string): boolean {
  try {
    return /^[^:\s]+:\S/.test(atob(value));
  } catch {
    return false;
  }
}

/** Package and image registries. */
export const registryShapes: Shape[] = [
  { kind: "pypi-token", literal: "pypi-AgE", pattern: /\bpypi-AgE[\w-]{50,}/g },
  {
    kind: "docker-auth",
    literal: '"auth"',
    pattern: /("auth"[ \t]*:[ \t]*")([A-Za-z0-9+/]{8,}={0,2})(?=")/g,
    keepsLead: true,
    spare: (value) => !userColonPassword(value),
  },
  // `.npmrc`: `_auth=` (base64 of user:password); `_password=` is a secret-named value
  {
    kind: "npm-auth",
    literal: "_auth",
    pattern: /((?:^|[\s:])_auth[ \t]*=[ \t]*)([A-Za-z0-9+/]{8,}={0,2})/gm,
    keepsLead: true,
  },
];
