/**
 * Reads a request body up to a byte limit. Past the limit it stops reading at
 * once instead of buffering the rest, so a huge or endless body costs nothing.
 */
import type { IncomingMessage } from 'node:http';

export type BodyReadResult = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'aborted' };

export function readLimitedBody(req: IncomingMessage, maxBytes: number): Promise<BodyReadResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve({ ok: false, reason: 'too_large' });

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    function finish(result: BodyReadResult): void {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      resolve(result);
    }
    function onData(chunk: Buffer): void {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        finish({ ok: false, reason: 'too_large' });
        return;
      }
      chunks.push(chunk);
    }
    function onEnd(): void {
      finish({ ok: true, body: Buffer.concat(chunks, size) });
    }
    function onAbort(): void {
      finish({ ok: false, reason: 'aborted' });
    }
    req.on('data', onData);
    req.on('end', onEnd);
    // Stays attached after the result: a client that resets mid-body must not become an uncaught 'error'.
    req.on('error', onAbort);
    req.on('aborted', onAbort);
  });
}
