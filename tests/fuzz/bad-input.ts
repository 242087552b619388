/** fast-check generators of hostile HTTP input: bodies, content types, headers and query strings. */
import fc from 'fast-check';

const DEPTH = 50_000;

/** Strings that break naive parsers and renderers. */
export const nastyString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '👩‍👩‍👧‍👦', 'Zoë Ñuñez', 'ﷺ', '\u202e', '<script>alert(1)</script>', '"; DROP TABLE x; --', '../../etc/passwd', '%00', '%zz', '\\u0000', 'null', 'undefined', '__proto__', 'constructor'),
);

/** Numbers past every sane range: huge, negative, fractional, not finite once parsed. */
export const nastyNumber = fc.oneof(
  fc.constantFrom(-1, -86_400, 0, 1e308, -1e308, 2 ** 53 + 1, 1.5, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null), fc.array(nastyString, { maxLength: 3 }), fc.dictionary(nastyString, nastyString, { maxKeys: 3 }));

/** A valid-looking object with one field removed, retyped or added. */
export function mutated(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(valid);
  return fc.oneof(
    fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))),
    fc.tuple(fc.constantFrom(...keys), nastyValue).map(([key, value]) => ({ ...valid, [key]: value })),
    fc.tuple(nastyString, nastyValue).map(([key, value]) => ({ ...valid, [key]: value })),
  );
}

/** Raw bodies: JSON of any shape, mutated valid objects, truncated, deep, oversized and binary. */
export function hostileBody(valid: Record<string, unknown>): fc.Arbitrary<string | Uint8Array<ArrayBuffer>> {
  return fc.oneof(
    { weight: 3, arbitrary: mutated(valid).map((body) => JSON.stringify(body)) },
    { weight: 2, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.nat({ max: 60 }).map((cut) => JSON.stringify(valid).slice(0, cut)) },
    { weight: 1, arbitrary: fc.constantFrom('['.repeat(DEPTH) + ']'.repeat(DEPTH), '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH), '['.repeat(DEPTH)) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(2 * 1024 * 1024), JSON.stringify({ ...valid, pad: 'y'.repeat(1100 * 1024) })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => new Uint8Array(bytes)) },
    { weight: 1, arbitrary: fc.webQueryParameters() },
  );
}

export const hostileContentType = fc.oneof(
  fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16', 'application/vnd.service.v1.2.0+json', ''),
  fc.string({ maxLength: 30 }),
);

export const hostileQuery = fc.oneof(fc.webQueryParameters(), fc.dictionary(nastyString, nastyString, { maxKeys: 5 }).map((params) => new URLSearchParams(params as Record<string, string>).toString()));

/** Header values fetch can send (no CR, LF or NUL), including empty and very long ones. */
export const headerValue = fc.oneof(
  fc.string({ maxLength: 60 }).map((value) => value.replace(/[\r\n\0]/g, '').trim()),
  fc.constantFrom('Bearer', 'Bearer ', 'Bearer a b', 'Basic', 'Basic !!!', 'Basic ' + Buffer.from(':').toString('base64'), 'bearer ' + 'a'.repeat(8000)),
);

/** The characters fetch refuses in a header value, so a generated value is always sendable. */
export function sendable(value: string): string {
  return [...value].filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) <= 0x7e).join('');
}
