import type { DisplayStatus } from '@/lib/realtime/events';
import type { Store } from '@/lib/store';
import { DisplayStatusSchema } from './schemas';

/**
 * Records a TV's heartbeat: when it was last seen, its version, page memory and
 * screen. The report comes from any browser holding a display token, so it is
 * validated here, and a revoked display's late reports are dropped.
 */
export function createDisplayStatusRecorder(deps: {
  store: Pick<Store, 'displays'>;
  now: () => number;
}): (displayId: string, status: DisplayStatus) => Promise<void> {
  return async (displayId, status) => {
    const parsed = DisplayStatusSchema.safeParse(status);
    if (!parsed.success) return;
    const display = await deps.store.displays.get(displayId);
    if (!display || display.revokedAt !== null) return;
    await deps.store.displays.update(displayId, { lastSeenAt: deps.now(), status: parsed.data });
  };
}
