/**
 * Runs before every page: a per-request CSP nonce (Next.js applies it to its
 * own scripts when the request carries the policy), HSTS over https, and the
 * requested path for app/unauthorized.tsx's sign-in link.
 */
import { type NextRequest, NextResponse } from 'next/server';
// Straight from the module, not lib/auth's index: the proxy runs on every page
// request and needs none of next-auth, the store or the server context.
import { contentSecurityPolicy, newNonce, REQUEST_PATH_HEADER } from '@/lib/auth/security-headers';
import { env } from '@/lib/env';

const https = env.publicUrl.startsWith('https://');

export function proxy(request: NextRequest): NextResponse {
  const policy = contentSecurityPolicy({ nonce: newNonce(), development: env.nodeEnv === 'development', https });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('Content-Security-Policy', policy);
  requestHeaders.set(REQUEST_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', policy);
  if (https) response.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  return response;
}

export const config = {
  matcher: [
    {
      // API answers are JSON and static files carry no script: only pages need a nonce.
      source: '/((?!api|_next/static|_next/image|favicon.ico).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
