/**
 * Shapes of the supervisor's settings, as stored and as accepted from forms.
 * Defaults are what a new company sees before anyone changes them.
 */
import { z } from 'zod';
import type { AlertSettings, Thresholds } from '@/lib/realtime/types';

const MAX_QUEUE_OVERRIDES = 500;
const MAX_ACKNOWLEDGED = 1000;

const ThresholdBandSchema = z
  .object({
    amber: z.number().int().min(1).max(1_000_000),
    red: z.number().int().min(1).max(1_000_000),
  })
  .refine((band) => band.red >= band.amber, { message: 'red must be at or above amber', path: ['red'] });

const QueueOverrideSchema = z.object({
  callsWaiting: ThresholdBandSchema.optional(),
  longestWaitSeconds: ThresholdBandSchema.optional(),
});

export const ThresholdsSchema = z.object({
  callsWaiting: ThresholdBandSchema,
  longestWaitSeconds: ThresholdBandSchema,
  byQueue: z
    .record(z.string().min(1).max(200), QueueOverrideSchema)
    .refine((overrides) => Object.keys(overrides).length <= MAX_QUEUE_OVERRIDES, {
      message: `at most ${MAX_QUEUE_OVERRIDES} queue overrides`,
    }),
});

export const AlertSettingsSchema = z.object({
  soundEnabled: z.boolean(),
  snoozedUntil: z.number().int().nonnegative().nullable(),
  acknowledged: z.array(z.string().min(1).max(300)).max(MAX_ACKNOWLEDGED),
});

/** A supervisor's change to the alert settings: fields left out keep their stored value. */
export const AlertSettingsChangeSchema = AlertSettingsSchema.partial();

export const defaultThresholds: Thresholds = {
  callsWaiting: { amber: 3, red: 6 },
  longestWaitSeconds: { amber: 60, red: 120 },
  byQueue: {},
};

export const defaultAlerts: AlertSettings = {
  soundEnabled: true,
  snoozedUntil: null,
  acknowledged: [],
};
