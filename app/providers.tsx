'use client';
import { isServer, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from 'next-auth/react';
import type { ReactNode } from 'react';

function makeQueryClient(): QueryClient {
  // Live data arrives over the socket; nothing should refetch behind its back.
  return new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false } } });
}

let browserQueryClient: QueryClient | undefined;

/** One client per server render, one for the whole life of the browser tab (TanStack's Next.js pattern). */
function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

/**
 * SessionProvider asks /api/auth/session when a tab regains focus: that is
 * where next-auth refreshes the session (lib/auth), so a supervisor's tab
 * left open all day keeps a live session. It never polls on a timer.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SessionProvider refetchOnWindowFocus refetchInterval={0}>
      <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>
    </SessionProvider>
  );
}
