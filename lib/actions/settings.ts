'use server';
/**
 * The supervisor's alert settings, as server actions. Each checks the session
 * itself (an action is a public POST endpoint), parses its input with zod and
 * answers `{ data } | { error }` so the form can say what went wrong. Saving
 * pushes the new settings to every screen through the live server.
 */
import { z } from 'zod';
import { getViewer } from '@/lib/auth';
import { systemClock } from '@/lib/clock';
import { env } from '@/lib/env';
import { createLogger } from '@/lib/log';
import { loadSettings, saveAlerts, saveThresholds } from '@/lib/realtime';
import type { AlertSettings, Thresholds } from '@/lib/realtime/types';
import { getServerContext } from '@/lib/server-context';

type SettingsErrorCode = 'unauthorized' | 'forbidden' | 'invalid_input' | 'invalid_settings' | 'internal';
type ActionResult<T> = { data: T } | { error: { code: SettingsErrorCode; message: string } };

const logger = createLogger(env.logLevel).child({ module: 'settings-actions' });

const SNOOZE_MINUTES = [15, 60] as const;

const Band = z.object({ amber: z.number().int().min(1).max(1_000_000), red: z.number().int().min(1).max(1_000_000) });

const ThresholdsInput = z.object({
  callsWaiting: Band,
  longestWaitSeconds: Band,
  byQueue: z.record(z.string().min(1).max(200), z.object({ callsWaiting: Band.optional(), longestWaitSeconds: Band.optional() })),
});

/** What a supervisor can do to the alert sound; the server turns it into settings (snooze ends on its clock). */
const AlertsInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('sound'), enabled: z.boolean() }),
  z.object({ action: z.literal('snooze'), minutes: z.union(SNOOZE_MINUTES.map((minutes) => z.literal(minutes))) }),
  z.object({ action: z.literal('unsnooze') }),
  z.object({ action: z.literal('acknowledge'), key: z.string().min(3).max(300) }),
]);

export async function saveThresholdsAction(input: z.input<typeof ThresholdsInput>): Promise<ActionResult<Thresholds>> {
  return asSupervisor(ThresholdsInput, input, (thresholds) => saveThresholds(getServerContext(), thresholds));
}

export async function saveAlertsAction(input: z.input<typeof AlertsInput>): Promise<ActionResult<AlertSettings>> {
  return asSupervisor(AlertsInput, input, async (change) => {
    const context = getServerContext();
    switch (change.action) {
      case 'sound':
        return saveAlerts(context, { soundEnabled: change.enabled });
      case 'snooze':
        return saveAlerts(context, { snoozedUntil: systemClock.now() + change.minutes * 60_000 });
      case 'unsnooze':
        return saveAlerts(context, { snoozedUntil: null });
      case 'acknowledge': {
        const { alerts } = await loadSettings(context.store);
        if (alerts.acknowledged.includes(change.key)) return { data: alerts };
        return saveAlerts(context, { acknowledged: [...alerts.acknowledged, change.key] });
      }
    }
  });
}

async function asSupervisor<S extends z.ZodType, T>(
  schema: S,
  input: unknown,
  run: (input: z.output<S>) => Promise<ActionResult<T>>,
): Promise<ActionResult<T>> {
  try {
    const viewer = await getViewer();
    if (!viewer) return { error: { code: 'unauthorized', message: 'Your session has ended. Sign in again.' } };
    if (viewer.role !== 'supervisor') return { error: { code: 'forbidden', message: 'Only supervisors change alert settings.' } };
    const parsed = schema.safeParse(input);
    if (!parsed.success) return { error: { code: 'invalid_input', message: z.prettifyError(parsed.error) } };
    return await run(parsed.data);
  } catch (error) {
    logger.error({ err: error }, 'settings action failed');
    return { error: { code: 'internal', message: 'Something went wrong on the server.' } };
  }
}
