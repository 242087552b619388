/**
 * The subscription read response sends its 16-digit id as a JSON number
 * (spec 2.3), and a double holds only 15 digits exactly: 9999999999999999
 * parses as 1e16. This quotes integer values of `id` keys that have 16 digits
 * or more, before JSON.parse, so the id arrives digit for digit. Shorter
 * numbers and every other key are left alone.
 */
const LONG_INTEGER_ID = /("id"\s*:\s*)(\d{16,})(?=\s*[,}])/g;

export function quoteLongIds(text: string): string {
  return text.replace(LONG_INTEGER_ID, '$1"$2"');
}
