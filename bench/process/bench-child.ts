/**
 * A benchmark process of its own (server, client fleet), so the CPU and memory
 * we sample belong to one role only. Messages go both ways over Node's IPC
 * channel with the advanced serialisation, which carries typed arrays as such.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface BenchChild<Command, Reply extends { type: string }> {
  readonly pid: number;
  send(command: Command): void;
  /** The next reply of this type (one already waiting included). */
  next<T extends Reply['type']>(type: T, timeoutMs?: number): Promise<Extract<Reply, { type: T }>>;
  /** Sends the command and waits for the reply of that type. */
  ask<T extends Reply['type']>(command: Command, type: T, timeoutMs?: number): Promise<Extract<Reply, { type: T }>>;
  /** Ends the process (SIGTERM, then SIGKILL if it lingers). */
  stop(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const KILL_AFTER_MS = 5_000;

export function startBenchChild<Command, Reply extends { type: string }>(
  entry: string,
  options: { args?: string[]; nodeArgs?: string[] } = {},
): BenchChild<Command, Reply> {
  const child: ChildProcess = fork(path.resolve(import.meta.dirname, '..', entry), options.args ?? [], {
    execArgv: ['--import', 'tsx', ...(options.nodeArgs ?? [])],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: Reply[] = [];
  const waiters: Array<{ type: string; resolve(reply: Reply): void }> = [];
  let exited: Error | null = null;
  const onExitWaiters = new Set<(error: Error) => void>();

  child.on('message', (message) => {
    const reply = message as Reply;
    const index = waiters.findIndex((waiter) => waiter.type === reply.type);
    if (index >= 0) waiters.splice(index, 1)[0]!.resolve(reply);
    else inbox.push(reply);
  });
  child.on('exit', (code, signal) => {
    exited = new Error(`${entry} exited (${signal ?? code})`);
    for (const fail of onExitWaiters) fail(exited);
  });

  function next<T extends Reply['type']>(type: T, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Extract<Reply, { type: T }>> {
    const waiting = inbox.findIndex((reply) => reply.type === type);
    if (waiting >= 0) return Promise.resolve(inbox.splice(waiting, 1)[0] as Extract<Reply, { type: T }>);
    if (exited) return Promise.reject(exited);
    return new Promise((resolve, reject) => {
      const waiter = {
        type,
        resolve(reply: Reply) {
          clearTimeout(timer);
          onExitWaiters.delete(reject);
          resolve(reply as Extract<Reply, { type: T }>);
        },
      };
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        onExitWaiters.delete(reject);
        reject(new Error(`${entry}: no ${type} within ${timeoutMs} ms`));
      }, timeoutMs);
      onExitWaiters.add(reject);
      waiters.push(waiter);
    });
  }

  return {
    pid: child.pid!,
    send: (command) => void child.send(command as object),
    next,
    ask(command, type, timeoutMs) {
      const reply = next(type, timeoutMs);
      child.send(command as object);
      return reply;
    },
    async stop() {
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
      await gone;
      clearTimeout(killer);
    },
  };
}

/** The child's side: typed replies to the parent, and the parent's commands. */
export function parentChannel<Command, Reply>() {
  if (!process.send) throw new Error('a bench child must be started with an IPC channel');
  return {
    reply: (reply: Reply) => void process.send!(reply),
    onCommand(handler: (command: Command) => void | Promise<void>) {
      process.on('message', (message) => {
        Promise.resolve(handler(message as Command)).catch((error: unknown) => {
          console.error(error);
          process.exit(1);
        });
      });
      // The parent going away (a crash, Ctrl-C) ends the child too: nothing may outlive the run.
      process.on('disconnect', () => process.exit(0));
      // An orderly exit on stop, so --cpu-prof gets to write its profile.
      process.on('SIGTERM', () => process.exit(0));
    },
  };
}
