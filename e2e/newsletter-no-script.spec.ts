import { measureLandingJs, LANDING_JS_KB } from '../bench/landing-js.ts'
import { expect, test } from './support/fixtures.ts'
import { holdRequests } from './support/hold-requests.ts'
import { texts } from './support/locales.ts'
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'a visitor without JavaScript subscribes on her phone')

/**
 * The landing page's newsletter form works before its script has arrived, and without it: a
 * plain form post the server answers with a page in her language (decision 73).
 */
test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  for (const language of ['hu', 'en'] as const) {
    test(`a visitor subscribes with the plain form, gets the answer on a page of its own and the confirmation e-mail (${language})`, async ({
      page,
    }, testInfo) => {
      const newsletter = texts(language, 'newsletter')
      const emails = texts(language, 'emails')
      const email = uniqueEmail(`no-script-${language}`)
      await page.goto(`/?lang=${language}`)
      const form = page.getByRole('form', { name: newsletter.form.label })
      await form.getByLabel(newsletter.form.name).fill('Réka')
      // Her address as she typed it: the server trims and lower-cases it, as for the app.
      await form.getByLabel(newsletter.form.email).fill(` ${email.toUpperCase()}`)
      await form.getByRole('button', { name: newsletter.form.subscribe }).click()

      await expect(page.getByRole('status')).toHaveText(newsletter.confirmationSent)
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        newsletter.verification.title,
      )
      await expect(page.getByRole('link', { name: newsletter.result.backHome })).toHaveAttribute(
        'href',
        `/?lang=${language}`,
      )
      await saveScreenshot(page, testInfo, `newsletter-no-script-sent-${language}`)

      const mail = await waitForMail(email)
      expect(mail.subject).toContain(emails.newsletterConfirm.subject)
      // The link confirms (that page needs its script: it is followed with JavaScript on).
      const link = linkIn(mail, '/newsletter/verify')
      expect(new URL(link).searchParams.get('lang')).toBe(language)
    })
  }

  test('a mistake comes back in her language with what she typed kept, and the corrected form subscribes', async ({
    page,
  }, testInfo) => {
    const newsletter = texts('en', 'newsletter')
    await page.goto('/?lang=en')
    const form = page.getByRole('form', { name: newsletter.form.label })
    await form.getByLabel(newsletter.form.name).fill('Lilla')
    await form.getByLabel(newsletter.form.email).fill('lilla@')
    await form.getByRole('button', { name: newsletter.form.subscribe }).click()

    const again = page.getByRole('form', { name: newsletter.form.label })
    const field = again.getByLabel(newsletter.form.email)
    await expect(field).toHaveValue('lilla@')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(newsletter.invalidEmail)
    await expect(field).toBeFocused()
    await expect(again.getByLabel(newsletter.form.name)).toHaveValue('Lilla')
    await saveScreenshot(page, testInfo, 'newsletter-no-script-mistake-en')

    const email = uniqueEmail('no-script-again')
    await field.fill(email)
    await again.getByRole('button', { name: newsletter.form.subscribe }).click()
    await expect(page.getByRole('status')).toHaveText(newsletter.confirmationSent)
    await waitForMail(email)
  })
})

test.describe('with JavaScript off, the languages', () => {
  test.use({ javaScriptEnabled: false })

  test('are links in the header: the page in English, and back in Hungarian', async ({ page }) => {
    await page.goto('/?lang=hu')
    const languages = page.getByRole('navigation', {
      name: texts('hu', 'common').language.listLabel,
    })
    await expect(languages.getByRole('link', { name: /^hu –/i })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await languages.getByRole('link', { name: /^en –/i }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      texts('en', 'landing').hero.title,
    )
    await page
      .getByRole('navigation', { name: texts('en', 'common').language.listLabel })
      .getByRole('link', { name: /^hu –/i })
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      texts('hu', 'landing').hero.title,
    )
  })
})

test('sent before its islands have come, the form still subscribes', async ({ page }) => {
  const newsletter = texts('hu', 'newsletter')
  // The islands' code is held on the way: what a visitor meets on a slow connection for a while.
  const islands = await holdRequests(page, /\/assets\/islands-[\w-]+\.js$/)
  await page.goto('/', { waitUntil: 'commit' })
  const form = page.getByRole('form', { name: newsletter.form.label })
  const email = uniqueEmail('before-app')
  await form.getByLabel(newsletter.form.name).fill('Anna')
  await form.getByLabel(newsletter.form.email).fill(email)
  await form.getByRole('button', { name: newsletter.form.subscribe }).click()
  await expect(page.getByRole('status')).toHaveText(newsletter.confirmationSent)
  await waitForMail(email)
  await islands.release()
})

test(`the landing page's initial JavaScript is at most ${LANDING_JS_KB} KB gzipped`, async ({
  baseURL,
}) => {
  // What every visitor's browser runs before the page is usable: the scripts fetched before its
  // load event, and its inline scripts (bench/landing-js.ts, decision 73).
  for (const width of [390, 1280]) {
    const js = await measureLandingJs(`${baseURL}/`, width)
    expect(js.initial.gzipBytes).toBeLessThanOrEqual(LANDING_JS_KB * 1024)
    // Once the page has loaded, its islands come, within the same budget, and are all she uses
    // of script on it: its controls are theirs, not the app's (decisions 85 and 95).
    expect(js.afterLoad.files).toBeGreaterThan(0)
    expect(js.afterLoad.gzipBytes + js.atFirstTouch.gzipBytes).toBeLessThanOrEqual(
      LANDING_JS_KB * 1024,
    )
  }
})
