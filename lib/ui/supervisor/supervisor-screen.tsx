'use client';
/**
 * The supervisor's live view: queues, calls, agents, today's figures, the
 * phone system's health and the settings that drive the wall.
 */
import { useMemo } from 'react';
import { useLive } from '@/lib/realtime/client';
import { DegradedBanner, SignOutButton, useServerNow } from '@/lib/ui/common';
import { DisplayManager } from '@/lib/ui/displays';
import { formatTimeOfDay, zonedWeekMinute } from '@/lib/ui/format';
import { activeCrossings, assessDegradation, buildQueueBoard } from '@/lib/ui/status';
import { AgentTable } from './agent-table';
import { AlertPanel } from './alert-panel';
import { CdrTable } from './cdr-table';
import { KpiPanel } from './kpi-panel';
import { LiveCallsTable } from './live-calls-table';
import { Panel } from './panel';
import { QueueTable } from './queue-table';
import { ThresholdForm } from './threshold-form';
import { UpstreamPanel } from './upstream-panel';

const SUPERVISOR = { view: 'supervisor' } as const;

export function SupervisorScreen({ viewerName, signInHref }: { viewerName: string; signInHref: string }) {
  const live = useLive(SUPERVISOR);
  const nowMs = useServerNow(live.serverOffsetMs);
  const { snapshot, connection } = live;
  const board = useMemo(() => (snapshot ? buildQueueBoard(snapshot, nowMs) : null), [snapshot, nowMs]);

  const header = (
    <header className="sticky top-0 z-10 border-b border-slate-800 bg-slate-950/95 backdrop-blur">
      <div className="mx-auto flex max-w-[1600px] flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div className="flex items-baseline gap-3">
          <h1 className="text-2xl font-bold text-slate-50">Supervisor</h1>
          {snapshot && <time className="tabular-nums text-slate-300">{formatTimeOfDay(nowMs, snapshot.timeZone)}</time>}
        </div>
        <div className="flex items-center gap-3 text-sm">
          <span className="text-slate-300">{viewerName}</span>
          <SignOutButton />
        </div>
      </div>
    </header>
  );

  if (connection.status === 'refused') {
    return (
      <>
        {header}
        <main className="mx-auto max-w-xl p-8 text-center">
          <p role="alert" className="text-lg">
            Your session has ended. <a href={signInHref} className="font-semibold text-sky-300 underline">Sign in again</a> to continue.
          </p>
        </main>
      </>
    );
  }
  if (!snapshot || !board) {
    return (
      <>
        {header}
        <main className="p-8 text-center text-slate-300">
          <p role="status">Connecting to the wallboard server…</p>
        </main>
      </>
    );
  }

  const degradation = assessDegradation({
    health: snapshot.health,
    nowMs,
    connection: { status: connection.status, sinceMs: connection.since + live.serverOffsetMs },
  });
  const queueNames = snapshot.queues.map((queue) => queue.queue);
  const currentHour = Math.floor(zonedWeekMinute(nowMs, snapshot.timeZone).minutes / 60);

  return (
    <>
      {header}
      <main className="mx-auto grid max-w-[1600px] items-start gap-4 p-4 xl:grid-cols-3">
        <DegradedBanner degradation={degradation} timeZone={snapshot.timeZone} nowMs={nowMs} className="xl:col-span-3" />
        <Panel id="queues" title="Queues" className="xl:col-span-2">
          <QueueTable queues={board.queues} total={board.total} timeZone={snapshot.timeZone} />
        </Panel>
        <Panel id="alerts" title="Alerts">
          <AlertPanel alerts={snapshot.alerts} crossings={activeCrossings(board.queues, snapshot.alerts)} nowMs={nowMs} timeZone={snapshot.timeZone} />
        </Panel>
        <Panel id="calls" title="Live calls" className="xl:col-span-2">
          <LiveCallsTable calls={snapshot.calls} agents={snapshot.agents} nowMs={nowMs} />
        </Panel>
        <Panel id="agents" title="Agents">
          <AgentTable agents={snapshot.agents} nowMs={nowMs} timeZone={snapshot.timeZone} />
        </Panel>
        <Panel id="today" title={`Today (${snapshot.kpis.day})`}>
          <KpiPanel kpis={snapshot.kpis} currentHour={currentHour} />
        </Panel>
        <Panel id="history" title="Recent calls" className="xl:col-span-2">
          <CdrTable cdrs={snapshot.recentCdrs} agents={snapshot.agents} timeZone={snapshot.timeZone} />
        </Panel>
        <Panel id="upstream" title="Phone system">
          <UpstreamPanel health={snapshot.health} nowMs={nowMs} timeZone={snapshot.timeZone} />
        </Panel>
        <Panel id="thresholds" title="Alert thresholds" className="xl:col-span-2">
          <ThresholdForm thresholds={snapshot.thresholds} queues={queueNames} />
        </Panel>
        <div className="xl:col-span-3">
          <DisplayManager queueOptions={queueNames} />
        </div>
      </main>
    </>
  );
}
