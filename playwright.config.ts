import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the real built
 * server on a random port, with a fresh embedded database seeded with the demo data, and a mail
 * catcher (e2e/mail-catcher.mjs) the server sends its mails to. The ports are chosen once in the
 * main process; workers inherit them through the environment (E2E_MAIL_URL reads the mails).
 * Each test makes its own retailer through the server's test seeding (e2e/fixtures.ts), so tests
 * run side by side: two workers, one per core of CI and of the development machine.
 */
// Below Linux's ephemeral range (32768–60999): a port there can be held by any outgoing connection
// of the moment (a run's own browser or database sockets), and the server's listen then fails
// with EADDRINUSE (seen once, on the @timing step that follows the main run). 30000–32701 holds
// none of the machine's services (PostgreSQL, Redis, RabbitMQ, MariaDB, NATS, Mosquitto).
process.env.E2E_PORT ??= String(30000 + Math.floor(Math.random() * 2700));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
process.env.E2E_SMTP_PORT ??= String(port + 1);
process.env.E2E_MAIL_HTTP_PORT ??= String(port + 2);
const mailHttpUrl = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT}`;
process.env.E2E_MAIL_URL = mailHttpUrl;
const dataDir = path.join(tmpdir(), `frameport-e2e-${port}`);
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Budgets, not speed checks: CI's 2 cores have run this suite three times slower than a quiet
  // machine (15 min against 5), and a test that takes 13 s here then needs 40 s.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
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
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, channel: undefined } },
  ],
  webServer: [
    {
      command: 'node e2e/mail-catcher.mjs',
      url: `${mailHttpUrl}/healthz`,
      timeout: 10_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SMTP_PORT: process.env.E2E_SMTP_PORT, MAIL_HTTP_PORT: process.env.E2E_MAIL_HTTP_PORT },
    },
    {
      command: `rm -rf ${dataDir} && node scripts/start.mjs`,
      url: `${baseURL}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_PRODUCTS: '300',
        LOG_LEVEL: 'warn',
        // Links in mails (the password reset) point at this server.
        PUBLIC_URL: baseURL,
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}?ignoreTLS=true`,
        // POST /api/test/retailers for the fixtures' fresh accounts (refused on a real server).
        TEST_SEEDING: 'true',
        // The profile menu's link to the separate lens product's login (e2e/spec-gaps.spec.ts).
        LENS_LOGIN_URL: 'https://lens.frameport.test/login',
      },
    },
  ],
});
