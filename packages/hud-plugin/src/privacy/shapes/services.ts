import type { Shape } from "./shape.ts";

/** Hosted services' tokens the rule set has no rule for. */
export const serviceShapes: Shape[] = [
  { kind: "stripe-webhook-secret", literal: "whsec_", pattern: /\bwhsec_[A-Za-z0-9+/=]{24,}/g },
  { kind: "terraform-token", literal: ".atlasv1.", pattern: /\b\w{14}\.atlasv1\.[\w=-]{60,70}(?![\w=-])/g },
  { kind: "sentry-token", literal: "sntry", pattern: /\bsntry[su]_[\w+/=-]{40,}/g },
  // a Mapbox secret token (`sk.`); its public tokens (`pk.`) are meant to be shown
  { kind: "mapbox-token", literal: "sk.eyJ", pattern: /\bsk\.eyJ[\w-]{20,}\.[\w-]{20,}/g },
];
