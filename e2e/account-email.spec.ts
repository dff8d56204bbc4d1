import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { signUpAndVerify } from './support/accounts.ts'
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox.ts'
import { saveScreenshot } from './support/screenshot.ts'

const accountTexts = texts('hu', 'account')
const errors = texts('hu', 'errors')

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
