/**
 * A real npm registry on 127.0.0.1 (verdaccio, run by bun: it wants a newer node than CI may have). The
 * @agent-hud packages in it are exactly the ones the test packed and published; other packages are
 * proxied from npm's configured registry, as a company registry would.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const VERDACCIO = resolve(import.meta.dir, "../node_modules/verdaccio/bin/verdaccio");
export const PACKAGES_DIR = resolve(import.meta.dir, "../../packages");
/** Publish order: dependencies first. */
export const PUBLISHED = ["ujsx", "hud-components", "hud-plugin"] as const;

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

  /**
   * Packs each workspace package the way a maintainer would (`bun pm pack`: the prepack script builds it,
   * workspace: ranges become versions) and publishes the tarball with npm.
   */
  publishWorkspace(): string[] {
    const tarballs = join(this.dir, "tarballs");
    const env = { ...process.env, NPM_CONFIG_USERCONFIG: this.npmrc };
    for (const name of PUBLISHED)
      run(["bun", "pm", "pack", "--destination", tarballs, "--quiet"], join(PACKAGES_DIR, name), process.env);
    const packed = readdirSync(tarballs).filter((f) => f.endsWith(".tgz"));
    for (const name of PUBLISHED) {
      const tarball = packed.find((f) => f.startsWith(`agent-hud-${name}-`));
      if (!tarball) throw new Error(`no tarball packed for @agent-hud/${name} in ${packed.join(", ")}`);
      run(["npm", "publish", join(tarballs, tarball), "--no-audit", "--no-fund"], this.dir, env);
    }
    return packed;
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
