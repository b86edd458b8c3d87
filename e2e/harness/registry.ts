/**
 * A real npm registry on 127.0.0.1 (verdaccio, run by bun: it wants a newer node than CI may have). The
 * @agent-hud packages in it are exactly the ones packed from this checkout and published; other packages
 * are proxied from npm's configured registry, as a company registry would. Starting it and publishing cost
 * about 6 CPU-s, so run-files starts one for the run and hands its address to the files that install from
 * it (AGENT_HUD_E2E_REGISTRY); a file run on its own starts its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { PUBLISHED, tarballOf } from "./packed.ts";

const VERDACCIO = resolve(import.meta.dir, "../node_modules/verdaccio/bin/verdaccio");

/** CPU seconds of the npm commands run here, counted into the registry's own (see stop). */
let npmCpu = 0;

/** Never spawnSync: run-files starts the run's registry while its workers run files and print them. */
async function run(cmd: string[], cwd: string, env: Record<string, string | undefined>): Promise<string> {
  const proc = Bun.spawn(cmd, { cwd, env, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  npmCpu += Number(proc.resourceUsage()?.cpuTime.total ?? 0n) / 1e6;
  if (code !== 0) throw new Error(`${cmd.join(" ")} failed (${code}): ${err}${out}`.trim());
  return out;
}

/** The registry npm uses here (never a name written into this repository). */
async function upstreamRegistry(): Promise<string> {
  return (await run(["npm", "config", "get", "registry"], tmpdir(), process.env)).trim();
}

async function freePort(): Promise<number> {
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = server.port!;
  server.stop(true);
  return port;
}

export const REGISTRY_ENV = "AGENT_HUD_E2E_REGISTRY";

/** The run's registry (its packages already published), or one started and published now for this file. */
export async function publishedRegistry(): Promise<LocalRegistry> {
  const url = Bun.env[REGISTRY_ENV];
  if (url) return LocalRegistry.at(url);
  const registry = await new LocalRegistry().start();
  await registry.publishWorkspace();
  return registry;
}

export class LocalRegistry {
  dir = "";
  /** An npmrc holding the publisher's token: publishing only, installs need no auth. */
  npmrc = "";
  url = "";
  private proc: ReturnType<typeof Bun.spawn> | undefined;

  /** A registry another process started: stop() leaves it running. */
  static at(url: string): LocalRegistry {
    const registry = new LocalRegistry();
    registry.url = url;
    return registry;
  }

  async start(): Promise<this> {
    this.dir = mkdtempSync(join(tmpdir(), "agent-hud-registry-"));
    this.npmrc = join(this.dir, "npmrc");
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}/`;
    const config = join(this.dir, "config.yaml");
    writeFileSync(
      config,
      [
        `storage: ${join(this.dir, "storage")}`,
        // verdaccio's default (10 MB a request) is below what the public registry takes: the package's
        // tarball, sent base64 in a JSON body, is ~12 MB (each host's folder carries its hook's bytecode)
        "max_body_size: 64mb",
        "auth:",
        "  htpasswd:",
        `    file: ${join(this.dir, "htpasswd")}`,
        "    max_users: 1",
        // the project's own packages come only from what the test published; their dependencies come
        // through the registry npm is configured with on this machine
        "uplinks:",
        "  upstream:",
        `    url: ${await upstreamRegistry()}`,
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
    const cafile = (await run(["npm", "config", "get", "cafile"], tmpdir(), process.env)).trim();
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
  async publishWorkspace(): Promise<string[]> {
    const env = { ...process.env, NPM_CONFIG_USERCONFIG: this.npmrc };
    const tarballs = PUBLISHED.map(tarballOf);
    for (const tarball of tarballs) await run(["npm", "publish", tarball, "--no-audit", "--no-fund"], this.dir, env);
    return tarballs.map((t) => basename(t));
  }

  /** What a client needs to install from this registry instead of the public one. */
  env(): Record<string, string> {
    return { NPM_CONFIG_REGISTRY: this.url, BUN_CONFIG_REGISTRY: this.url };
  }

  /** Stops the registry this started (none for one from `at`); returns the CPU seconds it and npm used. */
  async stop(): Promise<number> {
    this.proc?.kill();
    await this.proc?.exited;
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    return Number(this.proc?.resourceUsage()?.cpuTime.total ?? 0n) / 1e6 + npmCpu;
  }
}
