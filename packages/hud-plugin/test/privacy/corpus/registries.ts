import { B64, URLSAFE, family, fake } from "./random.ts";

const base64 = (text: string) => Buffer.from(text).toString("base64");

/** Package and image registries: tokens, `.npmrc` lines, Docker's base64 `auth`. */
export default family("registries", ({ shape }) => {
  shape(
    "npm token",
    (s) => `//registry.example.org/:_authToken=${s(`npm_${fake(36)}`)}`,
    "//registry.example.org/:_authToken=${NPM_TOKEN}",
  );
  shape(
    ".npmrc _auth",
    (s) => `registry=https://npm.example.org/\n_auth=${s(base64(`ci:${fake(16)}`))}\nalways-auth=true`,
    "registry=https://npm.example.org/\nalways-auth=true\nstrict-ssl=false",
  );
  shape(
    ".npmrc _password",
    (s) => `//npm.example.org/:username=ci\n//npm.example.org/:_password=${s(base64(fake(14)))}`,
    "//npm.example.org/:username=ci\n//npm.example.org/:email=ci@example.com",
  );
  shape(
    "pypi token",
    (s) => `twine upload -u __token__ -p ${s(`pypi-AgEIcHlwaS5vcmc${fake(130, URLSAFE)}`)} dist/*`,
    "twine upload --repository pypi-test dist/*",
  );
  shape(
    "pypi token in pypirc",
    (s) => `[pypi]\n  username = __token__\n  password ${s(`pypi-AgENdGVzdC5weXBpLm9yZw${fake(120, URLSAFE)}`)}`,
    "[pypi]\n  username = __token__\n  repository = https://upload.pypi.org/legacy/",
  );
  shape(
    "docker pat",
    (s) => `docker login -u me -p ${s(`dckr_pat_${fake(27, URLSAFE)}`)}`,
    "docker login -u me --password-stdin < ~/.docker-token",
  );
  shape(
    "docker config auth",
    (s) => `{"auths":{"https://index.docker.io/v1/":{"auth":"${s(base64(`me:${fake(20)}`))}"}}}`,
    `{"auths":{"https://index.docker.io/v1/":{}},"credsStore":"desktop","auth":"none"}`,
  );
  shape(
    "docker config auth, pretty",
    (s) => `{\n  "auths": {\n    "ghcr.io": {\n      "auth": "${s(base64(`bot:ghp_${fake(36)}`))}"\n    }\n  }\n}`,
    `"integrity": "sha512-${fake(86, B64)}=="`,
  );
});
