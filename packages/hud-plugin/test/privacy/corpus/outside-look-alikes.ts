import { B64, HEX, URLSAFE, family, fake } from "./random.ts";

const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const B32L = "abcdefghijklmnopqrstuvwxyz234567";

/** Data that looks like a secret and is not: hashes, ids, content addresses, public keys, lockfiles, images. */
export default family("outside-look-alikes", ({ alike }) => {
  alike("git sha", `HEAD is now at ${fake(40, HEX)} fix: retry`);
  alike("sha256 digest", `sha256:${fake(64, HEX)}`);
  alike("uuid", `request ${fake(8, HEX)}-${fake(4, HEX)}-4${fake(3, HEX)}-9${fake(3, HEX)}-${fake(12, HEX)} done`);
  alike("ipfs cid v0", `pinned Qm${fake(44, B58)}`);
  alike("ipfs cid v1", `ipfs://bafybei${fake(52, B32L)}`);
  alike("ipfs gateway path", `https://ipfs.io/ipfs/Qm${fake(44, B58)}/index.html`);
  alike("sri integrity", `<script src="a.js" integrity="sha384-${fake(64, B64)}"></script>`);
  alike("ssh public key", `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${fake(43, B64)} ops@host`);
  alike(
    "pem public key",
    `-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA${fake(20, B64)}\n${fake(64, B64)}\n${fake(64, B64)}\nIDAQAB\n-----END PUBLIC KEY-----`,
  );
  alike(
    "pem certificate",
    `-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIE${fake(44, B64)}\n${fake(64, B64)}\n-----END CERTIFICATE-----`,
  );
  alike(
    "yarn lockfile",
    `  resolved "https://registry.yarnpkg.com/left-pad/-/left-pad-1.3.0.tgz#${fake(40, HEX)}"\n  integrity sha512-${fake(86, B64)}==`,
  );
  alike("pnpm lockfile", `  resolution: {integrity: sha512-${fake(86, B64)}==}`);
  alike("cargo lockfile", `checksum = "${fake(64, HEX)}"`);
  alike("poetry lockfile", `{file = "pkg-1.0-py3-none-any.whl", hash = "sha256:${fake(64, HEX)}"}`);
  alike("go.sum", `golang.org/x/net v0.20.0 h1:${fake(43, B64)}=`);
  alike("base64 png", `<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA${fake(100, B64)}">`);
  alike("base64 image literal", `const icon = Buffer.from("iVBORw0KGgoAAAANSUhEUgAA${fake(80, B64)}", "base64");`);
  alike("docker image digest", `ghcr.io/acme/app@sha256:${fake(64, HEX)}`);
  alike("npm tarball shasum", `"shasum": "${fake(40, HEX)}"`);
  alike("etag", `ETag: "${fake(32, HEX)}"`);
  alike("stripe publishable key", `Stripe("pk_live_${fake(24)}")`);
  alike("java inner class", "at com.example.app.OrderService$Handler$1.run(OrderService.java:42)");
  alike("shell variable glued", 'echo "prefix$HOME_DIR$SUFFIX_NAME"');
  alike("prose about passwords", "The password is stored as a bcrypt hash; the token is rotated daily.");
  alike("code: password from env", "const password = process.env.DB_PASSWORD;");
  alike("code: getToken lookup", `const t = await getToken("github");`);
  alike("code: signIn provider", `await signIn("github", { callbackUrl: "/" });`);
  alike("mkdir -p", "mkdir -p build/out && ssh -p 2222 ops@host");
  alike("docker -p ports", "docker run -p 8080:80 -p 8443:443 nginx");
  alike("an account id alone", `account_id=${fake(12, "0123456789")} region=eu-west-1`);
  alike("commit after account word", `account page fixed in commit ${fake(40, HEX)}`);
  alike("jwt-shaped header only", "eyJhbGciOiJIUzI1NiJ9 is the header of an HS256 token");
  alike("url without credentials", `https://example.com/@scope/pkg/-/pkg-1.0.0.tgz`);
  alike("markdown table row", "| name | value |\n|------|-------|\n| retries | 3 |");
  alike("shell pipe", "cat build.log|grep -v warning|sort|uniq -c");
  alike("arrow function on a token", "const clean = tokens.map((token) => token.trim());");
  alike("ruby hash with a variable", "{ :password => params[:password] }");
  alike("public key in an env file", `STRIPE_PUBLISHABLE_KEY=pk_live_${fake(24)}`);
  alike("prose: a setting set to a value", "set the timeout to 30s and the retries to 3");
  alike("prose: passwords in general", "the passwords are stored hashed; use the password to log in");
  alike("a deployment name", "deploying api-gateway-prod-stage-v2 to eu-west-1");
  alike("code: a tokenizer's name", 'const tokenizer = new Tokenizer("cl100k_base");');
  alike("docs about a flag", "The CLI accepts -Password to set the password.");
  alike(
    "command lines with -p as a port",
    "ssh -p 2222 deploy@host && psql -h db -p 5432 -U app && redis-cli -p 6380 ping",
  );
  alike("opencode session id", `session ses_${fake(26, URLSAFE.replace(/[-_]/g, ""))} resumed`);
});
