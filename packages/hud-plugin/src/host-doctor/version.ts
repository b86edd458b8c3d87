// What every host's doctor lines share: the installed host binary's version, and where it stands against the
// range the e2e suite runs.
import { homedir } from "node:os";

type Env = Record<string, string | undefined>;

/**
 * `<bin> --version`, its first x.y.z by `pattern` (over the trimmed output); a missing or silent binary reads
 * as not found (null).
 */
export function installedVersion(bin: string, env: Env, timeout: number, pattern = /^(\d+\.\d+\.\d+)/): string | null {
  try {
    const run = Bun.spawnSync([bin, "--version"], {
      env: { PATH: env["PATH"] ?? process.env.PATH ?? "/usr/bin:/bin", HOME: env["HOME"] ?? homedir() },
      stdout: "pipe",
      stderr: "ignore",
      timeout,
    });
    return pattern.exec(run.stdout.toString().trim())?.[1] ?? null;
  } catch {
    return null;
  }
}

const parts = (v: string) => v.split(".").map((n) => Number.parseInt(n, 10) || 0);

/** -1, 0 or 1 as `a` is older than, the same as or newer than `b` (major.minor.patch). */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0) ? 1 : -1;
  return 0;
}

export type HostVersion = {
  /** The line's prefix: the host's name in the doctor (`codex`). */
  host: string;
  /** The host's own name (`Codex CLI`). */
  product: string;
  supported: { oldest: string; newest: string };
  /** The binary on PATH, when it is not named `host`. */
  bin?: string;
  /** What to do about an older version, when not `update it`. */
  update?: string;
};

/** One doctor line: the installed version against the tested range, or the binary not found. */
export function versionLine(h: HostVersion, version: string | null): string {
  const { oldest, newest } = h.supported;
  const range = `supported ${oldest} to ${newest}`;
  if (!version) return `${h.host}: \`${h.bin ?? h.host}\` not found on PATH (${range})`;
  if (compareVersions(version, oldest) < 0)
    return `${h.host}: ${h.product} ${version} is older than ${oldest}; ${h.update ?? "update it"}`;
  if (compareVersions(version, newest) > 0)
    return `${h.host}: ${h.product} ${version} is newer than the newest tested (${newest}); report anything odd`;
  return `${h.host}: ${h.product} ${version} (${range})`;
}
