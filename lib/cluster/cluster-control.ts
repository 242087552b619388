/**
 * What route code asks of the live server (RealtimeControl), in a cluster.
 * Display commands and disconnections already reach every instance's sockets
 * through the Socket.IO adapter; settings live in each instance's own live
 * core, so a change goes through the live log and each instance reads the
 * stored settings back.
 */
import type { Logger } from '@/lib/log';
import type { RealtimeControl } from '@/lib/realtime/control';
import type { LogWriter } from './log-writer';

export function clusterControl(realtime: RealtimeControl, writer: Pick<LogWriter, 'append'>, log: Logger): RealtimeControl {
  return {
    settingsChanged(change) {
      const entry = { kind: 'settings' as const, thresholds: change.thresholds !== undefined, alerts: change.alerts !== undefined };
      writer.append(entry).catch((error: unknown) => log.error({ err: error }, 'announcing a settings change to the cluster failed'));
    },
    sendDisplayCommand: (displayId, command) => realtime.sendDisplayCommand(displayId, command),
    disconnectDisplay: (displayId) => realtime.disconnectDisplay(displayId),
    disconnectUser: (userId) => realtime.disconnectUser(userId),
  };
}
