// public PEM blocks: a public key, a certificate, a CSR, a PGP public key
const PUBLIC_BLOCK =
  /-----BEGIN (?:(?:RSA |EC |DSA |SSH2 )?PUBLIC KEY|CERTIFICATE(?: REQUEST)?|NEW CERTIFICATE REQUEST|X509 CRL|PGP PUBLIC KEY BLOCK|PGP SIGNATURE)-----[\s\S]*?-----END [A-Z0-9 ]+-----/g;

/**
 * The text redacted with its public PEM blocks left as they are: their base64 lines are long and random,
 * and meant to be shown. The parts between blocks are redacted one by one.
 */
export function keepingPublicBlocks(text: string, redact: (part: string) => string): string {
  if (!text.includes("-----BEGIN ")) return redact(text);
  let out = "";
  let copied = 0;
  PUBLIC_BLOCK.lastIndex = 0;
  for (let m = PUBLIC_BLOCK.exec(text); m; m = PUBLIC_BLOCK.exec(text)) {
    // a private key's marker inside the span: not a public block, leave it to the private-key rule
    if (m[0].includes("PRIVATE KEY")) continue;
    out += redact(text.slice(copied, m.index)) + m[0];
    copied = m.index + m[0].length;
  }
  return copied === 0 ? redact(text) : out + redact(text.slice(copied));
}
