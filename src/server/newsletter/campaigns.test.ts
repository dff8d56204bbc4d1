import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Campaign } from '#shared/schemas/campaigns.ts'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'
import { sseReader } from '../test/sse.ts'

const server = httpTestAppWithMail({ NEWSLETTER_RATE_PER_MINUTE: '0' })
type Member = Awaited<ReturnType<typeof seedMember>>
let admin: Member

const BASE = '/api/admin/newsletter/campaigns'

beforeAll(async () => {
  admin = await seedMember(server.harness, server.http.origin, { isAdmin: true, language: 'en' })
  await server.harness.database.db.insert(newsletterSubscribers).values([
    { email: 'anna@example.com', name: 'Anna', verified: true, language: 'hu' },
    { email: 'emma@example.com', name: 'Emma', verified: true, language: 'en' },
    { email: 'lucia@example.com', name: 'Lucía', verified: true, language: 'es' },
    { email: 'pending@example.com', name: 'Pending', verified: false, language: 'hu' },
  ])
})

async function draft(body: unknown = {}) {
  const response = await admin.client.post(BASE, body)
  expect(response.status).toBe(201)
  return (await response.json()) as Campaign
}

const CONTENT = {
  hu: {
    subject: 'Tavaszi hírek',
    body: '# Szia!\n\nOlvasd el a [blogot](https://lendulet.fit/blog).\n\n<script>alert(1)</script>',
  },
  en: { subject: 'Spring news', body: '# Hello!\n\nRead the [blog](https://lendulet.fit/blog).' },
}

