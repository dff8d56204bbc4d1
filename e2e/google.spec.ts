import { expect, test } from './support/fixtures.ts'
import { GOOGLE_SITE, OIDC, signInAtProvider } from './support/google.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'she continues with Google on her phone')

const auth = texts('hu', 'auth')
const accountTexts = texts('hu', 'account')
const common = texts('hu', 'common')

test.use({ baseURL: GOOGLE_SITE })

test('continue with Google: a first sign-in creates the member with the name from Google', async ({
  page,
  request,
}) => {
  const login = `google-${Date.now()}`
  await page.goto('/login')
  await page.getByRole('button', { name: auth.login.google }).click()
  await expect(page).toHaveURL(new RegExp(`^${OIDC}/interaction/`))

  const asked = await (await request.get(`${OIDC}/__last-authorization`)).json()
  expect(asked).toMatchObject({
    client_id: 'lendulet-e2e',
    prompt: 'select_account',
    access_type: 'offline',
  })
  expect(asked.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))

  await signInAtProvider(page, login)
  await expect(page).toHaveURL(/\/home$/)
  await expect(
    page.getByRole('button', {
      name: common.accountMenu.open.replace('{{name}}', 'Google'),
    }),
  ).toBeVisible()
  await page.goto('/account')
  await expect(page.getByText(`${login}@example.com`)).toBeVisible()
  await expect(page.getByTestId('member-code')).toHaveText(/^[2-9A-Z]{6}$/)
})

test('a Google member deletes her account after confirming with Google again', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('button', { name: auth.login.google }).click()
  await signInAtProvider(page, `google-delete-${Date.now()}`)
  await expect(page).toHaveURL(/\/home$/)

  await page.goto('/delete-account')
  await page.getByRole('button', { name: accountTexts.deleteAccount.understand }).click()
  await expect(
    page.getByRole('heading', { name: accountTexts.deleteAccount.googleTitle }),
  ).toBeVisible()
  await expect(page.getByText(accountTexts.deleteAccount.googleStep2)).toBeVisible()
  await expect(page.getByText(accountTexts.deleteAccount.linkedNote)).toBeVisible()
  await expect(
    page.getByRole('button', { name: accountTexts.deleteAccount.confirm }),
  ).toBeDisabled()

  await page.getByRole('button', { name: accountTexts.deleteAccount.googleButton }).click()
  // Still signed in at the provider: it sends her straight back (or asks once more).
  await page.waitForURL(/\/delete-account\?confirm=google|\/interaction\//)
  if (page.url().includes('/interaction/')) await page.locator('button[type="submit"]').click()
  await expect(page.getByText(accountTexts.deleteAccount.googleConfirmed)).toBeVisible()
  await page.getByRole('button', { name: accountTexts.deleteAccount.confirm }).click()
  await expect(page.getByText(accountTexts.deleteAccount.success)).toBeVisible()
  await expect(page).toHaveURL(/\/$/, { timeout: 6_000 })
})

test('sign-up offers "Continue with Google" where it works: her first sign-in makes the account and welcomes her', async ({
  page,
  checkA11y,
}, testInfo) => {
  const landing = texts('hu', 'landing')
  await page.goto('/signup')
  const google = page.getByRole('button', { name: auth.login.google })
  await expect(google).toBeVisible()
  // Before the e-mail form, as on the sign-in page.
  const box = await google.boundingBox()
  const name = await page.getByLabel(auth.fields.familyName).boundingBox()
  expect(box && name && box.y < name.y).toBe(true)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'signup-google')

  const login = `google-signup-${Date.now()}`
  await google.click()
  await expect(page).toHaveURL(new RegExp(`^${OIDC}/interaction/`))
  await signInAtProvider(page, login)
  // A new member: welcomed, her account made with Google's name and address.
  await expect(page).toHaveURL(/\/welcome$/)
  await expect(page.getByRole('heading', { name: landing.welcome.title })).toBeVisible()
  await page.goto('/account')
  await expect(page.getByText(`${login}@example.com`)).toBeVisible()
})

test('the sign-in page names Google in its introduction where it works', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByText(auth.login.intro_google, { exact: true })).toBeVisible()
})
