import { z } from 'zod';
import type { DisplayStatus } from './events';

/** A TV's self-report (events.ts: DisplayStatus); bounded so a broken client cannot store nonsense. */
export const DisplayStatusSchema: z.ZodType<DisplayStatus> = z.object({
  version: z.string().min(1).max(64),
  heapMb: z.number().nonnegative().max(1_000_000).nullable(),
  domNodes: z.number().int().nonnegative().max(100_000_000),
  screen: z.object({
    width: z.number().int().nonnegative().max(100_000),
    height: z.number().int().nonnegative().max(100_000),
  }),
});
