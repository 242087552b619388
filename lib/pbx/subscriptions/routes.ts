/**
 * POST/GET/DELETE /api/subscriptions/ (spec 4.4-4.6). Mounted inside the app's
 * authenticated /api scope, so request.principal is set. A subscription is visible
 * only to the principal (company, client, user) that created it: anyone else gets
 * 404, so ids of other owners are never confirmed.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Principal } from '../principal';
import { ApiError } from '../api/errors';
import type { SeedCompany } from '../directory/schemas';
import type { DeliveryOptions } from '../engine/types';
import { createSubscriptionBody, describeIssue, type CreateSubscriptionBody, type EventType } from './schemas';
import type { Subscription, SubscriptionOwner, SubscriptionStore } from './subscription-store';
import { creationResponse, readResponse } from './wire';

interface SubscriptionRoutesDeps {
  store: SubscriptionStore;
  companies: SeedCompany[];
  limits: { defaultSeconds: number; maxSeconds: number };
  allowedHosts: DeliveryOptions['allowedHosts'];
  /** A new subscription starts its initialization (preparing, then ready). */
  onCreated: (subscription: Subscription) => void;
}

export function createSubscriptionRoutes(deps: SubscriptionRoutesDeps): FastifyPluginAsync {
  const Body = createSubscriptionBody(deps.limits);

  function ownerOf(principal: Principal): SubscriptionOwner {
    return { companyId: principal.companyId, clientId: principal.clientId, userId: principal.userId };
  }

  function ownedSubscription(principal: Principal, id: string): Subscription {
    const subscription = deps.store.get(id);
    const owner = ownerOf(principal);
    const mine =
      subscription !== undefined &&
      subscription.owner.companyId === owner.companyId &&
      subscription.owner.clientId === owner.clientId &&
      subscription.owner.userId === owner.userId;
    if (!mine) throw new ApiError('not_found', 'Subscription not found.');
    return subscription;
  }

  function eventTypes(body: CreateSubscriptionBody): EventType[] {
    // Neither flag given: call events, the spec's main use of a subscription (README decision).
    if (body.calls === undefined && body.cdrs === undefined) return ['calls'];
    const types: EventType[] = [];
    if (body.calls) types.push('calls');
    if (body.cdrs) types.push('cdrs');
    if (types.length === 0) throw new ApiError('bad_request', 'calls: at least one of calls or cdrs must be true');
    return types;
  }

  /** Users may be named by extension, user id or username; deliveries filter on extensions. */
  function extensionsOf(principal: Principal, user: CreateSubscriptionBody['user']): string[] | null {
    if (user === undefined) return null;
    const company = deps.companies.find((candidate) => candidate.id === principal.companyId);
    return [user].flat().map((name) => {
      const found = company?.users.find((candidate) => [candidate.extension, candidate.id, candidate.username].includes(name));
      if (!found) throw new ApiError('bad_request', `user: unknown user ${name}`);
      return found.extension;
    });
  }

  function checkHost(postUri: string): void {
    const { hostname } = new URL(postUri);
    if (deps.allowedHosts !== '*' && !deps.allowedHosts.includes(hostname)) {
      throw new ApiError('bad_request', `post_uri: host ${hostname} is not allowed`);
    }
  }

  return async (app) => {
    app.post('/subscriptions/', { config: { rateLimit: 'subscriptions' } }, async (request, reply) => {
      const parsed = Body.safeParse(request.body);
      if (!parsed.success) throw new ApiError('bad_request', describeIssue(parsed.error, request.body));
      const body = parsed.data;
      checkHost(body.post_uri);
      const { subscription, created } = deps.store.createOrRenew({
        owner: ownerOf(request.principal),
        postUri: body.post_uri,
        types: eventTypes(body),
        users: extensionsOf(request.principal, body.user),
        expiresInSeconds: body.expires_in,
      });
      if (created) deps.onCreated(subscription);
      return reply.code(created ? 201 : 200).send(creationResponse(subscription, created));
    });

    app.get<{ Params: { id: string } }>('/subscriptions/:id/', { config: { rateLimit: 'subscriptions' } }, async (request) => {
      return readResponse(ownedSubscription(request.principal, request.params.id));
    });

    app.delete<{ Params: { id: string } }>('/subscriptions/:id/', { config: { rateLimit: 'subscriptions' } }, async (request, reply) => {
      deps.store.remove(ownedSubscription(request.principal, request.params.id).id);
      return reply.code(204).send();
    });
  };
}
