/** Reads and validates a seed file, and points the demo app at the caller's redirect URI. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { Seed } from './schemas';

export const DEMO_SEED_PATH = fileURLToPath(new URL('./demo-seed.json', import.meta.url));

export function loadSeed(path: string): Seed {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Seed ${path} is not readable JSON: ${(error as Error).message}`);
  }
  const parsed = Seed.safeParse(json);
  if (!parsed.success) throw new Error(`Seed ${path} is invalid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/**
 * The seed with its first company's first app (the demo app) redirecting to
 * `redirectUri`, so an embedded sandbox matches the wallboard's public URL.
 */
export function withDemoRedirectUri(seed: Seed, redirectUri: string | null): Seed {
  if (redirectUri === null) return seed;
  const [first, ...others] = seed.companies;
  if (!first) return seed;
  const [demoApp, ...otherApps] = first.apps;
  if (!demoApp) return seed;
  return { companies: [{ ...first, apps: [{ ...demoApp, redirectUri }, ...otherApps] }, ...others] };
}
