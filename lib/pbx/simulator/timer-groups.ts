/** Clock timers kept in named groups, so ending a call or a process cancels all of its timers at once. */
import type { Clock, TimerHandle } from '@/lib/clock';

interface TimerGroups {
  after(group: string, ms: number, run: () => void): void;
  cancel(group: string): void;
  cancelWhere(matches: (group: string) => boolean): void;
  cancelAll(): void;
}

export function createTimerGroups(clock: Clock): TimerGroups {
  const groups = new Map<string, Set<TimerHandle>>();

  function cancel(group: string): void {
    for (const handle of groups.get(group) ?? []) clock.clearTimeout(handle);
    groups.delete(group);
  }

  return {
    after(group, ms, run) {
      const handles = groups.get(group) ?? new Set<TimerHandle>();
      groups.set(group, handles);
      const handle = clock.setTimeout(() => {
        handles.delete(handle);
        if (handles.size === 0 && groups.get(group) === handles) groups.delete(group);
        run();
      }, ms);
      handles.add(handle);
    },
    cancel,
    cancelWhere(matches) {
      for (const group of [...groups.keys()]) if (matches(group)) cancel(group);
    },
    cancelAll() {
      for (const group of [...groups.keys()]) cancel(group);
    },
  };
}
