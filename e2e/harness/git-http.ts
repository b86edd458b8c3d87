/**
 * Git repositories served over HTTP on 127.0.0.1, as a forge serves them: git's smart protocol, each request
 * handed to `git http-backend` as a CGI. Gemini CLI installs an extension with `git clone --depth 1`, which git's
 * dumb protocol (static files) refuses ("dumb http transport does not support shallow capabilities").
 */

export class GitHttpServer {
  /** Each request served: method, path and query. */
  readonly served: string[] = [];
  private server: ReturnType<typeof Bun.serve> | undefined;

  /** `root` holds the repositories: `<root>/<name>` is served at `<url>/<name>`. */
  constructor(private readonly root: string) {}

  start(): this {
    this.server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => this.cgi(request) });
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.server!.port}`;
  }

  stop(): void {
    this.server?.stop(true);
  }

  private async cgi(request: Request): Promise<Response> {
    const url = new URL(request.url);
    this.served.push(`${request.method} ${url.pathname}${url.search}`);
    const body = new Uint8Array(await request.arrayBuffer());
    const proc = Bun.spawn(["git", "http-backend"], {
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        GIT_PROJECT_ROOT: this.root,
        GIT_HTTP_EXPORT_ALL: "1",
        REQUEST_METHOD: request.method,
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: request.headers.get("content-type") ?? "",
        CONTENT_LENGTH: String(body.length),
        // a client gzips a long request body and asks for protocol v2 in headers; CGI passes headers as HTTP_*
        HTTP_CONTENT_ENCODING: request.headers.get("content-encoding") ?? "",
        HTTP_GIT_PROTOCOL: request.headers.get("git-protocol") ?? "",
        REMOTE_ADDR: "127.0.0.1",
      },
      stdin: new Blob([body]),
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([
      new Response(proc.stdout).arrayBuffer().then((bytes) => new Uint8Array(bytes)),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    if (code !== 0) return new Response(`git http-backend exited ${code}: ${err}`, { status: 500 });
    return cgiResponse(out);
  }
}

/** A CGI program's output as a response: its header lines up to the first blank line, `Status:` the status. */
function cgiResponse(out: Uint8Array): Response {
  let end = -1;
  let skip = 0;
  for (let i = 0; i < out.length - 1 && end < 0; i++) {
    if (out[i] === 10 && out[i + 1] === 10) [end, skip] = [i, 2];
    else if (out[i] === 13 && out[i + 1] === 10 && out[i + 2] === 13 && out[i + 3] === 10) [end, skip] = [i, 4];
  }
  if (end < 0) return new Response("a CGI answer without headers", { status: 502 });
  const headers = new Headers();
  let status = 200;
  for (const line of new TextDecoder().decode(out.subarray(0, end)).split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const [name, value] = [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
    else headers.append(name, value);
  }
  return new Response(out.subarray(end + skip), { status, headers });
}
