import { describe, expect, it } from 'vitest';
import type { Thresholds } from '@/lib/realtime/types';
import { fieldsFromThresholds, thresholdsFromFields, type ThresholdFields } from './threshold-fields';

const thresholds: Thresholds = {
  callsWaiting: { amber: 3, red: 6 },
  longestWaitSeconds: { amber: 60, red: 120 },
  byQueue: { Priority: { longestWaitSeconds: { amber: 20, red: 45 } } },
};

describe('fieldsFromThresholds', () => {
  it('shows waits as m:ss and leaves queues without an override empty', () => {
    expect(fieldsFromThresholds(thresholds, ['Priority', 'Sales'])).toEqual({
      callsWaiting: { amber: '3', red: '6' },
      longestWaitSeconds: { amber: '1:00', red: '2:00' },
      byQueue: {
        Priority: { callsWaiting: { amber: '', red: '' }, longestWaitSeconds: { amber: '0:20', red: '0:45' } },
        Sales: { callsWaiting: { amber: '', red: '' }, longestWaitSeconds: { amber: '', red: '' } },
      },
    });
  });
});

describe('thresholdsFromFields', () => {
  const fields = (): ThresholdFields => fieldsFromThresholds(thresholds, ['Priority', 'Sales']);

  it('round-trips the settings it was built from', () => {
    expect(thresholdsFromFields(fields())).toEqual({ thresholds });
  });

  it('reads waits typed as plain seconds or m:ss', () => {
    const input = fields();
    input.longestWaitSeconds = { amber: '90', red: '1:02:00' };
    expect(thresholdsFromFields(input)).toMatchObject({ thresholds: { longestWaitSeconds: { amber: 90, red: 3720 } } });
  });

  it('adds an override when both marks are given for a queue', () => {
    const input = fields();
    input.byQueue.Sales = { callsWaiting: { amber: '1', red: '2' }, longestWaitSeconds: { amber: '', red: '' } };
    expect(thresholdsFromFields(input)).toMatchObject({ thresholds: { byQueue: { Sales: { callsWaiting: { amber: 1, red: 2 } } } } });
  });

  it('explains each problem when marks are missing, reversed or not numbers', () => {
    const input = fields();
    input.callsWaiting = { amber: '5', red: '2' };
    input.longestWaitSeconds = { amber: 'soon', red: '2:00' };
    input.byQueue.Sales = { callsWaiting: { amber: '4', red: '' }, longestWaitSeconds: { amber: '', red: '' } };
    expect(thresholdsFromFields(input)).toEqual({
      errors: [
        'Calls waiting: red must be at or above amber.',
        'Longest wait: enter whole numbers of at least 1 (seconds, or m:ss).',
        'Sales calls waiting: give both amber and red, or leave both empty to use the default.',
      ],
    });
  });

  it('rejects zero, since a threshold of 0 would always be red', () => {
    const input = fields();
    input.callsWaiting = { amber: '0', red: '1' };
    expect(thresholdsFromFields(input)).toEqual({ errors: ['Calls waiting: enter whole numbers of at least 1.'] });
  });
});
