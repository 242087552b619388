import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  let dir: string;
  let lockFile: string;
  const otherProcess = 4242;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'store-lock-'));
    lockFile = path.join(dir, 'pglite.lock');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes this process id when the folder is free', async () => {
    const release = await lockDataDir(lockFile, { pid: 1234, isProcessAlive: () => true });
    expect(await readFile(lockFile, 'utf8')).toBe('1234\n');
    await release();
  });

  it('refuses with data_dir_in_use when this process already holds the lock', async () => {
    const release = await lockDataDir(lockFile);
    await expect(lockDataDir(lockFile)).rejects.toMatchObject({
      code: 'data_dir_in_use',
      message: `${lockFile} is held by a store already open in this process; close it first`,
    });
    await release();
  });

  it('refuses with data_dir_in_use when a live process holds the lock', async () => {
    await writeFile(lockFile, `${otherProcess}\n`);
    await expect(lockDataDir(lockFile, { pid: 1234, isProcessAlive: () => true })).rejects.toMatchObject({
      code: 'data_dir_in_use',
      message: `${lockFile} is held by process ${otherProcess}; stop it or use another DATA_DIR`,
    });
  });

  it('takes the lock over when its owner has exited', async () => {
    await writeFile(lockFile, `${otherProcess}\n`);
    const release = await lockDataDir(lockFile, { pid: 1234, isProcessAlive: (pid) => pid !== otherProcess });
    expect(await readFile(lockFile, 'utf8')).toBe('1234\n');
    await release();
  });

  it('takes the lock over when the file holds this pid from an earlier run', async () => {
    await writeFile(lockFile, '1234\n');
    const release = await lockDataDir(lockFile, { pid: 1234, isProcessAlive: () => true });
    expect(await readFile(lockFile, 'utf8')).toBe('1234\n');
    await release();
  });

  it('lets the folder be locked again when the lock is released', async () => {
    const release = await lockDataDir(lockFile);
    await release();
    const again = await lockDataDir(lockFile);
    await again();
  });
});
