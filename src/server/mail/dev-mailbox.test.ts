import { afterEach, describe, expect, it } from 'vitest'
import { browserClient, listen } from '../test/http-client.ts'
import { seedMember } from '../test/seed.ts'
import { createTestApp } from '../test/test-app.ts'

let cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const step of cleanup.reverse()) await step()
  cleanup = []
})

async function start(env: Record<string, string>) {
  const harness = await createTestApp({ env: { TRUST_PROXY: 'true', ...env } })
  const http = await listen(harness.app.fetch)
  cleanup.push(harness.close, http.close)
  return { harness, http }
}

describe('/dev/mailbox', () => {
  it('shows the e-mails the site would have sent when no SMTP server is configured', async () => {
    const { harness, http } = await start({})
    const email = `mailbox-${Date.now()}@example.com`
    await browserClient(http.origin).post('/api/auth/sign-up/email', {
      name: 'Dev Dora',
      email,
      password: 'secret123',
    })
    await harness.mailWorker.drain()

    const page = await fetch(`${http.origin}/dev/mailbox`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Erősítsd meg az e-mail-címedet – Lendület')
    expect(html).toContain(email)
    expect(html).toMatch(/<a href="http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/)
  })

  it('does not exist when SMTP is configured or in production', async () => {
    for (const env of [{ SMTP_URL: 'smtp://127.0.0.1:1' }, { NODE_ENV: 'production' }] as Record<
      string,
      string
    >[]) {
      const { http } = await start(env)
      const response = await fetch(`${http.origin}/dev/mailbox`)
      expect(await response.text()).not.toContain('Dev mailbox')
    }
  })
})

describe('trusted origins', () => {
  it('refuse a signed-in request posted from another site', async () => {
    const { harness, http } = await start({})
    const member = await seedMember(harness, http.origin)
    const forged = await member.client.request('/api/auth/change-password', {
      json: { currentPassword: member.password, newPassword: 'taken-over-1' },
      headers: { origin: 'https://evil.example' },
    })
    expect(forged.status).toBe(403)
    expect(Object.keys(await forged.json()).sort()).toEqual(['code', 'message'])
    const stillOld = await browserClient(http.origin).post('/api/auth/sign-in/email', {
      email: member.email,
      password: member.password,
    })
    expect(stillOld.status).toBe(200)
  })
})
