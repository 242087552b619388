import { AuthError, authLogger, displayDeps, errorResponse, getViewer, listDisplays } from '@/lib/auth';

export const dynamic = 'force-dynamic';

/** The supervisor's list of displays in service, with their last heartbeat. */
export async function GET(): Promise<Response> {
  try {
    const viewer = await getViewer();
    if (!viewer) throw new AuthError('unauthorized', 'Sign in to manage displays.');
    if (viewer.role !== 'supervisor') throw new AuthError('forbidden', 'Only supervisors manage displays.');
    const displays = await listDisplays(displayDeps());
    return Response.json({ displays }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    return errorResponse(error, authLogger);
  }
}
