import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Language } from '#shared/languages.ts'
import deEmails from '#shared/locales/de/emails.json' with { type: 'json' }
import enEmails from '#shared/locales/en/emails.json' with { type: 'json' }
import enNewsletter from '#shared/locales/en/newsletter.json' with { type: 'json' }
import deNewsletter from '#shared/locales/de/newsletter.json' with { type: 'json' }
import esEmails from '#shared/locales/es/emails.json' with { type: 'json' }
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { sendEventReminders } from '../events/reminders.ts'
import { eveningApi, type Member } from '../test/evening-api.ts'
import { fakeBuild } from '../test/fake-build.ts'
import { browserClient } from '../test/http-client.ts'
import { httpTestAppWithMail } from '../test/http-test-app.ts'
import type { ReceivedMail } from '../test/test-mail-server.ts'

/*
 * Every kind of e-mail the site sends, to women whose language is not Hungarian: each is in her
 * language, every link to the site in it carries that language, and opened in a browser that
 * speaks Hungarian (and remembers Hungarian), each lands on a page in her language (issue: e-mailed
 * links forgot it). The pages are a build's (fakeBuild), each saying its language in <html lang>.
 */

const distDir = mkdtempSync(join(tmpdir(), 'dist-email-links-'))
fakeBuild(distDir)
afterAll(() => rmSync(distDir, { recursive: true, force: true }))

const server = httpTestAppWithMail({ NEWSLETTER_RATE_PER_MINUTE: '0' }, { distDir })
const { member, ok } = eveningApi(server)
const db = () => server.harness.database.db
const SITE = 'http://localhost:3000'
let admin: Member
let counter = 0
const address = (label: string) => `${label}-${++counter}-${Date.now()}@example.org`

beforeAll(async () => {
  admin = await member({ isAdmin: true, language: 'en' })
})

const decodeHtml = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")

/** Every address on our site the e-mail holds: text, HTML, List-Unsubscribe, calendar entry. */
function siteLinksIn(mail: ReceivedMail): string[] {
  const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => decodeHtml(m[1] ?? ''))
  const listUnsubscribe = /<([^>]+)>/.exec(mail.rawHeader('List-Unsubscribe') ?? '')?.[1]
  const calendar = (mail.calendar?.content ?? '').replace(/\r?\n[ \t]/g, '')
  const calendarUrls = [...calendar.matchAll(/^URL:(\S+)$/gm)].map((m) => m[1] ?? '')
  // As a mail program links them: the punctuation after an address in a sentence is not part of it.
  const textLinks = mail.links.map((link) => link.replace(/[).,;:!?]+$/, ''))
  const all = [
    ...textLinks,
    ...hrefs,
    ...calendarUrls,
    ...(listUnsubscribe ? [listUnsubscribe] : []),
  ]
  return [...new Set(all.filter((link) => link.startsWith(SITE)))]
}

const HUNGARIAN_BROWSER = { 'accept-language': 'hu-HU,hu;q=0.9' }

/**
 * Opens a link as a browser that speaks Hungarian and remembers Hungarian (its `lang` cookie),
 * following redirects: the page it lands on, and the language that page is in.
 */
async function open(link: string) {
  const browser = browserClient(server.http.origin, { language: 'hu' })
  let url = link
  for (let hop = 0; hop < 5; hop++) {
    const response = await browser.request(url, { headers: HUNGARIAN_BROWSER })
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, SITE).href
      continue
    }
    const body = await response.text()
    return { url, status: response.status, language: /<html lang="([^"]*)"/.exec(body)?.[1] }
  }
  throw new Error(`${link}: too many redirects`)
}

/**
 * Every link to the site carries her language, and every page link (API links after their
 * redirect) opens in it, in a Hungarian browser. The List-Unsubscribe address is for mail
 * programs (a POST), not opened. Returns the links, for the test to go on with.
 */
