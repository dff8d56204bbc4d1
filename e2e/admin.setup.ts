import { expect, test as setup, type APIRequestContext } from '@playwright/test'
import { ADMIN, adminTotpCode, keepAdminTotp } from './support/admin-account.ts'
import { linkIn, waitForMail } from './support/mailbox.ts'
import { PASSKEY_SITE } from './support/sites.ts'

// Runs once before the browser tests: the admin account that admin screens are tested with.
// The test sites list its address in ADMIN_EMAILS, so confirming it makes it an admin; its
// admin area opens once it has two-step sign-in, set up here as on the account page.
async function adminExists(request: APIRequestContext, baseURL: string) {
  const origin = new URL(baseURL).origin
  const headers = { origin, 'x-forwarded-for': '192.0.2.1' }
  const signIn = await request.post(`${origin}/api/auth/sign-in/email`, {
    data: { email: ADMIN.email, password: ADMIN.password },
    headers,
  })
  if (signIn.ok()) return // a database kept from an earlier run (PostgreSQL)

  const signUp = await request.post(`${origin}/api/auth/sign-up/email`, {
    data: { name: ADMIN.name, email: ADMIN.email, password: ADMIN.password },
    headers,
  })
  expect(signUp.ok(), 'admin sign-up').toBe(true)
  const confirmed = await request.get(
    linkIn(await waitForMail(ADMIN.email, { linkTo: origin }), `${origin}/api/auth/verify-email`),
  )
  expect(confirmed.ok(), 'admin address confirmed').toBe(true)
  const me = await (await request.get(`${origin}/api/session`)).json()
  expect(me.me?.isAdmin, 'the admin is an admin').toBe(true)
  const enable = await request.post(`${origin}/api/auth/two-factor/enable`, {
    data: { password: ADMIN.password },
    headers,
  })
  expect(enable.ok(), 'two-step sign-in set up').toBe(true)
  const { totpURI } = (await enable.json()) as { totpURI: string }
  keepAdminTotp(baseURL, totpURI)
  const verified = await request.post(`${origin}/api/auth/two-factor/verify-totp`, {
    data: { code: adminTotpCode(baseURL) },
    headers,
  })
  expect(verified.ok(), 'two-step sign-in confirmed').toBe(true)
}

setup('the admin account exists', async ({ request, baseURL }) => {
  await adminExists(request, baseURL ?? '')
})

// The passkey site's admin: the settings test that changes every field does it there.
setup('the admin account exists on the passkey site', async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: PASSKEY_SITE })
  await adminExists(request, PASSKEY_SITE)
  await request.dispose()
})
