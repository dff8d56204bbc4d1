import type { Page } from '@playwright/test'
import { accountButton, signInAsAdmin, signUpAndVerify } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox.ts'
import { holdRequests } from './support/hold-requests.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { thisTestAtWidth } from './support/widths.ts'

const newsletter = texts('hu', 'newsletter')
const emails = texts('hu', 'emails')
const common = texts('hu', 'common')

/** Scrolls to the newsletter section (its form loads as it comes near) and returns the form. */
async function newsletterForm(page: Page) {
  await page.locator('#newsletter').scrollIntoViewIfNeeded()
  const form = page.getByRole('form', { name: newsletter.form.label })
  await expect(form).toBeVisible()
  return form
}

/** Subscribes through the landing form and follows the e-mailed link; the address is confirmed. */
async function subscribeAndConfirm(page: Page, email: string, name: string) {
  await page.goto('/')
  const form = await newsletterForm(page)
  await form.getByLabel(newsletter.form.name).fill(name)
  await form.getByLabel(newsletter.form.email).fill(email)
  await form.getByRole('button', { name: newsletter.form.subscribe }).click()
  await expect(form.getByRole('status')).toHaveText(newsletter.confirmationSent)
  await page.goto(linkIn(await waitForMail(email), '/newsletter/verify'))
  await expect(page.getByRole('status')).toHaveText(newsletter.verification.success)
}

test('a visitor subscribes on the landing page and confirms by the e-mailed link', async ({
  page,
  request,
  checkA11y,
}, testInfo) => {
  thisTestAtWidth('phone', 'a visitor subscribes on her phone')
  const email = uniqueEmail('subscriber')
  await page.goto('/')
  const form = await newsletterForm(page)
  const submit = form.getByRole('button', { name: newsletter.form.subscribe })

  await submit.click()
  await expect(form.getByText(newsletter.nameRequired)).toBeVisible()
  await expect(form.getByText(newsletter.invalidEmail)).toBeVisible()
  // No account says which part of a name is her given name: the field asks what to call her.
  await expect(form.getByLabel('Hogyan szólíthatunk?')).toBeVisible()
  await form.getByLabel(newsletter.form.name).fill('Réka')
  await form.getByLabel(newsletter.form.email).fill('reka@')
  await submit.click()
  await expect(form.getByText(newsletter.nameRequired)).toBeHidden()
  await expect(form.getByLabel(newsletter.form.email)).toHaveAttribute('aria-invalid', 'true')
  await checkA11y()

  await form.getByLabel(newsletter.form.email).fill(`  ${email.toUpperCase()} `)
  // The button stays disabled while the request runs.
  const held = await holdRequests(page, '**/api/newsletter/subscribe')
  await submit.click()
  const busy = form.getByRole('button', { name: newsletter.form.subscribing })
  await expect(busy).toBeDisabled()
  await held.release()
  await expect(form.getByRole('status')).toHaveText(newsletter.confirmationSent)
  await expect(form.getByLabel(newsletter.form.email)).toHaveValue('')
  await saveScreenshot(page, testInfo, 'newsletter-confirmation-sent')

  const mail = await waitForMail(email)
  expect(mail.subject).toBe(`${emails.newsletterConfirm.subject} – Lendület`)
  // Greeted as she asked to be called.
  expect(mail.text.split('\n')[0]).toBe('Szia, Réka!')
  const link = linkIn(mail, '/newsletter/verify?token=')

  // A mail scanner that fetches the link changes nothing: the page confirms with a POST.
  expect((await request.get(link)).ok()).toBe(true)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: newsletter.verification.title })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText(newsletter.verification.success)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'newsletter-verified')

  // The link works once; opened again (a second tap), it kindly says she is subscribed.
  await page.reload()
  await expect(page.getByRole('status')).toHaveText(newsletter.verification.alreadyConfirmed)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByRole('link', { name: newsletter.result.tryAgain })).toHaveCount(0)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'newsletter-already-confirmed')
})

