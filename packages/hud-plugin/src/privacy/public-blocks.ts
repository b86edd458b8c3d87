// public PEM blocks: a public key, a certificate, a CSR, a PGP public key
const PUBLIC_BLOCK =
  /-----BEGIN (?:(?:RSA |EC |DSA |SSH2 )?PUBLIC KEY|CERTIFICATE(?: REQUEST)?|NEW CERTIFICATE REQUEST|X509 CRL|PGP PUBLIC KEY BLOCK|PGP SIGNATURE)-----[\s\S]*?-----END [A-Z0-9 ]+-----/y;

/**
 * The text redacted with its public PEM blocks left as they are: their base64 lines are long and random,
 * and meant to be shown. The parts between blocks are redacted one by one.
 */
export function keepingPublicBlocks(text: string, redact: (part: string) => string): string {
  // (no footer after a header: nothing to keep, and the lazy scan for one would go quadratic)
  const lastFooter = text.lastIndexOf("-----END ");
  if (lastFooter < 0 || !text.includes("-----BEGIN ")) return redact(text);
  let out = "";
  let copied = 0;
  // header by header, each tried once where it stands (sticky): linear however many headers lack a footer
  for (let begin = text.indexOf("-----BEGIN "); begin >= 0 && begin < lastFooter;) {
    PUBLIC_BLOCK.lastIndex = begin;
    const m = PUBLIC_BLOCK.exec(text);
    // a private key's marker inside the span: not a public block, leave it to the private-key rule
    if (m && !m[0].includes("PRIVATE KEY")) {
      out += redact(text.slice(copied, begin)) + m[0];
      copied = begin + m[0].length;
    }
    begin = text.indexOf("-----BEGIN ", m ? begin + m[0].length : begin + 1);
  }
  return copied === 0 ? redact(text) : out + redact(text.slice(copied));
}
