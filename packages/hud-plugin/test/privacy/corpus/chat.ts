import { ALNUM, DIGITS, HEX, UPPER, URLSAFE, family, fake } from "./random.ts";

/** Chat platforms: bot tokens and webhooks. */
export default family("chat", ({ shape }) => {
  shape(
    "slack bot token",
    (s) => `SLACK=${s(`xoxb-${fake(11, DIGITS)}-${fake(13, DIGITS)}-${fake(24)}`)}`,
    "SLACK_CHANNEL=#deploys",
  );
  shape(
    "slack user token",
    (s) => `using ${s(`xoxp-${fake(11, DIGITS)}-${fake(11, DIGITS)}-${fake(12, DIGITS)}-${fake(32, HEX)}`)}`,
    "using xoxp- tokens is deprecated; see api.slack.com/authentication",
  );
  shape(
    "slack webhook",
    (s) =>
      `curl -X POST https://hooks.slack.com/services/T${s(`${fake(8, UPPER + DIGITS)}/B${fake(8, UPPER + DIGITS)}/${fake(24)}`)}`,
    "curl -X POST https://hooks.slack.com/services/T000/B000/XXXX (example)",
  );
  shape(
    "discord bot token",
    (s) => `client.login("${s(`M${fake(25)}.${fake(6, URLSAFE)}.${fake(38, URLSAFE)}`)}")`,
    `client.login(process.env.DISCORD_TOKEN) // v14.16.3 build 2026.01.15`,
  );
  shape(
    "discord webhook",
    (s) => `POST https://discord.com/api/webhooks/${fake(18, DIGITS)}/${s(fake(68, URLSAFE))}`,
    "docs: https://discord.com/developers/docs/resources/webhook#execute-webhook",
  );
  shape(
    "telegram bot token",
    (s) => `https://api.telegram.org/bot${s(`${fake(10, DIGITS)}:AA${fake(33, URLSAFE)}`)}/sendMessage`,
    `telegram update ${fake(10, DIGITS)}:ok at 12:30:45 from chat -100${fake(10, DIGITS)}`,
  );
  shape(
    "telegram bot token, env",
    (s) => `bot = Bot(${s(`${fake(9, DIGITS)}:AA${fake(33, ALNUM)}`)})`,
    `bot = Bot(token=os.environ["BOT_TOKEN"])  # ${fake(9, DIGITS)}:done`,
  );
});