test('the form switches to unsubscribing, and the e-mailed link unsubscribes', async ({
  page,
}, testInfo) => {
  thisTestAtWidth('phone', 'a visitor subscribes on her phone')
  const email = uniqueEmail('leaver')
  await subscribeAndConfirm(page, email, 'Tóth Lilla')

  await page.goto('/')
  const form = await newsletterForm(page)
  await form.getByLabel(newsletter.form.name).fill('Tóth Lilla')
  await form.getByLabel(newsletter.form.email).fill('not-an-address')
  await form.getByRole('button', { name: newsletter.form.subscribe }).click()
  await expect(form.getByText(newsletter.invalidEmail)).toBeVisible()

  // The switch clears the fields and the message, and hides the name.
  await form.getByRole('button', { name: newsletter.form.toUnsubscribe }).click()
  const leaving = page.getByRole('form', { name: newsletter.form.unsubscribeLabel })
  await expect(leaving.getByLabel(newsletter.form.name)).toHaveCount(0)
  await expect(leaving.getByLabel(newsletter.form.email)).toHaveValue('')
  await expect(leaving.getByText(newsletter.invalidEmail)).toBeHidden()

  await leaving.getByLabel(newsletter.form.email).fill(email)
  await leaving.getByRole('button', { name: newsletter.form.unsubscribe }).click()
  await expect(leaving.getByRole('status')).toHaveText(newsletter.unsubscribeEmailSent)
  await saveScreenshot(page, testInfo, 'newsletter-unsubscribe-sent')

  const mail = await waitForMail(email, { count: 2 })
  expect(mail.subject).toBe(`${emails.newsletterUnsubscribe.subject} – Lendület`)
  await page.goto(linkIn(mail, '/newsletter/unsubscribe?token='))
  await expect(page.getByRole('status')).toHaveText(newsletter.unsubscribeVerification.success)
  await saveScreenshot(page, testInfo, 'newsletter-unsubscribed')
  await page.reload()
  await expect(page.getByRole('status')).toHaveText(
    newsletter.unsubscribeVerification.alreadyUnsubscribed,
  )
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('without an answer from the server, the form shows the fallback texts', async ({ page }) => {
  thisTestAtWidth('phone', 'a visitor subscribes on her phone')
  // A proxy's error page instead of our JSON: no message to show, so the form's own text.
  for (const path of ['subscribe', 'unsubscribe'])
    await page.route(`**/api/newsletter/${path}`, (route) =>
      route.fulfill({ status: 400, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    )
  await page.goto('/')
  const form = await newsletterForm(page)
  await form.getByLabel(newsletter.form.name).fill('Kiss Anna')
  await form.getByLabel(newsletter.form.email).fill(uniqueEmail('offline'))
  await form.getByRole('button', { name: newsletter.form.subscribe }).click()
  await expect(form.getByRole('alert')).toHaveText(newsletter.subscriptionFailed)

  await form.getByRole('button', { name: newsletter.form.toUnsubscribe }).click()
  const leaving = page.getByRole('form', { name: newsletter.form.unsubscribeLabel })
  await expect(leaving.getByRole('alert')).toHaveCount(0)
  await leaving.getByLabel(newsletter.form.email).fill(uniqueEmail('offline'))
  await leaving.getByRole('button', { name: newsletter.form.unsubscribe }).click()
  await expect(leaving.getByRole('alert')).toHaveText(newsletter.unsubscribeFailed)
})

for (const language of ['hu', 'en', 'es', 'de'] as const) {
  test(`the unsubscribe form has its own heading and text, and its field takes focus (${language})`, async ({
    page,
    checkA11y,
  }, testInfo) => {
    thisTestAtWidth('phone', 'a visitor subscribes on her phone')
    const own = texts(language, 'newsletter')
    const landing = texts(language, 'landing')
    await page.goto(`/?lang=${language}`)
    await page.locator('#newsletter').scrollIntoViewIfNeeded()
    const section = page.getByRole('region', { name: landing.newsletter.heading })
    await expect(section.getByRole('form', { name: own.form.label })).toBeVisible()
    // By keyboard, from the switch at the form's end.
    await section.getByRole('button', { name: own.form.toUnsubscribe }).focus()
    await page.keyboard.press('Enter')

    const leaving = page.getByRole('region', { name: landing.newsletter.leaveHeading })
    const heading = leaving.getByRole('heading', { name: landing.newsletter.leaveHeading })
    await expect(heading).toBeInViewport({ ratio: 1 })
    await expect(leaving.getByText(landing.newsletter.leaveText)).toBeVisible()
    await expect(leaving.getByText(landing.newsletter.text)).toHaveCount(0)
    const form = leaving.getByRole('form', { name: own.form.unsubscribeLabel })
    await expect(form.getByLabel(own.form.email)).toBeFocused()
    await expect(form.getByLabel(own.form.email)).toBeInViewport()
    await checkA11y()
    if (language === 'hu' || language === 'en') {
      await page.screenshot({
        path: `test-results/screenshots/newsletter-unsubscribe-form-${language}-${testInfo.project.name}.png`,
      })
    }

    // And back: the invitation again, its first field focused.
    await form.getByRole('button', { name: own.form.toSubscribe }).focus()
    await page.keyboard.press('Enter')
    const invitation = page.getByRole('form', { name: own.form.label })
    await expect(page.getByRole('heading', { name: landing.newsletter.heading })).toBeInViewport()
    await expect(invitation.getByLabel(own.form.name)).toBeFocused()
  })
}

test('the result pages explain a missing or broken link', async ({ page, checkA11y }) => {
  thisTestAtWidth('phone', 'she opens her e-mailed link on her phone')
  // While the link is checked, the page says so.
  const held = await holdRequests(page, '**/api/newsletter/verify')
  await page.goto('/newsletter/verify?token=being-checked')
  await expect(page.getByRole('status')).toHaveText(newsletter.verification.loading)
  await held.release()
  await expect(page.getByRole('alert')).toHaveText(newsletter.verification.failed)
  await page.unroute('**/api/newsletter/verify')

  await page.goto('/newsletter/verify')
  await expect(page.getByRole('alert')).toHaveText(newsletter.verification.invalidToken)
  await checkA11y()
  await page.goto('/newsletter/unsubscribe')
  await expect(page.getByRole('alert')).toHaveText(newsletter.unsubscribeVerification.invalidToken)
  await page.goto('/newsletter/verify?token=made-up')
  await expect(page.getByRole('alert')).toHaveText(newsletter.verification.failed)
  await page.goto('/newsletter/unsubscribe?token=made-up&lang=en')
  await expect(page.getByRole('alert')).toHaveText(
    texts('en', 'newsletter').unsubscribeVerification.failed,
  )
})

test('a signed-in member toggles the newsletter from the account menu', async ({
  page,
}, testInfo) => {
  thisTestAtWidth('phone', 'a member uses her menu on her phone')
  // A sign-up, a reload and two full-page screenshots: slow on a busy machine.
  test.setTimeout(120_000)
  const email = uniqueEmail('member')
  await signUpAndVerify(page, email, { familyName: 'Szabó', givenName: 'Dóra' })
  const menuButton = accountButton(page, 'Dóra')
  await menuButton.click()
  const menu = page.getByRole('menu')
  const subscribe = menu.getByRole('menuitem', { name: newsletter.toggle.subscribe })
  await expect(subscribe).toBeVisible()

  // A spinner while it works.
  const held = await holdRequests(page, '**/api/newsletter/subscribe')
  await subscribe.click()
  await expect(menu.getByRole('menuitem', { name: newsletter.toggle.processing })).toBeVisible()
  await saveScreenshot(page, testInfo, 'newsletter-toggle-processing')
  await held.release()
  await expect(menu.getByRole('menuitem', { name: newsletter.toggle.unsubscribe })).toBeVisible()
  // The label only flips: what happened is said in words too, and read out (a polite status).
  await expect(
    page.getByRole('status').filter({ hasText: newsletter.toggle.done.subscribed }),
  ).toBeVisible()
  await page.unroute('**/api/newsletter/subscribe')

  // The flag comes from the subscriber row after a reload too.
  await page.reload()
  await menuButton.click()
  const unsubscribe = page.getByRole('menu').getByRole('menuitem', {
    name: newsletter.toggle.unsubscribe,
  })
  await expect(unsubscribe).toBeVisible()
  await saveScreenshot(page, testInfo, 'newsletter-toggle-subscribed')

  // An error leaves the flag as it was.
  await page.route('**/api/newsletter/unsubscribe', (route) =>
    route.fulfill({ status: 429, json: { code: 'too_many_requests', message: 'slow down' } }),
  )
  await unsubscribe.click()
  await expect(unsubscribe).toBeVisible()
  // A refusal claims nothing (SPEC: the flag stays, and no message).
  await expect(
    page.getByRole('status').filter({ hasText: newsletter.toggle.done.unsubscribed }),
  ).toHaveCount(0)
  await page.unroute('**/api/newsletter/unsubscribe')
  await unsubscribe.click()
  await expect(
    page.getByRole('menu').getByRole('menuitem', { name: newsletter.toggle.subscribe }),
  ).toBeVisible()
  await expect(
    page.getByRole('status').filter({ hasText: newsletter.toggle.done.unsubscribed }),
  ).toBeVisible()

  // A member with a name is not asked for it on the landing form.
  await page.keyboard.press('Escape')
  await page.goto('/')
  const form = await newsletterForm(page)
  await expect(form.getByLabel(newsletter.form.email)).toBeVisible()
  await expect(form.getByLabel(newsletter.form.name)).toHaveCount(0)
  await expect(page.getByRole('button', { name: common.accountMenu.login })).toHaveCount(0)

  // Her own confirmed address is subscribed at once, and the menu knows.
  await form.getByLabel(newsletter.form.email).fill(email)
  await form.getByRole('button', { name: newsletter.form.subscribe }).click()
  await expect(form.getByRole('status')).toHaveText(newsletter.subscribed)
  await menuButton.click()
  await expect(
    page.getByRole('menu').getByRole('menuitem', { name: newsletter.toggle.unsubscribe }),
  ).toBeVisible()
})

test('an admin finds, filters, exports and removes subscribers', async ({
  page,
  baseURL,
  checkA11y,
}, testInfo) => {
  thisTestAtWidth('desktop', 'the owner looks after the subscribers at her desk')
  const tag = `${testInfo.project.name}${Date.now()}`
  const confirmed = uniqueEmail(`confirmed-${tag}`)
  const pending = uniqueEmail(`pending-${tag}`)
  await subscribeAndConfirm(page, confirmed, `Megerősített ${tag}`)
  await page.goto('/')
  const form = await newsletterForm(page)
  await form.getByLabel(newsletter.form.name).fill(`Függő ${tag}`)
  await form.getByLabel(newsletter.form.email).fill(pending)
  await form.getByRole('button', { name: newsletter.form.subscribe }).click()
  await expect(form.getByRole('status')).toHaveText(newsletter.confirmationSent)

  await signInAsAdmin(page, baseURL)
  await page.goto('/admin')
  await page.getByRole('link', { name: texts('hu', 'auth').admin.newsletter }).click()
  await expect(page).toHaveURL(/\/admin\/newsletter$/)
  const admin = newsletter.admin
  await expect(page.getByRole('heading', { name: admin.title, level: 1 })).toBeVisible()
  await expect(page.getByTestId('subscriber-counts')).toBeVisible()

  await page.getByRole('searchbox', { name: admin.search }).fill(tag)
  const rows = page.getByRole('row').filter({ hasText: tag })
  await expect(rows).toHaveCount(2)
  const filter = page.getByRole('group', { name: admin.filter })
  await filter.getByText(admin.filters.pending, { exact: true }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(pending)
  await filter.getByText(admin.filters.all, { exact: true }).click()
  await expect(rows).toHaveCount(2)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'admin-newsletter')

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: admin.export }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await (await import('node:fs/promises')).readFile(await file.path(), 'utf8')
  expect(csv).toContain(confirmed)
  expect(csv).toContain(pending)

  await page.getByRole('button', { name: admin.removeLabel.replace('{{email}}', pending) }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(admin.confirmRemove.replace('{{email}}', pending))
  await saveScreenshot(page, testInfo, 'admin-newsletter-remove')
  await dialog.getByRole('button', { name: admin.remove }).click()
  await expect(page.getByRole('status')).toHaveText(admin.removed.replace('{{email}}', pending))
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(confirmed)
})
