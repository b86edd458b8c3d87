import { ALNUM, B64, DIGITS, HEX, LOWER, UPPER, URLSAFE, fake } from "./random.ts";

/**
 * Token formats the field publishes, as this team read them (gitleaks' default rules, GitHub's
 * secret-scanning patterns, GitLab's token prefixes, trufflehog's detectors): a prefix, the body's
 * alphabet and length, written from the rules' text, not copied from them. Each row makes one fake token.
 */
export type Format = { id: string; source: Source; token: () => string; needsBoundary?: true };
export type Source = "gitleaks" | "github" | "gitlab" | "trufflehog";

export const B32L = "abcdefghijklmnopqrstuvwxyz234567";
export const HEXU = "0123456789ABCDEF";
const LOWNUM = LOWER + DIGITS;
const UPNUM = UPPER + DIGITS;
const DOTTED = `${URLSAFE}.`;

/** `prefix` then `length` characters of `alphabet`, then `suffix`. */
export const t =
  (prefix: string, alphabet: string, length: number, suffix = "") =>
  () =>
    `${prefix}${fake(length, alphabet)}${suffix}`;

const row = (source: Source, id: string, token: () => string, needsBoundary?: true): Format => ({
  id,
  source,
  token,
  ...(needsBoundary ? { needsBoundary } : {}),
});
const gl = (id: string, token: () => string, needsBoundary?: true) => row("gitleaks", id, token, needsBoundary);
const B = true as const;

