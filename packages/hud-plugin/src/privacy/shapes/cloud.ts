import { placeholder, type Shape } from "./shape.ts";

/** Cloud credentials the rule set has no rule for. */
export const cloudShapes: Shape[] = [
  { kind: "google-api-key", literal: "AIza", pattern: /\bAIza[\w-]{35}(?![\w-])/g },
  { kind: "google-oauth-secret", literal: "GOCSPX-", pattern: /\bGOCSPX-[\w-]{28}(?![\w-])/g },
  { kind: "google-oauth-token", literal: "ya29.", pattern: /\bya29\.[\w-]{20,}/g },
  {
    kind: "aws-secret-key",
    literal: "configure",
    pattern:
      /(\baws[ \t]+configure[ \t]+set[ \t]+(?:[\w-]+\.)?(?:aws_secret_access_key|aws_session_token)[ \t]+)(\S+)/g,
    keepsLead: true,
    spare: placeholder,
  },
  // a shared access signature's `sig=`: the URL's other parameters say what it grants, the signature is the key
  { kind: "azure-sas", literal: "sig=", pattern: /([?&]sig=)([\w%+/=-]{20,})/g, keepsLead: true },
  // an Entra ID client secret: three characters, a digit, `Q~`, then 31 to 34
  {
    kind: "azure-client-secret",
    literal: "Q~",
    pattern: /(^|[^\w~.-])([\w~.-]{3}\dQ~[\w~.-]{31,34})(?![\w~.-])/g,
    keepsLead: true,
  },
];
