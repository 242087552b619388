import { getServerContext } from '@/lib/server-context';

export const dynamic = 'force-dynamic';

/** Liveness for load balancers and test runners: 200 once the custom server has wired everything. */
export function GET(): Response {
  try {
    getServerContext();
    return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
  } catch {
    return Response.json({ error: { code: 'starting', message: 'The server is starting.' } }, { status: 503 });
  }
}
