/**
 * POSTs over a pool of keep-alive connections, as the telephony service's
 * delivery worker would, timing each request from the moment it is handed to
 * the socket layer to the end of the answer.
 */
import { Agent, request } from 'node:http';
import { monotonicMs } from '../measure/monotonic-ms';

interface PostOutcome {
  status: number;
  sentAt: number;
  answeredAt: number;
}

export interface HttpPoster {
  post(url: string, body: string, contentType?: string): Promise<PostOutcome>;
  close(): void;
}

export function createHttpPoster(options: { connections: number }): HttpPoster {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  return {
    post(url, body, contentType = 'application/json') {
      return new Promise((resolve) => {
        const sentAt = monotonicMs();
        const req = request(url, {
          method: 'POST',
          agent,
          headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(body) },
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, sentAt, answeredAt: monotonicMs() }));
        });
        // A refused or reset request counts as an answer of 0, never as a crash of the run.
        req.on('error', () => resolve({ status: 0, sentAt, answeredAt: monotonicMs() }));
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
