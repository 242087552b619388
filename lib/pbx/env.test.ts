import { describe, expect, it } from 'vitest';
import { pbxOptionsFromEnv } from './env';

describe('pbxOptionsFromEnv', () => {
  it('gives the documented defaults when nothing is set', () => {
    const options = pbxOptionsFromEnv({});
    expect(options).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      demoRedirectUri: null,
      lifetimes: { accessTokenSeconds: 3600, refreshTokenSeconds: 7_776_000, authorizationCodeSeconds: 60 },
      refreshRotation: false,
      rateLimitMultiplier: 1,
      sandbox: true,
      simulator: { enabled: true, timeScale: 1, arrivalsPerMinute: 1 },
      delivery: { retries: 0, timeoutMs: 5000, signing: false, allowedHosts: '*' },
      logLevel: 'info',
    });
    expect(options.seed.companies[0]?.name).toBe('Acme Support Ltd');
  });

  it('reads every setting', () => {
    const options = pbxOptionsFromEnv({
      PBX_PORT: '0',
      PBX_HOST: '0.0.0.0',
      PBX_REDIRECT_URI: 'https://wall.example/api/auth/callback/telephony',
      PBX_ACCESS_TOKEN_TTL_SECONDS: '60',
      PBX_REFRESH_TOKEN_TTL_SECONDS: '600',
      PBX_CODE_TTL_SECONDS: '5',
      PBX_REFRESH_ROTATION: 'on',
      PBX_RATE_LIMITS: '10',
      PBX_SANDBOX: 'off',
      PBX_SIMULATOR: 'false',
      PBX_SIM_TIME_SCALE: '60',
      PBX_SIM_ARRIVALS_PER_MINUTE: '0.5',
      PBX_DELIVERY_RETRIES: '3',
      PBX_DELIVERY_SIGNING: '1',
      PBX_DELIVERY_ALLOWED_HOSTS: 'localhost, 127.0.0.1',
      PBX_LOG_LEVEL: 'warn',
    });
    expect(options).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      demoRedirectUri: 'https://wall.example/api/auth/callback/telephony',
      lifetimes: { accessTokenSeconds: 60, refreshTokenSeconds: 600, authorizationCodeSeconds: 5 },
      refreshRotation: true,
      rateLimitMultiplier: 10,
      sandbox: false,
      simulator: { enabled: false, timeScale: 60, arrivalsPerMinute: 0.5 },
      delivery: { retries: 3, signing: true, allowedHosts: ['localhost', '127.0.0.1'] },
      logLevel: 'warn',
    });
  });

  it('turns rate limiting off with PBX_RATE_LIMITS=off and treats empty values as unset', () => {
    expect(pbxOptionsFromEnv({ PBX_RATE_LIMITS: 'off', PBX_PORT: '' })).toMatchObject({ rateLimitMultiplier: null, port: 4000 });
  });

  it.each([
    ['PBX_PORT', '70000'],
    ['PBX_RATE_LIMITS', 'sometimes'],
    ['PBX_REFRESH_ROTATION', 'yes please'],
    ['PBX_ACCESS_TOKEN_TTL_SECONDS', '0'],
  ])('refuses %s=%s and names the variable', (name, value) => {
    expect(() => pbxOptionsFromEnv({ [name]: value })).toThrow(name);
  });
});
