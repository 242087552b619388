/**
 * The thresholds form as text fields and back. Waits may be typed as seconds
 * ("90") or m:ss ("1:30"); a queue override needs both marks or neither.
 */
import type { ThresholdBand, Thresholds } from '@/lib/realtime/types';
import { formatDuration } from '@/lib/ui/format';

export interface BandFields {
  amber: string;
  red: string;
}

export interface MetricFields {
  callsWaiting: BandFields;
  longestWaitSeconds: BandFields;
}

export interface ThresholdFields extends MetricFields {
  byQueue: Record<string, MetricFields>;
}

const EMPTY: BandFields = { amber: '', red: '' };

export function fieldsFromThresholds(thresholds: Thresholds, queues: string[]): ThresholdFields {
  const byQueue: Record<string, MetricFields> = {};
  for (const queue of queues) {
    const override = thresholds.byQueue[queue];
    byQueue[queue] = {
      callsWaiting: override?.callsWaiting ? countFields(override.callsWaiting) : EMPTY,
      longestWaitSeconds: override?.longestWaitSeconds ? waitFields(override.longestWaitSeconds) : EMPTY,
    };
  }
  return { callsWaiting: countFields(thresholds.callsWaiting), longestWaitSeconds: waitFields(thresholds.longestWaitSeconds), byQueue };
}

type ParsedThresholds = { thresholds: Thresholds } | { errors: string[] };

export function thresholdsFromFields(fields: ThresholdFields): ParsedThresholds {
  const errors: string[] = [];
  const callsWaiting = band(fields.callsWaiting, parseCount, 'Calls waiting', errors);
  const longestWaitSeconds = band(fields.longestWaitSeconds, parseSeconds, 'Longest wait', errors);
  const byQueue: Thresholds['byQueue'] = {};
  for (const [queue, metrics] of Object.entries(fields.byQueue)) {
    const override: Thresholds['byQueue'][string] = {};
    const waiting = optionalBand(metrics.callsWaiting, parseCount, `${queue} calls waiting`, errors);
    const longest = optionalBand(metrics.longestWaitSeconds, parseSeconds, `${queue} longest wait`, errors);
    if (waiting) override.callsWaiting = waiting;
    if (longest) override.longestWaitSeconds = longest;
    if (waiting || longest) byQueue[queue] = override;
  }
  if (errors.length > 0 || !callsWaiting || !longestWaitSeconds) return { errors };
  return { thresholds: { callsWaiting, longestWaitSeconds, byQueue } };
}

function countFields(band: ThresholdBand): BandFields {
  return { amber: String(band.amber), red: String(band.red) };
}

function waitFields(band: ThresholdBand): BandFields {
  return { amber: formatDuration(band.amber), red: formatDuration(band.red) };
}

function parseCount(text: string): number | null {
  return /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** "90", "1:30" or "1:02:00". */
function parseSeconds(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d{1,6}$/.test(trimmed)) return Number(trimmed);
  const match = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/.exec(trimmed);
  if (!match || Number(match[3]) > 59) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

function band(fields: BandFields, parse: (text: string) => number | null, label: string, errors: string[]): ThresholdBand | null {
  const amber = parse(fields.amber);
  const red = parse(fields.red);
  if (amber === null || red === null || amber < 1 || red < 1) {
    errors.push(`${label}: enter whole numbers of at least 1${parse === parseSeconds ? ' (seconds, or m:ss)' : ''}.`);
    return null;
  }
  if (red < amber) {
    errors.push(`${label}: red must be at or above amber.`);
    return null;
  }
  return { amber, red };
}

function optionalBand(fields: BandFields, parse: (text: string) => number | null, label: string, errors: string[]): ThresholdBand | null {
  const blankAmber = fields.amber.trim() === '';
  const blankRed = fields.red.trim() === '';
  if (blankAmber && blankRed) return null;
  if (blankAmber || blankRed) {
    errors.push(`${label}: give both amber and red, or leave both empty to use the default.`);
    return null;
  }
  return band(fields, parse, label, errors);
}
