import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SEED_PATH, loadSeed, withDemoRedirectUri } from './load-seed';

function seedFile(content: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pbx-seed-')), 'seed.json');
  writeFileSync(file, content);
  return file;
}

describe('loadSeed', () => {
  it('loads the demo seed', () => {
    expect(loadSeed(DEMO_SEED_PATH).companies.map((company) => company.name)).toEqual(['Acme Support Ltd', 'Globex Corp']);
  });

  it('names the file and the field when the seed is invalid', () => {
    const file = seedFile(JSON.stringify({ companies: [{ id: 'c1' }] }));
    expect(() => loadSeed(file)).toThrow(`Seed ${file} is invalid`);
    expect(() => loadSeed(file)).toThrow('companies[0].name');
  });

  it('names the file when it is not JSON', () => {
    const file = seedFile('{ nope');
    expect(() => loadSeed(file)).toThrow(`Seed ${file} is not readable JSON`);
  });
});

describe('withDemoRedirectUri', () => {
  const seed = loadSeed(DEMO_SEED_PATH);

  it('points only the first app of the first company at the new URI', () => {
    const changed = withDemoRedirectUri(seed, 'https://wallboard.example/api/auth/callback/telephony');
    expect(changed.companies[0]?.apps[0]?.redirectUri).toBe('https://wallboard.example/api/auth/callback/telephony');
    expect(changed.companies[1]).toEqual(seed.companies[1]);
    expect(seed.companies[0]?.apps[0]?.redirectUri).toBe('http://localhost:3000/api/auth/callback/telephony');
  });

  it('returns the seed unchanged when no URI is given', () => {
    expect(withDemoRedirectUri(seed, null)).toBe(seed);
  });
});
