// The redactor's corpus, one file per family: secret shapes that must all be redacted and, for each, a
// look-alike that must stay. A new shape goes into its family's file with its look-alike.
import ai from "./ai.ts";
import chat from "./chat.ts";
import cloud from "./cloud.ts";
import commandLines from "./command-lines.ts";
import configLines from "./config-lines.ts";
import connections from "./connections.ts";
import headers from "./headers.ts";
import ordinary from "./ordinary.ts";
import payment from "./payment.ts";
import privateKeys from "./private-keys.ts";
import privateTags from "./private-tags.ts";
import { publishedFamilies } from "./published.ts";
import registries from "./registries.ts";
import services from "./services.ts";
import structure from "./structure.ts";
import vcs from "./vcs.ts";
import outsideLookAlikes from "./outside-look-alikes.ts";
import outsideSyntaxes from "./outside-syntaxes.ts";
import outsideVendors from "./outside-vendors.ts";
import type { LookAlike, SecretCase } from "./random.ts";

export { fake, type Family, type LookAlike, type SecretCase } from "./random.ts";

export const families = [
  cloud,
  vcs,
  registries,
  ai,
  chat,
  payment,
  services,
  headers,
  privateKeys,
  connections,
  commandLines,
  configLines,
  privateTags,
  ordinary,
  structure,
  ...publishedFamilies,
  outsideVendors,
  outsideSyntaxes,
  outsideLookAlikes,
];

export const secretCases = (): SecretCase[] => families.flatMap((f) => f.secrets);
export const lookAlikes = (): LookAlike[] => families.flatMap((f) => f.lookAlikes);
