import { useEffect } from 'react';
import type { DisplayStatus } from '@/lib/realtime/events';
import { sendDisplayStatus } from '@/lib/realtime/client';

const REPORT_EVERY_MS = 60_000;

interface PerformanceWithMemory {
  memory?: { usedJSHeapSize: number };
}

function currentStatus(version: string): DisplayStatus {
  const heap = (performance as PerformanceWithMemory).memory?.usedJSHeapSize;
  return {
    version,
    heapMb: heap === undefined ? null : Math.round((heap / 1_048_576) * 10) / 10,
    domNodes: document.getElementsByTagName('*').length,
    screen: { width: window.screen.width, height: window.screen.height },
  };
}

/**
 * A paired TV tells the server every minute how it is doing, so a supervisor
 * sees a wall whose memory or page keeps growing before it freezes.
 * Reports once as soon as it is connected, then every minute.
 */
export function useDisplayStatusReport(version: string, connected: boolean): void {
  useEffect(() => {
    if (!connected) return;
    sendDisplayStatus(currentStatus(version));
    const timer = window.setInterval(() => sendDisplayStatus(currentStatus(version)), REPORT_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [version, connected]);
}
