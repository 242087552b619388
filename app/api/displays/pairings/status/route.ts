import { z } from 'zod';
import { AuthError, authLogger, displayDeps, errorResponse, isPaired, TokenHash } from '@/lib/auth';

export const dynamic = 'force-dynamic';

const Body = z.object({ tokenHash: TokenHash });

/** The TV's light check, every few seconds while it shows a code: has a supervisor paired my token yet? */
export async function POST(request: Request): Promise<Response> {
  try {
    const body = Body.safeParse(await request.json().catch(() => null));
    if (!body.success) throw new AuthError('invalid_input', 'Send { tokenHash }: the SHA-256 of the display token, in hex.');
    const paired = await isPaired(body.data.tokenHash, displayDeps());
    return Response.json({ paired }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    return errorResponse(error, authLogger);
  }
}
