import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Audience, LiveSnapshot } from '../types';

/**
 * The live snapshot's place in the React Query cache. Nothing fetches it:
 * the socket writes it (useLive), so there is no polling and every component
 * reads the same copy.
 */
export function liveQueryOptions(view: Audience) {
  return queryOptions<LiveSnapshot>({
    queryKey: ['live', view],
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
