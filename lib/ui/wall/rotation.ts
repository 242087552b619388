/**
 * What a wall shows when its display config asks for rotation: every view in
 * turn, the one-queue view once per queue. The page follows the clock rather
 * than a counter, so walls showing the same config turn together and a reload
 * resumes where it was.
 */
import type { WallView } from '@/lib/realtime/events';

export type WallPage = { view: 'queues' } | { view: 'queue'; queue: string } | { view: 'agents' };

export function rotationPages(views: WallView[], queues: string[]): WallPage[] {
  const pages = views.flatMap((view): WallPage[] => {
    if (view === 'queue') return queues.map((queue) => ({ view: 'queue', queue }));
    return [{ view }];
  });
  return pages.length > 0 ? pages : [{ view: 'queues' }];
}

export function pageAt(pages: WallPage[], epochMs: number, rotateSeconds: number): WallPage {
  const index = Math.floor(epochMs / (Math.max(1, rotateSeconds) * 1000)) % pages.length;
  return pages[index] ?? { view: 'queues' };
}
