import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4319);
export const baseURL = `http://127.0.0.1:${port}`;
export const e2eAdmin = { email: 'admin@uplink.test', password: 'Admin!Pass123' };
/**
 * The server's DATA_DIR. Made once by the runner and handed to its workers in their environment
 * (each loads this file again), so a test can run an operator command on the server's demo chain
 * (`demo:safe-confirm` reads demo-chain.json from it).
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'uplink-e2e-'));
/** When the run began, for every worker alike: the specs' reward cycles count from it (support/reward-cycles.ts). */
process.env.E2E_RUN_STARTED_AT ??= String(Date.now());
export const e2eDataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    // The app honours reduced motion, so axe reads every colour as it stays, never mid-fade (a
    // button's colour fading in as it became enabled read as too little contrast now and then).
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The compiled server, as a release runs it (`npm run test:e2e` builds it first).
    command: 'node ../apps/server/dist/main.js',
    url: `${baseURL}/api/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../apps/web/dist'),
      DATA_DIR: e2eDataDir,
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      SEED_DEMO: process.env.E2E_SEED_DEMO ?? 'false',
      // The rewards tests run their cycles as an administrator; the scheduled close must not run one first.
      REWARD_CYCLE_CLOSE_INTERVAL_MS: '86400000',
      LOG_LEVEL: 'warn',
      // Payments are credited by the background scan within seconds, as a member waiting on
      // the onboarding screen would see them (the default is 15 s).
      DEPOSIT_SCAN_INTERVAL_MS: '2000',
      // The whole suite signs in and asks for e-mails from one address within a few minutes.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      MAIL_RATE_LIMIT_PER_MINUTE: '1000',
    },
  },
});
