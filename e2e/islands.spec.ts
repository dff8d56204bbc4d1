import type { Page } from '@playwright/test'
import { signInAsAdmin } from './support/accounts.ts'
import { pauseClock } from './support/clock.ts'
import { expect, test } from './support/fixtures.ts'
import { holdTheApp } from './support/hold-requests.ts'
import { afterTwoFrames } from './support/keyboard.ts'
import { texts } from './support/locales.ts'

/**
 * The landing page runs its islands and never the app for a visitor who is signed out
 * (src/web/islands/, decisions 85 and 95). Each test opens the page with `waitUntil: 'commit'`,
 * so that the fixture does not press a key first.
 */
const landing = texts('hu', 'landing')
const common = texts('hu', 'common')

const islandsReady = (page: Page) =>
  page.waitForFunction(() => 'islandsReady' in document.documentElement.dataset)
const appReady = (page: Page) => page.evaluate(() => 'appReady' in document.documentElement.dataset)

function watchScripts(page: Page) {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  return scripts
}

test('untouched, the page runs its islands and not the app, and remembers ?lang=', async ({
  page,
  context,
}) => {
  const scripts = watchScripts(page)
  await page.goto('/?lang=en&from=share', { waitUntil: 'commit' })
  await islandsReady(page)
  await expect(page).toHaveURL(/\/\?from=share$/)
  await page.waitForLoadState('networkidle')
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/islands-[\w-]+\.js$/)])
  expect(await appReady(page)).toBe(false)
  expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('en')

  await page.goto('/', { waitUntil: 'commit' })
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('a press on the language menu opens it without the app, which never comes', async ({
  page,
}) => {
  const scripts = watchScripts(page)
  const app = () => scripts.filter((script) => !script.startsWith('/assets/islands-'))
  await page.goto('/', { waitUntil: 'commit' })
  await page.getByRole('heading', { level: 1 }).click()
  await page.getByRole('heading', { name: landing.features.heading }).click()
  expect(app()).toEqual([])

  // Pressed at once, maybe before the islands came: pressed again for her once they work.
  await page
    .getByRole('button', { name: common.language.menuLabel.replace('{{name}}', 'Magyar') })
    .click()
  await expect(page.getByRole('menu', { name: common.language.listLabel })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(app()).toEqual([])
  expect(await appReady(page)).toBe(false)
})

test('a link from the landing page loads its page, which starts her at its heading', async ({
  page,
}) => {
  await page.goto('/', { waitUntil: 'commit' })
  await islandsReady(page)
  await page.getByRole('button', { name: common.accountMenu.login }).click()
  await page.getByRole('menuitem', { name: common.accountMenu.signupLink }).click()
  await expect(page).toHaveURL(/\/signup$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
})

test('a signed-in member gets the app at once: her own menu, not "sign in"', async ({
  page,
  baseURL,
}) => {
  await signInAsAdmin(page, baseURL)
  await page.goto('/', { waitUntil: 'commit' })
  await page.waitForFunction(() => 'appReady' in document.documentElement.dataset)
  await expect(page.getByRole('button', { name: common.accountMenu.login })).toHaveCount(0)
})

test.describe('on a phone', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) >= 1024, 'phone layout')

  test('the carousel turns by itself and answers her controls, without the app', async ({
    page,
  }) => {
    const dot = (n: number) =>
      page
        .getByRole('tablist', { name: landing.cards.dotsLabel })
        .getByRole('tab', { name: landing.cards.goToSlide.replace('{{index}}', String(n)) })
    const slide = (n: number) =>
      page.getByRole('tabpanel', {
        name: landing.cards.slideLabel.replace('{{index}}', String(n)).replace('{{total}}', '6'),
      })
    await page.clock.install()
    await page.goto('/', { waitUntil: 'commit' })
    await page.waitForLoadState('load')
    await islandsReady(page)
    await page.locator('#highlights').scrollIntoViewIfNeeded()
    await pauseClock(page)
    await expect(dot(1)).toHaveAttribute('aria-selected', 'true')
    await page.clock.runFor(4_000)
    await expect(dot(2)).toHaveAttribute('aria-selected', 'true')
    await expect(slide(2)).toBeInViewport()
    expect(await appReady(page)).toBe(false)

    // Her press on "pause" stops it there, without the app.
    await page.clock.resume()
    await page.getByRole('button', { name: landing.cards.pause }).click()
    await expect(page.getByRole('button', { name: landing.cards.play })).toBeVisible()
    await expect(dot(2)).toHaveAttribute('aria-selected', 'true')
    await expect(slide(2)).toBeInViewport()
    await expect(slide(1)).not.toBeInViewport()
    expect(await appReady(page)).toBe(false)
  })
})

