/**
 * The endpoint the telephony service POSTs calls, CDRs and subscription
 * messages to (spec 4.7): POST /api/webhooks/telephony/<secret>.
 *
 * It is a plain Node handler that server.ts mounts in front of Next: a call
 * event must reach the screens within milliseconds, and Next's router adds
 * milliseconds of routing and body handling per delivery for nothing we need.
 * The unguessable path is the authentication (the spec shows no signing); a
 * Standard Webhooks signature is checked as well when one comes with the body.
 */
import { hash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '@/lib/clock';
import type { Logger } from '@/lib/log';
import { webhookPath } from '@/lib/runtime/webhook-secret';
import type { CdrStore } from '@/lib/store';
import { parseWebhookBody, type CallEvent, type CdrRecord, type SubscriptionInitState, type WebhookMessage } from '@/lib/telephony';
import { readLimitedBody } from './read-limited-body';
import { createRecentKeys } from './recent-keys';
import { WebhookIntakeError, sendIntakeError } from './webhook-errors';
import { readSignatureHeaders, verifyWebhookSignature } from './webhook-signature';

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const RECENT_DELIVERIES = 2048;

export interface WebhookIntakeDeps {
  /** The secret part of the webhook path (lib/runtime/webhook-secret). */
  pathSecret: string;
  core: {
    applyCallEvent(event: CallEvent, at: number): void;
    applyCdrs(records: CdrRecord[], at: number): void;
    countWebhook(outcome: 'accepted' | 'duplicate' | 'rejected'): void;
  };
  cdrs: Pick<CdrStore, 'insert'>;
  subscription: { noteInit(state: SubscriptionInitState): void; noteActivity(at: number, kind: 'init' | 'event'): void };
  /** The key the service signs deliveries with, when it told us one. */
  getSigningSecret(): string | null;
  clock: Clock;
  log: Logger;
  maxBodyBytes?: number;
}

export type WebhookHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function createWebhookIntake(deps: WebhookIntakeDeps): WebhookHandler {
  const { clock, core, log } = deps;
  const maxBodyBytes = deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const expectedPath = Buffer.from(webhookPath(deps.pathSecret));
  const recentCallBodies = createRecentKeys(RECENT_DELIVERIES);

  function pathMatches(url: string | undefined): boolean {
    const path = Buffer.from((url ?? '').split('?', 1)[0] ?? '');
    // Constant-time over the secret's characters; at most its length shows, and generated secrets all have one length.
    return path.length === expectedPath.length && timingSafeEqual(path, expectedPath);
  }

  async function readDelivery(req: IncomingMessage, at: number): Promise<{ body: Buffer; message: WebhookMessage }> {
    if (!isJsonMediaType(req.headers['content-type'])) throw new WebhookIntakeError('unsupported_media_type');
    const read = await readLimitedBody(req, maxBodyBytes);
    if (!read.ok) {
      throw read.reason === 'too_large'
        ? new WebhookIntakeError('payload_too_large')
        : new WebhookIntakeError('invalid_body', 'The body ended early.');
    }
    const signingSecret = deps.getSigningSecret();
    const signature = readSignatureHeaders(req.headers);
    if (signingSecret && signature) {
      const check = verifyWebhookSignature({ secret: signingSecret, headers: signature, body: read.body, now: at });
      if (!check.ok) throw new WebhookIntakeError('invalid_signature', `The webhook signature does not verify (${check.reason}).`);
    }
    const parsed = parseWebhookBody(read.body);
    if (!parsed.ok) throw new WebhookIntakeError(parsed.error.code, parsed.error.message);
    return { body: read.body, message: parsed.message };
  }

  async function dispatch(message: WebhookMessage, body: Buffer, at: number): Promise<void> {
    switch (message.kind) {
      case 'init':
        deps.subscription.noteInit(message.state);
        core.countWebhook('accepted');
        return;
      case 'call':
        if (recentCallBodies.seenBefore(hash('sha256', body, 'base64'))) {
          core.countWebhook('duplicate');
          return;
        }
        core.applyCallEvent(message.event, at);
        core.countWebhook('accepted');
        return;
      case 'cdr': {
        // Stored before we answer: once the service has our 2xx it will not send the CDR again.
        const fresh = await deps.cdrs.insert(message.records, at).catch((error: unknown) => {
          log.error({ err: error }, 'storing CDRs failed');
          throw new WebhookIntakeError('unavailable');
        });
        if (fresh.length > 0) core.applyCdrs(fresh, at);
        core.countWebhook(fresh.length === 0 && message.records.length > 0 ? 'duplicate' : 'accepted');
        return;
      }
    }
  }

  return async function handleTelephonyWebhook(req, res) {
    if (!pathMatches(req.url)) return sendIntakeError(res, new WebhookIntakeError('not_found'));
    if (req.method !== 'POST') return sendIntakeError(res, new WebhookIntakeError('method_not_allowed'), { Allow: 'POST' });
    const at = clock.now();
    try {
      const { body, message } = await readDelivery(req, at);
      await dispatch(message, body, at);
      deps.subscription.noteActivity(at, message.kind === 'init' ? 'init' : 'event');
      res.writeHead(204, { 'Cache-Control': 'no-store' });
      res.end();
    } catch (caught) {
      const error = caught instanceof WebhookIntakeError ? caught : new WebhookIntakeError('internal');
      if (!(caught instanceof WebhookIntakeError)) log.error({ err: caught }, 'webhook delivery failed');
      else log.warn({ errorCode: error.code, reason: error.message }, 'webhook delivery rejected');
      core.countWebhook('rejected');
      if (error.code === 'payload_too_large') {
        // Answer, then drop the connection rather than read the rest of the body.
        res.on('finish', () => req.destroy());
        return sendIntakeError(res, error, { Connection: 'close' });
      }
      sendIntakeError(res, error);
    }
  };
}

function isJsonMediaType(header: string | undefined): boolean {
  const type = (header ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}
