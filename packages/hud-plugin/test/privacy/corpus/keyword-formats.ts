import { ALNUM, B64, DIGITS, HEX, LOWER, UPPER, URLSAFE, fake } from "./random.ts";

const LOWNUM = LOWER + DIGITS;
const LOWSYM = `${LOWNUM}=_-`;

/**
 * gitleaks' rules that need a keyword before the value (`<vendor>…=<value>`): the vendor word, and the
 * value's alphabet and length as the rule reads it (a prefix when it has one). `public` marks the rules
 * for ids (an OAuth client id, an access id) and public tokens: they name an account, they are not its
 * key, and the redactor leaves them, as a look-alike.
 */
export type KeywordFormat = { id: string; word: string; value: () => string; public?: true };

const k = (id: string, word: string, alphabet: string, length: number, prefix = "", suffix = ""): KeywordFormat => ({
  id,
  word,
  // a value starts with a letter or a digit, as the vendors' do
  value: () => `${prefix}${fake(length, alphabet).replace(/^[^A-Za-z0-9]/, "a")}${suffix}`,
});
const id = (row: KeywordFormat): KeywordFormat => ({ ...row, public: true });
const uuid = () => `${fake(8, HEX)}-${fake(4, HEX)}-4${fake(3, HEX)}-a${fake(3, HEX)}-${fake(12, HEX)}`;

