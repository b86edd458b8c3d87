// base64 of `-----BEGIN`, at any of the three byte alignments a value can start at
const PEM_STARTS = ["LS0tLS1CRUdJTi", "0tLS0tQkVHSU4", "tLS0tLUJFR0lO"];
const B64_RUN = /^[A-Za-z0-9+/]+={0,2}$/;
/** What a decoded credential file says of itself: a private key, a kubeconfig's key or token, docker's auths, AWS's keys. */
const CREDENTIAL =
  /PRIVATE KEY|client-key-data|"auths"\s*:|aws_secret_access_key|\b(?:password|passwd|secret|token)\s*[:=]/i;
const MIN = 40;
/** Enough of a value to read what it is; a file longer than this still shows itself in its first bytes. */
const READ = 4_096;

function decoded(run: string): string | undefined {
  const body = run.slice(0, READ - (READ % 4));
  try {
    return atob(body.length % 4 ? body.slice(0, body.length - (body.length % 4)) : body);
  } catch {
    return undefined;
  }
}

/**
 * Base64 that decodes to a private key or a credential file (kubeconfig's `client-key-data`, a docker
 * config, a credentials file): the kind of secret the whole run is, whatever name stands before it. A
 * certificate (`certificate-authority-data`) decodes to a public `BEGIN CERTIFICATE` and stays.
 */
export function encodedSecretKind(run: string): string | undefined {
  if (run.length < MIN || !B64_RUN.test(run)) return undefined;
  const plain = decoded(run);
  if (plain === undefined || !CREDENTIAL.test(plain)) return undefined;
  return PEM_STARTS.some((head) => run.includes(head)) || /PRIVATE KEY/.test(plain)
    ? "private-key"
    : "encoded-credentials";
}
