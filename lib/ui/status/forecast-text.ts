import type { BreachForecast } from '@/lib/forecast';
import { formatApproximateDuration, formatDuration } from '@/lib/ui/format';

/** Beyond this a forecast is too uncertain to show. */
const HORIZON_SECONDS = 15 * 60;

/** "Likely over 2:00 in ~4 min", or null when there is nothing to warn about. */
export function forecastText(forecast: BreachForecast, redSeconds: number): string | null {
  if (forecast.kind !== 'likely' || forecast.inSeconds > HORIZON_SECONDS) return null;
  return `Likely over ${formatDuration(redSeconds)} in ${formatApproximateDuration(forecast.inSeconds)}`;
}
