import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  turbopack: { root: import.meta.dirname },
  // The custom server (server.ts) owns these packages at run time; bundling them
  // into route code would create a second copy with its own module state.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'ioredis', 'socket.io', 'pino', 'fastify'],
};

export default nextConfig;