async function until(what: string, done: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('/api/admin/newsletter/campaigns', () => {
  it('saves an incomplete draft, and says in her language what it lacks before it can go', async () => {
    const campaign = await draft({ content: { en: { subject: 'Only English' } } })
    expect(campaign.status).toBe('draft')
    expect(campaign.audienceEstimate).toBe(3)

    const send = await admin.client.post(`${BASE}/${campaign.id}/send`, {})
    expect(send.status).toBe(400)
    expect(await send.json()).toEqual({
      code: 'invalid_campaign',
      message: 'Please add a subject.',
      fields: {
        'content.hu.subject': 'Please add a subject.',
        'content.hu.body': 'Please write the message.',
        'content.en.body': 'Please write the message.',
      },
    })

    const tooLong = await admin.client.request(`${BASE}/${campaign.id}`, {
      method: 'PUT',
      json: { content: { hu: { subject: 'Hi', body: 'x'.repeat(50_001) } } },
    })
    expect(tooLong.status).toBe(400)
    expect(await tooLong.json()).toMatchObject({
      code: 'invalid_request',
      fields: { 'content.hu.body': 'The message is too long: at most 50,000 characters.' },
    })

    const saved = await admin.client.request(`${BASE}/${campaign.id}`, {
      method: 'PUT',
      json: { content: CONTENT, audience: { languages: [] } },
    })
    expect(saved.status).toBe(200)
    const noLanguages = await admin.client.post(`${BASE}/${campaign.id}/send`, {})
    expect((await noLanguages.json()).fields).toEqual({
      'audience.languages': 'Choose at least one language, or send it to everyone.',
    })

    await admin.client.request(`${BASE}/${campaign.id}`, {
      method: 'PUT',
      json: { content: CONTENT, audience: { languages: ['de'] } },
    })
    const nobody = await admin.client.post(`${BASE}/${campaign.id}/send`, {})
    expect(nobody.status).toBe(400)
    expect(await nobody.json()).toMatchObject({
      code: 'no_audience',
      message: 'No confirmed subscriber matches this audience.',
    })

    const past = await admin.client.post(`${BASE}/${campaign.id}/send`, {
      scheduledAt: '2020-01-01T10:00:00+01:00',
    })
    expect(past.status).toBe(400)
    expect((await past.json()).fields).toEqual({
      scheduledAt: 'The scheduled time must be in the future.',
    })
  })

  it('previews an e-mail as it will look: the brand frame, safe HTML and a plain-text part', async () => {
    const response = await admin.client.post(`${BASE}/preview`, {
      language: 'hu',
      ...CONTENT.hu,
    })
    const preview = (await response.json()) as { subject: string; html: string; text: string }
    expect(preview.subject).toBe('Tavaszi hírek')
    expect(preview.html).toContain('<a href="https://lendulet.fit/blog"')
    expect(preview.html).toContain('&lt;script&gt;')
    expect(preview.html).not.toContain('<script>')
    expect(preview.html).toContain('Megnyitás a böngészőben')
    expect(preview.text).toContain('blogot (https://lendulet.fit/blog)')
    expect(preview.text).toContain('Leiratkozás:')
    // A welcome e-mail has no page on the web: its preview has no such link either.
    const welcome = await admin.client.post(`${BASE}/preview`, {
      language: 'hu',
      ...CONTENT.hu,
      webVersion: false,
    })
    const shown = (await welcome.json()) as { html: string; text: string }
    expect(shown.html).not.toContain('Megnyitás a böngészőben')
    expect(shown.text).not.toContain('Megnyitás a böngészőben')
    expect(shown.text).toContain('Leiratkozás:')
  })

  it('sends a test to the admin herself, once a minute per language', async () => {
    const campaign = await draft({ content: CONTENT })
    const first = await admin.client.post(`${BASE}/${campaign.id}/test`, { language: 'en' })
    expect(await first.json()).toEqual({ sentTo: admin.email })
    const mail = await server.mail.waitFor(admin.email, { subject: /^\[Test\] Spring news$/ })
    expect(mail.text).toContain('Read the blog (https://lendulet.fit/blog)')

    const again = await admin.client.post(`${BASE}/${campaign.id}/test`, { language: 'en' })
    expect(again.status).toBe(429)
    expect((await again.json()).message).toMatch(/less than a minute ago/)
  })

  it("links a test e-mail's web version to a preview that only an admin opens before it is sent", async () => {
    const campaign = await draft({
      content: {
        ...CONTENT,
        de: {
          subject: 'Frühlingsnews',
          body: '# Hallo!\n\nLies den [Blog](https://lendulet.fit/blog).',
        },
      },
    })
    expect(
      (await admin.client.post(`${BASE}/${campaign.id}/test`, { language: 'de' })).status,
    ).toBe(200)
    const mail = await server.mail.waitFor(admin.email, { subject: /^\[Test\] Frühlingsnews$/ })
    const preview = `http://localhost:3000/admin/newsletter/campaigns/${campaign.id}/preview?lang=de`
    expect(mail.links).toContain(preview)
    expect(mail.links.some((link) => link.includes('/newsletter/issues/'))).toBe(false)

    // The admin sees the version of that e-mail's language, unsent, never kept by a cache.
    const issue = `${BASE}/${campaign.id}/issue`
    const seen = await admin.client.get(`${issue}?lang=de`)
    expect(seen.status).toBe(200)
    expect(seen.headers.get('cache-control')).toBe('private, no-store')
    expect(await seen.json()).toEqual({
      id: campaign.id,
      language: 'de',
      subject: 'Frühlingsnews',
      html: expect.stringContaining('<h2>Hallo!</h2>'),
      sentAt: null,
      status: 'draft',
    })
    expect(await (await admin.client.get(`${issue}?lang=es`)).json()).toMatchObject({
      language: 'hu',
      subject: 'Tavaszi hírek',
    })
    const missing = await admin.client.get(`${BASE}/00000000-0000-4000-8000-000000000000/issue`)
    expect(missing.status).toBe(404)

    // Nobody else sees an unsent campaign: not a member, not a visitor, not the public page.
    const member = await seedMember(server.harness, server.http.origin, { language: 'en' })
    const asMember = await member.client.get(`${issue}?lang=de`)
    expect(asMember.status).toBe(403)
    expect(JSON.stringify(await asMember.json())).not.toContain('Frühlingsnews')
    const visitor = browserClient(server.http.origin, { language: 'en' })
    const asVisitor = await visitor.get(`${issue}?lang=de`)
    expect(asVisitor.status).toBe(401)
    expect(JSON.stringify(await asVisitor.json())).not.toContain('Frühlingsnews')
    expect((await visitor.get(`/api/newsletter/issues/${campaign.id}?lang=de`)).status).toBe(404)
  })

  it('sends to every confirmed subscriber in her language, live, and she can leave through it', async () => {
    const campaign = await draft({ content: CONTENT })
    const live = await admin.client.get(`${BASE}/${campaign.id}/live`)
    expect(live.headers.get('content-type')).toMatch(/text\/event-stream/)
    const events = sseReader(live)
    expect(await events.next('progress')).toMatchObject({ status: 'draft' })

    const send = await admin.client.post(`${BASE}/${campaign.id}/send`, {})
    expect(send.status).toBe(200)
    expect(((await send.json()) as Campaign).status).toBe('sending')
    for (;;) {
      const progress = (await events.next('progress', 15_000)) as Campaign
      if (progress.status === 'sent') {
        expect(progress.stats).toMatchObject({ audience: 3, sent: 3, queued: 0 })
        break
      }
    }
    await events.close()

    const emma = await server.mail.waitFor('emma@example.com', { subject: /^Spring news$/ })
    const lucia = await server.mail.waitFor('lucia@example.com', { subject: /^Tavaszi hírek$/ })
    await server.mail.waitFor('anna@example.com', { subject: /^Tavaszi hírek$/ })
    expect(server.mail.received.some((m) => m.to.includes('pending@example.com'))).toBe(false)

    // Headers of a proper list e-mail, and no tracking: links go where the admin wrote them.
    expect(emma.rawHeader('List-Unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/api\/newsletter\/one-click\?key=r\d+\.[\w-]{43}&lang=en>$/,
    )
    expect(emma.rawHeader('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    // The list's name, and its id on the sender's domain.
    expect(emma.headers.get('list')).toMatchObject({ id: { id: 'newsletter.lendulet.fit' } })
    const listName = /^=\?UTF-8\?B\?([\w+/=]+)\?= <newsletter\.lendulet\.fit>$/.exec(
      emma.rawHeader('List-Id') ?? '',
    )?.[1]
    expect(Buffer.from(listName ?? '', 'base64').toString()).toBe('Lendület hírlevél')
    expect(emma.messageId).toMatch(
      new RegExp(`^<campaign\\.${campaign.id}\\.\\d+@lendulet\\.fit>$`),
    )
    expect(emma.html).toContain('href="https://lendulet.fit/blog"')
    expect(emma.html).not.toMatch(/<img/)
    const webLink = emma.links.find((link) => link.includes('/newsletter/issues/'))
    expect(webLink).toBe(`http://localhost:3000/newsletter/issues/${campaign.id}?lang=en`)
    const unsubscribeLink = emma.links.find((link) => link.includes('/newsletter/unsubscribe'))
    expect(unsubscribeLink).toBeDefined()

    // The web version is public, in the language asked for, Hungarian when it has none.
    const visitor = browserClient(server.http.origin)
    const issue = await visitor.get(`/api/newsletter/issues/${campaign.id}?lang=en`)
    expect(await issue.json()).toMatchObject({ language: 'en', subject: 'Spring news' })
    const spanish = await visitor.get(`/api/newsletter/issues/${campaign.id}?lang=es`)
    expect(await spanish.json()).toMatchObject({ language: 'hu', subject: 'Tavaszi hírek' })
    expect(lucia.links.some((link) => link.endsWith('?lang=hu'))).toBe(true)

    // Her own link: she leaves, and the campaign counts where she left from.
    const token = new URL(unsubscribeLink ?? '').searchParams.get('token') ?? ''
    const left = await visitor.post('/api/newsletter/verify-unsubscribe', { token })
    expect(left.status).toBe(200)
    const rows = await server.harness.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'emma@example.com'))
    expect(rows).toEqual([])
    const after = (await (await admin.client.get(`${BASE}/${campaign.id}`)).json()) as Campaign
    expect(after.stats.unsubscribed).toBe(1)
    // The link never expires: following it again still says she is out.
    expect((await visitor.post('/api/newsletter/verify-unsubscribe', { token })).status).toBe(200)

    // The archive lists it with its figures; a sent campaign can no longer change.
    const list = (await (await admin.client.get(BASE)).json()) as { campaigns: Campaign[] }
    expect(list.campaigns.find((c) => c.id === campaign.id)).toMatchObject({
      status: 'sent',
      stats: { audience: 3, sent: 3, unsubscribed: 1 },
    })
    const edit = await admin.client.request(`${BASE}/${campaign.id}`, {
      method: 'PUT',
      json: { content: CONTENT },
    })
    expect(edit.status).toBe(409)
    expect((await edit.json()).message).toBe('This campaign has already finished.')
  })

  it('schedules, unschedules, and starts a scheduled campaign when its time comes', async () => {
    const campaign = await draft({ content: CONTENT, audience: { languages: ['hu'] } })
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString()
    const scheduled = await admin.client.post(`${BASE}/${campaign.id}/send`, {
      scheduledAt: inAnHour,
    })
    expect(((await scheduled.json()) as Campaign).status).toBe('scheduled')
    expect((await admin.client.post(`${BASE}/${campaign.id}/pause`)).status).toBe(409)
    const back = await admin.client.post(`${BASE}/${campaign.id}/unschedule`)
    expect(((await back.json()) as Campaign).status).toBe('draft')

    const soon = new Date(Date.now() + 1_500).toISOString()
    await admin.client.post(`${BASE}/${campaign.id}/send`, { scheduledAt: soon })
    await until('the scheduled campaign to be sent', async () => {
      const current = (await (await admin.client.get(`${BASE}/${campaign.id}`)).json()) as Campaign
      return current.status === 'sent'
    })
    const sent = (await (await admin.client.get(`${BASE}/${campaign.id}`)).json()) as Campaign
    expect(sent.stats).toMatchObject({ audience: 1, sent: 1 })
  })

  it('keeps drafts and scheduled issues off the public web', async () => {
    const campaign = await draft({ content: CONTENT })
    const response = await browserClient(server.http.origin, { language: 'de' }).get(
      `/api/newsletter/issues/${campaign.id}`,
    )
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      code: 'not_found',
      message: 'Diese Kampagne finden wir nicht.',
    })
  })
})
