'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { displaysQueryOptions } from './queries';

type ActionResult<T> = { data: T } | { error: { code: string; message: string } };

/**
 * A display server action as a mutation: its `{ error }` answer becomes a thrown
 * Error whose message the form shows, and the list is refetched either way.
 */
export function useDisplayAction<I, T>(action: (input: I) => Promise<ActionResult<T>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => {
      const result = await action(input);
      if ('error' in result) throw new Error(result.error.message);
      return result.data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: displaysQueryOptions().queryKey }),
  });
}
