/**
 * The subscription's two wire shapes, quirks kept (spec 2.3): the creation response
 * has id as a string and events as one object; the read response has id as a number
 * and events as an array.
 */
import { formatIsoWithoutZone } from '../simulator/wire-format';
import type { Subscription } from './subscription-store';

interface CreationResponse {
  id: string;
  post_uri: string;
  expires: string;
  /** The first subscribed type, like the real service's single object. */
  events: { type: string };
  /** Extension of the service: the signing secret, sent once when the subscription is created. */
  secret?: string;
}

interface ReadResponse {
  id: number;
  post_uri: string;
  expires: string;
  /** One element per type, or per type and user when the subscription is per user. */
  events: Array<{ type: string; user?: string }>;
}

export function creationResponse(subscription: Subscription, created: boolean): CreationResponse {
  const response: CreationResponse = {
    id: subscription.id,
    post_uri: subscription.postUri,
    expires: formatIsoWithoutZone(subscription.expiresAt),
    events: { type: subscription.types[0]! },
  };
  if (created && subscription.secret !== null) response.secret = subscription.secret;
  return response;
}

export function readResponse(subscription: Subscription): ReadResponse {
  const { users } = subscription;
  return {
    id: Number(subscription.id),
    post_uri: subscription.postUri,
    expires: formatIsoWithoutZone(subscription.expiresAt),
    events: subscription.types.flatMap((type) => (users === null ? [{ type }] : users.map((user) => ({ type, user })))),
  };
}
