import { describe, expect, it } from 'vitest';
import { repairCdrJson } from './repair-cdr-json';

const SPEC_SAMPLE_LIKE = `[
  {
    "from": { "call_id": "a1", "domain": "acme", "name": "Ann", "id": "+15551230000", "user": null },
    "to": { "call_id": "b1", "domain": "acme", "id": null, "user": "101" },
    "start_time": Tue, 21 Nov 2026 10:00:00 +0000,
    "answer_time": Tue, 21 Nov 2026 10:00:07 +0000,
    "end_time": Tue, 21 Nov 2026 10:03:07 +0000,
    "duration": 187
  }
]`;

describe('repairCdrJson', () => {
  it('quotes the dates when they are unquoted as in the published sample', () => {
    const repaired = JSON.parse(repairCdrJson(SPEC_SAMPLE_LIKE));
    expect(repaired[0].start_time).toBe('Tue, 21 Nov 2026 10:00:00 +0000');
    expect(repaired[0].answer_time).toBe('Tue, 21 Nov 2026 10:00:07 +0000');
    expect(repaired[0].end_time).toBe('Tue, 21 Nov 2026 10:03:07 +0000');
  });

  it('quotes a date when it is the last value of its object', () => {
    const text = '{"end_time": Sat, 21 Nov 2026 10:03:07 +0000}';
    expect(repairCdrJson(text)).toBe('{"end_time": "Sat, 21 Nov 2026 10:03:07 +0000"}');
  });

  it('leaves the text alone when the dates are already quoted or null', () => {
    const text = '[{"start_time": "Tue, 21 Nov 2026 10:00:00 +0000", "answer_time": null}]';
    expect(repairCdrJson(text)).toBe(text);
  });

  it('leaves an unquoted date alone when its key is not a CDR date key', () => {
    const text = '{"time_start": Tue, 21 Nov 2026 10:00:00 +0000}';
    expect(repairCdrJson(text)).toBe(text);
  });

  it('leaves an unquoted value alone when it is not exactly the date form', () => {
    const texts = [
      '{"start_time": 2026-11-21 10:00:00}',
      '{"start_time": Tue, 21 Nov 2026 10:00:00 GMT}',
      '{"start_time": Tue, 21 Nov 2026 10:00:00 +0000 trailing}',
      '{"start_time": Tue, 21 Nov 2026 10:00 +0000}',
    ];
    for (const text of texts) expect(repairCdrJson(text)).toBe(text);
  });

  it('leaves a string value alone when it merely contains the key and a date', () => {
    const text = '{"name": "\\"start_time\\": Tue, 21 Nov 2026 10:00:00 +0000"}';
    expect(repairCdrJson(text)).toBe(text);
  });
});
