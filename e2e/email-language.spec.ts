import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'she opens her e-mailed link on her phone')

const hu = { landing: texts('hu', 'landing') }
const en = {
  landing: texts('en', 'landing'),
  newsletter: texts('en', 'newsletter'),
  emails: texts('en', 'emails'),
}

// A browser set to Hungarian, which has seen the site in Hungarian before (its remembered choice).
test.use({ locale: 'hu-HU' })

test("an English subscriber's confirmation link opens in English in a Hungarian browser, and English stays", async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'hu')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hu.landing.hero.title)

  // She subscribed from the English site (elsewhere: her own browser).
  const email = uniqueEmail('english-subscriber')
  const subscribed = await request.post('/api/newsletter/subscribe', {
    data: { email, name: 'Emma Brown' },
    headers: {
      origin: new URL(baseURL ?? '').origin,
      cookie: 'lang=en',
      'x-forwarded-for': '203.0.113.249',
    },
  })
  expect(subscribed.ok()).toBe(true)
  const mail = await waitForMail(email)
  expect(mail.subject).toBe(`${en.emails.newsletterConfirm.subject} – Lendület`)

  await page.goto(linkIn(mail, '/newsletter/verify?token='))
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { name: en.newsletter.verification.title })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText(en.newsletter.verification.success)
  // As with any ?lang=: applied, then dropped from the address.
  await expect(page).toHaveURL(/\/newsletter\/verify\?token=[\w-]+$/)

  // The choice sticks: the site is in English from now on in this browser.
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.landing.hero.title)
})
