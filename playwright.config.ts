import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// Browser tests run the real server (apps/server/src/main.ts) on a fresh database, serving the
// built web app (scripts/e2e.mjs builds it first and finds Chromium).
const PORT = Number(process.env.E2E_PORT ?? 5055);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// One temporary run directory holds a fresh database and a snapshot of the web build taken
// now, so a rebuild of apps/web/dist during the run (another suite, `npm run build`) cannot
// pull files from under the browser. The config is evaluated by the runner and again by each
// worker; the env vars make them share it (workers inherit the runner's environment). The
// process that created it removes it on exit, after the web server has been stopped.
if (!process.env.MERIDIAN_E2E_DATA_DIR) {
  const runDir = mkdtempSync(join(tmpdir(), 'meridian-e2e-'));
  process.env.MERIDIAN_E2E_DATA_DIR = join(runDir, 'data');
  mkdirSync(process.env.MERIDIAN_E2E_DATA_DIR);
  const webDist = fileURLToPath(new URL('./apps/web/dist', import.meta.url));
  if (existsSync(join(webDist, 'index.html'))) {
    cpSync(webDist, join(runDir, 'web'), { recursive: true });
    process.env.MERIDIAN_E2E_WEB_DIR = join(runDir, 'web');
  }
  process.on('exit', () => rmSync(runDir, { recursive: true, force: true }));
}
// Playwright empties its output directory when a run starts: one per run, so that runs
// started side by side (several people or agents on one checkout) never delete each
// other's traces mid-run.
process.env.MERIDIAN_E2E_RUN_ID ??= `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: `e2e/artifacts/test-results/${process.env.MERIDIAN_E2E_RUN_ID}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium refuses some ports outright (e.g. 5060/5061, SIP); allow whichever E2E_PORT says.
        `--explicitly-allowed-ports=${PORT}`,
      ],
    },
  },
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: process.env.MERIDIAN_E2E_DATA_DIR,
      ...(process.env.MERIDIAN_E2E_WEB_DIR ? { WEB_DIST_DIR: process.env.MERIDIAN_E2E_WEB_DIR } : {}),
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      // Many sign-ins in a row from one address are expected here.
      SIGN_IN_RATE_LIMIT: '1000',
      // No demo liquidity provider: specs see only the orders they place themselves.
      LIQUIDITY_PROVIDER: 'false',
      // The automatic settlement run must not settle the seeded queue before /custodian's Process Queue does.
      SETTLEMENT_RUN_TIME: '23:59',
    },
  },
});
