import { describe, expect, it } from 'vitest';
import { describePbx } from './describe-pbx';
import { pbxOptionsFromEnv } from './env';

describe('describePbx', () => {
  const options = pbxOptionsFromEnv({});

  it('lists the endpoints, each company’s apps and a table of its users with passwords', () => {
    const text = describePbx('http://127.0.0.1:4000', options);
    expect(text).toContain('Telephony integration service listening on http://127.0.0.1:4000');
    expect(text).toContain('  sign-in page    http://127.0.0.1:4000/oauth/authorize/');
    expect(text).toContain('Company 100200: Acme Support Ltd (acme.pbx.test, Europe/London)');
    expect(text).toContain('    client_secret  wallboard-demo-secret-change-me');
    expect(text).toContain('    sam        demo1234  Call Center Supervisor  200');
    expect(text).toContain('    reception  demo1234  Basic User              120');
    expect(text).toContain('Company 300400: Globex Corp');
  });

  it('shows the demo app’s redirect URI as overridden and the sandbox as off', () => {
    const text = describePbx('http://x', { ...options, demoRedirectUri: 'https://wall.example/cb', sandbox: false });
    expect(text).toContain('    redirect_uri   https://wall.example/cb');
    expect(text).toContain('  sandbox         off');
  });
});
