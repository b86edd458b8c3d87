import { ALNUM, B64, DIGITS, HEX, LOWER, URLSAFE, family, fake } from "./random.ts";

const LOWNUM = LOWER + DIGITS;
const b64url = (text: string) => btoa(text).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const jwt = (payload: object) =>
  `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(payload))}.${fake(43, URLSAFE)}`;

/**
 * Vendor tokens of prefixes the redactor has no list entry for, each alone, after a neutral name and in
 * a command; the bodies are drawn here. Groups are modelled on public rule sets read by name only:
 * Nosey Parker's rules, Kingfisher's rules, secretlint's presets (recommend and canary), and vendors'
 * own token documentation; plus the six formats an outside corpus found missing.
 */
export default family("outside-vendors", ({ shape, alike }) => {
  const tokens: Array<[string, () => string]> = [
    // modelled on Nosey Parker's rules
    ["nosey parker: search api key (tvly-)", () => `tvly-${fake(32)}`],
    ["nosey parker: kagi-style key", () => `kagi_${fake(40, URLSAFE)}`],
    ["nosey parker: postmark-style server token", () => `pm_srv_${fake(36)}`],
    ["nosey parker: dependency-track key (odt_)", () => `odt_${fake(32)}`],
    // modelled on Kingfisher's rules
    ["kingfisher: nvidia api key (nvapi-)", () => `nvapi-${fake(64, URLSAFE)}`],
    ["kingfisher: cerebras key (csk-)", () => `csk-${fake(48, LOWNUM)}`],
    ["kingfisher: fireworks key (fw_)", () => `fw_${fake(24)}${fake(8)}`],
    ["kingfisher: apify token (apify_api_)", () => `apify_api_${fake(36)}`],
    ["kingfisher: contentful pat (CFPAT-)", () => `CFPAT-${fake(43, URLSAFE)}`],
    ["kingfisher: voyage key (pa-)", () => `pa-${fake(43, URLSAFE)}`],
    ["kingfisher: deepseek-style key (sk- and 48)", () => `sk-${fake(48)}`],
    ["kingfisher: jina key (jina_)", () => `jina_${fake(60)}`],
    ["kingfisher: helicone-style key", () => `sk-helicone-${fake(7, LOWNUM)}-${fake(32)}`],
    // modelled on secretlint's canary preset and vendors' docs
    ["secretlint canary: an unknown vendor's live key", () => `acme_live_${fake(40)}`],
    ["vendor docs: a two-part prefix", () => `zz-prod-${fake(44, URLSAFE)}`],
    ["vendor docs: upper-case prefix", () => `QRX_${fake(36)}`],
    ["vendor docs: a short body after a secret segment", () => `acme_sk_${fake(24)}`],
    // the formats the first outside corpus found missing
    ["first corpus: azure devops pat (84, AZDO)", () => `${fake(52)}JQQJ99${fake(3)}A${fake(14)}AZDO${fake(4)}`],
    ["first corpus: okta api token (00, 42)", () => `00${fake(40, URLSAFE)}`],
    [
      "first corpus: 1password service account token",
      () =>
        `ops_${b64url(JSON.stringify({ signInAddress: "my.1password.com", email: `${fake(8, LOWER)}@x.test`, secretKey: `A3-${fake(30)}`, srpX: fake(64, HEX), muk: { k: fake(43, URLSAFE) } }))}`,
    ],
    [
      "first corpus: supabase service-role jwt",
      () =>
        jwt({ iss: "supabase", ref: fake(20, LOWER), role: "service_role", iat: 1_700_000_000, exp: 2_000_000_000 }),
    ],
    ["first corpus: $-separated token", () => `${fake(20)}$${fake(24)}`],
  ];
  for (const [name, token] of tokens) {
    shape(`${name}: alone`, (s) => s(token()), `${name.split(": ")[1]} tokens are listed in the vendor's dashboard`);
    shape(`${name}: after a neutral name`, (s) => `SERVICE_X=${s(token())}`, "SERVICE_X=${SERVICE_X}");
    shape(
      `${name}: in a command`,
      (s) => `curl -s https://api.example.com/v1 -H "X-Client: ${s(token())}"`,
      `curl -s https://api.example.com/v1 -H "X-Client: web-2024"`,
    );
  }
  shape(
    "first corpus: a second hex secret beside an account id",
    (s) => `twilio account ${`AC${fake(32, HEX)}`} ${s(fake(32, HEX))}`,
    "twilio account sid and auth token are set in the console",
  );
  shape(
    "first corpus: hex secret after a numeric account id",
    (s) => `account_id=${fake(10, DIGITS)} ${s(fake(40, HEX))}`,
    `account_id=${fake(10, DIGITS)} commit ${fake(40, HEX)}`,
  );
  shape(
    "first corpus: azure storage connection string in a quoted command line",
    (s) =>
      `bash -c "az storage blob upload -c logs --connection-string \\"DefaultEndpointsProtocol=https;AccountName=acme1;AccountKey=${s(`${fake(86, B64)}==`)};EndpointSuffix=core.windows.net\\" -f app.log"`,
    `bash -c "az storage blob upload -c logs --connection-string \\"$AZURE_STORAGE_CONNECTION_STRING\\" -f app.log"`,
  );
  alike("an id of a model API (toolu_)", `tool_use id toolu_01${fake(22)} returned 3 lines`);
  alike("a message id (msg_)", `{"id": "msg_01${fake(22)}", "type": "message"}`);
  alike("a checkout session id (cs_test_)", `https://checkout.example.com/c/pay/cs_test_a1${fake(56)}`);
  alike("a slug with a number", "feature/add-login-page-with-oauth2-support-and-refresh-2024");
  alike("a cache key with a hex hash", `cache hit for node-modules-Linux-x64-${fake(64, HEX)}`);
  alike("a content-hashed bundle", `dist/assets/index-${fake(8, ALNUM)}.js  142.1 kB`);
});
