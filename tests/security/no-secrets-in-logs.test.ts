/**
 * No secret reaches a log line: the service and the wallboard's live pieces run
 * a full flow at debug level (client credentials, sign-in with a password, code
 * exchange with PKCE, refresh, stats, a subscription whose post_uri holds the
 * webhook's secret path, deliveries), and their captured pino output is
 * searched for every secret, token, code and password used.
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@/lib/log';
import { createMemoryStore } from '@/lib/store';
import { startLivePieces, type LivePieces } from '../faults/live-pieces';
import { ACME, authorizationCode, clientCredentialsToken, exchangeCode, getApi, requestToken, startTestPbx, type TestPbx } from '../pbx/harness';

const captured = vi.hoisted(() => ({ lines: [] as string[] }));
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    captured.lines.push(chunk.toString('utf8'));
    done();
  },
});

vi.mock('@/lib/pbx/api/logger', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/pbx/api/logger')>();
  const { Writable: Sink } = await import('node:stream');
  const sink = new Sink({
    write(chunk: Buffer, _encoding, done) {
      captured.lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { ...actual, createPbxLogger: (_level: string) => actual.createPbxLogger('trace', sink) };
});

/** RFC 7636 §4.2: S256 challenge of a verifier. */
const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const PATH_SECRET = 'Zq'.repeat(22);
const PASSWORD = 'demo1234';

describe('logs of a full flow', () => {
  let pbx: TestPbx;
  let live: LivePieces;
  const secrets: Record<string, string> = {};
  beforeAll(async () => {
    pbx = await startTestPbx();
    live = await startLivePieces({
      pbxUrl: pbx.url,
      clientId: ACME.app.clientId,
      clientSecret: ACME.app.clientSecret,
      clock: pbx.clock,
      store: createMemoryStore(),
      pathSecret: PATH_SECRET,
      log: createLogger('trace', capture),
    });
    await live.start();
    await vi.waitFor(() => expect(live.poller.health().lastSuccessAt).not.toBeNull());
    await fetch(`${pbx.url}/sandbox/calls`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ queue: 'Sales' }) });
    await pbx.clock.advanceAsync(2_000);

    secrets.clientSecret = ACME.app.clientSecret;
    secrets.password = PASSWORD;
    secrets.pathSecret = PATH_SECRET;
    secrets.companyToken = await clientCredentialsToken(pbx);
    const verifier = 'v'.repeat(20) + 'erifier-of-the-flow-under-test';
    secrets.verifier = verifier;
    // A wrong password first, so the failure path logs too.
    await authorizationCode(pbx, {}, { username: 'sam', password: 'wrong-password-123' }).catch(() => undefined);
    secrets.wrongPassword = 'wrong-password-123';
    secrets.code = await authorizationCode(pbx, { code_challenge: pkceChallenge(verifier), code_challenge_method: 'S256', state: 'state-of-the-flow' });
    const tokens = (await (await exchangeCode(pbx, secrets.code, { code_verifier: verifier })).json()) as { access_token: string; refresh_token: string };
    secrets.userToken = tokens.access_token;
    secrets.refreshToken = tokens.refresh_token;
    await getApi(pbx, '/api/users/current/', tokens.access_token);
    const refreshed = (await (await requestToken(pbx, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: ACME.app.clientId, client_secret: ACME.app.clientSecret })).json()) as { access_token: string };
    secrets.refreshedToken = refreshed.access_token;
    // A replayed code and a bad bearer token take the error paths.
    await exchangeCode(pbx, secrets.code, { code_verifier: verifier });
    await getApi(pbx, '/api/call_queues/stats/live/', `${secrets.userToken}x`);
  });
  afterAll(async () => {
    await live.close();
    await pbx.close();
  });

  it('logged the flow', () => {
    expect(captured.lines.length).toBeGreaterThan(10);
    expect(captured.lines.join('')).toContain('"name":"pbx"');
  });

  it.each(['clientSecret', 'password', 'wrongPassword', 'pathSecret', 'companyToken', 'verifier', 'code', 'userToken', 'refreshToken', 'refreshedToken'])('never writes the %s', (name) => {
    const value = secrets[name]!;
    expect(value.length).toBeGreaterThan(5);
    const leaks = captured.lines.filter((line) => line.includes(value));
    expect(leaks).toEqual([]);
  });
});
