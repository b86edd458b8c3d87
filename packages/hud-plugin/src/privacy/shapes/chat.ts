import type { Shape } from "./shape.ts";

/** Chat platforms' bot tokens and webhooks. */
export const chatShapes: Shape[] = [
  // Discord: base64 of the bot's id (it starts M, N or O), a timestamp, an HMAC
  {
    kind: "discord-token",
    literal: ".",
    pattern: /\b[MNO][\w-]{23,27}\.[\w-]{6}\.[\w-]{27,40}(?![\w-])/g,
    spare: (value) => !/\d/.test(value),
  },
  {
    kind: "discord-webhook",
    literal: "/api/webhooks/",
    pattern: /(discord(?:app)?\.com\/api\/webhooks\/\d{5,30}\/)([\w-]{60,80})/g,
    keepsLead: true,
  },
  // a Teams incoming webhook: the segment after `IncomingWebhook/` is its key
  {
    kind: "teams-webhook",
    literal: "/IncomingWebhook/",
    pattern: /(\/IncomingWebhook\/)([A-Za-z0-9]{32})(?![A-Za-z0-9])/g,
    keepsLead: true,
  },
  // (a lead, not a look-behind: one of those makes the engine try every position slowly)
  {
    kind: "telegram-token",
    literal: ":AA",
    pattern: /(^|\D)(\d{8,10}:AA[\w-]{33})(?![\w-])/g,
    keepsLead: true,
  },
];
