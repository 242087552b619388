/** Just enough of RFC 6265 for the sign-in form's CSRF cookie. */

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}

/** An HttpOnly, SameSite=Lax session cookie; `secure` when the page was served over HTTPS. */
export function serializeCookie(name: string, value: string, options: { path: string; secure: boolean }): string {
  return [`${name}=${value}`, `Path=${options.path}`, 'HttpOnly', 'SameSite=Lax', ...(options.secure ? ['Secure'] : [])].join('; ');
}
