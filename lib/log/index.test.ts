import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './index';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('createLogger', () => {
  it('redacts token-bearing fields when they are nested in a log object', () => {
    const { lines, stream } = capture();
    const log = createLogger('info', stream);
    log.info({ tokens: { access_token: 'at-123', refresh_token: 'rt-456' }, req: { headers: { authorization: 'Bearer x' } } }, 'hello');
    const text = lines.join('');
    expect(text).not.toContain('at-123');
    expect(text).not.toContain('rt-456');
    expect(text).not.toContain('Bearer x');
    expect(text).toContain('[redacted]');
  });

  it('keeps ordinary fields when they carry no secret', () => {
    const { lines, stream } = capture();
    createLogger('info', stream).info({ queue: 'Sales', waiting: 3 }, 'queue');
    expect(JSON.parse(lines[0]!)).toMatchObject({ queue: 'Sales', waiting: 3, msg: 'queue' });
  });

  it('redacts an authorization code where OAuth carries one, and keeps an error code readable', () => {
    const { lines, stream } = capture();
    const log = createLogger('info', stream);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4000'), { code: 'ECONNREFUSED' });
    log.info({ code: 'oauth-code-1', req: { query: { code: 'oauth-code-2', state: 's' } }, body: { code: 'oauth-code-3' } }, 'callback');
    log.error({ err: refused, errorCode: 'invalid_body' }, 'failed');
    const text = lines.join('');
    expect(text).not.toMatch(/oauth-code-\d/);
    expect(JSON.parse(lines[1]!)).toMatchObject({ err: { code: 'ECONNREFUSED' }, errorCode: 'invalid_body' });
  });
});
