import { expect, type Page } from '@playwright/test'
import * as OTPAuth from 'otpauth'
import { texts } from './locales.ts'

const accountTexts = texts('hu', 'account')
const errors = texts('hu', 'errors')
/** signUpAndVerify's password. */
const PASSWORD = 'titok123'

/** Her authenticator app, set up from the key the page shows (a real TOTP implementation). */
async function appFrom(page: Page) {
  const key = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '')
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 })
}

/**
 * The setup (the account card's, or the admin area's gate): password, QR code and first code,
 * backup codes. With `copy`, both copy buttons are pressed, and what they copied is checked.
 */
export async function setUpTwoStep(
  page: Page,
  checkA11y: () => Promise<void>,
  { copy = false }: { copy?: boolean } = {},
) {
  await page.getByLabel(accountTexts.twoStep.password).fill(PASSWORD)
  await page.getByRole('button', { name: accountTexts.twoStep.continue }).click()
  await expect(page.getByRole('heading', { name: accountTexts.twoStep.scanTitle })).toBeFocused()
  await expect(page.getByRole('img', { name: accountTexts.twoStep.qrLabel })).toBeVisible()
  const app = await appFrom(page)
  // The key in groups of four that never break inside a group, to copy, or to open in the
  // authenticator app on the same phone.
  const groups = await page.getByTestId('totp-secret').locator('span').all()
  expect(groups.length).toBeGreaterThan(3)
  for (const group of groups) {
    expect(await group.innerText()).toMatch(/^[A-Z2-7]{1,4}$/)
    expect(await group.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap')
  }
  await expect(page.getByRole('button', { name: accountTexts.twoStep.copyKey })).toBeVisible()
  if (copy) {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await copyAndCheck(page, accountTexts.twoStep.copyKey, accountTexts.twoStep.keyCopied)
    expect(await clipboard(page)).toBe(
      (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, ''),
    )
  }
  await expect(page.getByRole('link', { name: accountTexts.twoStep.openInApp })).toHaveAttribute(
    'href',
    /^otpauth:\/\/totp\/.+secret=/,
  )
  // Too short: told so under the field, which has focus again.
  await page.getByLabel(accountTexts.twoStep.codeLabel).fill('12')
  await page.getByRole('button', { name: accountTexts.twoStep.confirm }).click()
  await expect(page.getByLabel(accountTexts.twoStep.codeLabel)).toBeFocused()
  await expect(page.getByText(accountTexts.twoStep.codeInvalid)).toBeVisible()
  // A wrong first code: told so, and nothing is turned on.
  await page.getByLabel(accountTexts.twoStep.codeLabel).fill('000000')
  await page.getByRole('button', { name: accountTexts.twoStep.confirm }).click()
  await expect(page.getByRole('alert')).toHaveText(errors.auth.INVALID_CODE)
  await page.getByLabel(accountTexts.twoStep.codeLabel).fill(app.generate())
  await page.getByRole('button', { name: accountTexts.twoStep.confirm }).click()
  await expect(page.getByRole('heading', { name: accountTexts.twoStep.codesTitle })).toBeFocused()
  const codes = await page.getByTestId('backup-codes').getByRole('listitem').allInnerTexts()
  expect(codes).toHaveLength(10)
  // Nothing to misread aloud: no 0/O, 1/I/L.
  for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{5}-[2-9A-HJKMNP-TV-Z]{5}$/)
  if (copy) {
    await copyAndCheck(page, accountTexts.twoStep.copy, accountTexts.twoStep.copied)
    expect((await clipboard(page)).split('\n')).toEqual(codes)
  }
  await checkA11y()
  await page.getByRole('button', { name: accountTexts.twoStep.saved }).click()
  return { app, codes }
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

/** Presses a copy button (by keyboard): it says it copied, and so does a polite live region, focus staying. */
async function copyAndCheck(page: Page, label: string, copiedLabel: string) {
  await page.getByRole('button', { name: label, exact: true }).focus()
  await page.keyboard.press('Enter')
  const button = page.getByRole('button', { name: copiedLabel, exact: true })
  await expect(button).toBeFocused()
  await expect(page.getByRole('status').filter({ hasText: copiedLabel })).toHaveText(copiedLabel)
}
