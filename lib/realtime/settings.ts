/**
 * The supervisor's settings: alert thresholds and alert sound. Stored as small
 * JSON documents in the store and pushed to every screen when they change.
 * saveThresholds and saveAlerts are what the supervisor's server actions call.
 */
import { z } from 'zod';
import type { Logger } from '@/lib/log';
import type { ServerContext } from '@/lib/server-context';
import type { SettingsStore, Store } from '@/lib/store';
import type { AlertSettings, Thresholds } from './types';
import { AlertSettingsChangeSchema, AlertSettingsSchema, ThresholdsSchema, defaultAlerts, defaultThresholds } from './settings-schemas';

const THRESHOLDS_KEY = 'realtime.thresholds';
const ALERTS_KEY = 'realtime.alerts';

export interface LiveSettings {
  thresholds: Thresholds;
  alerts: AlertSettings;
}

export type SaveSettingsResult<T> = { data: T } | { error: { code: 'invalid_settings'; message: string } };

/** Reads both documents; a missing or unreadable one falls back to the defaults so the board still starts. */
export async function loadSettings(store: Pick<Store, 'settings'>, log?: Logger): Promise<LiveSettings> {
  const [thresholds, alerts] = await Promise.all([
    readDocument(store.settings, THRESHOLDS_KEY, ThresholdsSchema, defaultThresholds, log),
    readDocument(store.settings, ALERTS_KEY, AlertSettingsSchema, defaultAlerts, log),
  ]);
  return { thresholds, alerts };
}

/** Validates and stores the whole thresholds document, then pushes it to every screen. */
export async function saveThresholds(
  context: Pick<ServerContext, 'store' | 'realtime'>,
  input: unknown,
): Promise<SaveSettingsResult<Thresholds>> {
  const parsed = ThresholdsSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  await context.store.settings.put(THRESHOLDS_KEY, parsed.data);
  context.realtime.settingsChanged({ thresholds: parsed.data });
  return { data: parsed.data };
}

/**
 * Applies a partial change (sound on/off, snooze, acknowledgements) over the
 * stored alert settings, stores the result and pushes it to every screen.
 */
export async function saveAlerts(
  context: Pick<ServerContext, 'store' | 'realtime'>,
  input: unknown,
): Promise<SaveSettingsResult<AlertSettings>> {
  const parsed = AlertSettingsChangeSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const current = await readDocument(context.store.settings, ALERTS_KEY, AlertSettingsSchema, defaultAlerts);
  const alerts: AlertSettings = { ...current, ...definedFields(parsed.data) };
  await writeAlerts(context.store.settings, alerts);
  context.realtime.settingsChanged({ alerts });
  return { data: alerts };
}

/** Stores alert settings the server changed itself (acknowledgements that lapsed). */
export async function writeAlerts(settings: SettingsStore, alerts: AlertSettings): Promise<void> {
  await settings.put(ALERTS_KEY, alerts);
}

async function readDocument<T>(
  settings: SettingsStore,
  key: string,
  schema: z.ZodType<T>,
  fallback: T,
  log?: Logger,
): Promise<T> {
  const stored = await settings.get(key);
  if (stored === null || stored === undefined) return fallback;
  const parsed = schema.safeParse(stored);
  if (parsed.success) return parsed.data;
  log?.warn({ key, issues: parsed.error.issues }, 'stored settings are invalid; using the defaults');
  return fallback;
}

function invalid(error: z.ZodError): { error: { code: 'invalid_settings'; message: string } } {
  return { error: { code: 'invalid_settings', message: z.prettifyError(error) } };
}

function definedFields<T extends object>(change: T): Partial<T> {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<T>;
}
