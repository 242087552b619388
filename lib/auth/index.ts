/**
 * Sign-in, roles and TV display access.
 *
 * Gate for pages: `await requireViewer('supervisor')` at the top of a server
 * component (or server action) renders app/unauthorized.tsx with a real 401
 * when nobody is signed in and app/forbidden.tsx with a real 403 for an agent
 * (Next's auth interrupts, experimental.authInterrupts in next.config.ts).
 * `getViewer()` is the non-throwing read for pages every role may see, such as /wall.
 *
 * Sockets: the custom server takes `createHandshakeAuthenticator(...)` and
 * `createDisplayStatusRecorder(...)` from ./server, which stays clear of Next.
 */
export { getViewer, requireViewer } from './viewer';
export { authOptions } from './next-auth-options';
export { AuthError, errorBody, errorResponse } from './errors';
export { DisplayConfigSchema, TokenHash } from './schemas';
export { authLogger, displayDeps } from './server-deps';
export { isPaired, pairDisplay, requestPairing } from './pairing';
export {
  configureDisplay,
  createDisplayLink,
  type DisplaySummary,
  listDisplays,
  reloadDisplay,
  revokeDisplay,
  summarizeDisplay,
} from './displays';
export { REQUEST_PATH_HEADER } from './security-headers';
export { safeCallbackPath, signInErrorMessage } from './sign-in-page';
export { SIGN_IN_PATH } from './auth-options';
