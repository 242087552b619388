/**
 * Makes PGlite's commits reach the disk before a write resolves.
 *
 * PGlite's Node file system writes straight through to the OS (each query already
 * waits for that, as relaxedDurability is off), but it runs Postgres with fsync
 * off (start parameter -F) and its WASM file system ignores fdatasync: a commit
 * survives a crash of this process, not a power cut. So after each write we
 * fsync from outside what Postgres would have: the WAL segments written since the
 * last flush (they hold the commit records), and after a checkpoint, which
 * writes data files and lets Postgres recycle the WAL that covered them, every
 * file in the folder.
 */
import type { PGlite } from '@electric-sql/pglite';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';

export type FsyncPath = (target: string) => Promise<void>;

interface DiskSync {
  /** Resolves once every commit made so far is on disk. */
  afterWrite(): Promise<void>;
  /** Flushes every file and folder of the data folder, e.g. after close wrote the shutdown checkpoint. */
  syncAll(): Promise<void>;
}

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

const WAL_POSITION = `SELECT pg_walfile_name(pg_current_wal_lsn()) AS segment,
  (pg_control_checkpoint()).checkpoint_lsn::text AS checkpoint`;

export function createDiskSync(pg: Pick<PGlite, 'query'>, pgDataDir: string, fsync: FsyncPath = fsyncPath): DiskSync {
  const walDir = path.join(pgDataDir, 'pg_wal');
  let flushedSegment: string | null = null;
  let flushedCheckpoint: string | null = null;
  // One flush at a time, so a flush never counts on one that is still running.
  let previous: Promise<void> = Promise.resolve();

  async function flush(): Promise<void> {
    const { rows } = await pg.query<{ segment: string; checkpoint: string }>(WAL_POSITION);
    const position = rows[0]!;
    if (position.checkpoint !== flushedCheckpoint) {
      await syncTree(pgDataDir, fsync);
    } else {
      // Segment names sort in write order; later names are recycled segments not yet written.
      const written = (await readdir(walDir)).filter(
        (name) => WAL_SEGMENT.test(name) && name <= position.segment && (flushedSegment === null || name >= flushedSegment),
      );
      for (const segment of written) await fsync(path.join(walDir, segment)).catch(ignoreVanished);
      // A new segment is a new directory entry, which needs its own flush.
      if (position.segment !== flushedSegment) await fsync(walDir);
    }
    flushedSegment = position.segment;
    flushedCheckpoint = position.checkpoint;
  }

  return {
    afterWrite() {
      const run = previous.then(flush);
      previous = run.catch(() => undefined);
      return run;
    },
    syncAll: () => syncTree(pgDataDir, fsync),
  };
}

async function fsyncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncTree(dir: string, fsync: FsyncPath): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(ignoreVanished);
  for (const entry of entries ?? []) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) await syncTree(target, fsync);
    else if (entry.isFile()) await fsync(target).catch(ignoreVanished);
  }
  await fsync(dir).catch(ignoreVanished);
}

/** Postgres deletes temporary files and old WAL while we walk; a file gone has nothing left to flush. */
function ignoreVanished(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
}
