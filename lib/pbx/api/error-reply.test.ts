import { connect } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerClientError, apiErrorHandler, toApiError } from './error-reply';
import { ApiError } from './errors';
import { createPbxLogger } from './logger';

describe('toApiError', () => {
  it('keeps an ApiError as it is', () => {
    const error = new ApiError('forbidden');
    expect(toApiError(error)).toBe(error);
  });

  it('turns a zod error into 400 naming the field', () => {
    const parsed = z.object({ post_uri: z.url() }).safeParse({ post_uri: 'nope' });
    expect(toApiError(parsed.error)?.toBody()).toEqual({ status: 400, message: 'post_uri: Invalid URL' });
  });

  it('keeps the framework’s validation message, which names the field', () => {
    const error = Object.assign(new Error("body must have required property 'post_uri'"), { validation: [{}], statusCode: 400 });
    expect(toApiError(error)?.toBody()).toEqual({ status: 400, message: "body must have required property 'post_uri'" });
  });

  it.each([
    [413, 'payload_too_large'],
    [415, 'unsupported_media_type'],
  ])('maps the framework’s %i to %s', (statusCode, code) => {
    expect(toApiError(Object.assign(new Error('refused'), { statusCode }))?.code).toBe(code);
  });

  it('gives nothing for a fault of ours, so it becomes a logged 500', () => {
    expect(toApiError(new TypeError('undefined is not a function'))).toBeUndefined();
    expect(toApiError(Object.assign(new Error('boom'), { statusCode: 500 }))).toBeUndefined();
  });
});

describe('apiErrorHandler', () => {
  it('logs an unknown error and answers 500 without its details', async () => {
    const logged: Array<Record<string, unknown>> = [];
    const app = Fastify({
      loggerInstance: createPbxLogger('error', { write: (line: string) => void logged.push(JSON.parse(line)) }),
    });
    app.setErrorHandler(apiErrorHandler);
    app.get('/boom', async () => {
      throw new Error('database password is hunter2');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 500, message: 'Internal server error.' });
    expect(response.body).not.toContain('hunter2');
    expect(logged).toEqual([expect.objectContaining({ msg: 'unhandled error', err: expect.objectContaining({ message: 'database password is hunter2' }) })]);
  });
});

describe('answerClientError', () => {
  /** What a raw request gets back from a listening app (inject skips Node's HTTP parser). */
  async function rawAnswer(request: string): Promise<{ status: number; body: unknown }> {
    const app = Fastify({ clientErrorHandler: answerClientError });
    app.get('/api/users/current/', async () => ({ ok: true }));
    const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    try {
      const text = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(address.port), address.hostname, () => socket.end(request));
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString('utf8')));
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
      });
      const [head = '', body = ''] = text.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
    } finally {
      await app.close();
    }
  }

  it("answers headers over Node's limit with 431 in the service's body", async () => {
    const answer = await rawAnswer(`GET /api/users/current/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toEqual({ status: 431, body: { status: 431, message: 'Request headers are too large.' } });
  });

  it("answers a request Node cannot parse with 400 in the service's body", async () => {
    const answer = await rawAnswer('NOT A REQUEST\r\n\r\n');
    expect(answer).toEqual({ status: 400, body: { status: 400, message: 'The request is invalid.' } });
  });
});
