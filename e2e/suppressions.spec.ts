import { signInAsAdmin } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox.ts'
import { reportMail } from './support/mail-webhook.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('desktop', 'the owner looks after the subscribers at her desk')

const newsletter = texts('hu', 'newsletter')

/** Issue 42 part 2: the admin sees who the newsletter leaves alone, and why, and can lift it. */
test('a bounced address shows with its reason, and the admin lets the newsletter go to it again', async ({
  page,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('bounced')
  const subscribe = await page.request.post('/api/newsletter/subscribe', {
    headers: { origin: new URL(baseURL ?? '').origin },
    data: { email, name: 'Visszapattanó' },
  })
  expect(subscribe.status()).toBe(200)
  await page.goto(linkIn(await waitForMail(email), '/newsletter/verify'))
  await expect(page.getByRole('status')).toHaveText(newsletter.verification.success)
  await reportMail(page.request, { id: `e2e-${email}`, type: 'hard_bounce', email })

  await signInAsAdmin(page, baseURL)
  await page.goto('/admin/newsletter')
  const section = page.getByRole('region', { name: newsletter.admin.suppressions.title })
  await section.getByLabel(newsletter.admin.suppressions.search).fill(email)
  const row = section.getByRole('row').filter({ hasText: email })
  await expect(row).toContainText(newsletter.admin.suppressions.reasons.hard_bounce)
  await saveScreenshot(page, testInfo, 'newsletter-suppressions')

  await row
    .getByRole('button', {
      name: newsletter.admin.suppressions.liftLabel.replace('{{email}}', email),
    })
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(email)
  await dialog.getByRole('button', { name: newsletter.admin.suppressions.lift }).click()
  await expect(section.getByRole('status')).toHaveText(
    newsletter.admin.suppressions.lifted.replace('{{email}}', email),
  )
  await expect(section.getByText(newsletter.admin.suppressions.empty)).toBeVisible()
})

test('the subscribers list marks a bounced address, filters by it, and mails it again from its row, by keyboard', async ({
  page,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('bounced-row')
  const subscribe = await page.request.post('/api/newsletter/subscribe', {
    headers: { origin: new URL(baseURL ?? '').origin },
    data: { email, name: 'Sorban Visszapattanó' },
  })
  expect(subscribe.status()).toBe(200)
  await page.goto(linkIn(await waitForMail(email), '/newsletter/verify'))
  await expect(page.getByRole('status')).toHaveText(newsletter.verification.success)
  await reportMail(page.request, { id: `e2e-row-${email}`, type: 'hard_bounce', email })

  await signInAsAdmin(page, baseURL)
  await page.goto('/admin/newsletter')
  await page
    .getByRole('group', { name: newsletter.admin.filter })
    .getByText(newsletter.admin.filters.bounced, { exact: true })
    .click()
  await page.getByRole('searchbox', { name: newsletter.admin.search }).fill(email)
  const list = page.getByRole('table').first()
  const row = list.getByRole('row').filter({ hasText: email })
  await expect(row).toContainText(newsletter.admin.filters.bounced)
  await expect(row).toContainText(newsletter.admin.suppressions.reasons.hard_bounce)
  await saveScreenshot(page, testInfo, 'newsletter-subscribers-bounced')

  const mailAgain = row.getByRole('button', {
    name: newsletter.admin.suppressions.liftLabel.replace('{{email}}', email),
  })
  await mailAgain.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(email)
  await dialog.getByRole('button', { name: newsletter.admin.suppressions.lift }).focus()
  await page.keyboard.press('Enter')
  await expect(
    page.getByText(newsletter.admin.suppressions.lifted.replace('{{email}}', email)).first(),
  ).toBeVisible()
  // No longer among the bounced.
  await expect(list.getByRole('row').filter({ hasText: email })).toHaveCount(0)
})
