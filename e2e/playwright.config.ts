import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8788);

// Journeys run in Debian's Chromium against the built shop served by `wrangler dev`
// on its own port and a fresh local state, so a running dev shop is never touched.
export default defineConfig({
  testDir: './tests',
  outputDir: './.output/results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ...devices['Pixel 7'],
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    locale: 'id-ID',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // Live courier rates seeded off: the journeys check out with the zones; courier.spec turns them on.
    // The saved cart's reminder after 5 seconds, at most one per 15 (saved-cart.spec; 4 hours and a week in production).
    command: `node ../scripts/start.mjs --port ${port} --state .wrangler/e2e --fresh --courier-rates off --cart-reminder-delay 5 --cart-reminder-pause 15`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