/**
 * The other public pages (decision 102): the newsletter's result pages run their islands and not
 * the app; the account forms are the app's, which comes when she reaches for the page.
 */
const newsletter = texts('en', 'newsletter')
const auth = texts('en', 'auth')
const islandsOnly = [expect.stringMatching(/^\/assets\/islands-[\w-]+\.js$/)]

test('a newsletter link is answered without the app, the way to try again with a failure', async ({
  page,
}) => {
  const scripts = watchScripts(page)
  await page.goto('/newsletter/verify?token=not-a-real-token&lang=en', { waitUntil: 'commit' })
  await islandsReady(page)
  await expect(page.getByRole('alert')).toBeVisible()
  await expect(page.getByRole('link', { name: newsletter.result.tryAgain })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(scripts).toEqual(islandsOnly)
  expect(await appReady(page)).toBe(false)

  // A link without its token says so, in the page's language.
  await page.goto('/newsletter/unsubscribe?lang=en', { waitUntil: 'commit' })
  await islandsReady(page)
  await expect(page.getByRole('alert')).toHaveText(newsletter.unsubscribeVerification.invalidToken)
  expect(await appReady(page)).toBe(false)
})

test('the sign-in page runs no app until she reaches for it, then keeps what she typed', async ({
  page,
}) => {
  const scripts = watchScripts(page)
  const sessionRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session')
  await page.goto('/login?lang=en', { waitUntil: 'commit' })
  // Untouched: at idle its islands come, read the session (none), and wait for her.
  await sessionRead
  await page.waitForLoadState('networkidle')
  expect(scripts).toEqual(islandsOnly)
  expect(await appReady(page)).toBe(false)
  await expect(page).toHaveURL(/\/login$/)

  // Her press on the field brings the app; what she types meanwhile stays, and is sent.
  await page.getByLabel(auth.fields.email).fill('early.bird@example.com')
  await page.getByLabel(auth.fields.password, { exact: true }).fill('typed-before-the-app')
  await page.waitForFunction(() => 'appReady' in document.documentElement.dataset)
  expect(scripts.length).toBeGreaterThan(1)
  await expect(page.getByLabel(auth.fields.email)).toHaveValue('early.bird@example.com')
  await page.getByRole('main').getByRole('button', { name: auth.login.submit, exact: true }).click()
  await expect(page.getByRole('alert')).toBeVisible()
  await expect(page.getByText(auth.validation.required)).toHaveCount(0)
})

test('on the sign-up page, what she types into each field while the app arrives stays in each', async ({
  page,
}) => {
  const app = await holdTheApp(page)
  await page.goto('/signup?lang=hu', { waitUntil: 'commit' })
  const hu = texts('hu', 'auth').fields
  // Her first key brings the app, which is held on its way; she goes on to the next fields.
  await page.getByLabel(hu.familyName).pressSequentially('Billentyű')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Be')
  // It comes while she types: the rest of her given name and her address go on.
  await app.release()
  await page.keyboard.type('rta', { delay: 20 })
  await page.keyboard.press('Tab')
  await page.keyboard.type('berta@example.com', { delay: 20 })
  await page.waitForFunction(() => 'appReady' in document.documentElement.dataset)
  await afterTwoFrames(page)
  await expect(page.getByLabel(hu.familyName)).toHaveValue('Billentyű')
  await expect(page.getByLabel(hu.givenName)).toHaveValue('Berta')
  await expect(page.getByLabel(hu.email)).toHaveValue('berta@example.com')
})
