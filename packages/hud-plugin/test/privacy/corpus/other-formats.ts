import { B32L, t, type Format, type Source } from "./published-formats.ts";
import { ALNUM, B64, DIGITS, HEX, LOWER, UPPER, URLSAFE, fake } from "./random.ts";

const LOWNUM = LOWER + DIGITS;
const row = (source: Source, id: string, token: () => string, needsBoundary?: true): Format => ({
  id,
  source,
  token,
  ...(needsBoundary ? { needsBoundary } : {}),
});
const gh = (id: string, token: () => string, needsBoundary?: true) => row("github", id, token, needsBoundary);
const gitlab = (id: string, prefix: string, length: number) => row("gitlab", id, t(prefix, URLSAFE, length));
const th = (id: string, token: () => string, needsBoundary?: true) => row("trufflehog", id, token, needsBoundary);

/** Formats from GitHub's list of supported secret-scanning patterns that the gitleaks rows lack. */
export const githubFormats: Format[] = [
  gh("azure_devops_personal_access_token", t("", B32L, 52)),
  gh("azure_devops_personal_access_token (84)", () => `${fake(52)}JQQJ99${fake(18)}AZDO${fake(4)}`),
  gh("nuget_api_key", t("oy2", LOWNUM, 43)),
  gh("okta_api_token", () => `SSWS 00${fake(40, URLSAFE)}`),
  gh("openai_api_key (no signature)", t("sk-proj-", URLSAFE, 156)),
  gh("openai_api_key (service account)", t("sk-svcacct-", URLSAFE, 156)),
  gh("docker_personal_access_token", t("dckr_pat_", URLSAFE, 27)),
  gh("groq_api_key", t("gsk_", ALNUM, 52)),
  gh("xai_api_key", t("xai-", ALNUM, 80)),
  gh("google_oauth_client_secret", t("GOCSPX-", URLSAFE, 28)),
  gh("google_oauth_access_token", t("ya29.", URLSAFE, 120)),
  gh("google_oauth_refresh_token", t("1//0", URLSAFE, 100), true),
  gh("tailscale_api_key", () => `tskey-api-${fake(12)}-${fake(32)}`),
  gh("supabase_service_key", t("sbp_", HEX, 40)),
  gh("figma_pat", t("figd_", URLSAFE, 40)),
  gh("linear_oauth_token", t("lin_oauth_", HEX, 64)),
  gh("doppler_service_token", t("dp.st.", ALNUM, 43)),
  gh("new_relic_user_api_key", t("NRAK-", UPPER + DIGITS, 27)),
  gh("stripe_restricted_key", t("rk_live_", ALNUM, 99)),
  gh("square_oauth_secret", t("sq0csp-", URLSAFE, 43)),
  gh("mailgun_api_key", t("key-", HEX, 32), true),
  gh("notion_integration_token", t("secret_", ALNUM, 43)),
  gh("dropbox_short_lived_access_token", t("sl.", URLSAFE, 135), true),
  gh("bitbucket_app_password", t("ATBB", ALNUM, 32)),
  gh("buildkite_user_token", t("bkua_", HEX, 40)),
  gh("sonarqube_user_token", t("squ_", HEX, 40)),
  gh("circleci_personal_token", t("CCIPAT_", URLSAFE, 60)),
  gh("netlify_pat", t("nfp_", ALNUM, 40)),
  gh("render_api_key", t("rnd_", ALNUM, 32)),
  gh("vercel_pat", t("vcp_", ALNUM, 56)),
  gh("databricks_access_token", t("dapi", HEX, 32, "-2")),
  gh("pypi_api_token", t("pypi-AgEIcHlwaS5vcmc", URLSAFE, 120)),
];

/** GitLab's documented token prefixes. */
export const gitlabFormats: Format[] = [
  gitlab("personal, project and group access token", "glpat-", 20),
  gitlab("oauth application secret", "gloas-", 64),
  gitlab("deploy token", "gldt-", 20),
  gitlab("runner authentication token", "glrt-", 20),
  gitlab("ci/cd job token", "glcbt-", 30),
  gitlab("trigger token", "glptt-", 40),
  gitlab("feed token", "glft-", 20),
  gitlab("incoming mail token", "glimt-", 25),
  gitlab("agent for kubernetes token", "glagent-", 50),
  gitlab("scim token", "glsoat-", 20),
  gitlab("feature flags client token", "glffct-", 20),
  gitlab("runner registration token", "GR1348941", 20),
];

/** trufflehog detectors' formats the rows above lack. */
export const trufflehogFormats: Format[] = [
  th("langsmith", () => `lsv2_pt_${fake(32, HEX)}_${fake(10, HEX)}`),
  th("posthog", t("phx_", ALNUM, 43)),
  th("pinecone", t("pcsk_", `${ALNUM}_`, 70)),
  th("openrouter", t("sk-or-v1-", HEX, 64)),
  th("replicate", t("r8_", ALNUM, 37), true),
  th("anthropic", t("sk-ant-api03-", URLSAFE, 95)),
  th("mailchimp", () => `${fake(32, HEX)}-us${fake(2, DIGITS)}`),
  th("telegrambottoken", () => `${fake(10, DIGITS)}:AA${fake(33, URLSAFE)}`),
  th("azurestorage", () => `AccountKey=${fake(86, B64)}==`),
  th("twilio", () => `SK${fake(32, HEX)}`, true),
  th(
    "slackwebhook",
    () => `https://hooks.slack.com/services/T${fake(10, UPPER + DIGITS)}/B${fake(10, UPPER + DIGITS)}/${fake(24)}`,
  ),
  th("bedrock", t("ABSK", B64, 180)),
];
