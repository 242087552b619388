/**
 * The bench's own unit tests (its pure parts: plans, messages, percentiles,
 * /proc parsing, the table), run with `npm run bench:test`; the root config
 * covers lib/ and tests/ only.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('..', import.meta.url)) } },
  test: { root: fileURLToPath(new URL('..', import.meta.url)), include: ['bench/**/*.test.ts'], environment: 'node' },
});
