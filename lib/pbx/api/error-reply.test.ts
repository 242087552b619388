import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorHandler, toApiError } from './error-reply';
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
