import { z } from 'zod';
import { AuthError, authLogger, displayDeps, errorResponse, requestPairing, TokenHash } from '@/lib/auth';

export const dynamic = 'force-dynamic';

const Body = z.object({ tokenHash: TokenHash });

/** A TV with no token yet asks for a pairing code for the hash of the token it made. No session: a TV has none. */
export async function POST(request: Request): Promise<Response> {
  try {
    const body = Body.safeParse(await request.json().catch(() => null));
    if (!body.success) throw new AuthError('invalid_input', 'Send { tokenHash }: the SHA-256 of the display token, in hex.');
    const pairing = await requestPairing(body.data.tokenHash, displayDeps());
    return Response.json(pairing, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    return errorResponse(error, authLogger);
  }
}