export const keywordFormats: KeywordFormat[] = [
  k("adafruit-api-key", "adafruit", `${LOWNUM}_-`, 32),
  id(k("adobe-client-id", "adobe", HEX, 32)),
  k("airtable-api-key", "airtable", LOWNUM, 17),
  k("algolia-api-key", "algolia", LOWNUM, 32),
  k("alibaba-secret-key", "alibaba", LOWNUM, 30),
  id(k("asana-client-id", "asana", DIGITS, 16)),
  k("asana-client-secret", "asana", LOWNUM, 32),
  k("atlassian-api-token", "jira", LOWNUM, 20, "", fake(4, HEX)),
  k("beamer-api-token", "beamer", LOWSYM, 44, "b_"),
  id(k("bitbucket-client-id", "bitbucket", LOWNUM, 32)),
  k("bitbucket-client-secret", "bitbucket", LOWSYM, 64),
  k("bittrex-access-key", "bittrex", LOWNUM, 32),
  k("bittrex-secret-key", "bittrex", LOWNUM, 32),
  k("cisco-meraki-api-key", "meraki", HEX, 40),
  k("cloudflare-api-key", "cloudflare", `${LOWNUM}_-`, 40),
  k("cloudflare-global-api-key", "cloudflare", HEX, 37),
  k("codecov-access-token", "codecov", LOWNUM, 32),
  k("cohere-api-token", "cohere", ALNUM, 40),
  k("coinbase-access-token", "coinbase", `${LOWNUM}_-`, 64),
  k("confluent-access-token", "confluent", LOWNUM, 16),
  k("confluent-secret-key", "confluent", LOWNUM, 64),
  k("contentful-delivery-api-token", "contentful", LOWSYM, 43),
  k("datadog-access-token", "datadog", LOWNUM, 40),
  k("defined-networking-api-token", "dnkey", LOWSYM, 26, "dnkey-", `-${fake(52, LOWNUM)}`),
  k("discord-api-token", "discord", HEX, 64),
  id(k("discord-client-id", "discord", DIGITS, 18)),
  k("discord-client-secret", "discord", LOWSYM, 32),
  k("droneci-access-token", "droneci", LOWNUM, 32),
  k("dropbox-api-token", "dropbox", LOWNUM, 15),
  k("dropbox-long-lived-api-token", "dropbox", LOWNUM, 11, "", `AAAAAAAAAA${fake(43, LOWSYM)}`),
  k("dropbox-short-lived-api-token", "dropbox", LOWSYM, 135, "sl."),
  k("etsy-access-token", "etsy", LOWNUM, 24),
  k("facebook-secret", "facebook", HEX, 32),
  k("fastly-api-token", "fastly", LOWSYM, 32),
  k("finicity-api-token", "finicity", HEX, 32),
  k("finicity-client-secret", "finicity", LOWNUM, 20),
  k("finnhub-access-token", "finnhub", LOWNUM, 20),
  k("flickr-access-token", "flickr", LOWNUM, 32),
  k("freshbooks-access-token", "freshbooks", LOWNUM, 64),
  k("generic-api-key", "service", ALNUM, 32),
  k("gitter-access-token", "gitter", `${LOWNUM}_-`, 40),
  k("gocardless-api-token", "gocardless", LOWSYM, 40, "live_"),
  k("hashicorp-tf-password", "administrator_login", LOWSYM, 16),
  { id: "heroku-api-key", word: "heroku", value: uuid },
  { id: "hubspot-api-key", word: "hubspot", value: () => uuid().toUpperCase() },
  k("intercom-api-key", "intercom", LOWSYM, 60),
  k("jfrog-api-key", "jfrog", LOWNUM, 73),
  k("jfrog-identity-token", "artifactory", LOWNUM, 64),
  k("kraken-access-token", "kraken", `${LOWNUM}/=_+-`, 86),
  k("kucoin-access-token", "kucoin", HEX, 24),
  { id: "kucoin-secret-key", word: "kucoin", value: uuid },
  k("launchdarkly-access-token", "launchdarkly", LOWSYM, 40),
  k("linear-client-secret", "linear", HEX, 32),
  id(k("linkedin-client-id", "linkedin", LOWNUM, 14)),
  k("linkedin-client-secret", "linkedin", LOWNUM, 16),
  k("lob-api-key", "lob", HEX, 35, "live_"),
  k("lob-pub-api-key", "lob", HEX, 31, "test_pub_"),
  id(k("looker-client-id", "looker", LOWNUM, 20)),
  k("looker-client-secret", "looker", LOWNUM, 24),
  k("mailchimp-api-key", "mailchimp", HEX, 32, "", "-us12"),
  k("mailgun-private-api-token", "mailgun", HEX, 32, "key-"),
  k("mailgun-pub-key", "mailgun", HEX, 32, "pubkey-"),
  k("mailgun-signing-key", "mailgun", "abcdefgh0123456789", 32, "", `-${fake(8, HEX)}-${fake(8, HEX)}`),
  // Mapbox's `pk.` tokens are public by design (its secret `sk.` ones are a shape of their own)
  id(k("mapbox-api-token", "mapbox", LOWNUM, 60, "pk.", `.${fake(22, LOWNUM)}`)),
  k("mattermost-access-token", "mattermost", LOWNUM, 26),
  k("messagebird-api-token", "messagebird", LOWNUM, 25),
  id({ id: "messagebird-client-id", word: "messagebird", value: uuid }),
  k("netlify-access-token", "netlify", LOWSYM, 43),
  k("new-relic-browser-api-token", "newrelic", HEX, 19, "NRJS-"),
  k("new-relic-insert-key", "newrelic", `${LOWNUM}-`, 32, "NRII-"),
  id(k("new-relic-user-api-id", "newrelic", LOWNUM, 64)),
  k("new-relic-user-api-key", "newrelic", LOWNUM, 27, "NRAK-"),
  k("nytimes-access-token", "nytimes", LOWSYM, 32),
  k("okta-access-token", "okta", `${ALNUM}=_-`, 40, "00"),
  { id: "plaid-api-token", word: "plaid", value: () => `access-sandbox-${uuid()}` },
  id(k("plaid-client-id", "plaid", LOWNUM, 24)),
  k("plaid-secret-key", "plaid", LOWNUM, 30),
  k("privateai-api-token", "private_ai", LOWNUM, 32),
  k("rapidapi-access-token", "rapidapi", `${LOWNUM}_-`, 50),
  id({ id: "sendbird-access-id", word: "sendbird", value: uuid }),
  k("sendbird-access-token", "sendbird", HEX, 40),
  k("sentry-access-token", "sentry", HEX, 64),
  { id: "snyk-api-token", word: "snyk", value: uuid },
  k("sonar-api-token", "sonar", LOWSYM, 40, "squ_"),
  { id: "squarespace-access-token", word: "squarespace", value: uuid },
  id(k("sumologic-access-id", "sumo", ALNUM, 12, "su")),
  k("sumologic-access-token", "sumo", LOWNUM, 64),
  k("telegram-bot-api-token", "telegram", LOWSYM, 34, `${fake(9, DIGITS)}:A`),
  k("travisci-access-token", "travis", LOWNUM, 22),
  k("twitch-api-token", "twitch", LOWNUM, 30),
  k("twitter-access-secret", "twitter", LOWNUM, 45),
  k("twitter-access-token", "twitter", ALNUM, 40, `${fake(19, DIGITS)}-`),
  k("twitter-api-key", "twitter", LOWNUM, 25),
  k("twitter-api-secret", "twitter", LOWNUM, 50),
  k("twitter-bearer-token", "twitter", ALNUM, 90, "AAAAAAAAAAAAAAAAAAAAAA"),
  k("typeform-api-token", "typeform", `${LOWNUM}_.=-`, 59, "tfp_"),
  k("yandex-access-token", "yandex", URLSAFE, 86, `t1.${fake(20, URLSAFE)}.`),
  k("yandex-api-key", "yandex", URLSAFE, 36, "AQVN"),
  k("yandex-aws-access-token", "yandex", URLSAFE, 38, "YC"),
  k("zendesk-secret-key", "zendesk", LOWNUM, 40),
];

