import type { DisplayConfig } from '@/lib/realtime/events';
import type { LiveSnapshot } from '@/lib/realtime/types';
import type { ConnectionState } from '@/lib/realtime/client';
import { DegradedBanner } from '@/lib/ui/common';
import { assessDegradation, type QueueBoard } from '@/lib/ui/status';
import { WallAgentBoard } from './agent-board';
import { QueueGrid } from './queue-grid';
import { pageAt, rotationPages } from './rotation';
import { TotalStrip } from './total-strip';
import { useAreaAspect } from './use-area-aspect';
import { WallHeader } from './wall-header';

interface WallBoardProps {
  snapshot: LiveSnapshot;
  board: QueueBoard;
  config: DisplayConfig;
  connection: ConnectionState;
  serverOffsetMs: number;
  nowMs: number;
}

/** One page of the wall: header, a banner when figures are not live, and the page the rotation is on. */
export function WallBoard({ snapshot, board, config, connection, serverOffsetMs, nowMs }: WallBoardProps) {
  const [areaRef, areaAspect] = useAreaAspect<HTMLDivElement>(2.4);
  const pages = rotationPages(config.views, board.queues.map((figures) => figures.queue ?? ''));
  const page = pageAt(pages, nowMs, config.rotateSeconds);
  const degradation = assessDegradation({
    health: snapshot.health,
    nowMs,
    connection: { status: connection.status, sinceMs: connection.since + serverOffsetMs },
  });
  const agentsShown =
    config.queues === 'all' ? snapshot.agents : snapshot.agents.filter((agent) => agent.queues.some((queue) => config.queues.includes(queue)));
  const single = page.view === 'queue' ? board.queues.find((figures) => figures.queue === page.queue) : undefined;
  const subtitle = page.view === 'agents' ? 'Agents' : single ? single.queue : 'All queues';

  return (
    <div className="flex h-full flex-col gap-[1.6vh]">
      <WallHeader title={config.name} subtitle={subtitle ?? ''} live={degradation === null} nowMs={nowMs} timeZone={snapshot.timeZone} />
      <DegradedBanner degradation={degradation} timeZone={snapshot.timeZone} nowMs={nowMs} className="text-[2.6vh]" />
      {page.view === 'queues' && (
        <div className="h-[19vh] shrink-0">
          <TotalStrip total={board.total} />
        </div>
      )}
      <div ref={areaRef} className="min-h-0 flex-1">
        {page.view === 'agents' ? (
          <WallAgentBoard agents={agentsShown} nowMs={nowMs} areaAspect={areaAspect} />
        ) : (
          <QueueGrid queues={single ? [single] : board.queues} timeZone={snapshot.timeZone} areaAspect={areaAspect} />
        )}
      </div>
    </div>
  );
}
