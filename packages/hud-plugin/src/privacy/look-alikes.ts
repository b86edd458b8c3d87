/**
 * What looks like a token and is data: a run is left alone when the text just before it says so. Git
 * SHAs, digests and UUIDs are bare hexadecimal and never reach the rules (`randomLooking`); these are the
 * base64 ones: integrity strings (`sha512-…`), data URIs (`data:image/png;base64,…`), SSH public keys
 * (`ssh-ed25519 AAAA…`), Go module sums (`h1:…`) and certificates, which are public.
 */
const BEFORE =
  /(?:\bsha(?:1|256|384|512)-|;base64,|\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)[ \t]+|\bh1:|\bsha(?:1|256|384|512):|(?:certificate-authority-data|client-certificate-data)["']?[ \t]*[:=][ \t]*["']?)$/;

/** Whether the run starting at `start` is data by what precedes it on its line. */
export function lookAlikeAt(text: string, start: number): boolean {
  return BEFORE.test(text.slice(Math.max(0, start - 48), start));
}

// public by design: Mapbox's and Stripe's publishable keys, an SSH public key's body; IPFS content ids
// (`Qm` and 44 of base58, `bafy`/`bafk` and base32), which name public content
const PUBLIC_RUN =
  /^(?:pk[._]|AAAA[B-E]3NzaC|AAAAE2VjZHNh)|^\/*(?:Qm[1-9A-HJ-NP-Za-km-z]{44}|baf[ky][a-z2-7]{50,})(?:\/|$)|(?:^|\/)ip[fn]s\//;

/** Whether a run is a public key or token, meant to be shown. */
export const publicRun = (run: string): boolean => PUBLIC_RUN.test(run);

// a path (`src/v2/Button3Group.tsx`, `./a/b/c`): slashes between segments, or a file's extension, and no
// `+` or `=` (base64 has them)
const PATH = /^(?![^+=]*[+=])(?:[~.]{0,2}\/)?(?:[\w@.-]+\/)+[\w@.-]*$|^(?![^+=]*[+=])[\w@./-]+\.[A-Za-z]{1,6}$/;

/** Whether a run is a path: its randomness is in names, not a key. */
export const pathLike = (run: string): boolean => PATH.test(run);

// an identifier made of words (`createSessionRuntime2024`): most of its letters are in pieces of 3+
// letters with a vowel, split at case changes and non-letters; random text breaks into short pieces
const PIECES = /[^A-Za-z]+|(?<=[a-z])(?=[A-Z])/;
export const wordLike = (run: string): boolean => {
  let letters = 0;
  let inWords = 0;
  for (const piece of run.split(PIECES)) {
    letters += piece.length;
    if (piece.length >= 3 && /[aeiouy]/i.test(piece)) inWords += piece.length;
  }
  return inWords >= letters * 0.7;
};
