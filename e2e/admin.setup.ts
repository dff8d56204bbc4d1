import { expect, test as setup } from '@playwright/test'
import { ADMIN, adminTotpCode, keepAdminTotp } from './support/admin-account.ts'
import { linkIn, waitForMail } from './support/mailbox.ts'

// Runs once before the browser tests: the admin account that admin screens are tested with.
// The test site lists its address in ADMIN_EMAILS, so confirming it makes it an admin; its
// admin area opens once it has two-step sign-in, set up here as on the account page.
setup('the admin account exists', async ({ request, baseURL }) => {
  const headers = { origin: new URL(baseURL ?? '').origin, 'x-forwarded-for': '192.0.2.1' }
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN.email, password: ADMIN.password },
    headers,
  })
  if (signIn.ok()) return // a database kept from an earlier run (PostgreSQL)

  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { name: ADMIN.name, email: ADMIN.email, password: ADMIN.password },
    headers,
  })
  expect(signUp.ok(), 'admin sign-up').toBe(true)
  const confirmed = await request.get(
    linkIn(await waitForMail(ADMIN.email), '/api/auth/verify-email'),
  )
  expect(confirmed.ok(), 'admin address confirmed').toBe(true)
  const me = await (await request.get('/api/session')).json()
  expect(me.me?.isAdmin, 'the admin is an admin').toBe(true)
  const enable = await request.post('/api/auth/two-factor/enable', {
    data: { password: ADMIN.password },
    headers,
  })
  expect(enable.ok(), 'two-step sign-in set up').toBe(true)
  const { totpURI } = (await enable.json()) as { totpURI: string }
  keepAdminTotp(baseURL ?? '', totpURI)
  const verified = await request.post('/api/auth/two-factor/verify-totp', {
    data: { code: adminTotpCode(baseURL ?? '') },
    headers,
  })
  expect(verified.ok(), 'two-step sign-in confirmed').toBe(true)
})
