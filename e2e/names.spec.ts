import type { Page } from '@playwright/test'
import { accountButton, createMember, signInThroughApi } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'she signs up and is greeted on her phone')

// Names in their order (issue 36, decision 55): given and family name as two fields in the
// language's order; greetings call her by her given name.

const auth = texts('hu', 'auth')
const account = texts('hu', 'account')
const ev = texts('hu', 'events')

/** The labels of the sign-up form's text fields, top to bottom (left to right on a wide screen). */
const fieldOrder = (page: Page) =>
  page
    .getByRole('main')
    .locator('label')
    .evaluateAll((labels) => labels.map((label) => label.textContent?.trim() ?? ''))

test('sign-up asks for the family name first in Hungarian; she is greeted "Szia, Réka!" by e-mail, on /home and in the menu', async ({
  page,
  checkA11y,
}, testInfo) => {
  await page.goto('/signup?lang=en')
  const en = texts('en', 'auth')
  const english = await fieldOrder(page)
  expect(english.indexOf(en.fields.givenName)).toBeLessThan(english.indexOf(en.fields.familyName))

  await page.goto('/signup?lang=hu')
  const hungarian = await fieldOrder(page)
  expect(hungarian.slice(0, 2)).toEqual([auth.fields.familyName, auth.fields.givenName])
  await saveScreenshot(page, testInfo, 'names-signup')
  // Without her given name the form says what is missing, and she is at that field.
  const email = uniqueEmail('names')
  await page.getByLabel(auth.fields.familyName).fill('Tóth')
  await page.getByLabel(auth.fields.email).fill(email)
  await page.getByLabel(auth.fields.password, { exact: true }).fill('titok123')
  await page.getByLabel(auth.fields.confirmPassword).fill('titok123')
  await page.getByRole('button', { name: auth.signup.submit }).click()
  await expect(page.getByLabel(auth.fields.givenName)).toBeFocused()
  await expect(page.getByLabel(auth.fields.givenName)).toHaveAccessibleDescription(
    auth.validation.givenNameRequired,
  )
  await saveScreenshot(page, testInfo, 'names-signup-given-name-missing')
  await checkA11y()

  await page.getByLabel(auth.fields.givenName).fill('Réka')
  await page.getByRole('button', { name: auth.signup.submit }).click()
  await expect(page.getByRole('heading', { name: auth.signup.checkInboxTitle })).toBeVisible()

  const mail = await waitForMail(email)
  expect(mail.text).toContain('Szia, Réka!')
  expect(mail.text).not.toContain('Tóth')
  await page.goto(linkIn(mail, '/api/auth/verify-email'))
  await expect(page).toHaveURL(/\/welcome$/)
  await expect(accountButton(page, 'Réka')).toBeVisible()

  await page.goto('/home')
  await expect(
    page.getByRole('heading', { level: 1, name: ev.home.hello.replace('{{name}}', 'Réka') }),
  ).toBeVisible()
  await saveScreenshot(page, testInfo, 'names-home-greeting')

  // Her account page shows the two parts as she gave them, in the same order.
  await page.goto('/account')
  await expect(page.getByLabel(auth.fields.familyName)).toHaveValue('Tóth')
  await expect(page.getByLabel(auth.fields.givenName)).toHaveValue('Réka')
})

test('an account with only a full name is asked for the two parts on her account page, and greeted by her given name after', async ({
  page,
  playwright,
  baseURL,
  checkA11y,
}, testInfo) => {
  const member = await createMember(playwright, baseURL, `Régi Rozália ${testInfo.project.name}`)
  await signInThroughApi(page, baseURL, member)
  // Until she says, she is greeted with the full name the account holds: never split by guessing.
  await page.goto('/home')
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: ev.home.hello.replace('{{name}}', member.name),
    }),
  ).toBeVisible()

  await page.goto('/account')
  const card = page.getByRole('region', { name: account.account.nameTitle })
  await expect(
    card.getByText(account.account.nameInOnePiece.replace('{{name}}', member.name)),
  ).toBeVisible()
  await expect(card.getByLabel(auth.fields.givenName)).toHaveValue('')
  await card.screenshot({
    path: `test-results/screenshots/names-profile-card-${testInfo.project.name}.png`,
  })
  await page.getByLabel(auth.fields.familyName).fill('Régi')
  await page.getByLabel(auth.fields.givenName).fill('Rozália')
  await page.getByRole('button', { name: account.account.save }).click()
  await expect(page.getByText(account.account.saved)).toBeVisible()
  await expect(page.getByText(account.account.nameInOnePiece.split('„')[0] ?? '')).toHaveCount(0)
  await checkA11y()
  await card.screenshot({
    path: `test-results/screenshots/names-profile-card-saved-${testInfo.project.name}.png`,
  })
  await expect(accountButton(page, 'Rozália')).toBeVisible()
  await page.goto('/home')
  await expect(
    page.getByRole('heading', { level: 1, name: ev.home.hello.replace('{{name}}', 'Rozália') }),
  ).toBeVisible()
})
