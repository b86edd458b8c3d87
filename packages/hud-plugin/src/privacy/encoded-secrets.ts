// base64 of `-----BEGIN`, at any of the three byte alignments a value can start at
const PEM_STARTS = ["LS0tLS1CRUdJTi", "0tLS0tQkVHSU4", "tLS0tLUJFR0lO"];
const B64_RUN = /^[A-Za-z0-9+/_-]+={0,2}$/;
/**
 * What a decoded credential file says of itself: a private key, a kubeconfig's key or token, docker's
 * auths, AWS's keys, a service account's JSON, an OAuth client's secret or refresh token, a `.netrc`.
 */
const CREDENTIAL =
  /PRIVATE KEY|client-key-data|"auths"\s*:|aws_secret_access_key|"private_key"|"client_secret"|"refresh_token"|"type"\s*:\s*"service_account"|\bmachine\s+\S+\s+login\s+\S+\s+password\b|\b(?:password|passwd|secret|token|api[_-]?key|access[_-]?key|secret[_-]?key|client[_-]?secret)["']?\s*[:=]/i;
const MIN = 40;
/** Enough of a value to read what it is; a file longer than this still shows itself in its first bytes. */
const READ = 4_096;
// a name glued before the value in its run (`SA_KEY_B64=ewog…`): the value starts after its `=`
const NAMED = /^[A-Za-z_][\w.-]*=(?=[\w+/-]{40})/;

function decoded(run: string): string | undefined {
  const body = run
    .slice(0, READ - (READ % 4))
    .replace(/-/g, "+")
    .replace(/_/g, "/");
  try {
    return atob(body.length % 4 ? body.slice(0, body.length - (body.length % 4)) : body);
  } catch {
    return undefined;
  }
}

/**
 * Base64 (standard or URL-safe) that decodes to a private key, a credential file (kubeconfig's
 * `client-key-data`, a docker config, a credentials file, a service account's JSON) or a token
 * `tokenIn` recognises: the kind of secret the value is and where it starts in the run (after a name
 * glued before it), whatever name stands before it. A certificate (`certificate-authority-data`)
 * decodes to a public `BEGIN CERTIFICATE` and stays.
 */
export function encodedSecretAt(
  run: string,
  tokenIn: (plain: string) => boolean,
): { kind: string; at: number } | undefined {
  const at = NAMED.exec(run)?.[0].length ?? 0;
  const value = at ? run.slice(at) : run;
  if (value.length < MIN || !B64_RUN.test(value)) return undefined;
  const plain = decoded(value);
  if (plain === undefined) return undefined;
  if (/PRIVATE KEY/.test(plain)) return { kind: "private-key", at };
  // binary (an image, compressed data, random bytes): nothing to read
  if (!/^[\t\n\r\x20-\x7e]*$/.test(plain.slice(0, 64))) return undefined;
  if (CREDENTIAL.test(plain) || tokenIn(plain))
    return { kind: PEM_STARTS.some((head) => value.includes(head)) ? "private-key" : "encoded-credentials", at };
  return undefined;
}
