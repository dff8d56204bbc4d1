import type { Page } from '@playwright/test'

/** The site with "Google" configured (the test OpenID provider on loopback). */
export const GOOGLE_SITE = `http://127.0.0.1:${process.env.E2E_GOOGLE_PORT ?? 4174}`
export const OIDC = `http://127.0.0.1:${process.env.E2E_OIDC_PORT ?? 2527}`

/** Signs in at the stand-in Google provider (any password), consenting on a first sign-in. */
export async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('anything')
  await page.locator('button[type="submit"]').click()
  // First sign-in: the provider asks for consent.
  const consent = page.locator('button[type="submit"]')
  if (await consent.isVisible().catch(() => false)) await consent.click()
}
