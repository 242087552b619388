/**
 * The one place where errors of the API surface become responses: the real
 * service's `{"status", "message"}` body with the status of ApiError's table.
 * Unknown errors are logged and become a bare 500.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { ApiError, type ApiErrorCode } from './errors';

/** Statuses the framework raises itself (bad JSON, wrong content type, body too large...). */
const FRAMEWORK_STATUS_CODES: Partial<Record<number, ApiErrorCode>> = {
  400: 'bad_request',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/** The ApiError an error stands for, or undefined when it is a fault of ours. */
export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return new ApiError('bad_request', issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : undefined);
  }
  const framework = error as Partial<FastifyError>;
  // Fastify's validation messages name the field, e.g. "body/post_uri must be string".
  if (framework.validation) return new ApiError('bad_request', framework.message);
  const code = framework.statusCode === undefined ? undefined : FRAMEWORK_STATUS_CODES[framework.statusCode];
  return code ? new ApiError(code, framework.message) : undefined;
}

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.status).headers(error.headers).type('application/json').send(error.toBody());
}

export function apiErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const apiError = toApiError(error);
  if (!apiError) request.log.error({ err: error }, 'unhandled error');
  return sendApiError(reply, apiError ?? new ApiError('internal'));
}

export function apiNotFoundHandler(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendApiError(reply, new ApiError('not_found'));
}

/**
 * Errors Node's HTTP parser meets before there is a request to route (headers
 * over its limit, a malformed request line, a request too slow to arrive):
 * answered in the same body, where Fastify's default would use its own.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ApiErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW' ? 'headers_too_large' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'request_timeout' : 'bad_request';
  const apiError = new ApiError(code);
  const body = JSON.stringify(apiError.toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
