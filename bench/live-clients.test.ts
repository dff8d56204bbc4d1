import { expect, test } from 'vitest'
import { totpCode } from '#server/test/seed.ts'
import { BENCH_ADMIN, adminSession, signUpBenchAdmin, startBenchSite } from './live-clients.ts'

// The server process of the bench (production's flags, a new data folder) on a loaded machine.
test('the bench admin opens the admin area as a real admin does: her e-mailed link, then two-step sign-in', async () => {
  const site = await startBenchSite('admin-test')
  try {
    const { admin, totpURI } = await signUpBenchAdmin(site.origin, site.mail)
    const events = await admin.client.get('/api/admin/events')
    expect(events.status).toBe(200)

    // Her app's key is real: a later sign-in passes the second step with its code.
    const again = adminSession(site.origin)
    const first = await again.call('/api/auth/sign-in/email', {
      email: BENCH_ADMIN.email,
      password: BENCH_ADMIN.password,
    })
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true })
    await again.call('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })
    expect((await again.client.get('/api/admin/events')).status).toBe(200)
  } finally {
    await site.stop()
  }
}, 120_000)
