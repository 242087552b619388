import { describe, expect, it } from 'vitest';
import { maskNumber } from './mask-number';

describe('maskNumber', () => {
  it('keeps the last three digits when the number is longer', () => {
    expect(maskNumber('+441632960567')).toBe('•••• 567');
    expect(maskNumber('sip:+15550100234@carrier.example')).toBe('•••• 234');
  });

  it('hides a number entirely when it is too short to mask', () => {
    expect(maskNumber('201')).toBe('••••');
    expect(maskNumber('sip:reception@acme.example')).toBe('••••');
  });

  it('returns null when there is no number', () => {
    expect(maskNumber(null)).toBeNull();
  });
});