/** gitleaks' rules that name a prefix or a shape of their own (the rest need a keyword: keyword-formats.ts). */
export const gitleaksFormats: Format[] = [
  gl(
    "1password-secret-key",
    () => `A3-${fake(6, UPNUM)}-${fake(11, UPNUM)}-${fake(5, UPNUM)}-${fake(5, UPNUM)}-${fake(5, UPNUM)}`,
    B,
  ),
  gl("1password-service-account-token", t("ops_eyJ", B64, 260)),
  gl("adobe-client-secret", t("p8e-", LOWNUM, 32)),
  gl("age-secret-key", t("AGE-SECRET-KEY-1", "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)),
  gl("airtable-personnal-access-token", () => `pat${fake(14)}.${fake(64, HEX)}`, B),
  gl("alibaba-access-key-id", t("LTAI", LOWNUM, 20)),
  gl("anthropic-admin-api-key", t("sk-ant-admin01-", URLSAFE, 93, "AA")),
  gl("anthropic-api-key", t("sk-ant-api03-", URLSAFE, 93, "AA")),
  gl("artifactory-api-key", t("AKCp", ALNUM, 69)),
  gl("artifactory-reference-token", t("cmVmd", ALNUM, 59), B),
  gl("atlassian-api-token", t("ATATT3", URLSAFE, 186)),
  gl(
    "authress-service-client-access-key",
    () => `sc_${fake(12, LOWNUM)}.${fake(5, LOWNUM)}.acc_${fake(20, LOWNUM)}.${fake(60, B64)}`,
    B,
  ),
  gl("aws-access-token", t("AKIA", `${UPPER}234567`, 16)),
  gl("aws-amazon-bedrock-api-key-long-lived", t("ABSK", B64, 140)),
  gl("aws-amazon-bedrock-api-key-short-lived", t("bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t", B64, 120)),
  gl("azure-ad-client-secret", () => `${fake(3)}8Q~${fake(34, `${URLSAFE}~.`)}`, B),
  gl("clickhouse-cloud-api-secret-key", t("4b1d", ALNUM, 38), B),
  gl("clojars-api-token", t("CLOJARS_", LOWNUM, 60)),
  gl("cloudflare-origin-ca-key", () => `v1.0-${fake(24, HEX)}-${fake(146, HEX)}`),
  gl("databricks-api-token", t("dapi", HEX, 32)),
  gl("digitalocean-access-token", t("doo_v1_", HEX, 64)),
  gl("digitalocean-pat", t("dop_v1_", HEX, 64)),
  gl("digitalocean-refresh-token", t("dor_v1_", HEX, 64)),
  gl("doppler-api-token", t("dp.pt.", ALNUM, 43)),
  gl("duffel-api-token", t("duffel_live_", URLSAFE, 43)),
  gl("dynatrace-api-token", () => `dt0c01.${fake(24, UPNUM)}.${fake(64, UPNUM)}`),
  gl("easypost-api-token", t("EZAK", ALNUM, 54)),
  gl("easypost-test-api-token", t("EZTK", ALNUM, 54)),
  gl("facebook-page-access-token", t("EAAM", ALNUM, 120)),
  gl("flutterwave-encryption-key", t("FLWSECK_TEST-", "abcdefgh0123456789", 12)),
  gl("flutterwave-public-key", t("FLWPUBK_TEST-", "abcdefgh0123456789", 32, "-X")),
  gl("flutterwave-secret-key", t("FLWSECK_TEST-", "abcdefgh0123456789", 32, "-X")),
  gl("flyio-access-token", t("fm2_", B64, 140)),
  gl("frameio-api-token", t("fio-u-", URLSAFE, 64)),
  gl("gcp-api-key", t("AIza", URLSAFE, 35)),
  gl("github-app-token", t("ghs_", ALNUM, 36)),
  gl("github-fine-grained-pat", () => `github_pat_${fake(22)}_${fake(59)}`),
  gl("github-oauth", t("gho_", ALNUM, 36)),
  gl("github-pat", t("ghp_", ALNUM, 36)),
  gl("github-refresh-token", t("ghr_", ALNUM, 36)),
  gl("gitlab-cicd-job-token", () => `glcbt-${fake(2)}_${fake(20, URLSAFE)}`),
  gl("gitlab-deploy-token", t("gldt-", URLSAFE, 20)),
  gl("gitlab-feature-flag-client-token", t("glffct-", URLSAFE, 20)),
  gl("gitlab-feed-token", t("glft-", URLSAFE, 20)),
  gl("gitlab-incoming-mail-token", t("glimt-", URLSAFE, 25)),
  gl("gitlab-kubernetes-agent-token", t("glagent-", URLSAFE, 50)),
  gl("gitlab-oauth-app-secret", t("gloas-", URLSAFE, 64)),
  gl("gitlab-pat", t("glpat-", URLSAFE, 20)),
  gl("gitlab-pat-routable", () => `glpat-${fake(36, URLSAFE)}.01${fake(7, LOWNUM)}`),
  gl("gitlab-ptt", t("glptt-", HEX, 40)),
  gl("gitlab-rrt", t("GR1348941", URLSAFE, 20)),
  gl("gitlab-runner-authentication-token", t("glrt-", URLSAFE, 20)),
  gl("gitlab-runner-authentication-token-routable", () => `glrt-t1_${fake(36, URLSAFE)}.01${fake(7, LOWNUM)}`),
  gl("gitlab-scim-token", t("glsoat-", URLSAFE, 20)),
  gl("gitlab-session-cookie", t("_gitlab_session=", LOWNUM, 32)),
  gl("grafana-api-key", t("eyJrIjoi", ALNUM, 90)),
  gl("grafana-cloud-api-token", t("glc_", B64, 60)),
  gl("grafana-service-account-token", () => `glsa_${fake(32)}_${fake(8, HEX)}`),
  gl("harness-api-key", () => `pat.${fake(22, URLSAFE)}.${fake(24)}.${fake(20)}`, B),
  gl("hashicorp-tf-api-token", () => `${fake(14, LOWNUM)}.atlasv1.${fake(64, URLSAFE)}`),
  gl("heroku-api-key-v2", t("HRKU-AA", URLSAFE, 58)),
  gl("huggingface-access-token", t("hf_", `${UPPER}${LOWER}`, 34)),
  gl("huggingface-organization-api-token", t("api_org_", `${UPPER}${LOWER}`, 34)),
  gl("infracost-api-token", t("ico-", ALNUM, 32)),
  gl("intra42-client-secret", t("s-s4t2ud-", HEX, 64)),
  gl("jwt", () => `eyJ${fake(30, ALNUM)}.eyJ${fake(60, ALNUM)}.${fake(43, URLSAFE)}`),
  gl("jwt-base64", t("ZXlKaGJHY2lPaU", B64, 120), B),
  gl("linear-api-key", t("lin_api_", LOWNUM, 40)),
  gl("maxmind-license-key", () => `${fake(6)}_${fake(29)}_mmk`, B),
  gl("notion-api-token", () => `ntn_${fake(11, DIGITS)}${fake(35)}`),
  gl("npm-access-token", t("npm_", LOWNUM, 36)),
  gl("octopus-deploy-api-key", t("API-", UPNUM, 26)),
  gl("openai-api-key", () => `sk-proj-${fake(58, URLSAFE)}T3BlbkFJ${fake(58, URLSAFE)}`),
  gl("openshift-user-token", t("sha256~", URLSAFE, 43)),
  gl("perplexity-api-key", t("pplx-", ALNUM, 48)),
  gl("planetscale-api-token", t("pscale_tkn_", DOTTED, 43)),
  gl("planetscale-oauth-token", t("pscale_oauth_", DOTTED, 43)),
  gl("planetscale-password", t("pscale_pw_", DOTTED, 43)),
  gl("postman-api-token", () => `PMAK-${fake(24, HEX)}-${fake(34, HEX)}`),
  gl("prefect-api-token", t("pnu_", ALNUM, 36)),
  gl("pulumi-api-token", t("pul-", HEX, 40)),
  gl("pypi-upload-token", t("pypi-AgEIcHlwaS5vcmc", URLSAFE, 70)),
  gl("readme-api-token", t("rdme_", LOWNUM, 70)),
  gl("rubygems-api-token", t("rubygems_", HEX, 48)),
  gl("scalingo-api-token", t("tk-us-", URLSAFE, 48)),
  gl("sendgrid-api-token", () => `SG.${fake(22, URLSAFE)}.${fake(43, URLSAFE)}`),
  gl("sendinblue-api-token", () => `xkeysib-${fake(64, HEX)}-${fake(16, LOWNUM)}`),
  gl(
    "sentry-org-token",
    () => `sntrys_eyJpYXQiO${fake(40, ALNUM)}LCJyZWdpb25fdXJs${fake(40, ALNUM)}_${fake(43, ALNUM)}`,
  ),
  gl("sentry-user-token", t("sntryu_", HEX, 64)),
  gl("settlemint-application-access-token", t("sm_aat_", ALNUM, 16)),
  gl("settlemint-personal-access-token", t("sm_pat_", ALNUM, 16)),
  gl("settlemint-service-access-token", t("sm_sat_", ALNUM, 16)),
  gl("shippo-api-token", t("shippo_live_", HEX, 40)),
  gl("shopify-access-token", t("shpat_", HEX, 32)),
  gl("shopify-custom-access-token", t("shpca_", HEX, 32)),
  gl("shopify-private-app-access-token", t("shppa_", HEX, 32)),
  gl("shopify-shared-secret", t("shpss_", HEX, 32)),
  gl("slack-app-token", () => `xapp-1-A${fake(10, UPNUM)}-${fake(13, DIGITS)}-${fake(64, HEX)}`),
  gl("slack-bot-token", () => `xoxb-${fake(12, DIGITS)}-${fake(13, DIGITS)}-${fake(24)}`),
  gl("slack-config-access-token", () => `xoxe.xoxp-1-${fake(164, UPNUM)}`),
  gl("slack-config-refresh-token", () => `xoxe-1-${fake(146, UPNUM)}`),
  gl("slack-legacy-bot-token", () => `xoxb-${fake(10, DIGITS)}-${fake(24)}`),
  gl("slack-legacy-token", () => `xoxs-${fake(10, DIGITS)}-${fake(10, DIGITS)}-${fake(12, DIGITS)}-${fake(64, HEX)}`),
  gl("slack-legacy-workspace-token", () => `xoxa-2-${fake(40)}`),
  gl("slack-user-token", () => `xoxp-${fake(12, DIGITS)}-${fake(12, DIGITS)}-${fake(13, DIGITS)}-${fake(32, HEX)}`),
  gl("sourcegraph-access-token", () => `sgp_${fake(16, HEX)}_${fake(40, HEX)}`),
  gl("square-access-token", t("sq0atp-", URLSAFE, 22)),
  gl("stripe-access-token", t("sk_live_", ALNUM, 99)),
  gl("twilio-api-key", t("SK", HEX, 32), B),
  gl("twitter-bearer-token", t("AAAAAAAAAAAAAAAAAAAAA", ALNUM, 90), B),
  gl("vault-batch-token", t("hvb.", URLSAFE, 150)),
  gl("vault-service-token", t("hvs.", URLSAFE, 95)),
];
