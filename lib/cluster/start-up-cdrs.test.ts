import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createMemoryStore } from '@/lib/store';
import type { CdrRecord } from '@/lib/telephony';
import { createStartUpCdrs } from './start-up-cdrs';

const start = Date.UTC(2026, 10, 21, 9, 0);

function cdr(callId: string, startTime = start): CdrRecord {
  return {
    from: { callId, id: '+447700900001', user: null, domain: null, name: null },
    to: { callId: `${callId}-agent`, id: null, user: '101', domain: null, name: null },
    startTime,
    answerTime: startTime + 5_000,
    endTime: startTime + 60_000,
    durationSeconds: 55,
  };
}

async function loadedStore(records: CdrRecord[]) {
  const clock = createManualClock(start + 120_000);
  const store = createMemoryStore();
  await store.cdrs.insert(records, start);
  const startUp = createStartUpCdrs(clock);
  const loaded = await startUp.wrap(store).cdrs.listEndedSince(start);
  return { clock, startUp, loaded };
}

describe('createStartUpCdrs', () => {
  it('passes every record through before the live core loaded any', () => {
    const startUp = createStartUpCdrs(createManualClock(start));
    expect(startUp.notLoaded([cdr('c-1')])).toEqual([cdr('c-1')]);
  });

  it('hands the live core what the store holds', async () => {
    const { loaded } = await loadedStore([cdr('c-1')]);
    expect(loaded).toEqual([cdr('c-1')]);
  });

  it('drops the records the start-up load returned when the log repeats them', async () => {
    const { startUp } = await loadedStore([cdr('c-1')]);
    expect(startUp.notLoaded([cdr('c-1'), cdr('c-2')])).toEqual([cdr('c-2')]);
  });

  it('tells records apart by both legs and the start, as the store does', async () => {
    const { startUp } = await loadedStore([cdr('c-1')]);
    expect(startUp.notLoaded([cdr('c-1', start + 1)])).toEqual([cdr('c-1', start + 1)]);
  });

  it('passes every record through once the overlap with the load is over', async () => {
    const { clock, startUp } = await loadedStore([cdr('c-1')]);
    clock.advance(60_001);
    expect(startUp.notLoaded([cdr('c-1')])).toEqual([cdr('c-1')]);
  });
});
