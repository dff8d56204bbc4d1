import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { logIn, signUpAndVerify } from './support/accounts.ts'
import { uniqueEmail } from './support/mailbox.ts'
import { setUpTwoStep } from './support/two-step.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'her authenticator app and her sign-in are on her phone')

const auth = texts('hu', 'auth')
const accountTexts = texts('hu', 'account')
const errors = texts('hu', 'errors')
const PASSWORD = 'titok123'

test('a member turns on two-step sign-in, signs in with her app, and a backup code works once', async ({
  page,
  checkA11y,
}) => {
  // Five sign-ins and a setup: more than a minute on a loaded machine.
  test.setTimeout(120_000)
  const email = uniqueEmail('two-step')
  await signUpAndVerify(page, email)
  await page.goto('/account')
  await page.getByRole('button', { name: accountTexts.twoStep.turnOn }).click()
  const { app, codes } = await setUpTwoStep(page, checkA11y, { copy: true })
  await expect(page.getByRole('status')).toHaveText(accountTexts.twoStep.enabled)
  await expect(page.getByText(accountTexts.twoStep.on)).toBeVisible()

  // Signing in again: the password, then the app's code (a wrong one first).
  await page.context().clearCookies()
  await logIn(page, email, PASSWORD)
  await expect(page.getByRole('heading', { name: auth.secondStep.title })).toBeFocused()
  await checkA11y()
  await page.getByLabel(auth.secondStep.codeLabel).fill('123456')
  await page.getByRole('button', { name: auth.secondStep.submit }).click()
  await expect(page.getByRole('alert')).toHaveText(errors.auth.INVALID_CODE)
  // Back in the field, the wrong code selected: the next one she types replaces it.
  const codeField = page.getByLabel(auth.secondStep.codeLabel)
  await expect(codeField).toBeFocused()
  expect(
    await codeField.evaluate(
      (el: HTMLInputElement) => el.selectionStart === 0 && el.selectionEnd === el.value.length,
    ),
  ).toBe(true)
  await page.getByLabel(auth.secondStep.codeLabel).fill(app.generate())
  await page.getByRole('button', { name: auth.secondStep.submit }).click()
  await expect(page).toHaveURL(/\/home$/)

  // Lost phone: a backup code, once.
  for (const attempt of ['first', 'again'] as const) {
    await page.context().clearCookies()
    await logIn(page, email, PASSWORD)
    await page.getByRole('button', { name: auth.secondStep.useBackup }).click()
    // The same field, relabelled, keeps her focus.
    await expect(page.getByLabel(auth.secondStep.backupLabel)).toBeFocused()
    // Typed from paper: small letters, a space for the dash.
    await page
      .getByLabel(auth.secondStep.backupLabel)
      .fill((codes[0] ?? '').toLowerCase().replace('-', ' '))
    await page.getByRole('button', { name: auth.secondStep.submit }).click()
    if (attempt === 'first') await expect(page).toHaveURL(/\/home$/)
    else await expect(page.getByRole('alert')).toHaveText(errors.auth.INVALID_BACKUP_CODE)
  }
})
