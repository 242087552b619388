/**
 * One PGlite per folder. Two Postgres instances writing the same files corrupt
 * them, and PGlite cannot tell: its postmaster.pid always holds the same fake pid.
 * The lock is a file holding the owner's pid, taken over only when that process
 * is gone. Pids are compared on this machine only: a folder shared between
 * containers or hosts needs PostgreSQL instead.
 */
import { readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StoreError } from './errors';

interface LockDeps {
  pid: number;
  isProcessAlive(pid: number): boolean;
}

const defaultDeps: LockDeps = { pid: process.pid, isProcessAlive };

// On globalThis so that a second copy of this module (another bundle) sees the same locks.
const HELD = Symbol.for('wallboard.store.held-lock-files');
type Holder = { [HELD]?: Set<string> };

function heldLockFiles(): Set<string> {
  const holder = globalThis as Holder;
  holder[HELD] ??= new Set();
  return holder[HELD];
}

/** Takes the lock or throws data_dir_in_use; resolves with the function that releases it. */
export async function lockDataDir(lockFile: string, deps: LockDeps = defaultDeps): Promise<() => Promise<void>> {
  const file = path.resolve(lockFile);
  const held = heldLockFiles();
  if (held.has(file)) {
    throw new StoreError('data_dir_in_use', `${file} is held by a store already open in this process; close it first`);
  }
  if (!(await tryCreate(file, deps.pid))) {
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    // Our own pid in the file without our lock in `held` is a previous run of a
    // process that got the same pid (common in containers): stale too.
    if (Number.isInteger(owner) && owner > 0 && owner !== deps.pid && deps.isProcessAlive(owner)) {
      throw new StoreError('data_dir_in_use', `${file} is held by process ${owner}; stop it or use another DATA_DIR`);
    }
    await unlink(file).catch(ignoreMissing);
    if (!(await tryCreate(file, deps.pid))) {
      throw new StoreError('data_dir_in_use', `${file} was taken by another process while this one was opening`);
    }
  }
  held.add(file);
  return async () => {
    held.delete(file);
    await unlink(file).catch(ignoreMissing);
  };
}

async function tryCreate(file: string, pid: number): Promise<boolean> {
  try {
    await writeFile(file, `${pid}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
