import { useEffect, useState } from 'react';
import { systemClock } from '@/lib/clock';

/**
 * Server time, re-read on every whole second so every timer on a screen
 * changes at the same instant. `serverOffsetMs` corrects the device clock
 * (a TV's can be minutes off), so waits tick from the server's timestamps.
 */
export function useServerNow(serverOffsetMs: number): number {
  const [deviceNow, setDeviceNow] = useState(() => systemClock.now());
  useEffect(() => {
    let timer = 0;
    const tick = (): void => {
      const now = systemClock.now();
      setDeviceNow(now);
      timer = window.setTimeout(tick, 1000 - (now % 1000));
    };
    tick();
    return () => window.clearTimeout(timer);
  }, []);
  return deviceNow + serverOffsetMs;
}
