import { describe, expect, it } from 'vitest';
import { createPbxLogger } from './logger';

function captureLine(log: (logger: ReturnType<typeof createPbxLogger>) => void): Record<string, unknown> {
  const lines: string[] = [];
  log(createPbxLogger('info', { write: (line: string) => void lines.push(line) }));
  return JSON.parse(lines[0] ?? '{}');
}

describe('createPbxLogger', () => {
  it('redacts credentials at any of the first three levels and keeps the rest', () => {
    const line = captureLine((logger) =>
      logger.info(
        {
          password: 'hunter2',
          client_secret: 'app-secret',
          form: { refresh_token: 'rt', grant_type: 'refresh_token' },
          deep: { body: { access_token: 'at', code_verifier: 'cv' } },
          req: { headers: { authorization: 'Bearer at', cookie: 'pbx_signin_nonce=n', accept: '*/*' } },
          code: 'authorization-code',
          err: { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' },
        },
        'token request',
      ),
    );
    expect(line).toMatchObject({
      password: '[redacted]',
      client_secret: '[redacted]',
      form: { refresh_token: '[redacted]', grant_type: 'refresh_token' },
      deep: { body: { access_token: '[redacted]', code_verifier: '[redacted]' } },
      req: { headers: { authorization: '[redacted]', cookie: '[redacted]', accept: '*/*' } },
      code: '[redacted]',
      err: { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' },
      msg: 'token request',
    });
    expect(JSON.stringify(line)).not.toMatch(/hunter2|app-secret|"rt"|"at"|Bearer|authorization-code/);
  });
});
