/**
 * How many connections may wait to be accepted. When a server restarts or the
 * network blips, every TV and browser reconnects within about a second; Node's
 * default of 511 overflows then, and the kernel drops the rest, whose SYN
 * retries leave them dark for up to a minute. Linux caps it at net.core.somaxconn
 * (4096 by default since kernel 5.4).
 */
export const LISTEN_BACKLOG = 4096;
