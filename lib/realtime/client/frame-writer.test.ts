import { describe, expect, it } from 'vitest';
import { createFrameWriter, type FrameScheduler } from './frame-writer';

/** Frames and visibility by hand: a test says when the next frame comes and whether the page shows. */
function fakeFrames() {
  let nextHandle = 1;
  const frames = new Map<number, () => void>();
  const listeners = new Set<() => void>();
  let hidden = false;
  const scheduler: FrameScheduler = {
    requestFrame(callback) {
      const handle = nextHandle++;
      frames.set(handle, callback);
      return handle;
    },
    cancelFrame: (handle) => void frames.delete(handle),
    isHidden: () => hidden,
    onVisibilityChange(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
  };
  return {
    scheduler,
    requested: () => frames.size,
    listening: () => listeners.size,
    nextFrame() {
      const due = [...frames.values()];
      frames.clear();
      for (const callback of due) callback();
    },
    setHidden(value: boolean) {
      hidden = value;
      for (const listener of [...listeners]) listener();
    },
  };
}

describe('createFrameWriter', () => {
  it('delivers only the newest value, once, at the next frame', () => {
    const frames = fakeFrames();
    const delivered: number[] = [];
    const writer = createFrameWriter<number>((value) => delivered.push(value), frames.scheduler);
    writer.write(1);
    writer.write(2);
    writer.write(3);
    expect(delivered).toEqual([]);
    expect(frames.requested()).toBe(1);
    frames.nextFrame();
    expect(delivered).toEqual([3]);
    frames.nextFrame();
    expect(delivered).toEqual([3]);
  });

  it('asks for a new frame for a value written after the last one was delivered', () => {
    const frames = fakeFrames();
    const delivered: number[] = [];
    const writer = createFrameWriter<number>((value) => delivered.push(value), frames.scheduler);
    writer.write(1);
    frames.nextFrame();
    writer.write(2);
    frames.nextFrame();
    expect(delivered).toEqual([1, 2]);
  });

  it('delivers at once while the page is hidden, since hidden pages get no frames', () => {
    const frames = fakeFrames();
    const delivered: number[] = [];
    const writer = createFrameWriter<number>((value) => delivered.push(value), frames.scheduler);
    frames.setHidden(true);
    writer.write(1);
    writer.write(2);
    expect(delivered).toEqual([1, 2]);
    expect(frames.requested()).toBe(0);
  });

  it('delivers a value waiting for a frame when the page is hidden before it comes', () => {
    const frames = fakeFrames();
    const delivered: number[] = [];
    const writer = createFrameWriter<number>((value) => delivered.push(value), frames.scheduler);
    writer.write(7);
    frames.setHidden(true);
    expect(delivered).toEqual([7]);
    expect(frames.requested()).toBe(0);
  });

  it('delivers nothing more once disposed, and stops watching visibility', () => {
    const frames = fakeFrames();
    const delivered: number[] = [];
    const writer = createFrameWriter<number>((value) => delivered.push(value), frames.scheduler);
    writer.write(1);
    writer.dispose();
    frames.nextFrame();
    frames.setHidden(true);
    expect(delivered).toEqual([]);
    expect(frames.listening()).toBe(0);
  });
});
