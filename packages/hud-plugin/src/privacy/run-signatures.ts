/**
 * Tokens without a prefix that still say what they are by their shape as a whole run: a signature inside
 * (OpenAI's legacy keys carry `T3BlbkFJ`, base64 of "OpenAI"), a fixed length and alphabet no ordinary
 * word has (Azure DevOps PATs, 52 base32 characters; the newer 84-character ones with `AZDO` inside), or a
 * fixed suffix (MaxMind license keys end `_mmk`).
 */
const SIGNATURES: Array<{ kind: string; test: (run: string) => boolean }> = [
  // (each pattern behind a literal test: most runs are ordinary and pay only for that)
  {
    kind: "openai-key",
    test: (run) => run.includes("T3BlbkFJ") && /[A-Za-z0-9]{10}T3BlbkFJ[A-Za-z0-9]{10}/.test(run),
  },
  {
    kind: "azure-devops-pat",
    test: (run) => run.includes("AZDO") && /(?:^|[^A-Za-z0-9])[A-Za-z0-9]{76}AZDO[A-Za-z0-9]{4}$/.test(run),
  },
  { kind: "azure-devops-pat", test: azureDevopsClassic },
  {
    kind: "maxmind-key",
    test: (run) => run.endsWith("_mmk") && /(?:^|[^\w])[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk$/.test(run),
  },
];

const isBase32 = (code: number) => (code >= 97 && code <= 122) || (code >= 50 && code <= 55);
// 52 characters of lower-case base32 ending the run, digits and letters mixed as random ones are (a loop
// from the end: an anchored pattern would retry from every position of a long run)
function azureDevopsClassic(run: string): boolean {
  if (run.length < 52) return false;
  let at = run.length;
  let digits = 0;
  while (at > 0 && run.length - at <= 60 && isBase32(run.charCodeAt(at - 1))) {
    if (run.charCodeAt(at - 1) <= 55) digits++;
    at--;
  }
  const length = run.length - at;
  return length >= 52 && length <= 60 && digits >= 4 && digits <= length / 2;
}

/** The kind of token a whole run is by its signature, or undefined. */
export function runSignature(run: string): string | undefined {
  return SIGNATURES.find((signature) => signature.test(run))?.kind;
}
