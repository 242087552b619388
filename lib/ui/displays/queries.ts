/** The supervisor's display list in the React Query cache, fetched from /api/displays. */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

const DisplaySummarySchema = z.object({
  id: z.string(),
  config: z.object({
    name: z.string(),
    queues: z.union([z.literal('all'), z.array(z.string())]),
    views: z.array(z.enum(['queues', 'queue', 'agents'])),
    rotateSeconds: z.number(),
  }),
  createdAt: z.number(),
  lastSeenAt: z.number().nullable(),
  status: z
    .object({
      version: z.string(),
      heapMb: z.number().nullable(),
      domNodes: z.number(),
      screen: z.object({ width: z.number(), height: z.number() }),
    })
    .nullable(),
});
export type DisplaySummary = z.infer<typeof DisplaySummarySchema>;

const DisplayList = z.object({ displays: z.array(DisplaySummarySchema) });

/** TVs report every minute; refetching a little more often keeps "last heartbeat" honest. */
const REFRESH_MS = 15_000;

export function displaysQueryOptions() {
  return queryOptions({
    queryKey: ['displays'],
    queryFn: async ({ signal }) => {
      const response = await fetch('/api/displays', { signal, cache: 'no-store' });
      if (!response.ok) throw new Error(response.status === 401 ? 'Your session has ended. Sign in again.' : 'Could not load the displays.');
      return DisplayList.parse(await response.json()).displays;
    },
    refetchInterval: REFRESH_MS,
  });
}
