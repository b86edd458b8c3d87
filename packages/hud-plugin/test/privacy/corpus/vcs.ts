import { HEX, URLSAFE, family, fake } from "./random.ts";

/** GitHub and GitLab tokens. */
export default family("vcs", ({ shape }) => {
  shape("github classic token", (s) => `token: ${s(`ghp_${fake(36)}`)}`, "token: ghp_xxxxxxxxxxxx (placeholder)");
  shape(
    "github oauth token",
    (s) => `gh auth status: ${s(`gho_${fake(36)}`)}`,
    "gh auth status: logged in to github.com as dev",
  );
  shape(
    "github fine-grained token",
    (s) => `GH=${s(`github_pat_${fake(22)}_${fake(59)}`)}`,
    "see https://github.com/settings/personal-access-tokens/new for a github_pat_ token",
  );
  shape(
    "github app token",
    (s) => `installation token ${s(`ghs_${fake(36)}`)} expires in 1h`,
    "installation 48213 of app 10293 expires in 1h",
  );
  shape("github refresh token", (s) => `refresh=${s(`ghr_${fake(36)}`)}`, "refresh=true");
  shape(
    "gitlab token",
    (s) => `glab auth login --token ${s(`glpat-${fake(20, URLSAFE)}`)}`,
    "glab auth login --hostname gitlab.example.com --stdin",
  );
  shape(
    "github token in a remote url",
    (s) => `origin https://x-access-token:${s(`ghs_${fake(36)}`)}@github.com/org/app.git (fetch)`,
    `origin https://github.com/org/app.git (fetch)\nupstream git@github.com:org/app.git (push) ${fake(7, HEX)}`,
  );
});
