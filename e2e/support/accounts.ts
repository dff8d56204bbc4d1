import { expect, type Page } from '@playwright/test'
import { texts } from './locales.ts'
import { ADMIN } from './admin-account.ts'
import { linkIn, waitForMail } from './mailbox.ts'

const auth = texts('hu', 'auth')
const common = texts('hu', 'common')

export async function signUp(
  page: Page,
  email: string,
  { name = 'Nagy Eszter', password = 'titok123' } = {},
) {
  await page.goto('/signup')
  await page.getByLabel(auth.fields.name).fill(name)
  await page.getByLabel(auth.fields.email).fill(email)
  await page.getByLabel(auth.fields.password, { exact: true }).fill(password)
  await page.getByLabel(auth.fields.confirmPassword).fill(password)
  await page.getByRole('button', { name: auth.signup.submit }).click()
  await expect(page.getByRole('heading', { name: auth.signup.checkInboxTitle })).toBeVisible()
}

/** Signs up and follows the confirmation link: the member ends signed in on /welcome. */
export async function signUpAndVerify(
  page: Page,
  email: string,
  options?: { name?: string; password?: string },
) {
  await signUp(page, email, options)
  const mail = await waitForMail(email)
  await page.goto(linkIn(mail, '/api/auth/verify-email'))
  await expect(page).toHaveURL(/\/welcome$/)
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel(auth.fields.email).fill(email)
  await page.getByLabel(auth.fields.password).fill(password)
  await page.getByRole('main').getByRole('button', { name: auth.login.submit, exact: true }).click()
}

export const accountButton = (page: Page, name: string) =>
  page.getByRole('button', { name: common.accountMenu.open.replace('{{name}}', name) })

/** Signs the page's browser in as the admin, through the API (cookies land in the context). */
export async function signInAsAdmin(page: Page, baseURL: string | undefined) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN.email, password: ADMIN.password },
    headers: { origin: new URL(baseURL ?? '').origin },
  })
  expect(response.ok(), 'admin sign-in').toBe(true)
}
