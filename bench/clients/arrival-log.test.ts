import { describe, expect, it } from 'vitest';
import { createArrivalLog } from './arrival-log';

describe('createArrivalLog', () => {
  it('counts earlier phases as shown when a later phase arrives first', () => {
    const log = createArrivalLog(3);
    log.note(1, 2, 50);
    expect([0, 1, 2, 3].map((phase) => log.arrivedAt(1, phase))).toEqual([50, 50, 50, Number.NaN]);
  });

  it('keeps the first arrival when a phase shows again', () => {
    const log = createArrivalLog(3);
    log.note(0, 0, 10);
    log.note(0, 1, 20);
    log.note(0, 1, 30);
    expect([log.arrivedAt(0, 0), log.arrivedAt(0, 1)]).toEqual([10, 20]);
  });

  it('ignores calls outside the plan', () => {
    const log = createArrivalLog(1);
    log.note(5, 0, 10);
    expect(log.arrivedAt(0, 0)).toBeNaN();
  });
});