/** gitleaks' rules that read a whole line of their own: its usual line, and the secret in it. */
export type LineFormat = { id: string; line: (secret: (value: string) => string) => string; lookAlike: string };

export const lineFormats: LineFormat[] = [
  {
    id: "curl-auth-header",
    line: (s) => `curl -s -H "X-Api-Token: ${s(fake(40, URLSAFE))}" https://api.example.com/v2/items`,
    lookAlike: `curl -s -H "Accept: application/json" https://api.example.com/v2/items`,
  },
  {
    id: "curl-auth-user",
    line: (s) => `curl --user "deploy:${s(fake(20))}" https://ci.example.com/job/build`,
    lookAlike: `curl --user "$CI_USER:$CI_PASSWORD" https://ci.example.com/job/build`,
  },
  {
    id: "facebook-access-token",
    // an app token is the app's id (public) and its secret
    line: (s) => `graph token ${fake(15, DIGITS)}|${s(fake(32, URLSAFE))}`,
    lookAlike: `graph api version v19.0 | app ${fake(15, DIGITS)}`,
  },
  {
    id: "freemius-secret-key",
    line: (s) => `'secret_key' => '${s(`sk_${fake(29, ALNUM)}`)}',`,
    lookAlike: `'public_key' => 'pk_${fake(29, HEX)}',`,
  },
  {
    id: "kubernetes-secret-yaml",
    line: (s) =>
      `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  db-password: ${s(btoa(fake(18)))}\n  api-key: ${s(btoa(fake(32)))}`,
    lookAlike: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: db\ndata:\n  db-host: ZGIuaW50ZXJuYWw=",
  },
  {
    id: "microsoft-teams-webhook",
    line: (s) =>
      `https://acme.webhook.office.com/webhookb2/${fake(8, HEX)}-${fake(4, HEX)}-${fake(4, HEX)}-${fake(4, HEX)}-${fake(12, HEX)}@${fake(8, HEX)}-${fake(4, HEX)}-${fake(4, HEX)}-${fake(4, HEX)}-${fake(12, HEX)}/IncomingWebhook/${s(fake(32, LOWNUM))}/${fake(8, HEX)}-${fake(4, HEX)}-${fake(4, HEX)}-${fake(4, HEX)}-${fake(12, HEX)}`,
    lookAlike: "https://acme.webhook.office.com/ documents the IncomingWebhook connector",
  },
  {
    id: "nuget-config-password",
    line: (s) => `<add key="ClearTextPassword" value="${s(fake(16))}" />`,
    lookAlike: `<add key="Username" value="ci-bot" />`,
  },
  {
    id: "private-key",
    line: (s) => s(`-----BEGIN PRIVATE KEY-----\n${fake(64, B64)}\n${fake(64, B64)}\n-----END PRIVATE KEY-----`),
    lookAlike: `-----BEGIN CERTIFICATE-----\n${fake(64, B64)}\n-----END CERTIFICATE-----`,
  },
  {
    id: "sidekiq-secret",
    line: (s) => `BUNDLE_ENTERPRISE__CONTRIBSYS__COM=${s(`${fake(8, HEX)}:${fake(8, HEX)}`)}`,
    lookAlike: "BUNDLE_PATH=vendor/bundle",
  },
  {
    id: "sidekiq-sensitive-url",
    line: (s) => `source "https://${fake(8, HEX)}:${s(fake(8, HEX))}@gems.contribsys.com/"`,
    lookAlike: `source "https://gems.contribsys.com/"`,
  },
  {
    id: "slack-webhook-url",
    line: (s) => `https://hooks.slack.com/services/${s(`T${fake(10, UPPER)}/B${fake(10, UPPER)}/${fake(24)}`)}`,
    lookAlike: "post to https://hooks.slack.com/services/ with the webhook from the app's page",
  },
];

/** gitleaks' rules for files, not text: `pkcs12-file` reads `.p12`/`.pfx` files by their path. */
export const fileRules = ["pkcs12-file"];
