import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, isE164 } from './phone';

describe('formatPhoneNumber', () => {
  it.each([
    ['+442079460958', '+44 20 7946 0958'],
    ['+447700900123', '+44 7700 900123'],
    ['+441134960000', '+44 113 496 0000'],
    ['+441632960123', '+44 1632 960123'],
    ['+448001234567', '+44 800 123 4567'],
    ['+14155550132', '+1 415 555 0132'],
    ['+33142685300', '+33 142 685 300'],
    ['+353871234567', '+353 871 234 567'],
    ['+4930123456', '+49 301 23456'],
  ])('groups %s as %s when it is E.164', (input, expected) => {
    expect(formatPhoneNumber(input)).toBe(expected);
  });

  it('drops the scheme when the caller is a SIP address', () => {
    expect(formatPhoneNumber('sip:101@acme.pbx.test')).toBe('101@acme.pbx.test');
  });

  it('shows the value unchanged when it is an extension or a masked number', () => {
    expect(formatPhoneNumber('101')).toBe('101');
    expect(formatPhoneNumber('+44 •••• ••0958')).toBe('+44 •••• ••0958');
  });

  it('says the number is unknown when there is none', () => {
    expect(formatPhoneNumber(null)).toBe('Unknown number');
  });
});

describe('isE164', () => {
  it('accepts a plus and 7 to 15 digits and rejects the rest', () => {
    expect(isE164('+442079460958')).toBe(true);
    expect(isE164('442079460958')).toBe(false);
    expect(isE164('+0123456789')).toBe(false);
    expect(isE164('+1234567890123456')).toBe(false);
  });
});
