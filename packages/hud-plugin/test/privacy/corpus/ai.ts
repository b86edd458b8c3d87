import { URLSAFE, family, fake } from "./random.ts";

/** Model providers' keys. */
export default family("ai", ({ shape }) => {
  shape(
    "openai project key",
    (s) => `OPENAI=${s(`sk-proj-${fake(58, URLSAFE)}T3BlbkFJ${fake(58, URLSAFE)}`)}`,
    "OPENAI_BASE_URL=https://api.openai.com/v1",
  );
  shape(
    "openai legacy key",
    (s) => `openai.api_key = ${s(`sk-${fake(20)}T3BlbkFJ${fake(20)}`)}`,
    "openai.api_key = os.getenv('OPENAI_API_KEY')",
  );
  shape(
    "anthropic api key",
    (s) => `x-api-key: ${s(`sk-ant-api03-${fake(93, URLSAFE)}AA`)}`,
    "x-api-key: sk-ant-api03-... (your key)",
  );
  shape(
    "anthropic admin key",
    (s) => `admin usage report with ${s(`sk-ant-admin01-${fake(93, URLSAFE)}AA`)}`,
    "admin keys start with sk-ant-admin01- and are made in the console",
  );
  shape(
    "anthropic oauth token",
    (s) => `note: use ${s(`sk-ant-oat01-${fake(93, URLSAFE)}AA`)} for the CI login`,
    "note: claude setup-token prints an sk-ant-oat01- token for the CI login",
  );
  shape(
    "anthropic oauth refresh token",
    (s) => `refresh with ${s(`sk-ant-ort01-${fake(93, URLSAFE)}AA`)}`,
    `"refreshToken":null,"expiresAt":1767225600000`,
  );
  shape("groq key", (s) => `groq ${s(`gsk_${fake(52)}`)}`, "groq models: llama-3.3-70b-versatile");
  shape(
    "huggingface token",
    (s) =>
      `huggingface-cli login --token ${s(`hf_${fake(34, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")}`)}`,
    "huggingface-cli download hf_internal_testing/tiny-random-gpt2",
  );
});
