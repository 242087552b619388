/**
 * Resident memory of a process and all its descendants, from Linux's /proc:
 * `npx tsx server.ts` is npx, tsx and the server's own node, and the product's
 * memory is the sum.
 */
import { readdir, readFile } from 'node:fs/promises';
import { rssBytesOfStatus } from '@/bench/measure/proc-stats';

export interface ProcessRss {
  pid: number;
  command: string;
  rssBytes: number;
}

/** The parent pid from the text of /proc/<pid>/stat. */
export function parentPidOfStat(stat: string): number {
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** `root` and every process below it, parents before children. */
export function treeOf(root: number, parentOf: ReadonlyMap<number, number>): number[] {
  const tree = [root];
  for (let index = 0; index < tree.length; index++) {
    for (const [pid, parent] of parentOf) if (parent === tree[index]) tree.push(pid);
  }
  return tree;
}

/** Each live process of the tree with its VmRSS; one that exits while read is left out. */
export async function treeRss(root: number): Promise<ProcessRss[]> {
  const parentOf = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readProc(Number(entry), 'stat');
    if (stat) parentOf.set(Number(entry), parentPidOfStat(stat));
  }
  const processes: ProcessRss[] = [];
  for (const pid of treeOf(root, parentOf)) {
    const [status, command] = await Promise.all([readProc(pid, 'status'), readProc(pid, 'cmdline')]);
    if (status === null || command === null) continue;
    // Zombies and kernel threads have no VmRSS line.
    const rssBytes = rssBytesOfStatus(status);
    processes.push({ pid, command: command.split('\0').filter(Boolean).join(' '), rssBytes: Number.isNaN(rssBytes) ? 0 : rssBytes });
  }
  return processes;
}

async function readProc(pid: number, file: string): Promise<string | null> {
  try {
    return await readFile(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}
