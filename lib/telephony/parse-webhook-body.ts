import type { z } from 'zod';
import { summariseIssues, WebhookBodyError } from './errors';
import { repairCdrJson } from './repair-cdr-json';
import type { WebhookMessage } from './types';
import { CallMessage, CdrMessage, InitMessage } from './webhook-schemas';

export type WebhookParseResult = { ok: true; message: WebhookMessage } | { ok: false; error: WebhookBodyError };

/**
 * Reads one delivery to our webhook (spec 4.7) and says what it is: a
 * subscription init message, a call message (with or without its `calls`
 * wrapper) or a CDR array. Never throws.
 */
export function parseWebhookBody(raw: string | Buffer): WebhookParseResult {
  const json = readJson(typeof raw === 'string' ? raw : raw.toString('utf8'));
  if (json === undefined) {
    return fail(new WebhookBodyError('invalid_json', 'webhook body is not JSON'));
  }
  if (Array.isArray(json)) {
    return check(CdrMessage, json, 'CDR message', (records) => ({ kind: 'cdr', records }));
  }
  if (!isObject(json)) {
    return fail(new WebhookBodyError('invalid_body', 'webhook body is neither an object nor an array'));
  }
  if ('calls' in json) {
    return check(CallMessage, json.calls, 'call message', (event) => ({ kind: 'call', event }), ['calls']);
  }
  if ('from' in json || 'to' in json) {
    return check(CallMessage, json, 'call message', (event) => ({ kind: 'call', event }));
  }
  if ('state' in json) {
    return check(InitMessage, json, 'init message', (init) => ({ kind: 'init', state: init.state, msg: init.msg }));
  }
  return fail(
    new WebhookBodyError('invalid_body', 'webhook body is not an init, call or CDR message', [
      `(root): keys ${Object.keys(json).slice(0, 10).join(', ') || '(none)'}`,
    ]),
  );
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return JSON.parse(repairCdrJson(text));
    } catch {
      return undefined;
    }
  }
}

function check<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
  toMessage: (parsed: z.output<S>) => WebhookMessage,
  pathPrefix: string[] = [],
): WebhookParseResult {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, message: toMessage(parsed.data) };
  const issues = summariseIssues(parsed.error).map((line) =>
    pathPrefix.length > 0 ? `${pathPrefix.join('.')}.${line}` : line,
  );
  return fail(new WebhookBodyError('invalid_body', `invalid ${what}: ${issues[0]}`, issues));
}

function fail(error: WebhookBodyError): WebhookParseResult {
  return { ok: false, error };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
