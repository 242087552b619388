/**
 * The signed-in person, for server components, server actions and route handlers.
 */
import { cookies } from 'next/headers';
import { forbidden, unauthorized } from 'next/navigation';
import { systemClock } from '@/lib/clock';
import { env } from '@/lib/env';
import type { Role } from './role';
import { secureCookies } from './server-deps';
import { readSessionCookie } from './session-cookie';
import { readLiveSession } from './session-reader';
import { roleAllows, type Viewer, viewerFromClaims } from './viewer-claims';

/**
 * Reads the session cookie directly rather than through getServerSession: a
 * server component cannot write cookies, so the refresh that getServerSession
 * might run here would be lost (and, with rotation, spend the refresh token).
 * Refreshes happen in /api/auth/session, which the browser's SessionProvider calls.
 */
export async function getViewer(): Promise<Viewer | null> {
  const jar = await cookies();
  const sessionToken = readSessionCookie(new Map(jar.getAll().map((cookie) => [cookie.name, cookie.value])), secureCookies);
  if (!sessionToken) return null;
  const claims = await readLiveSession(sessionToken, { secret: env.nextAuthSecret, now: systemClock.now });
  return claims && viewerFromClaims(claims);
}

/**
 * The gate for pages and actions: nobody signed in → `unauthorized()` (401, the
 * sign-in prompt of app/unauthorized.tsx); signed in without the role →
 * `forbidden()` (403, app/forbidden.tsx). Supervisors pass an agent gate.
 * Call it in the render path (await it), never inside try/catch.
 */
export async function requireViewer(role: Role = 'agent'): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) unauthorized();
  if (!roleAllows(viewer.role, role)) forbidden();
  return viewer;
}
