import { beforeAll, describe, expect, it } from 'vitest'
import type { Campaign } from '#shared/schemas/campaigns.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { signMailWebhook, SIGNED_HEADER } from './mail-webhooks.ts'

/** Issue 42 part 2: a campaign sent after a bounce or a complaint skips the address. */
const SECRET = 'a-secret-of-ours-that-is-32-chars-long!'
const server = httpTestAppWithMail({ NEWSLETTER_RATE_PER_MINUTE: '0', MAIL_WEBHOOK_SECRET: SECRET })
const BASE = '/api/admin/newsletter/campaigns'

beforeAll(async () => {
  await server.harness.database.db.insert(newsletterSubscribers).values(
    ['stays', 'complains', 'bounces'].map((name) => ({
      email: `${name}@example.com`,
      name,
      verified: true,
      language: 'en' as const,
    })),
  )
})

async function report(id: string, type: string, email: string) {
  const body = JSON.stringify({ id, type, email })
  const response = await fetch(`${server.http.origin}/api/mail-webhooks/signed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNED_HEADER]: signMailWebhook(SECRET, body) },
    body,
  })
  expect(response.status).toBe(200)
}

describe('a campaign after bounces and complaints', () => {
  it('goes only to the addresses that are not suppressed', async () => {
    await report('1', 'complaint', 'complains@example.com')
    await report('2', 'hard_bounce', 'bounces@example.com')
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const created = await admin.client.post(BASE, {
      content: {
        hu: { subject: 'Téli hírek', body: 'Szia!' },
        en: { subject: 'Winter news', body: 'Hello!' },
      },
    })
    const campaign = (await created.json()) as Campaign
    expect(campaign.audienceEstimate).toBe(1)
    expect((await admin.client.post(`${BASE}/${campaign.id}/send`, {})).status).toBe(200)
    await server.mail.waitFor('stays@example.com', { subject: /^Winter news$/ })
    // The batch that took her would have taken them too: nothing more is coming.
    const delivered = server.mail.received.filter((mail) => /Winter news/.test(mail.subject ?? ''))
    expect(delivered.flatMap((mail) => mail.to)).toEqual(['stays@example.com'])
  })
})
