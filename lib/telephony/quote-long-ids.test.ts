import { describe, expect, it } from 'vitest';
import { quoteLongIds } from './quote-long-ids';

describe('quoteLongIds', () => {
  it('quotes the id when it has 16 digits', () => {
    expect(JSON.parse(quoteLongIds('{"id": 9999999999999999, "post_uri": "x"}')).id).toBe('9999999999999999');
    expect(quoteLongIds('{"post_uri": "x", "id":1234567890123456}')).toBe('{"post_uri": "x", "id":"1234567890123456"}');
  });

  it('leaves the text alone when the id is short, already a string, or not an integer', () => {
    const texts = ['{"id": 42}', '{"id": "9999999999999999"}', '{"id": 9999999999999999.5}', '{"id": -9999999999999999}'];
    for (const text of texts) expect(quoteLongIds(text)).toBe(text);
  });

  it('leaves other keys alone when they hold long numbers', () => {
    const text = '{"call_id": 9999999999999999, "user_id": 9999999999999999}';
    expect(quoteLongIds(text)).toBe(text);
  });
});
