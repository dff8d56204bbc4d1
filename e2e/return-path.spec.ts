import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { accountButton, createMember } from './support/accounts.ts'
import { GOOGLE_SITE, signInAtProvider } from './support/google.ts'
import { texts } from './support/locales.ts'
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'she is sent to sign in and back on her phone')

const auth = texts('hu', 'auth')
const common = texts('hu', 'common')

const notice = (page: Page, text = common.signInNeeded.text) =>
  page.getByRole('status').filter({ hasText: text })

/** Fills /login, already open, and sends it. */
async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel(auth.fields.email).fill(email)
  await page.getByLabel(auth.fields.password).fill(password)
  await page.getByRole('main').getByRole('button', { name: auth.login.submit, exact: true }).click()
}

test('signed out, a member page sends her to / saying why; logging in brings her back', async ({
  page,
  playwright,
  baseURL,
  checkA11y,
}, testInfo) => {
  const member = await createMember(playwright, baseURL, 'Visszatérő Vera')
  await page.goto('/events')
  await expect(page).toHaveURL(/\/\?next=%2Fevents$/)
  await expect(notice(page)).toBeVisible()
  // Above the landing page's content, the hero still in full below it.
  const noticeBox = await notice(page).boundingBox()
  const heroBox = await page.getByRole('heading', { level: 1 }).boundingBox()
  expect(noticeBox && heroBox && noticeBox.y + noticeBox.height <= heroBox.y).toBe(true)
  await expect(
    notice(page).getByRole('link', { name: common.signInNeeded.signup }),
  ).toHaveAttribute('href', '/signup?next=%2Fevents')
  await checkA11y()
  await saveScreenshot(page, testInfo, 'return-path-notice')

  await notice(page).getByRole('link', { name: common.signInNeeded.login }).click()
  await expect(page).toHaveURL(/\/login\?next=%2Fevents$/)
  await submitLogin(page, member.email, member.password)
  await expect(page).toHaveURL(/\/events$/)
  await expect(accountButton(page, member.name)).toBeVisible()

  // Logging out from there is not being turned away: / without a word.
  await accountButton(page, member.name).click()
  await page.getByRole('menuitem', { name: common.accountMenu.logout }).click()
  await expect(page).toHaveURL(new RegExp(`^${new URL(baseURL ?? '').origin}/$`))
  await expect(page.getByRole('button', { name: common.accountMenu.login })).toBeVisible()
  await expect(page.getByText(common.signInNeeded.text)).toHaveCount(0)
})

test('/admin while signed out: focus starts on signing in, and Enter goes there', async ({
  page,
}) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/\?next=%2Fadmin$/)
  const login = notice(page).getByRole('link', { name: common.signInNeeded.login })
  await expect(login).toBeFocused()
  await expect(login).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/)
})

test('opened directly, the prerendered page shows the notice once hydrated; ?lang= goes, next stays', async ({
  page,
}) => {
  const en = texts('en', 'common')
  await page.goto('/?lang=en&next=%2Faccount%3Ftab%3D1')
  await expect(page).toHaveURL(/\/\?next=%2Faccount%3Ftab%3D1$/)
  await expect(notice(page, en.signInNeeded.text)).toBeVisible()
  await expect(
    notice(page, en.signInNeeded.text).getByRole('link', { name: en.signInNeeded.login }),
  ).toHaveAttribute('href', '/login?next=%2Faccount%3Ftab%3D1')
  // The header's Sign in menu goes back as well.
  await page.getByRole('button', { name: en.accountMenu.login }).click()
  await expect(page.getByRole('menuitem', { name: en.accountMenu.loginLink })).toHaveAttribute(
    'href',
    '/login?next=%2Faccount%3Ftab%3D1',
  )
})

test('no notice on a normal visit, nor for a next that is not ours', async ({ page }) => {
  // The prerendered page holds the notice's place empty (its texts ride along in the page's JSON).
  const html = await (await page.request.get('/?next=%2Fevents')).text()
  const markup = html.slice(html.indexOf('<div id="root">'))
  expect(markup).toMatch(/<div role="status" class="[^"]*"><\/div>/)
  expect(markup).not.toContain(common.signInNeeded.text)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(common.signInNeeded.text)).toHaveCount(0)
  for (const next of ['//evil.example', 'https://evil.example', '/%0d%0aSet-Cookie']) {
    await page.goto(`/?next=${encodeURIComponent(next)}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText(common.signInNeeded.text)).toHaveCount(0)
  }
})

for (const next of ['//evil.example', 'https://evil.example']) {
  test(`an open redirect (/login?next=${next}) ends at home on our own site`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    const member = await createMember(playwright, baseURL, 'Óvatos Olga')
    await page.goto(`/login?next=${next}`)
    await submitLogin(page, member.email, member.password)
    await expect(page).toHaveURL(`${new URL(baseURL ?? '').origin}/home`)
    await expect(accountButton(page, member.name)).toBeVisible()
  })
}

test('a member sent back to an admin page ends at her own home', async ({
  page,
  playwright,
  baseURL,
}) => {
  const member = await createMember(playwright, baseURL, 'Tagsági Teréz')
  await page.goto('/login?next=%2Fadmin%2Fusers')
  await submitLogin(page, member.email, member.password)
  await expect(page).toHaveURL(/\/home$/)
})

test('signing up from the notice: the confirmation link leads on to the page she wanted', async ({
  page,
}) => {
  const email = uniqueEmail('return')
  await page.goto('/?next=%2Faccount')
  await notice(page).getByRole('link', { name: common.signInNeeded.signup }).click()
  await expect(page).toHaveURL(/\/signup\?next=%2Faccount$/)
  await page.getByLabel(auth.fields.familyName).fill('Új')
  await page.getByLabel(auth.fields.givenName).fill('Ildikó')
  await page.getByLabel(auth.fields.email).fill(email)
  await page.getByLabel(auth.fields.password, { exact: true }).fill('titok123')
  await page.getByLabel(auth.fields.confirmPassword).fill('titok123')
  await page.getByRole('button', { name: auth.signup.submit }).click()
  await expect(page.getByRole('heading', { name: auth.signup.checkInboxTitle })).toBeVisible()

  await page.goto(linkIn(await waitForMail(email), '/api/auth/verify-email'))
  await expect(page).toHaveURL(/\/account$/)
  await expect(accountButton(page, 'Ildikó')).toBeVisible()
})

test.describe('with Google', () => {
  test.use({ baseURL: GOOGLE_SITE })

  test('continue with Google from the notice comes back to the page she wanted', async ({
    page,
  }) => {
    await page.goto('/events')
    await expect(page).toHaveURL(/\/\?next=%2Fevents$/)
    await notice(page).getByRole('link', { name: common.signInNeeded.login }).click()
    await page.getByRole('button', { name: auth.login.google }).click()
    await signInAtProvider(page, `google-return-${Date.now()}`)
    // Back from the provider: the callback page reads her new session, then goes on (on a busy
    // machine that took more than the default 5 s while the page said "loading").
    await expect(page).toHaveURL(`${GOOGLE_SITE}/events`, { timeout: 15_000 })
    await expect(
      page.getByRole('button', {
        name: common.accountMenu.open.replace('{{name}}', 'Google'),
      }),
    ).toBeVisible()
  })
})
