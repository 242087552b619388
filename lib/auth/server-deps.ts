/** Production dependencies of lib/auth's route code, from config and the server context. */
import { randomUUID } from 'node:crypto';
import { systemClock } from '@/lib/clock';
import { env } from '@/lib/env';
import { createLogger } from '@/lib/log';
import { getServerContext } from '@/lib/server-context';
import type { DisplayDeps } from './displays';

export const authLogger = createLogger(env.logLevel).child({ module: 'auth' });

/** next-auth adds Secure and the __Secure-/__Host- prefixes to its cookies when the site is https. */
export const secureCookies = env.publicUrl.startsWith('https://');

export function displayDeps(): DisplayDeps {
  const { store, realtime } = getServerContext();
  return { store, realtime, now: systemClock.now, newDisplayId: randomUUID, publicUrl: env.publicUrl };
}
