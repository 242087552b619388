import type { QueueFigures } from '@/lib/ui/status';
import { gridShape } from './grid-shape';
import { QueueTile } from './queue-tile';

/** Tiles are about this much wider than tall; the grid keeps them close to it. */
const TILE_ASPECT = 1.9;

export function QueueGrid({ queues, timeZone, areaAspect }: { queues: QueueFigures[]; timeZone: string; areaAspect: number }) {
  if (queues.length === 0) {
    return <p className="grid h-full place-items-center text-[4vh] text-slate-300">No queues to show yet</p>;
  }
  const { columns, rows } = gridShape(queues.length, areaAspect, TILE_ASPECT);
  return (
    <div
      className="grid h-full gap-[1.4vh]"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))` }}
    >
      {queues.map((figures) => (
        <QueueTile key={figures.queue} figures={figures} timeZone={timeZone} />
      ))}
    </div>
  );
}
