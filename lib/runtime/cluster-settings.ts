/**
 * Whether this process is one of several instances, from the env: REDIS_URL
 * asks for it, and it needs what every instance must share (PostgreSQL, one
 * telephony service). A half-configured cluster refuses to start and says why,
 * rather than running instances that each think they are alone.
 */
import type { Env } from '@/lib/env';

/** Prefix of the cluster's Redis keys. */
const KEY_PREFIX = 'wallboard:';

export interface ClusterSettings {
  redisUrl: string;
  keyPrefix: string;
}

export function clusterSettings(env: Pick<Env, 'redisUrl' | 'databaseUrl' | 'embeddedPbx'>): ClusterSettings | null {
  if (env.redisUrl === null) return null;
  if (env.databaseUrl === null) {
    throw new Error(
      'REDIS_URL runs the wallboard as one of several instances, which must share one PostgreSQL: set DATABASE_URL as well, or unset REDIS_URL to run a single process.',
    );
  }
  if (env.embeddedPbx) {
    throw new Error(
      'REDIS_URL runs the wallboard as one of several instances, which must share one telephony service: set TELEPHONY_BASE_URL, TELEPHONY_CLIENT_ID and TELEPHONY_CLIENT_SECRET (the embedded sandbox lives inside a single process; start it on its own with npm run pbx).',
    );
  }
  return { redisUrl: env.redisUrl, keyPrefix: KEY_PREFIX };
}
