import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { accountButton, signUpAndVerify } from './support/accounts.ts'
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'she changes her address on her phone')

const accountTexts = texts('hu', 'account')
const errors = texts('hu', 'errors')
const newsletter = texts('hu', 'newsletter')

test('change the sign-in address: a notice to the old one, a link to the new one, then sign in with it', async ({
  page,
  checkA11y,
}, testInfo) => {
  // Two e-mails, a sign-up and two accessibility checks: slow on a busy machine.
  test.setTimeout(120_000)
  const email = uniqueEmail('before')
  const next = uniqueEmail('after')
  await signUpAndVerify(page, email)
  await page.goto('/account')
  const card = page.getByRole('region', { name: accountTexts.account.emailTitle })
  await expect(card).toContainText(accountTexts.account.emailText)

  // A malformed address: the error under the field, which takes focus; nothing is sent.
  const field = card.getByLabel(accountTexts.account.newEmail)
  await field.fill('not-an-address')
  await card.getByRole('button', { name: accountTexts.account.changeEmail }).click()
  await expect(card.getByText(errors.auth.INVALID_EMAIL)).toBeVisible()
  await expect(field).toBeFocused()
  await expect(field).toHaveAttribute('aria-invalid', 'true')

  await field.fill(next)
  await card.getByRole('button', { name: accountTexts.account.changeEmail }).click()
  const sent = card.getByRole('status')
  await expect(sent).toContainText(accountTexts.account.emailLinkSent.replace('{{email}}', next))
  await expect(sent).toBeFocused()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'account-change-email-sent')

  const notice = await waitForMail(email, { subject: 'belépési' })
  expect(notice.subject).toBe('Változik a belépési e-mail-címed – Lendület')
  const confirm = await waitForMail(next)
  expect(confirm.subject).toBe('Erősítsd meg az új e-mail-címedet – Lendület')
  await page.goto(linkIn(confirm, '/api/auth/verify-email'))

  await expect(page).toHaveURL(/\/account$/)
  const done = page
    .getByRole('region', { name: accountTexts.account.emailTitle })
    .getByRole('status')
  await expect(done).toHaveText(accountTexts.account.emailChanged.replace('{{email}}', next))
  await expect(done).toBeFocused()
  await checkA11y()

  // The new address signs in; the old one no longer does.
  const signIn = (address: string) =>
    page.request.post('/api/auth/sign-in/email', {
      data: { email: address, password: 'titok123' },
      headers: { origin: new URL(page.url()).origin },
    })
  expect((await signIn(email)).status()).toBe(401)
  expect((await signIn(next)).status()).toBe(200)
})

test('subscribed from the menu a moment ago, she changes her address on the same page: the subscription moves with it', async ({
  page,
  context,
  checkA11y,
}, testInfo) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('menu-sub')
  const next = uniqueEmail('menu-sub-moved')
  await signUpAndVerify(page, email, { familyName: 'Tóth', givenName: 'Réka' })
  await page.goto('/account')
  const card = page.getByRole('region', { name: accountTexts.account.emailTitle })
  // The page reads the session, then her sign-in methods: slow on a busy machine.
  await expect(card.getByLabel(accountTexts.account.newEmail)).toBeVisible({ timeout: 15_000 })
  const move = card.getByRole('checkbox', { name: accountTexts.account.moveNewsletter })
  await expect(move).toHaveCount(0)

  // The menu says in words what the click did, in a polite live region beside its items.
  const menuButton = accountButton(page, 'Réka')
  await menuButton.click()
  const menu = page.getByRole('menu')
  await menu.getByRole('menuitem', { name: newsletter.toggle.subscribe }).click()
  await expect(menu.getByRole('menuitem', { name: newsletter.toggle.unsubscribe })).toBeVisible()
  const notice = page.getByRole('status').filter({ hasText: newsletter.toggle.done.subscribed })
  await expect(notice).toBeVisible()
  await expect(notice).toHaveAttribute('aria-live', 'polite')
  await checkA11y()
  await saveScreenshot(page, testInfo, 'account-menu-subscribed-notice')
  // Said once: the menu opened again shows only its items.
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await menuButton.click()
  await expect(menu.getByRole('menuitem', { name: newsletter.toggle.unsubscribe })).toBeVisible()
  await expect(notice).toHaveCount(0)
  await page.keyboard.press('Escape')

  // No reload: the account page knows of the subscription, and moving it is on by default.
  await expect(move).toBeVisible()
  await expect(move).toBeChecked()
  await card.getByLabel(accountTexts.account.newEmail).fill(next)
  await card.getByRole('button', { name: accountTexts.account.changeEmail }).click()
  await expect(card.getByRole('status')).toContainText(
    accountTexts.account.emailLinkSent.replace('{{email}}', next),
  )

  // She opens the link in another tab; this one, never reloaded, learns of the change too.
  const confirm = await waitForMail(next)
  const other = await context.newPage()
  await other.goto(linkIn(confirm, '/api/auth/verify-email'))
  // A fresh page reads the session and the account's data first: slow on a busy machine.
  await expect(
    other.getByRole('region', { name: accountTexts.account.emailTitle }).getByRole('status'),
  ).toHaveText(accountTexts.account.emailChanged.replace('{{email}}', next), { timeout: 15_000 })
  await expect(other).toHaveURL(/\/account$/)

  for (const tab of [other, page]) {
    await expect(
      tab.getByText(accountTexts.account.signedInWith.replace('{{email}}', next)),
    ).toBeVisible()
    await accountButton(tab, 'Réka').click()
    const tabMenu = tab.getByRole('menu')
    await expect(tabMenu.getByText(next)).toBeVisible()
    await expect(
      tabMenu.getByRole('menuitem', { name: newsletter.toggle.unsubscribe }),
    ).toBeVisible()
    await expect(tabMenu.getByRole('menuitem', { name: newsletter.toggle.subscribe })).toHaveCount(
      0,
    )
    await tab.keyboard.press('Escape')
  }
  await expect(
    page
      .getByRole('region', { name: accountTexts.account.emailTitle })
      .getByRole('checkbox', { name: accountTexts.account.moveNewsletter }),
  ).toBeChecked()
})
