import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

/** A write the test finishes by hand, recording what each call to it received. */
function controlledWrite() {
  const writes: Array<{ calls: number[][]; finish(): void; fail(error: Error): void }> = [];
  const write = (calls: number[][]) =>
    new Promise<number[][]>((resolve, reject) => {
      writes.push({ calls, finish: () => resolve(calls.map((items) => items.map((n) => n * 10))), fail: reject });
    });
  return { writes, write };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('createGroupCommit', () => {
  it('sends calls made in the same tick as one write when the writer is idle', async () => {
    const { writes, write } = controlledWrite();
    const commit = createGroupCommit(write);
    const first = commit.submit([1, 2]);
    const second = commit.submit([3]);
    await settle();
    expect(writes.map((w) => w.calls)).toEqual([[[1, 2], [3]]]);
    writes[0]!.finish();
    expect(await first).toEqual([10, 20]);
    expect(await second).toEqual([30]);
  });

  it('coalesces calls made while a write runs into the next single write', async () => {
    const { writes, write } = controlledWrite();
    const commit = createGroupCommit(write);
    const first = commit.submit([1]);
    await settle();
    const later = [commit.submit([2]), commit.submit([3]), commit.submit([4])];
    await settle();
    expect(writes).toHaveLength(1);
    writes[0]!.finish();
    await first;
    await settle();
    expect(writes.map((w) => w.calls)).toEqual([[[1]], [[2], [3], [4]]]);
    writes[1]!.finish();
    expect(await Promise.all(later)).toEqual([[20], [30], [40]]);
  });

  it('rejects only the calls of the failed write when a write fails', async () => {
    const { writes, write } = controlledWrite();
    const commit = createGroupCommit(write);
    const failing = commit.submit([1]);
    await settle();
    const next = commit.submit([2]);
    writes[0]!.fail(new Error('disk full'));
    await expect(failing).rejects.toThrow('disk full');
    await settle();
    writes[1]!.finish();
    expect(await next).toEqual([20]);
  });

  it('settles only after every submitted call has been written', async () => {
    const { writes, write } = controlledWrite();
    const commit = createGroupCommit(write);
    void commit.submit([1]);
    let settled = false;
    const done = commit.settled().then(() => (settled = true));
    await settle();
    const second = commit.submit([2]);
    writes[0]!.finish();
    await settle();
    expect(settled).toBe(false);
    writes[1]!.finish();
    await second;
    await done;
    expect(settled).toBe(true);
  });
});
