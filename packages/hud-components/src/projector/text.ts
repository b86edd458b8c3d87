/** Cut text to at most `max` UTF-16 units (ending in "…"), never splitting a surrogate pair. */
export function clip(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  let end = Math.max(0, max - 1);
  const code = trimmed.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${trimmed.slice(0, end)}…`;
}

/** Keep the newest `max` entries. */
export function capFifo<T>(items: T[], max: number): T[] {
  return items.length > max ? items.slice(items.length - Math.max(0, max)) : items;
}

/** Keep the last `max` UTF-16 units (starting with "…" when cut), never splitting a surrogate pair. */
export function tail(text: string, max: number): string {
  if (text.length <= max) return text;
  let start = text.length - Math.max(0, max - 1);
  const code = text.charCodeAt(start);
  if (code >= 0xdc00 && code <= 0xdfff) start += 1;
  return `…${text.slice(start)}`;
}
