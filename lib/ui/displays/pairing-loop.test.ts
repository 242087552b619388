import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import type { PairingApi } from './pairing-api';
import { startPairingLoop, type PairingView } from './pairing-loop';

function fakeApi() {
  const calls: string[] = [];
  const state = { codes: ['K7Q-4MZ', 'H3P-9TX', 'WXY-234'], paired: false, down: false };
  const api: PairingApi = {
    async requestCode() {
      calls.push('code');
      if (state.down) throw new Error('offline');
      return { code: state.codes.shift() ?? 'ZZZ-ZZZ', expiresAt: 0, expiresInSeconds: 600 };
    },
    async isPaired() {
      calls.push('status');
      if (state.down) throw new Error('offline');
      return state.paired;
    },
  };
  return { api, calls, state };
}

function start() {
  const clock = createManualClock();
  const { api, calls, state } = fakeApi();
  const views: PairingView[] = [];
  let paired = 0;
  const stop = startPairingLoop({ api, clock, tokenHash: 'h'.repeat(64), onView: (view) => views.push(view), onPaired: () => paired++ });
  return { clock, calls, state, views, stop, pairedCount: () => paired };
}

describe('startPairingLoop', () => {
  it('shows a code and checks every three seconds when nobody has paired yet', async () => {
    const { clock, calls, views } = start();
    await clock.advanceAsync(0);
    expect(views.at(-1)).toEqual({ state: 'showing', code: 'K7Q-4MZ' });
    await clock.advanceAsync(9_000);
    expect(calls).toEqual(['code', 'status', 'status', 'status', 'status']);
  });

  it('reports pairing once and stops checking when a supervisor pairs the code', async () => {
    const { clock, calls, state, pairedCount } = start();
    await clock.advanceAsync(0);
    state.paired = true;
    await clock.advanceAsync(3_000);
    await clock.advanceAsync(30_000);
    expect(pairedCount()).toBe(1);
    expect(calls.filter((call) => call === 'status')).toHaveLength(2);
  });

  it('fetches a new code thirty seconds before the old one expires', async () => {
    const { clock, views } = start();
    await clock.advanceAsync(0);
    await clock.advanceAsync(569_000);
    expect(views.at(-1)).toEqual({ state: 'showing', code: 'K7Q-4MZ' });
    await clock.advanceAsync(3_000);
    expect(views.at(-1)).toEqual({ state: 'showing', code: 'H3P-9TX' });
  });

  it('keeps the last code up and retries when the server cannot be reached', async () => {
    const { clock, state, views, calls } = start();
    await clock.advanceAsync(0);
    state.down = true;
    await clock.advanceAsync(3_000);
    expect(views.at(-1)).toEqual({ state: 'offline', code: 'K7Q-4MZ' });
    state.down = false;
    await clock.advanceAsync(5_000);
    expect(views.at(-1)).toEqual({ state: 'showing', code: 'K7Q-4MZ' });
    expect(calls).toEqual(['code', 'status', 'status', 'status']);
  });

  it('does nothing more when stopped', async () => {
    const { clock, calls, stop } = start();
    await clock.advanceAsync(0);
    stop();
    await clock.advanceAsync(60_000);
    expect(calls).toEqual(['code', 'status']);
    expect(clock.pendingTimers()).toBe(0);
  });
});
