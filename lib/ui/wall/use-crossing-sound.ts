import { useEffect, useRef } from 'react';
import type { AlertSettings } from '@/lib/realtime/types';
import { crossingsToSound, levelsByKey, type LevelsByKey, type QueueFigures } from '@/lib/ui/status';

/**
 * Plays the chime when a queue metric climbs a level (checked every tick, so a
 * longest wait crossing between updates counts). The first evaluation only
 * records levels: opening the wall during a busy spell does not chime.
 */
export function useCrossingSound(queues: QueueFigures[] | null, alerts: AlertSettings | null, nowMs: number, play: () => void): void {
  const previous = useRef<LevelsByKey | null>(null);
  useEffect(() => {
    if (!queues || !alerts) return;
    const current = levelsByKey(queues);
    const before = previous.current;
    previous.current = current;
    if (before && crossingsToSound(before, current, alerts, nowMs).length > 0) play();
  }, [queues, alerts, nowMs, play]);
}
