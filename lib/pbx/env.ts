/**
 * The service's own configuration (it is a product of its own, not part of the
 * wallboard), from environment variables. Throws on bad values, naming them.
 */
import { z } from 'zod';
import type { DeliveryOptions, SimulatorOptions } from './engine/types';
import { DEMO_SEED_PATH, loadSeed, type Seed } from './directory';
import type { TokenLifetimes } from './oauth/context';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface PbxOptions {
  port: number;
  host: string;
  seed: Seed;
  /** Replaces the demo app's registered redirect URI (the first app of the seed's first company). */
  demoRedirectUri: string | null;
  lifetimes: TokenLifetimes;
  refreshRotation: boolean;
  /** Multiplies the published rate limits; null turns them off. */
  rateLimitMultiplier: number | null;
  sandbox: boolean;
  simulator: SimulatorOptions;
  delivery: DeliveryOptions;
  logLevel: (typeof LOG_LEVELS)[number];
}

const onOff = (fallback: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'])
    .transform((value) => ['on', 'true', '1'].includes(value))
    .default(fallback);
const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const Env = z.object({
  PBX_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Loopback by default: the demo's passwords are printed at start-up. 0.0.0.0 shares the sandbox. */
  PBX_HOST: z.string().default('127.0.0.1'),
  PBX_SEED: z.string().default(DEMO_SEED_PATH),
  PBX_REDIRECT_URI: z.url().optional(),
  PBX_ACCESS_TOKEN_TTL_SECONDS: seconds(3600),
  PBX_REFRESH_TOKEN_TTL_SECONDS: seconds(90 * 24 * 3600),
  PBX_CODE_TTL_SECONDS: seconds(60),
  PBX_REFRESH_ROTATION: onOff(false),
  /** on (the published limits), off, or a multiplier of them. */
  PBX_RATE_LIMITS: z
    .union([z.enum(['on', 'off']), z.coerce.number().positive()])
    .default('on')
    .transform((value) => (value === 'on' ? 1 : value === 'off' ? null : value)),
  PBX_SANDBOX: onOff(true),
  PBX_SIMULATOR: onOff(true),
  PBX_SIM_TIME_SCALE: z.coerce.number().positive().default(1),
  PBX_SIM_ARRIVALS_PER_MINUTE: z.coerce.number().nonnegative().default(1),
  PBX_DELIVERY_RETRIES: z.coerce.number().int().min(0).max(10).default(0),
  PBX_DELIVERY_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  PBX_DELIVERY_SIGNING: onOff(false),
  /** Comma-separated hostnames that post_uri may point at, or * for any. */
  PBX_DELIVERY_ALLOWED_HOSTS: z
    .string()
    .default('*')
    .transform((value) => (value.trim() === '*' ? ('*' as const) : value.split(',').map((host) => host.trim()).filter(Boolean))),
  PBX_LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
});

export function pbxOptionsFromEnv(source: Record<string, string | undefined>): PbxOptions {
  // An empty variable counts as unset, as in a .env file's `PBX_SEED=`.
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')));
  if (!parsed.success) throw new Error(`Invalid telephony service configuration:\n${z.prettifyError(parsed.error)}`);
  const env = parsed.data;
  return {
    port: env.PBX_PORT,
    host: env.PBX_HOST,
    seed: loadSeed(env.PBX_SEED),
    demoRedirectUri: env.PBX_REDIRECT_URI ?? null,
    lifetimes: {
      accessTokenSeconds: env.PBX_ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenSeconds: env.PBX_REFRESH_TOKEN_TTL_SECONDS,
      authorizationCodeSeconds: env.PBX_CODE_TTL_SECONDS,
    },
    refreshRotation: env.PBX_REFRESH_ROTATION,
    rateLimitMultiplier: env.PBX_RATE_LIMITS,
    sandbox: env.PBX_SANDBOX,
    simulator: {
      enabled: env.PBX_SIMULATOR,
      timeScale: env.PBX_SIM_TIME_SCALE,
      arrivalsPerMinute: env.PBX_SIM_ARRIVALS_PER_MINUTE,
    },
    delivery: {
      retries: env.PBX_DELIVERY_RETRIES,
      timeoutMs: env.PBX_DELIVERY_TIMEOUT_MS,
      signing: env.PBX_DELIVERY_SIGNING,
      allowedHosts: env.PBX_DELIVERY_ALLOWED_HOSTS,
    },
    logLevel: env.PBX_LOG_LEVEL,
  };
}
