/**
 * API versioning by media type (spec 9): `Accept: application/vnd.service.v1.4.0+json`
 * selects 1.4.0. No vendor type (no header, application/json, *\/*) means the
 * newest version; a vendor type naming an unknown version is refused.
 */

const API_VERSIONS = [
  '1.0.0',
  '1.1.0',
  '1.2.0',
  '1.3.0',
  '1.4.0',
  '1.5.0',
  '1.6.0',
  '1.7.0',
  '1.8.0',
  '1.9.0',
  '1.10.0',
] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const NEWEST_API_VERSION: ApiVersion = '1.10.0';

const VENDOR_TYPE = /^application\/vnd\.service\.v(.*)\+json$/;

/** The version an Accept header selects, or null when it names one that does not exist. */
export function negotiateApiVersion(accept: string | undefined): ApiVersion | null {
  for (const range of (accept ?? '').split(',')) {
    const mediaType = range.split(';')[0]?.trim().toLowerCase() ?? '';
    const match = VENDOR_TYPE.exec(mediaType);
    if (match) return API_VERSIONS.find((version) => version === match[1]) ?? null;
  }
  return NEWEST_API_VERSION;
}

export function apiMediaType(version: ApiVersion): string {
  return `application/vnd.service.v${version}+json`;
}
