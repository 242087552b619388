import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests run against the whole stack in production mode: server.ts with
 * the embedded sandbox, on ports of their own so a running dev server is left alone.
 * PLAYWRIGHT_CHROMIUM_PATH picks the browser (scripts/ensure-browser.sh finds
 * Debian's chromium here); unset, Playwright uses its own.
 */
const port = 3100;
const pbxPort = 4100;
const baseURL = `http://localhost:${port}`;
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH || undefined;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-results/playwright',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1920, height: 1080 } } }],
  webServer: {
    command: 'rm -rf .e2e-data && npx tsx server.ts',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      PBX_PORT: String(pbxPort),
      PUBLIC_URL: baseURL,
      DATA_DIR: '.e2e-data',
      LOG_LEVEL: 'warn',
      PBX_LOG_LEVEL: 'warn',
      // Scripted calls only: tests must see exactly what they placed.
      PBX_SIMULATOR: 'off',
      PBX_RATE_LIMITS: 'off',
      TELEPHONY_STATS_LIMIT_PER_MINUTE: '60',
      STATS_POLL_MS: '1000',
      // Short-lived access tokens so sign-in refreshes happen during the run.
      PBX_ACCESS_TOKEN_TTL_SECONDS: '30',
      TIME_ZONE: 'Europe/London',
    },
  },
});
