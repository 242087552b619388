/**
 * lib/auth's entry for the custom server (server.ts). It must not reach
 * next/headers or next-auth's Next integration: those need the request storage
 * Next installs only once it is running, and server.ts loads before that.
 */
export { createHandshakeAuthenticator } from './handshake';
export { createDisplayStatusRecorder } from './display-status';
