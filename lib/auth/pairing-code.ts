/**
 * The short code a TV shows while it waits to be paired, e.g. `K7Q-4MZ`. Its
 * alphabet leaves out characters that read alike across a room (0/O, 1/I/L, U/V).
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
const LENGTH = 6;
/** Long enough to walk to a desk and type it; short enough that a photo of the screen soon goes stale. */
export const PAIRING_CODE_TTL_MS = 10 * 60_000;

export function generatePairingCode(random: (size: number) => Uint8Array = randomBytes): string {
  // Rejection sampling keeps every character equally likely: bytes past the last whole multiple are redrawn.
  const limit = 256 - (256 % ALPHABET.length);
  const characters: string[] = [];
  while (characters.length < LENGTH) {
    for (const byte of random(LENGTH * 2)) {
      if (byte < limit && characters.length < LENGTH) characters.push(ALPHABET[byte % ALPHABET.length]!);
    }
  }
  return formatPairingCode(characters.join(''));
}

/**
 * What a supervisor typed, as the stored code: case, spaces and dashes do not
 * matter. Null when it cannot be a code at all.
 */
export function normalizePairingCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  if (compact.length !== LENGTH || [...compact].some((character) => !ALPHABET.includes(character))) return null;
  return formatPairingCode(compact);
}

function formatPairingCode(compact: string): string {
  return `${compact.slice(0, 3)}-${compact.slice(3)}`;
}
