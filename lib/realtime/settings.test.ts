import { describe, expect, it } from 'vitest';
import type { Store } from '@/lib/store';
import type { RealtimeControl } from './control';
import { loadSettings, saveAlerts, saveThresholds } from './settings';
import { defaultAlerts, defaultThresholds } from './settings-schemas';

function fakeContext(initial: Record<string, unknown> = {}) {
  const documents = new Map(Object.entries(initial));
  const pushed: Array<Parameters<RealtimeControl['settingsChanged']>[0]> = [];
  const store = {
    settings: {
      get: async (key: string) => documents.get(key) ?? null,
      put: async (key: string, value: unknown) => void documents.set(key, value),
    },
  } as unknown as Store;
  const realtime: RealtimeControl = {
    settingsChanged: (change) => void pushed.push(change),
    sendDisplayCommand: () => undefined,
    disconnectDisplay: () => undefined,
    disconnectUser: () => undefined,
  };
  return { context: { store, realtime }, documents, pushed };
}

const thresholds = {
  callsWaiting: { amber: 2, red: 4 },
  longestWaitSeconds: { amber: 30, red: 90 },
  byQueue: { sales: { callsWaiting: { amber: 5, red: 10 } } },
};

describe('loadSettings', () => {
  it('returns the defaults when nothing is stored', async () => {
    const { context } = fakeContext();
    expect(await loadSettings(context.store)).toEqual({ thresholds: defaultThresholds, alerts: defaultAlerts });
  });

  it('returns the defaults when a stored document is invalid', async () => {
    const { context } = fakeContext({ 'realtime.thresholds': { callsWaiting: 'many' } });
    expect((await loadSettings(context.store)).thresholds).toEqual(defaultThresholds);
  });

  it('returns what was saved when the documents are valid', async () => {
    const { context } = fakeContext();
    await saveThresholds(context, thresholds);
    await saveAlerts(context, { soundEnabled: false });
    expect(await loadSettings(context.store)).toEqual({ thresholds, alerts: { ...defaultAlerts, soundEnabled: false } });
  });
});

describe('saveThresholds', () => {
  it('stores and pushes the thresholds when they are valid', async () => {
    const { context, documents, pushed } = fakeContext();
    expect(await saveThresholds(context, thresholds)).toEqual({ data: thresholds });
    expect(documents.get('realtime.thresholds')).toEqual(thresholds);
    expect(pushed).toEqual([{ thresholds }]);
  });

  it('refuses without storing when red is below amber', async () => {
    const { context, documents, pushed } = fakeContext();
    const result = await saveThresholds(context, { ...thresholds, callsWaiting: { amber: 5, red: 4 } });
    expect(result).toEqual({ error: { code: 'invalid_settings', message: expect.stringContaining('red must be at or above amber') } });
    expect(documents.size).toBe(0);
    expect(pushed).toEqual([]);
  });

  it('refuses when a band is not a whole number', async () => {
    const { context } = fakeContext();
    const result = await saveThresholds(context, { ...thresholds, longestWaitSeconds: { amber: 1.5, red: 4 } });
    expect(result).toMatchObject({ error: { code: 'invalid_settings' } });
  });
});

describe('saveAlerts', () => {
  it('keeps stored fields when the change leaves them out', async () => {
    const stored = { soundEnabled: false, snoozedUntil: null, acknowledged: ['sales:callsWaiting'] };
    const { context, pushed } = fakeContext({ 'realtime.alerts': stored });
    const snoozedUntil = Date.UTC(2026, 10, 21, 10, 0);
    const expected = { ...stored, snoozedUntil };
    expect(await saveAlerts(context, { snoozedUntil })).toEqual({ data: expected });
    expect(pushed).toEqual([{ alerts: expected }]);
  });

  it('refuses when a field has the wrong type', async () => {
    const { context, pushed } = fakeContext();
    expect(await saveAlerts(context, { soundEnabled: 'yes' })).toMatchObject({ error: { code: 'invalid_settings' } });
    expect(pushed).toEqual([]);
  });
});
