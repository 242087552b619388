/**
 * Which live stream a socket may watch, decided from its grant (who it is, set
 * by the server) and the view it asks for (what screen it shows). The grant
 * always wins: an agent never gets another extension's stream or the
 * supervisor's, and a display gets the wall of its configured queues only.
 */
import { z } from 'zod';
import type { HandshakeAuth, SocketGrant } from './events';
import type { Audience } from './types';

const HandshakeAuthSchema: z.ZodType<HandshakeAuth> = z.object({
  view: z.enum(['wall', 'supervisor', 'agent']),
  displayToken: z.string().max(512).optional(),
});

/** What a stream shows: the audience, and the agent's extension or the wall's queues (absent: all). */
export interface StreamView {
  audience: Audience;
  extension?: string;
  queues?: string[];
}

export type ViewDecision =
  | { ok: true; grant: SocketGrant; view: StreamView; streamKey: string }
  | { ok: false; code: 'unauthorized' | 'forbidden' | 'invalid_payload' };

export function decideView(grant: SocketGrant | null, auth: unknown, now: number): ViewDecision {
  if (!grant || (grant.kind === 'user' && grant.expiresAt <= now)) return { ok: false, code: 'unauthorized' };
  const parsed = HandshakeAuthSchema.safeParse(auth);
  if (!parsed.success) return { ok: false, code: 'invalid_payload' };
  const requested = parsed.data.view;

  if (grant.kind === 'display') {
    if (requested !== 'wall') return { ok: false, code: 'forbidden' };
    return granted(grant, grant.config.queues === 'all' ? { audience: 'wall' } : { audience: 'wall', queues: grant.config.queues });
  }
  if (requested === 'wall') return granted(grant, { audience: 'wall' });
  if (requested === 'agent') {
    // The extension comes from the session, never from the client: nobody can watch someone else's calls.
    return grant.extension ? granted(grant, { audience: 'agent', extension: grant.extension }) : { ok: false, code: 'forbidden' };
  }
  return grant.role === 'supervisor' ? granted(grant, { audience: 'supervisor' }) : { ok: false, code: 'forbidden' };
}

/** Viewers that see the same thing share a key, so a patch is rendered and serialised once for all of them. */
export function streamKeyOf(view: StreamView): string {
  if (view.audience === 'agent') return `agent:${view.extension}`;
  if (view.audience === 'wall' && view.queues) return `wall:${JSON.stringify([...new Set(view.queues)].sort())}`;
  return view.audience;
}

function granted(grant: SocketGrant, view: StreamView): ViewDecision {
  return { ok: true, grant, view, streamKey: streamKeyOf(view) };
}
