/**
 * The sandbox's fault switches (not part of the spec): they make the live stats
 * route, the token endpoint and webhook deliveries fail on purpose, so clients
 * can be tested against an upstream that breaks. Stats faults are per company;
 * the token endpoint and deliveries serve everyone, so theirs are service-wide.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock, TimerHandle } from '@/lib/clock';
import { ApiError } from '../api/errors';
import type { WireQueueStats } from '../engine/types';

type StatsFault = 'none' | 'error500' | 'timeout' | 'slow' | 'malformed' | 'unauthorized';
type TokenFault = 'none' | 'down';
type DeliveriesFault = 'none' | 'refuse';

/** How long a `slow` stats answer waits when the switch names no slowMs. */
const DEFAULT_SLOW_MS = 5_000;

interface FaultSettings {
  stats: StatsFault;
  slowMs: number;
  token: TokenFault;
  deliveries: DeliveriesFault;
}

interface FaultChange {
  stats?: StatsFault;
  slowMs?: number;
  token?: TokenFault;
  deliveries?: DeliveriesFault;
}

export interface Faults {
  settings(companyId: string): FaultSettings;
  set(companyId: string, change: FaultChange): FaultSettings;
  /** Sends a live stats answer through the company's stats fault. */
  sendStats(companyId: string, request: FastifyRequest, reply: FastifyReply, stats: WireQueueStats[]): Promise<FastifyReply> | FastifyReply;
  tokenDown(): boolean;
  /** A fetch for deliveries that fails like an unreachable post_uri while deliveries are refused. */
  deliveryFetch(fetchImpl: typeof fetch): typeof fetch;
  /** Ends every held or delayed stats answer, so the server can close. */
  releaseHeld(): void;
}

export function createFaults(clock: Clock): Faults {
  const statsByCompany = new Map<string, { stats: StatsFault; slowMs: number }>();
  let token: TokenFault = 'none';
  let deliveries: DeliveriesFault = 'none';
  const held = new Set<FastifyReply>();
  const delayed = new Map<TimerHandle, () => void>();

  function settings(companyId: string): FaultSettings {
    const stats = statsByCompany.get(companyId) ?? { stats: 'none', slowMs: DEFAULT_SLOW_MS };
    return { ...stats, token, deliveries };
  }

  /** Hijacks the reply and never answers: the client times out, then its socket is dropped. */
  function hold(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.hijack();
    held.add(reply);
    request.raw.socket.once('close', () => held.delete(reply));
    return reply;
  }

  function afterDelay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const handle = clock.setTimeout(() => {
        delayed.delete(handle);
        resolve();
      }, ms);
      delayed.set(handle, resolve);
    });
  }

  return {
    settings,
    set(companyId, change) {
      const current = settings(companyId);
      statsByCompany.set(companyId, { stats: change.stats ?? current.stats, slowMs: change.slowMs ?? current.slowMs });
      token = change.token ?? token;
      deliveries = change.deliveries ?? deliveries;
      return settings(companyId);
    },
    async sendStats(companyId, request, reply, stats) {
      const { stats: fault, slowMs } = settings(companyId);
      switch (fault) {
        case 'none':
          return reply.code(201).send(stats);
        case 'error500':
          return reply.code(500).type('application/json').send({ status: 500, message: 'Internal server error.' });
        case 'unauthorized':
          throw new ApiError('unauthorized', 'Invalid or expired access token.', { 'www-authenticate': 'Bearer realm="api", error="invalid_token"' });
        case 'malformed': {
          const json = JSON.stringify(stats);
          return reply.code(201).type('application/json').send(json.slice(0, Math.max(1, Math.floor(json.length / 2))));
        }
        case 'slow':
          await afterDelay(slowMs);
          return reply.code(201).send(stats);
        case 'timeout':
          return hold(request, reply);
      }
    },
    tokenDown: () => token === 'down',
    deliveryFetch(fetchImpl) {
      return (input, init) => {
        if (deliveries === 'none') return fetchImpl(input, init);
        const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        return Promise.reject(new TypeError('fetch failed', { cause: refused }));
      };
    },
    releaseHeld() {
      for (const reply of held) reply.raw.destroy();
      held.clear();
      for (const [handle, resolve] of delayed) {
        clock.clearTimeout(handle);
        resolve();
      }
      delayed.clear();
    },
  };
}
