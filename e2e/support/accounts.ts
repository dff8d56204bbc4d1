import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { texts } from './locales.ts'
import { signInAdminThrough } from './admin-account.ts'
import { linkIn, uniqueEmail, waitForMail } from './mailbox.ts'

const auth = texts('hu', 'auth')
const common = texts('hu', 'common')

/** Her name as the sign-up form asks for it: family and given name (Hungarian: family first). */
export interface SignUpOptions {
  familyName?: string
  givenName?: string
  password?: string
}

export async function signUp(
  page: Page,
  email: string,
  { familyName = 'Nagy', givenName = 'Eszter', password = 'titok123' }: SignUpOptions = {},
) {
  await page.goto('/signup')
  await page.getByLabel(auth.fields.familyName).fill(familyName)
  await page.getByLabel(auth.fields.givenName).fill(givenName)
  await page.getByLabel(auth.fields.email).fill(email)
  await page.getByLabel(auth.fields.password, { exact: true }).fill(password)
  await page.getByLabel(auth.fields.confirmPassword).fill(password)
  await page.getByRole('button', { name: auth.signup.submit }).click()
  await expect(page.getByRole('heading', { name: auth.signup.checkInboxTitle })).toBeVisible()
}

/** Signs up and follows the confirmation link: the member ends signed in on /welcome. */
export async function signUpAndVerify(page: Page, email: string, options?: SignUpOptions) {
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

/** Signs the page's browser in as a member made by createMember (cookies land in the context). */
export async function signInThroughApi(
  page: Page,
  baseURL: string | undefined,
  member: { email: string; password: string },
) {
  // Each from an address of its own, as each member signs in from her own phone: from one
  // address, the sign-in rate limit (10 a minute) refused the eleventh in a full run.
  const address = `198.19.${(process.pid % 200) + 1}.${(++memberSignIns % 250) + 1}`
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: member.email, password: member.password },
    headers: { origin: new URL(baseURL ?? '').origin, 'x-forwarded-for': address },
  })
  expect(signIn.ok(), `sign-in of ${member.email}: ${signIn.status()} ${await signIn.text()}`).toBe(
    true,
  )
}

let memberSignIns = 0
let adminSignIns = 0

/**
 * Signs the page's browser in as the admin, through the API (cookies land in the context): her
 * password, then her authenticator app's code.
 */
export async function signInAsAdmin(page: Page, baseURL: string | undefined) {
  // API requests do not carry the page's per-test address: give each sign-in its own, so the
  // sign-in rate limit (10 a minute per address) counts per test, as it would per visitor.
  const address = `198.18.${(process.pid % 200) + 1}.${(++adminSignIns % 250) + 1}`
  await signInAdminThrough(page.request, baseURL ?? '', {
    origin: new URL(baseURL ?? '').origin,
    'x-forwarded-for': address,
  })
}

let memberAddress = 0

/**
 * A confirmed member made through the API (sign-up, then the e-mailed link), for tests that need
 * people in a room rather than the sign-up screens. Returns her member code.
 */
export async function createMember(
  playwright: {
    request: { newContext: (options: Record<string, unknown>) => Promise<APIRequestContext> }
  },
  baseURL: string | undefined,
  name: string,
  /** Events she registers for herself, as on her events page. */
  registerFor: string[] = [],
) {
  const origin = new URL(baseURL ?? '').origin
  const context = await playwright.request.newContext({
    baseURL,
    // Sign-ups are limited to 5 a minute per address: each worker process starts elsewhere in
    // the range, so workers (and a worker restarted after a failure) do not share addresses.
    extraHTTPHeaders: {
      origin,
      'x-forwarded-for': `192.0.2.${((process.pid * 7 + ++memberAddress) % 200) + 20}`,
    },
  })
  const email = uniqueEmail('guest')
  const signUp = await context.post('/api/auth/sign-up/email', {
    data: { name, email, password: 'guest-secret-1' },
  })
  expect(signUp.ok(), 'member sign-up').toBe(true)
  await context.get(linkIn(await waitForMail(email), '/api/auth/verify-email'))
  const me = (await (await context.get('/api/me')).json()) as { userCode: string; id: string }
  for (const eventId of registerFor) {
    const registered = await context.post(`/api/events/${eventId}/registration`)
    expect(registered.ok(), 'registration').toBe(true)
  }
  await context.dispose()
  return { email, name, userCode: me.userCode, userId: me.id, password: 'guest-secret-1' }
}
