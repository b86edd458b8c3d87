import { ALNUM, HEX, LOWER, UPPER, URLSAFE, family, fake } from "./random.ts";

/** Hosted services' API tokens. */
export default family("services", ({ shape }) => {
  // the preset's SendGrid rule takes `\w` segments (one `-` at most in the last): the corpus keeps to that
  shape(
    "sendgrid key",
    (s) => `SENDGRID=${s(`SG.${fake(22, `${ALNUM}_`)}.${fake(43, `${ALNUM}_`)}`)}`,
    "SENDGRID_FROM=noreply@example.com",
  );
  shape("shopify token", (s) => `shop token ${s(`shpat_${fake(32, HEX)}`)}`, "shop domain acme.myshopify.com");
  shape("vault token", (s) => `VAULT=${s(`hvs.${fake(95, URLSAFE)}`)}`, "VAULT_ADDR=https://vault.example.com:8200");
  shape("vault batch token", (s) => `vault ${s(`hvb.${fake(150, URLSAFE)}`)}`, "vault 1.17.2 (hvb. tokens are batch)");
  shape(
    "databricks token",
    (s) => `host token ${s(`dapi${fake(32, HEX)}`)}`,
    "host adb-1234567890.12.azuredatabricks.net",
  );
  shape("linear key", (s) => `linear ${s(`lin_api_${fake(40)}`)}`, "linear issue ENG-1234 moved to done");
  shape("notion token", (s) => `NOTION=${s(`ntn_${fake(11, "0123456789")}${fake(35)}`)}`, "NOTION_VERSION=2022-06-28");
  shape(
    "cloudflare token",
    (s) => `cloudflare ${s(`cfut_${fake(40)}${fake(8, HEX)}`)}`,
    "cloudflare zone 023e105f4ecef8ad9ca31a8372d0c353",
  );
  shape("figma token", (s) => `figma ${s(`figd_${fake(48, URLSAFE)}`)}`, "figma file key aB3dE5fG7hI9jK1l");
  shape("grafana cloud token", (s) => `grafana ${s(`glc_${fake(64)}`)}`, "grafana dashboard uid adfx1lk2");
  shape(
    "grafana service account",
    (s) => `grafana ${s(`glsa_${fake(32)}_${fake(8, HEX)}`)}`,
    "grafana service account sa-1-ci (glsa_ prefix)",
  );
  shape(
    "tailscale key",
    (s) => `tailscale up --authkey ${s(`tskey-auth-${fake(16)}-${fake(32)}`)}`,
    "tailscale up --authkey file:/run/secrets/tskey",
  );
  shape("vercel token", (s) => `vercel ${s(`vcp_${fake(40)}`)}`, "vercel deploy --prod --token $VERCEL_TOKEN");
  shape(
    "1password service account",
    (s) => {
      let json = JSON.stringify({
        email: `${fake(12, LOWER)}@example.com`,
        secretKey: `A3-${fake(6, UPPER)}`,
        srpX: fake(64, HEX),
      });
      while (json.length % 3 !== 1) json = `${json.slice(0, -1)} }`;
      return `OP=${s(`ops_${Buffer.from(json).toString("base64")}`)}`;
    },
    "op read op://vault/item/field",
  );
  shape(
    "terraform cloud token",
    (s) => `terraform login saved ${s(`${fake(14)}.atlasv1.${fake(67, URLSAFE)}`)} for app.terraform.io`,
    `credentials "app.terraform.io" { } # terraform login writes credentials.tfrc.json (atlasv1)`,
  );
  shape(
    "sentry org token",
    (s) => `SENTRY=${s(`sntrys_eyJpYXQiOjE3${fake(160, `${ALNUM}+/`)}_${fake(43, URLSAFE)}`)}`,
    "SENTRY_ORG=acme",
  );
  shape(
    "sentry user token",
    (s) => `sentry-cli --auth-token ${s(`sntryu_${fake(64, HEX)}`)} releases list`,
    "sentry-cli releases new 2026.1.3 --org acme",
  );
  shape(
    "mapbox secret token",
    (s) => `mapbox ${s(`sk.eyJ1Ijoi${fake(40, URLSAFE)}.${fake(22, URLSAFE)}`)}`,
    `mapbox public style token pk.eyJ1IjoiYWNtZSIsImEiOiJja${fake(20, URLSAFE)}.${fake(22, URLSAFE)}`,
  );
});
