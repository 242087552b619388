/** Saves a run as bench/results/<timestamp>.json (the folder is git-ignored). */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SuiteResult } from './bench-row';

export async function writeResults(run: { profile: string; startedAt: Date; suites: SuiteResult[] }): Promise<string> {
  const folder = path.resolve(import.meta.dirname, '..', 'results');
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `${run.startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, memoryBytes: os.totalmem(), node: process.version, platform: `${os.type()} ${os.release()}` };
  // NaN and Infinity have no JSON form: they are written as null.
  await writeFile(file, `${JSON.stringify({ profile: run.profile, startedAt: run.startedAt.toISOString(), machine, suites: run.suites }, null, 2)}\n`);
  return file;
}
