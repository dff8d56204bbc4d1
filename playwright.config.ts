import { defineConfig } from '@playwright/test'
import { ADMIN } from './e2e/support/admin-account.ts'
import { MAIL_WEBHOOK_SECRET } from './e2e/support/mail-webhook.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium.ts'
import { serverNodeFlags, serverProcessEnv } from './src/server/test/server-node-flags.ts'

const port = Number(process.env.E2E_PORT ?? 4173)
/**
 * The other servers' ports: each its own variable, else next to E2E_PORT when that is set (so
 * that two runs side by side, each with its own E2E_PORT, never meet), else the defaults.
 */
const near = (name: string, offset: number, fallback: number) =>
  Number(process.env[name] ?? (process.env.E2E_PORT ? port + offset : fallback))
const smtpPort = near('E2E_SMTP_PORT', 1, 2525)
const mailApiPort = near('E2E_MAIL_API_PORT', 2, 2526)
const oidcPort = near('E2E_OIDC_PORT', 3, 2527)
// A second site, with "Google" (the test OpenID provider) configured.
const googlePort = near('E2E_GOOGLE_PORT', 4, 4174)
const googleSite = `http://127.0.0.1:${googlePort}`
// A third site for passkeys: WebAuthn takes a domain as the site's identity, never an address,
// so this one is reached as localhost. Its admin (the same account) changes every site setting
// there, which the main site's tests read (e2e/site-settings.spec.ts); its launch date is past.
const passkeyPort = near('E2E_PASSKEY_PORT', 5, 4175)
const passkeySite = `http://localhost:${passkeyPort}`
// The tests' own helpers (e2e/support/mailbox.ts, google.ts, sites.ts) read these.
Object.assign(process.env, {
  E2E_SMTP_PORT: String(smtpPort),
  E2E_MAIL_API_PORT: String(mailApiPort),
  E2E_OIDC_PORT: String(oidcPort),
  E2E_GOOGLE_PORT: String(googlePort),
  E2E_PASSKEY_PORT: String(passkeyPort),
})
/**
 * The first-admin token of both test sites. The main site has its admin from ADMIN_EMAILS, so
 * its link is dead; on the Google site, which has none, one browser test becomes the admin.
 */
const ADMIN_SETUP_TOKEN = 'e2e-admin-setup-token-0123456789'
const MAIL_API = `http://127.0.0.1:${mailApiPort}`
const baseURL = `http://127.0.0.1:${port}`
// The site runs as production runs it (decision 0035).
const serverNode = [
  ...Object.entries(serverProcessEnv()).map(([name, value]) => `${name}=${value}`),
  'node',
  ...serverNodeFlags(),
].join(' ')
// Browser tests run the real server on a throw-away embedded database, or on PostgreSQL when asked.
const databaseEnv = process.env.TEST_DATABASE_URL
  ? `DATABASE_URL=${process.env.TEST_DATABASE_URL}`
  : `DATA_DIR=.tmp/e2e-data-${Date.now()}`
const passkeyDatabaseEnv = `DATA_DIR=.tmp/e2e-passkey-data-${Date.now()}`
const googleDatabaseEnv = process.env.TEST_DATABASE_URL
  ? `DATABASE_URL=${process.env.TEST_DATABASE_URL}`
  : `DATA_DIR=.tmp/e2e-google-data-${Date.now()}`

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  // On CI, a test that fails once is run once more and, if it passes then, reported as flaky in
  // the list (a starved machine once held a request past an expectation's 5 s). Locally, never.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // Accounts the other tests sign in with (the admin).
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    {
      name: 'phone',
      dependencies: ['setup'],
      use: {
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
        deviceScaleFactor: 2,
      },
    },
    {
      name: 'desktop',
      dependencies: ['setup'],
      use: { viewport: { width: 1280, height: 900 } },
    },
  ],
  webServer: [
    {
      command: `env E2E_SMTP_PORT=${smtpPort} E2E_MAIL_API_PORT=${mailApiPort} node e2e/support/mail-server.ts`,
      url: `${MAIL_API}/health`,
      reuseExistingServer: false,
    },
    {
      // The site's own address is 127.0.0.1 here, so e-mailed links lead back to this server.
      command: `env PORT=${port} HOST=127.0.0.1 LOG_LEVEL=warn TRUST_PROXY=true ADMIN_SETUP_TOKEN=${ADMIN_SETUP_TOKEN} ADMIN_EMAILS=${ADMIN.email} PUBLIC_URL=${baseURL} SMTP_URL=smtp://127.0.0.1:${smtpPort} MAIL_WEBHOOK_SECRET=${MAIL_WEBHOOK_SECRET} ${databaseEnv} ${serverNode} src/server/main.ts`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      command: `env E2E_OIDC_PORT=${oidcPort} E2E_GOOGLE_SITE=${googleSite} node e2e/support/oidc-server.ts`,
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
    },
    {
      command: [
        `env PORT=${googlePort} HOST=127.0.0.1 LOG_LEVEL=warn TRUST_PROXY=true PUBLIC_URL=${googleSite}`,
        `ADMIN_SETUP_TOKEN=${ADMIN_SETUP_TOKEN}`,
        `SMTP_URL=smtp://127.0.0.1:${smtpPort} ${googleDatabaseEnv}`,
        `GOOGLE_CLIENT_ID=lendulet-e2e GOOGLE_CLIENT_SECRET=lendulet-e2e-secret`,
        `GOOGLE_DISCOVERY_URL=http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
        `${serverNode} src/server/main.ts`,
      ].join(' '),
      url: `${googleSite}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      command: [
        `env PORT=${passkeyPort} HOST=127.0.0.1 LOG_LEVEL=warn TRUST_PROXY=true PUBLIC_URL=${passkeySite}`,
        `ADMIN_EMAILS=${ADMIN.email}`,
        // A launch date already over: its pages name none, and the owner's dashboard says so
        // (e2e/site-settings.spec.ts).
        'LAUNCH_DATE=2025-autumn',
        `SMTP_URL=smtp://127.0.0.1:${smtpPort} ${passkeyDatabaseEnv}`,
        `${serverNode} src/server/main.ts`,
      ].join(' '),
      url: `http://127.0.0.1:${passkeyPort}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
  ],
})
