/**
 * A real npm registry on 127.0.0.1 (verdaccio, run by bun: it wants a newer node than CI may have). The
 * @agent-hud packages in it are exactly the ones the test packed and published; other packages are
 * proxied from npm's configured registry, as a company registry would.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { PUBLISHED, tarballOf } from "./packed.ts";

const VERDACCIO = resolve(import.meta.dir, "../node_modules/verdaccio/bin/verdaccio");

function run(cmd: string[], cwd: string, env: Record<string, string | undefined>): string {
  const result = Bun.spawnSync(cmd, { cwd, env, stdout: "pipe", stderr: "pipe" });
  if (result.exitCode !== 0)
    throw new Error(
      `${cmd.join(" ")} failed (${result.exitCode}): ${result.stderr.toString()}${result.stdout.toString()}`.trim(),
    );
  return result.stdout.toString();
}

/** The registry npm uses here (never a name written into this repository). */
function upstreamRegistry(): string {
  return run(["npm", "config", "get", "registry"], tmpdir(), process.env).trim();
}

async function freePort(): Promise<number> {
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = server.port!;
  server.stop(true);
  return port;
}

export class LocalRegistry {
  readonly dir = mkdtempSync(join(tmpdir(), "agent-hud-registry-"));
  /** An npmrc holding the publisher's token: publishing only, installs need no auth. */
  readonly npmrc = join(this.dir, "npmrc");
  url = "";
  private proc: ReturnType<typeof Bun.spawn> | undefined;

  async start(): Promise<this> {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}/`;
    const config = join(this.dir, "config.yaml");
    writeFileSync(
      config,
      [
        `storage: ${join(this.dir, "storage")}`,
        "auth:",
        "  htpasswd:",
        `    file: ${join(this.dir, "htpasswd")}`,
        "    max_users: 1",
        // the project's own packages come only from what the test published; their dependencies come
        // through the registry npm is configured with on this machine
        "uplinks:",
        "  upstream:",
        `    url: ${upstreamRegistry()}`,
        // verdaccio's HTTP client cannot verify TLS when run by bun; npm still checks every tarball
        // against the integrity hash the upstream registry published
        "    strict_ssl: false",
        "packages:",
        '  "@agent-hud/*":',
        "    access: $all",
        "    publish: $authenticated",
        '  "**":',
        "    access: $all",
        "    proxy: upstream",
        `log: { type: stdout, format: pretty, level: ${Bun.env.AGENT_HUD_REGISTRY_LOG ?? "warn"} }`,
        "",
      ].join("\n"),
    );
    // npm may trust an extra CA (a company proxy): the proxying registry must trust the same one
    const cafile = run(["npm", "config", "get", "cafile"], tmpdir(), process.env).trim();
    const ca = cafile && cafile !== "null" && cafile !== "undefined" ? { NODE_EXTRA_CA_CERTS: cafile } : {};
    this.proc = Bun.spawn(["bun", VERDACCIO, "-c", config, "-l", `127.0.0.1:${port}`], {
      cwd: this.dir,
      env: { ...process.env, ...ca },
      stdout: Bun.env.AGENT_HUD_REGISTRY_LOG ? "inherit" : "ignore",
      stderr: "pipe",
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const ping = await fetch(`${this.url}-/ping`, { signal: AbortSignal.timeout(2_000) });
        if (ping.ok) break;
      } catch {}
      if (this.proc.exitCode !== null || Date.now() > deadline)
        throw new Error(
          `verdaccio did not start on ${this.url}: ${await new Response(this.proc.stderr as ReadableStream).text()}`,
        );
      await Bun.sleep(200);
    }
    const user = await fetch(`${this.url}-/user/org.couchdb.user:e2e`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "e2e", password: "e2e-registry-password" }),
    });
    const { token } = (await user.json()) as { token?: string };
    if (!token) throw new Error(`verdaccio did not register the publisher (${user.status})`);
    const host = this.url.replace(/^http:/, "");
    writeFileSync(this.npmrc, `registry=${this.url}\n${host}:_authToken=${token}\n`);
    return this;
  }

  /** Publishes each workspace package's tarball (packed as a maintainer packs it, see packed.ts) with npm. */
  publishWorkspace(): string[] {
    const env = { ...process.env, NPM_CONFIG_USERCONFIG: this.npmrc };
    const tarballs = PUBLISHED.map(tarballOf);
    for (const tarball of tarballs) run(["npm", "publish", tarball, "--no-audit", "--no-fund"], this.dir, env);
    return tarballs.map((t) => basename(t));
  }

  /** What a client needs to install from this registry instead of the public one. */
  env(): Record<string, string> {
    return { NPM_CONFIG_REGISTRY: this.url, BUN_CONFIG_REGISTRY: this.url };
  }

  async stop(): Promise<void> {
    this.proc?.kill();
    await this.proc?.exited;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
