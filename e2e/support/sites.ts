/**
 * The third test site (playwright.config.ts), with its own database: passkeys need it (WebAuthn
 * names a site by its domain, so it is reached as localhost), and a test may change what every
 * other test on the main site reads there (the site settings).
 */
export const PASSKEY_SITE = `http://localhost:${process.env.E2E_PASSKEY_PORT ?? 4175}`
