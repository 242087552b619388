/**
 * The Content-Security-Policy of every page. Scripts run only with this
 * request's nonce (Next.js stamps it on its own scripts when it finds it in the
 * request's CSP header) or when loaded by such a script ('strict-dynamic').
 */
export function contentSecurityPolicy(options: { nonce: string; development: boolean; https: boolean }): string {
  const directives = [
    "default-src 'self'",
    // React's development build uses eval to rebuild server error stacks; production never does.
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ''}`,
    // Style attributes are how React renders widths and colours; a nonce would block them all.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // 'self' covers the Socket.IO websocket on the same origin (CSP Level 3).
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** The page's path and query, set by proxy.ts, so the 401 page can send people back to where they were. */
export const REQUEST_PATH_HEADER = 'x-wallboard-path';

/** A fresh nonce per page request: 128 random bits. */
export function newNonce(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  return Buffer.from(random(new Uint8Array(16))).toString('base64');
}
