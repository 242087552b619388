/** What the benchmark asks of a server process, and what it answers. */

export interface MemoryFigures {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export type ServerCommand =
  | { type: 'memory' }
  | { type: 'drop-connections' }
  | { type: 'count-cdrs' };

export type ServerReply =
  | { type: 'ready'; url: string; webhookUrl: string }
  /** Taken after a full garbage collection, when the process runs with --expose-gc. */
  | { type: 'memory'; figures: MemoryFigures }
  | { type: 'dropped'; connections: number }
  | { type: 'cdrs'; stored: number };

export function memoryFigures(): MemoryFigures {
  globalThis.gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external, arrayBuffers };
}
