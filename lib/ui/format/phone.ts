/**
 * Phone numbers for reading aloud: E.164 split into the country code and
 * digit groups. Without a numbering-plan library we know the country code's
 * length (ITU-T E.164 assigns 1-, 2- and 3-digit codes) and the common UK and
 * North American layouts; other national numbers are grouped in threes.
 * Anything that is not E.164 (SIP address, extension, masked number) is shown as given.
 */

const ONE_DIGIT_CODES = new Set(['1', '7']);
const TWO_DIGIT_CODES = new Set([
  '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49',
  '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66',
  '81', '82', '84', '86', '90', '91', '92', '93', '94', '95', '98',
]);

const E164 = /^\+[1-9]\d{6,14}$/;

export function isE164(value: string): boolean {
  return E164.test(value);
}

export function formatPhoneNumber(value: string | null): string {
  if (!value) return 'Unknown number';
  if (value.startsWith('sip:')) return value.slice(4);
  if (!isE164(value)) return value;
  const digits = value.slice(1);
  const code = countryCodeOf(digits);
  const national = digits.slice(code.length);
  return `+${code} ${groupNational(code, national).join(' ')}`;
}

function countryCodeOf(digits: string): string {
  if (ONE_DIGIT_CODES.has(digits.slice(0, 1))) return digits.slice(0, 1);
  if (TWO_DIGIT_CODES.has(digits.slice(0, 2))) return digits.slice(0, 2);
  return digits.slice(0, 3);
}

function groupNational(code: string, national: string): string[] {
  if (code === '1' && national.length === 10) return split(national, [3, 3, 4]);
  if (code === '44' && national.length === 10) return split(national, ukLayout(national));
  return groupInThrees(national);
}

/** Ofcom's layouts: 2x area codes are 2+4+4, mobiles and 1xxx areas 4+6, the rest 3+3+4. */
function ukLayout(national: string): number[] {
  if (national.startsWith('2')) return [2, 4, 4];
  if (national.startsWith('7')) return [4, 6];
  if (/^1(1\d|\d1)/.test(national)) return [3, 3, 4];
  if (national.startsWith('1')) return [4, 6];
  return [3, 3, 4];
}

function split(digits: string, sizes: number[]): string[] {
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  return groups;
}

function groupInThrees(digits: string): string[] {
  const groups: string[] = [];
  let at = 0;
  while (at < digits.length) {
    // Short trailing groups of one or two digits read badly; the last group takes up to five.
    const size = digits.length - at <= 5 ? digits.length - at : 3;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  return groups;
}
