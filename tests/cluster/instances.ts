/**
 * Wallboard instances as child processes (tests/cluster/instance.ts under tsx),
 * so killing one is a real SIGKILL. Each one's output is kept, for the failure message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../..');
const ENTRY = path.join(REPO, 'tests/cluster/instance.ts');

export interface Instance {
  url: string;
  port: number;
  instanceId: string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  output(): string;
  kill(signal: NodeJS.Signals): void;
}

export function startInstance(env: Record<string, string>, keyPrefix: string): Promise<Instance> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ENTRY, keyPrefix], {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const ready = readyLine(line);
        if (!ready) continue;
        resolve({
          url: `http://127.0.0.1:${ready.port}`,
          port: ready.port,
          instanceId: ready.instance,
          exited,
          output: () => output,
          kill: (signal) => void child.kill(signal),
        });
      }
    });
    void exited.then((code) => reject(new Error(`instance exited (${code}) before it was ready:\n${output}`)));
  });
}

function readyLine(line: string): { port: number; instance: string } | null {
  try {
    const parsed = JSON.parse(line) as { ready?: unknown; instance?: unknown };
    return typeof parsed.ready === 'number' && typeof parsed.instance === 'string' ? { port: parsed.ready, instance: parsed.instance } : null;
  } catch {
    return null;
  }
}
