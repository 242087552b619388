import type { Viewer } from './viewer-claims';

declare module 'next-auth' {
  /** What `/api/auth/session` and useSession() expose: the viewer, never tokens. */
  interface Session {
    user: Viewer;
  }
}