async function expectLinksIn(mail: ReceivedMail, language: Language, atLeast: number) {
  const links = siteLinksIn(mail)
  expect(links.length, mail.subject).toBeGreaterThanOrEqual(atLeast)
  for (const link of links)
    expect(new URL(link).searchParams.get('lang'), `${mail.subject}: ${link}`).toBe(language)
  /** Where each link that was opened landed. */
  const landedOn = new Map<string, string>()
  for (const link of links) {
    if (new URL(link).pathname === '/api/newsletter/one-click') continue
    const landed = await open(link)
    expect(landed.status, `${link} -> ${landed.url}`).toBe(200)
    expect(new URL(landed.url).pathname.startsWith('/api/'), landed.url).toBe(false)
    expect(new URL(landed.url).searchParams.get('lang'), `${link} -> ${landed.url}`).toBe(language)
    expect(landed.language, `${link} -> ${landed.url}`).toBe(language)
    landedOn.set(link, landed.url)
  }
  return { links, landedOn }
}

/** The one link whose address contains `part`. */
function linkWith(links: string[], part: string): string {
  const found = links.filter((link) => link.includes(part))
  expect(found, part).toHaveLength(1)
  return found[0] ?? ''
}

const subjectOf = (text: string, values: Record<string, string> = {}) =>
  `${Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, v), text)} – Lendület`

