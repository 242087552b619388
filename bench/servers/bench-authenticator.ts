/**
 * The benchmark's stand-in for the next-auth handshake: it grants whatever view
 * a client asks for, an agent's with the extension it names. Only the bench's
 * own loopback server uses it; the grant still goes through the real decideView.
 */
import { z } from 'zod';
import type { AuthenticateHandshake } from '@/lib/realtime/events';

const BenchAuth = z.object({
  view: z.enum(['wall', 'supervisor', 'agent']),
  extension: z.string().regex(/^\d{1,8}$/).optional(),
});

const GRANT_MS = 24 * 3_600_000;

export function createBenchAuthenticator(now: () => number): AuthenticateHandshake {
  return async ({ auth }) => {
    const parsed = BenchAuth.safeParse(auth);
    if (!parsed.success) return null;
    const { view, extension } = parsed.data;
    return {
      kind: 'user',
      userId: extension ? `agent-${extension}` : `bench-${view}`,
      name: 'Bench viewer',
      role: view === 'supervisor' ? 'supervisor' : 'agent',
      extension: extension ?? null,
      expiresAt: now() + GRANT_MS,
    };
  };
}
