import { isUJsxElement, type Child } from "@agent-hud/ujsx/core";

// Words of letters and digits with single spaces between them: no escaping rule of the serialiser matches any
// of these characters at any position, and without a line break no depth takes the setext form.
const PLAIN = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;

/**
 * A heading of plain words (every section's title) as the serialiser writes it, without the serialiser: an ATX
 * heading, `#` times its depth, a space, the words. Undefined for any other node (property-tested equal).
 */
export function plainHeading(node: Child): string | undefined {
  if (!isUJsxElement(node) || node.type !== "heading") return undefined;
  const { depth, children, ...rest } = node.props as { depth?: unknown; children?: unknown };
  if (typeof children !== "string" || !PLAIN.test(children)) return undefined;
  if (typeof depth !== "number" || !Number.isInteger(depth) || depth < 1 || depth > 6) return undefined;
  for (const _ in rest) return undefined;
  return `${"#".repeat(depth)} ${children}\n`;
}
