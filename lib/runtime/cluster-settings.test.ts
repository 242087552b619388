import { describe, expect, it } from 'vitest';
import { clusterSettings } from './cluster-settings';

const redisUrl = 'redis://127.0.0.1:6379';
const databaseUrl = 'postgres://postgres@127.0.0.1:5432/test';

describe('clusterSettings', () => {
  it('runs a single process when REDIS_URL is unset, whatever the store', () => {
    expect(clusterSettings({ redisUrl: null, databaseUrl: null, embeddedPbx: true })).toBeNull();
    expect(clusterSettings({ redisUrl: null, databaseUrl, embeddedPbx: false })).toBeNull();
  });

  it('joins a cluster when REDIS_URL, DATABASE_URL and an outside telephony service are set', () => {
    expect(clusterSettings({ redisUrl, databaseUrl, embeddedPbx: false })).toEqual({ redisUrl, keyPrefix: 'wallboard:' });
  });

  it('refuses to start when REDIS_URL comes without DATABASE_URL', () => {
    expect(() => clusterSettings({ redisUrl, databaseUrl: null, embeddedPbx: false })).toThrow(
      'REDIS_URL runs the wallboard as one of several instances, which must share one PostgreSQL: set DATABASE_URL as well, or unset REDIS_URL to run a single process.',
    );
  });

  it('refuses to start a cluster on the embedded sandbox, which lives inside one process', () => {
    expect(() => clusterSettings({ redisUrl, databaseUrl, embeddedPbx: true })).toThrow(/must share one telephony service: set TELEPHONY_BASE_URL/);
  });
});