describe('e-mailed links open in the language of the e-mail', () => {
  it('newsletter confirmation, and its List-Unsubscribe still unsubscribes with one POST', async () => {
    for (const [language, emails, newsletter] of [
      ['en', enEmails, enNewsletter],
      ['de', deEmails, deNewsletter],
    ] as const) {
      const email = address(`subscriber-${language}`)
      const visitor = browserClient(server.http.origin, { language })
      const asked = await visitor.post('/api/newsletter/subscribe', { email, name: 'Olivia' })
      expect(asked.status).toBe(200)
      const mail = await server.mail.waitFor(email)
      expect(mail.subject).toBe(subjectOf(emails.newsletterConfirm.subject))
      const { links } = await expectLinksIn(mail, language, 3)
      linkWith(links, '/newsletter/verify?token=')

      // RFC 8058: the mail program posts to the header's address, without cookies or Origin; she
      // is out, and the answer is in her language.
      const oneClick = new URL(linkWith(links, '/api/newsletter/one-click?key='))
      const posted = await fetch(`${server.http.origin}${oneClick.pathname}${oneClick.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
      expect(posted.status).toBe(200)
      expect(await posted.json()).toEqual({ message: newsletter.unsubscribeVerification.success })
      const rows = await db()
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email))
      expect(rows).toEqual([])
    }
  })

  it('unsubscribe confirmation', async () => {
    const email = address('leaving')
    await db()
      .insert(newsletterSubscribers)
      .values({ email, name: 'Emma', verified: true, language: 'en', confirmedAt: new Date() })
    const visitor = browserClient(server.http.origin, { language: 'en' })
    expect((await visitor.post('/api/newsletter/unsubscribe', { email })).status).toBe(200)
    const mail = await server.mail.waitFor(email)
    expect(mail.subject).toBe(subjectOf(enEmails.newsletterUnsubscribe.subject))
    const { links } = await expectLinksIn(mail, 'en', 3)
    linkWith(links, '/newsletter/unsubscribe?token=')
  })

  it('sign-up verification: the link signs her in on a page in her language', async () => {
    for (const [language, emails] of [
      ['en', enEmails],
      ['es', esEmails],
    ] as const) {
      const email = address(`new-${language}`)
      const visitor = browserClient(server.http.origin, { language })
      const signUp = await visitor.post('/api/auth/sign-up/email', {
        name: 'Sofia',
        email,
        password: 'a-long-password',
        callbackURL: '/auth/callback?type=signup',
      })
      expect(signUp.status).toBe(200)
      const mail = await server.mail.waitFor(email)
      expect(mail.subject).toBe(subjectOf(emails.verifyEmail.subject))
      const { links, landedOn } = await expectLinksIn(mail, language, 2)
      const verify = linkWith(links, '/api/auth/verify-email?')
      expect(landedOn.get(verify)).toBe(`${SITE}/auth/callback?type=signup&lang=${language}`)
    }
  })

  it('password recovery', async () => {
    const { email } = await member({ language: 'en' })
    const visitor = browserClient(server.http.origin, { language: 'en' })
    const asked = await visitor.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth/callback?type=recovery',
    })
    expect(asked.status).toBe(200)
    const mail = await server.mail.waitFor(email, { subject: /password/ })
    expect(mail.subject).toBe(subjectOf(enEmails.resetPassword.subject))
    const { links, landedOn } = await expectLinksIn(mail, 'en', 2)
    const landed = new URL(landedOn.get(linkWith(links, '/api/auth/reset-password/')) ?? '')
    expect(landed.pathname).toBe('/auth/callback')
    expect(landed.searchParams.get('type')).toBe('recovery')
    expect(landed.searchParams.get('token')).toBeTruthy()
  })

  it('change of e-mail: the confirmation to the new address and the notice to the old one', async () => {
    const { client, email } = await member({ language: 'de' })
    const to = address('moved')
    const asked = await client.post('/api/auth/change-email', {
      newEmail: to,
      callbackURL: '/account?emailChanged=1',
    })
    expect(asked.status).toBe(200)

    const notice = await server.mail.waitFor(email, { subject: /Anmeldeadresse/ })
    expect(notice.subject).toBe(subjectOf(deEmails.changeEmailNotice.subject))
    const notified = await expectLinksIn(notice, 'de', 2)
    expect(notified.links).toContain(`${SITE}/forgot-password?lang=de`)

    const confirm = await server.mail.waitFor(to)
    expect(confirm.subject).toBe(subjectOf(deEmails.changeEmailConfirm.subject))
    const { links, landedOn } = await expectLinksIn(confirm, 'de', 2)
    const verify = linkWith(links, '/api/auth/verify-email?')
    expect(landedOn.get(verify)).toBe(`${SITE}/account?emailChanged=1&lang=de`)
  })

  it('event registration, its change and cancellation, the waiting list and a place opening', async () => {
    const eventName = `Klikk ${Date.now()}`
    const input = {
      eventName,
      startTime: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      duration: 120,
      placeName: 'Bálna',
      address: 'Budapest, Fővám tér 11–12.',
      places: 1,
    }
    const { id } = await ok<{ id: string }>(admin.client, '/api/admin/events', { json: input })
    const emma = await member({ language: 'en', name: 'Emma' })
    const lena = await member({ language: 'de', name: 'Lena' })
    const registration = `/api/events/${id}/registration`

    await ok(emma.client, registration)
    const registered = await server.mail.waitFor(emma.email, { subject: /You're in/ })
    expect(registered.subject).toBe(
      subjectOf(enEmails.eventRegistered.subject, { event: eventName }),
    )
    const { links } = await expectLinksIn(registered, 'en', 2)
    expect(links).toContain(`${SITE}/events?lang=en`)
    // The invitation's calendar entry links to her events page too, in her language.
    expect(registered.calendar?.content.replace(/\r?\n[ \t]/g, '')).toContain(
      `URL:${SITE}/events?lang=en`,
    )

    await ok(lena.client, registration)
    const waiting = await server.mail.waitFor(lena.email, { subject: /Warteliste/ })
    expect(waiting.subject).toBe(subjectOf(deEmails.eventWaiting.subject, { event: eventName }))
    await expectLinksIn(waiting, 'de', 2)

    await ok(emma.client, registration, { method: 'DELETE' })
    const offered = await server.mail.waitFor(lena.email, { subject: /Ein Platz für dich/ })
    expect(offered.subject).toBe(subjectOf(deEmails.placeOffered.subject, { event: eventName }))
    const offerLinks = await expectLinksIn(offered, 'de', 2)
    expect(offerLinks.links).toContain(`${SITE}/events/offer/${id}?lang=de`)
    await ok(lena.client, `/api/events/${id}/offer`)
    const opened = await server.mail.waitFor(lena.email, { subject: /Platz ist sicher/ })
    expect(opened.subject).toBe(subjectOf(deEmails.placeOpened.subject, { event: eventName }))
    await expectLinksIn(opened, 'de', 2)

    await ok(admin.client, `/api/admin/events/${id}`, {
      method: 'PUT',
      json: { ...input, startTime: new Date(Date.now() + 6 * 86_400_000).toISOString() },
    })
    const changed = await server.mail.waitFor(lena.email, { subject: /änderung/i })
    expect(changed.subject).toBe(subjectOf(deEmails.eventChanged.subject, { event: eventName }))
    await expectLinksIn(changed, 'de', 2)

    await ok(admin.client, `/api/admin/events/${id}`, { method: 'DELETE' })
    const cancelled = await server.mail.waitFor(lena.email, { subject: /Abgesagt/ })
    expect(cancelled.subject).toBe(subjectOf(deEmails.eventCancelled.subject, { event: eventName }))
    await expectLinksIn(cancelled, 'de', 2)
  })

  it('reminder', async () => {
    const start = new Date('2031-03-04T17:00:00Z')
    const eventName = `Reminded ${Date.now()}`
    const { id } = await ok<{ id: string }>(admin.client, '/api/admin/events', {
      json: { eventName, startTime: start.toISOString(), duration: 90, places: null },
    })
    const emma = await member({ language: 'en', name: 'Emma' })
    await ok(emma.client, `/api/events/${id}/registration`)
    const now = new Date(start.getTime() - 2 * 3_600_000)
    expect(await sendEventReminders(db(), { hours: 24, baseUrl: SITE, now })).toBeGreaterThan(0)
    server.harness.mailWorker.wake()
    const mail = await server.mail.waitFor(emma.email, { subject: /Reminder/, timeoutMs: 15_000 })
    expect(mail.subject).toBe(subjectOf(enEmails.eventReminder.subject, { event: eventName }))
    const { links } = await expectLinksIn(mail, 'en', 3)
    expect(links).toContain(`${SITE}/account?lang=en`)
  })

  it('campaign issue: the links open in the language it is written in (Hungarian when hers has none)', async () => {
    const emma = address('reader-en')
    const lena = address('reader-de')
    const lucia = address('reader-es')
    await db()
      .insert(newsletterSubscribers)
      .values([
        { email: emma, name: 'Emma', verified: true, language: 'en', confirmedAt: new Date() },
        { email: lena, name: 'Lena', verified: true, language: 'de', confirmedAt: new Date() },
        { email: lucia, name: 'Lucía', verified: true, language: 'es', confirmedAt: new Date() },
      ])
    const created = await admin.client.post('/api/admin/newsletter/campaigns', {
      content: {
        hu: { subject: 'Tavaszi hírek', body: `Szia! Nézd meg az [estéket](${SITE}/events).` },
        en: {
          subject: 'Spring news',
          body: `Hello! See the [evenings](${SITE}/events), ${SITE}/privacy-policy and our [blog](https://blog.example.org/spring).`,
        },
        de: { subject: 'Frühlingsnews', body: `Hallo! Hier sind die [Abende](${SITE}/events).` },
      },
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    expect((await admin.client.post(`/api/admin/newsletter/campaigns/${id}/send`, {})).status).toBe(
      200,
    )

    for (const [to, subject, language] of [
      [emma, 'Spring news', 'en'],
      [lena, 'Frühlingsnews', 'de'],
      [lucia, 'Tavaszi hírek', 'hu'],
    ] as const) {
      const mail = await server.mail.waitFor(to, { timeoutMs: 20_000 })
      expect(mail.subject).toBe(subject)
      const { links } = await expectLinksIn(mail, language, 5)
      expect(links).toContain(`${SITE}/newsletter/issues/${id}?lang=${language}`)
      // Her links to our pages that the admin wrote open in the e-mail's language too.
      expect(links).toContain(`${SITE}/events?lang=${language}`)
      linkWith(links, '/newsletter/unsubscribe?token=')
      linkWith(links, '/api/newsletter/one-click?key=')
      if (language === 'en') {
        expect(links).toContain(`${SITE}/privacy-policy?lang=en`)
        // Another site's address stays as the admin wrote it.
        expect(mail.html).toContain('href="https://blog.example.org/spring"')
        expect(mail.text).toContain('blog (https://blog.example.org/spring)')
      }
    }
  })
})
