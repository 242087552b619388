/** The service's three date forms, all UTC. */

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Call message times (spec 2.4): `YYYY-MM-DD HH:MM:SS`, UTC (README decision). */
export function formatCallTime(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** CDR dates (spec 2.5): `Tue, 21 Nov 2026 10:00:00 +0000`. */
export function formatCdrDate(ms: number): string {
  return new Date(ms).toUTCString().replace(/GMT$/, '+0000');
}

/** Subscription expiry (spec 2.3): ISO-8601 without zone suffix, microseconds like the token's `expires`. */
export function formatIsoWithoutZone(ms: number): string {
  return new Date(ms).toISOString().replace(/Z$/, '000');
}
