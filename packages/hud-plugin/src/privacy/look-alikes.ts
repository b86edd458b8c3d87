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

// public by design: Mapbox's and Stripe's publishable keys, an SSH public key's body
const PUBLIC_RUN = /^(?:pk[._]|AAAA[B-E]3NzaC|AAAAE2VjZHNh)/;

/** Whether a run is a public key or token, meant to be shown. */
export const publicRun = (run: string): boolean => PUBLIC_RUN.test(run);
