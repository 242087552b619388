/**
 * Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. Returns the
 * wait in ms from `now`, 0 for a date already past, null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only the IMF-fixdate form (`Sun, 06 Nov 1994 08:49:37 GMT`) that RFC 9110 says senders use.
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
