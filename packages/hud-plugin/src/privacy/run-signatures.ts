/**
 * Tokens without a prefix of their own that still say what they are by their shape in a run: a signature
 * inside (OpenAI's legacy keys carry `T3BlbkFJ`, base64 of "OpenAI"; a JWT's two `eyJ` parts; Terraform's
 * `.atlasv1.`), a fixed length and alphabet no ordinary word has (Azure DevOps PATs, 52 base32 characters;
 * the newer 84-character ones with `AZDO` inside), or a fixed suffix (MaxMind's `_mmk`, Mailchimp's
 * `-us12`). Each pattern stands behind a literal test: most runs are ordinary and pay only for that. The
 * mark starts where the token does (`at`), or at the run's start when the token has no telling start.
 */
type Signature = { kind: string; literal: (run: string) => boolean; pattern: RegExp };

const SIGNATURES: Signature[] = [
  { kind: "openai-key", literal: (r) => r.includes("T3BlbkFJ"), pattern: /[A-Za-z0-9]{10}T3BlbkFJ[A-Za-z0-9]{10}/ },
  { kind: "jwt", literal: (r) => r.includes(".eyJ"), pattern: /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\./ },
  { kind: "terraform-token", literal: (r) => r.includes(".atlasv1."), pattern: /\w{14}\.atlasv1\.[\w=-]{60}/ },
  // (`AZDO` near the end, wherever the token ends: a run can go on past it, `PAT.` or `PAT:`)
  { kind: "azure-devops-pat", literal: (r) => r.includes("AZDO"), pattern: /[A-Za-z0-9]{70,80}AZDO[A-Za-z0-9]{0,8}/ },
  // a JWT whose header is not compact JSON (`{ "alg"` is `eyAi`, a pretty-printed one `ewog`)
  {
    kind: "jwt",
    literal: (r) => /^(?:eyAi|ewog|ew0K)/.test(r),
    pattern: /^(?:eyAi|ewog|ew0K)[\w-]{8,}\.e[wy][\w-]{8,}\./,
  },
  { kind: "azure-client-secret", literal: (r) => r.includes("Q~"), pattern: /[\w~.]{3}\dQ~[\w~.-]{31,34}$/ },
  { kind: "maxmind-key", literal: (r) => r.endsWith("_mmk"), pattern: /[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk$/ },
  { kind: "mailchimp-key", literal: (r) => r.includes("-us"), pattern: /[a-f0-9]{32}-us\d{1,2}$/ },
  { kind: "airtable-token", literal: (r) => r.includes("pat"), pattern: /pat[A-Za-z0-9]{14}\.[a-f0-9]{64}/ },
  {
    kind: "authress-key",
    literal: (r) => r.includes(".acc"),
    pattern: /(?:sc|ext|scauth|authress)_[a-z0-9]{5,30}\.[a-z0-9]{4,6}\.acc[_-][a-z0-9-]{10,32}\.[\w+/=-]{30}/i,
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

/** The kind of token a run holds by its signature, and where the token starts; undefined when none. */
export function runSignature(run: string): { kind: string; at: number } | undefined {
  // an IPFS CID of version 1 (`bafy…`, `bafk…`) is lower-case base32 too, and public
  if (azureDevopsClassic(run) && !/(?:^|[/=])baf[ky]/.test(run)) return { kind: "azure-devops-pat", at: 0 };
  for (const signature of SIGNATURES) {
    if (!signature.literal(run)) continue;
    const found = signature.pattern.exec(run);
    // a signature with a telling start (`eyJ`, `pat…`) marks from there; one without, the whole run
    if (found) return { kind: signature.kind, at: /^(?:jwt|airtable|authress)/.test(signature.kind) ? found.index : 0 };
  }
  return undefined;
}
