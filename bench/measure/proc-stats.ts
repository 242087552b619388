/**
 * CPU time and resident memory of another process, read from Linux's /proc, so
 * the figures are the server's alone whatever runs beside it.
 */
import { readFileSync } from 'node:fs';

/** USER_HZ: the unit of utime and stime in /proc/<pid>/stat (100 on every Linux we run on). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) from the text of /proc/<pid>/stat. */
export function cpuSecondsOfStat(stat: string): number {
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) / CLOCK_TICKS_PER_SECOND;
}

/** Resident set size in bytes from the text of /proc/<pid>/status. */
export function rssBytesOfStatus(status: string): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

export interface ProcessUsage {
  /** Mean CPU over the window, in percent of one core. */
  cpuPercent: number;
  peakRssBytes: number;
}

/** Samples a process until stopped: CPU over the whole window, RSS at its peak. */
export function sampleProcess(pid: number, intervalMs = 250): { stop(): ProcessUsage } {
  const read = (file: string) => readFileSync(`/proc/${pid}/${file}`, 'utf8');
  const startedAt = performance.now();
  const cpuAtStart = cpuSecondsOfStat(read('stat'));
  let peakRssBytes = rssBytesOfStatus(read('status'));
  const timer = setInterval(() => {
    peakRssBytes = Math.max(peakRssBytes, rssBytesOfStatus(read('status')));
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const seconds = (performance.now() - startedAt) / 1000;
      peakRssBytes = Math.max(peakRssBytes, rssBytesOfStatus(read('status')));
      return { cpuPercent: ((cpuSecondsOfStat(read('stat')) - cpuAtStart) / seconds) * 100, peakRssBytes };
    },
  };
}
