import { mark } from "./mark.ts";

// scheme://user:password@host and scheme://:password@host; the user and password stop at what ends a
// URL's authority, so `host:port/path@x` is not taken for credentials
// (an unescaped `@` in the password: up to the last `@` before the host)
const CREDENTIALS = /\b([a-zA-Z][a-zA-Z0-9+.-]{1,20}:\/\/)([^\s:@/?#'"<>`]*):([^\s/?#'"<>`]+)@(?=[^\s@/]*[\w\]])/g;

/** Credentials in URLs keep their scheme and host: `https://[redacted:url-credentials]@host/…`. */
export function redactUrlCredentials(text: string): string {
  return text.includes("://")
    ? text.replace(CREDENTIALS, (_, scheme: string) => `${scheme}${mark("url-credentials")}@`)
    : text;
}
