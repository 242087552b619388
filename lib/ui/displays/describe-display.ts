/** How the supervisor's display list words a display. Pure. */
import type { DisplayConfig, DisplayStatus, WallView } from '@/lib/realtime/events';

const VIEW_NAMES: Record<WallView, string> = { queues: 'All queues', queue: 'One queue at a time', agents: 'Agents' };

export function describeQueues(config: DisplayConfig): string {
  return config.queues === 'all' ? 'All queues' : config.queues.join(', ');
}

export function describeViews(config: DisplayConfig): string {
  const views = config.views.map((view) => VIEW_NAMES[view]).join(' → ');
  return config.views.length > 1 ? `${views}, ${config.rotateSeconds} s each` : views;
}

/** "just now", "40 s ago", "12 min ago", "3 h ago", "5 days ago"; "never" before the first heartbeat. */
export function formatLastSeen(lastSeenAt: number | null, now: number): string {
  if (lastSeenAt === null) return 'never';
  const seconds = Math.max(0, Math.floor((now - lastSeenAt) / 1000));
  if (seconds < 10) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  const days = Math.floor(seconds / 86_400);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

export function describeStatus(status: DisplayStatus | null): string {
  if (!status) return '—';
  const memory = status.heapMb === null ? '' : `${Math.round(status.heapMb)} MB · `;
  return `v${status.version} · ${memory}${status.domNodes.toLocaleString('en-GB')} nodes · ${status.screen.width}×${status.screen.height}`;
}
