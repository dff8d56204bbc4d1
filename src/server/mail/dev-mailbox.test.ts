import { afterEach, describe, expect, it } from 'vitest'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
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

  it("lists newsletter campaigns' e-mails too, each with the From it goes out with", async () => {
    const { harness, http } = await start({ NEWSLETTER_RATE_PER_MINUTE: '0' })
    const admin = await seedMember(harness, http.origin, { isAdmin: true })
    const reader = `reader-${Date.now()}@example.com`
    await harness.database.db
      .insert(newsletterSubscribers)
      .values({ email: reader, name: 'Olvasó Olga', verified: true, language: 'en' })
    const named = await admin.client.request('/api/admin/settings', {
      method: 'PATCH',
      json: { mailSenderName: 'Lendület Réka' },
    })
    expect(named.status).toBe(200)
    const created = await admin.client.post('/api/admin/newsletter/campaigns', {
      content: {
        hu: { subject: 'Tavaszi órarend', body: 'Szia! Itt az új órarend.' },
        en: { subject: 'Spring timetable', body: 'Hello! Here is the new timetable.' },
      },
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    expect((await admin.client.post(`/api/admin/newsletter/campaigns/${id}/send`, {})).status).toBe(
      200,
    )
    for (let pass = 0; pass < 20; pass++) await harness.mailWorker.drain()

    const page = await (await fetch(`${http.origin}/dev/mailbox`)).text()
    const article = page
      .split('<article>')
      .find((part) => part.includes(`To ${reader}`))
      ?.split('</article>')[0]
    expect(article, 'the campaign e-mail is listed').toBeDefined()
    expect(article).toContain('<h2>Spring timetable</h2>')
    expect(article).toContain('From &quot;Lendület Réka&quot; &lt;hello@lendulet.fit&gt;')
    expect(article).toMatch(/&middot; campaign &middot; en &middot;\s+\S+ &middot; sent/)
    expect(article).toContain('Here is the new timetable.')
    // Her own way out, a working link, as she gets it.
    expect(article).toMatch(
      /<a href="http:\/\/localhost:3000\/newsletter\/unsubscribe\?token=r\d+\.[\w-]{43}&amp;lang=en">/,
    )
    // The transactional e-mails carry the same From.
    const welcome = page.split('<article>').find((part) => part.includes(`To ${admin.email}`))
    expect(welcome).toContain('From &quot;Lendület Réka&quot; &lt;hello@lendulet.fit&gt;')
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
