/**
 * Durations as people read them on a phone system: m:ss, and h:mm:ss past an hour.
 * Negative or non-finite input (clock skew, missing data) shows as 0:00 rather than nonsense.
 */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = whole % 60;
  const ss = String(secs).padStart(2, '0');
  if (hours === 0) return `${minutes}:${ss}`;
  return `${hours}:${String(minutes).padStart(2, '0')}:${ss}`;
}

/** Seconds from an epoch-ms instant to now, for timers that tick from a start time. */
export function secondsSince(startMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - startMs) / 1000));
}

/** A rough lead time for predictions: "~40 s", "~4 min", "~1 h 5 min". */
export function formatApproximateDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `~${Math.max(10, Math.round(whole / 10) * 10)} s`;
  return `~${formatElapsed(whole)}`;
}

/** How long something has lasted, in words for a banner: "45 s", "6 min", "1 h 5 min". */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
