/**
 * Finding next-auth's session cookie outside next-auth: in a raw Socket.IO
 * handshake (a Node request without parsed cookies) and in server components.
 */

/** next-auth v4's names; the __Secure- prefix is used when the site is served over https. */
function sessionCookieName(secureCookies: boolean): string {
  return secureCookies ? '__Secure-next-auth.session-token' : 'next-auth.session-token';
}

/** RFC 6265 §4.2 Cookie header → name/value pairs. Malformed pairs are skipped, the first of duplicate names wins. */
export function parseCookieHeader(header: string | string[] | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const pair of text.split(';')) {
    const separator = pair.indexOf('=');
    if (separator <= 0) continue;
    const name = pair.slice(0, separator).trim();
    if (!name || cookies.has(name)) continue;
    let value = pair.slice(separator + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      // A value that is not valid percent-encoding is not one next-auth wrote.
    }
  }
  return cookies;
}

/**
 * The session JWT, joined from its chunks when next-auth split a large token
 * over `<name>.0`, `<name>.1`, … (next-auth core/lib/cookie.js SessionStore).
 */
export function readSessionCookie(cookies: ReadonlyMap<string, string>, secureCookies: boolean): string | null {
  const name = sessionCookieName(secureCookies);
  if (!cookies.has(`${name}.0`)) return cookies.get(name) || null;
  const chunks: string[] = [];
  for (let index = 0; cookies.has(`${name}.${index}`); index++) chunks.push(cookies.get(`${name}.${index}`) ?? '');
  return chunks.join('') || null;
}
