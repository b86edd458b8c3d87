import { B64, URLSAFE, family, fake } from "./random.ts";

const jwt = () => `eyJ${fake(30, URLSAFE)}.eyJ${fake(60, URLSAFE)}.${fake(43, URLSAFE)}`;

/** JSON web tokens and Authorization headers. */
export default family("headers", ({ shape }) => {
  shape("jwt", (s) => `session cookie: ${s(jwt())}`, "alg header eyJhbGciOiJIUzI1NiJ9 decoded");
  shape(
    "bearer header",
    (s) => `curl -H "Authorization: Bearer ${s(jwt())}" https://api.example.com`,
    `curl -H "Authorization: Bearer $TOKEN" https://api.example.com`,
  );
  shape(
    "basic auth header",
    (s) => `Authorization: Basic ${s(fake(32, B64))}==`,
    "Bearer authentication sends the token in a header (RFC 6750).",
  );
});
