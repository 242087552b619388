/**
 * The wallboard's whole configuration, read and validated once. No other
 * wallboard module reads process.env. Throws at import on bad values, so a
 * misconfigured server refuses to start and says why.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

if (typeof window !== 'undefined') throw new Error('lib/env.ts is server-only');

const DEMO_CLIENT_ID = 'wallboard-demo';
const DEMO_CLIENT_SECRET = 'wallboard-demo-secret-change-me';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const Raw = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  PBX_PORT: port.default(4000),
  PUBLIC_URL: optionalUrl,
  TELEPHONY_BASE_URL: optionalUrl,
  TELEPHONY_CLIENT_ID: optionalString,
  TELEPHONY_CLIENT_SECRET: optionalString,
  TELEPHONY_STATS_VERSION: z.string().regex(/^\d+\.\d+\.\d+$/).default('1.4.0'),
  TELEPHONY_SUBSCRIPTIONS_VERSION: z.string().regex(/^\d+\.\d+\.\d+$/).default('1.2.0'),
  /** The upstream's published limit for the live stats call; raise it only for a sandbox configured so. */
  TELEPHONY_STATS_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(5),
  STATS_POLL_MS: z.coerce.number().int().positive().default(15_000),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  TIME_ZONE: z.string().default('UTC'),
  CRM_URL_TEMPLATE: optionalString,
  NEXTAUTH_SECRET: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

function parse(source: NodeJS.ProcessEnv) {
  const raw = Raw.parse(source);
  const publicUrl = stripSlash(raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`);
  const embedded = raw.TELEPHONY_BASE_URL === undefined;
  if (!embedded && (!raw.TELEPHONY_CLIENT_ID || !raw.TELEPHONY_CLIENT_SECRET)) {
    throw new Error('TELEPHONY_CLIENT_ID and TELEPHONY_CLIENT_SECRET are required when TELEPHONY_BASE_URL is set');
  }
  const minPollMs = Math.ceil(60_000 / raw.TELEPHONY_STATS_LIMIT_PER_MINUTE);
  if (raw.STATS_POLL_MS < minPollMs) {
    throw new Error(
      `STATS_POLL_MS=${raw.STATS_POLL_MS} would exceed the upstream limit of ${raw.TELEPHONY_STATS_LIMIT_PER_MINUTE} stats requests per minute; use at least ${minPollMs}`,
    );
  }
  if (!isTimeZone(raw.TIME_ZONE)) throw new Error(`TIME_ZONE=${raw.TIME_ZONE} is not an IANA time zone`);
  const dataDir = path.resolve(raw.DATA_DIR);
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    publicUrl,
    /** True when the wallboard starts the embedded service (lib/pbx) itself. */
    embeddedPbx: embedded,
    pbxPort: raw.PBX_PORT,
    telephony: {
      baseUrl: stripSlash(raw.TELEPHONY_BASE_URL ?? `http://127.0.0.1:${raw.PBX_PORT}`),
      clientId: raw.TELEPHONY_CLIENT_ID ?? DEMO_CLIENT_ID,
      clientSecret: raw.TELEPHONY_CLIENT_SECRET ?? DEMO_CLIENT_SECRET,
      statsVersion: raw.TELEPHONY_STATS_VERSION,
      subscriptionsVersion: raw.TELEPHONY_SUBSCRIPTIONS_VERSION,
      statsPollMs: raw.STATS_POLL_MS,
    },
    databaseUrl: raw.DATABASE_URL ?? null,
    redisUrl: raw.REDIS_URL ?? null,
    dataDir,
    timeZone: raw.TIME_ZONE,
    crmUrlTemplate: raw.CRM_URL_TEMPLATE ?? null,
    nextAuthSecret: raw.NEXTAUTH_SECRET ?? localSecret(dataDir),
    logLevel: raw.LOG_LEVEL,
  };
}

export type Env = ReturnType<typeof parse>;

export const env: Env = parse(process.env);

// next-auth v4 learns its own origin only from process.env.NEXTAUTH_URL
// (next-auth/utils/detect-origin.js); without it, callback URLs point at localhost:3000.
process.env.NEXTAUTH_URL = env.publicUrl;

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A secret generated once per data folder, so local sessions survive restarts without configuration. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'nextauth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
