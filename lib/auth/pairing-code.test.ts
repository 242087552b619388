import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePairingCode, normalizePairingCode } from './pairing-code';

const CODE = /^[2-9A-HJKMNP-TW-Z]{3}-[2-9A-HJKMNP-TW-Z]{3}$/;

describe('generatePairingCode', () => {
  it('gives three and three characters from the unambiguous alphabet whatever the random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 12, maxLength: 12 }), (bytes) => {
        const draws = [bytes];
        // After the arbitrary draw, a plain one, so a draw of only rejected bytes still ends.
        const code = generatePairingCode(() => draws.shift() ?? Uint8Array.from({ length: 12 }, (_, index) => index));
        expect(code).toMatch(CODE);
      }),
    );
  });

  it('redraws when a byte would bias the alphabet', () => {
    const draws = [Uint8Array.from([255, 254, 253, 0, 1, 2, 3, 4, 232, 240, 250, 251]), Uint8Array.from([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])];
    // 0..4 map to 2..6; the next draw supplies the sixth character (5 → '7').
    expect(generatePairingCode(() => draws.shift()!)).toBe('234-567');
  });

  it('gives different codes when it draws from the system random source', () => {
    const codes = new Set(Array.from({ length: 20 }, () => generatePairingCode()));
    expect(codes.size).toBe(20);
  });
});

describe('normalizePairingCode', () => {
  it.each([
    ['k7q-4mz', 'K7Q-4MZ'],
    ['K7Q4MZ', 'K7Q-4MZ'],
    [' k7q 4mz ', 'K7Q-4MZ'],
  ])('reads %j as %s when case, spaces or dashes differ', (input, code) => {
    expect(normalizePairingCode(input)).toBe(code);
  });

  it.each(['K7Q-4M', 'K7Q-4MZZ', 'K0Q-4MZ', 'KIQ-4MZ', 'K7Q_4MZ', ''])('returns null when %j cannot be a code', (input) => {
    expect(normalizePairingCode(input)).toBeNull();
  });
});
