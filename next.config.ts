import type { NextConfig } from 'next';

/**
 * Headers every response carries. The Content-Security-Policy is per request
 * (it holds a nonce) and comes from proxy.ts.
 */
const securityHeaders = [
  // frame-ancestors in the CSP says the same to browsers that read it; this covers the rest.
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // Full URLs stay on this site; other sites (the phone system's sign-in) learn nothing of our paths.
  { key: 'Referrer-Policy', value: 'same-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  turbopack: { root: import.meta.dirname },
  // The custom server (server.ts) owns these packages at run time; bundling them
  // into route code would create a second copy with its own module state.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'ioredis', 'socket.io', 'pino', 'fastify'],
  // forbidden() and unauthorized() give /supervisor its real 403 and signed-out pages their 401.
  experimental: { authInterrupts: true },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default nextConfig;
