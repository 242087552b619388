/**
 * /sandbox/ test controls (not part of the spec; mounted only when the sandbox is
 * enabled). No bearer token: each request may name a `company` (body or query) and
 * acts on the seed's first company otherwise, so integrators can script calls with
 * plain curl.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { ApiError } from '../api/errors';
import type { SeedCompany } from '../directory/schemas';
import type { Delivery } from '../delivery';
import type { RequestCounter } from '../engine/request-counter';
import { SimulatorError, type CallStep, type Simulator } from '../simulator';
import { describeIssue, type SubscriptionStore } from '../subscriptions';
import { describeCall } from './describe-call';
import type { Faults } from './faults';
import { AgentsBody, CallAction, CompanyQuery, DeliveriesQuery, FaultsBody, PlaceCallBody, SimulatorBody, StepBody } from './schemas';

interface SandboxRoutesDeps {
  simulator: Simulator;
  subscriptions: SubscriptionStore;
  delivery: Delivery;
  requests: RequestCounter;
  faults: Faults;
  companies: SeedCompany[];
}

const notFound: Record<SimulatorError['code'], boolean> = {
  unknown_company: true,
  unknown_call: true,
  unknown_queue: true,
  unknown_user: true,
  invalid_state: false,
  user_busy: false,
};

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw new ApiError('bad_request', describeIssue(parsed.error, input));
  return parsed.data;
}

/** Runs a simulator move, turning its refusals into API errors. */
function move<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof SimulatorError)) throw error;
    throw new ApiError(notFound[error.code] ? 'not_found' : 'bad_request', error.message);
  }
}

export function createSandboxRoutes(deps: SandboxRoutesDeps): FastifyPluginAsync {
  const { simulator } = deps;

  function companyOf(requested: string | undefined): SeedCompany {
    const company = requested === undefined ? deps.companies[0] : deps.companies.find((candidate) => candidate.id === requested);
    if (!company) throw new ApiError('not_found', `No company ${requested}.`);
    return company;
  }

  return async (app) => {
    app.post('/calls', async (request, reply) => {
      const body = parse(PlaceCallBody, request.body);
      const company = companyOf(body.company);
      const outside = { number: body.caller_id, name: body.caller_name };
      const from = body.from_user !== undefined ? { extension: body.from_user } : outside;
      const to = body.queue !== undefined ? { queue: body.queue } : body.user !== undefined ? { extension: body.user } : { number: body.number! };
      const call = move(() => simulator.placeCall(company.id, { from, to, auto: body.auto }));
      return reply.code(201).send(describeCall(call));
    });

    app.post<{ Params: { id: string; action: string } }>('/calls/:id/:action', async (request) => {
      const action = CallAction.safeParse(request.params.action);
      if (!action.success) throw new ApiError('not_found', `No call action ${request.params.action}.`);
      const body = parse(StepBody, request.body);
      const company = companyOf(body.company);
      let step: CallStep;
      if (action.data === 'ring') step = { action: 'ring', extension: body.user };
      else if (action.data === 'transfer') {
        if (body.user === undefined) throw new ApiError('bad_request', 'user: is required');
        step = { action: 'transfer', extension: body.user };
      } else step = { action: action.data };
      return describeCall(move(() => simulator.step(company.id, request.params.id, step, body.auto)));
    });

    app.put<{ Params: { queue: string } }>('/queues/:queue/agents', async (request) => {
      const body = parse(AgentsBody, request.body);
      const company = companyOf(body.company);
      const members = company.queues.find((queue) => queue.id === request.params.queue)?.members;
      if (!members) throw new ApiError('not_found', `No queue ${request.params.queue}.`);
      const presence = new Map<string, 'available' | 'away'>();
      if (body.available !== undefined || body.away !== undefined) {
        const available = body.available ?? members.length - body.away!;
        if (available < 0 || available > members.length || available + (body.away ?? 0) > members.length) {
          throw new ApiError('bad_request', `available: the queue has ${members.length} agents`);
        }
        members.forEach((extension, index) => presence.set(extension, index < available ? 'available' : 'away'));
      }
      for (const [extension, value] of Object.entries(body.agents ?? {})) {
        if (!members.includes(extension)) throw new ApiError('bad_request', `agents: ${extension} is not a member of ${request.params.queue}`);
        presence.set(extension, value);
      }
      move(() => presence.forEach((value, extension) => simulator.setPresence(company.id, extension, value)));
      const memberSet = new Set(members);
      return {
        queue: request.params.queue,
        agents: simulator.agents(company.id).filter((agent) => memberSet.has(agent.extension)),
        stats: simulator.stats(company.id).find((stats) => stats.queue === request.params.queue),
      };
    });

    app.post('/simulator', async (request) => {
      const body = parse(SimulatorBody, request.body);
      return simulator.configure(body);
    });

    app.get('/simulator', async () => simulator.settings());

    app.get('/deliveries', async (request) => {
      const query = parse(DeliveriesQuery, request.query);
      return { deliveries: deps.delivery.history({ postUri: query.post_uri, limit: query.limit }) };
    });

    app.get('/subscriptions', async (request) => {
      const query = parse(CompanyQuery, request.query);
      const all = deps.subscriptions.all().filter((subscription) => query.company === undefined || subscription.owner.companyId === query.company);
      const byCompany: Record<string, number> = {};
      for (const subscription of all) byCompany[subscription.owner.companyId] = (byCompany[subscription.owner.companyId] ?? 0) + 1;
      return {
        total: all.length,
        by_company: byCompany,
        subscriptions: all.map((subscription) => ({
          id: subscription.id,
          company: subscription.owner.companyId,
          post_uri: subscription.postUri,
          types: subscription.types,
          users: subscription.users,
          state: subscription.state,
          expires_at: new Date(subscription.expiresAt).toISOString(),
        })),
      };
    });

    app.post<{ Params: { id: string } }>('/subscriptions/:id/expire', async (request, reply) => {
      // Removal is what expiry does: deliveries stop and the API answers 404 for the id.
      if (!deps.subscriptions.remove(request.params.id)) throw new ApiError('not_found', `No subscription ${request.params.id}.`);
      return reply.code(204).send();
    });

    app.get('/requests', async () => ({ counts: deps.requests.snapshot() }));

    app.get('/faults', async (request) => {
      const company = companyOf(parse(CompanyQuery, request.query).company);
      return { company: company.id, ...deps.faults.settings(company.id) };
    });

    app.post('/faults', async (request) => {
      const { company: requested, ...change } = parse(FaultsBody, request.body);
      const company = companyOf(requested);
      return { company: company.id, ...deps.faults.set(company.id, change) };
    });
  };
}
