import type { Page } from '@playwright/test'
import { signInAsAdmin } from './support/accounts.ts'
import { pauseClock } from './support/clock.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'

/**
 * The landing page untouched: its islands and not the app (src/web/islands/, decision 85). Each
 * test opens the page with `waitUntil: 'commit'`, so that the fixture does not bring the app.
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

test('a press on text brings nothing; a press on the language menu brings the app, which opens it', async ({
  page,
}) => {
  const scripts = watchScripts(page)
  await page.goto('/', { waitUntil: 'commit' })
  await islandsReady(page)
  await page.getByRole('heading', { level: 1 }).click()
  await page.getByRole('heading', { name: landing.features.heading }).click()
  expect(scripts.filter((script) => script.includes('/index-'))).toEqual([])

  await page
    .getByRole('button', { name: common.language.menuLabel.replace('{{name}}', 'Magyar') })
    .click()
  await expect(page.getByRole('menu', { name: common.language.listLabel })).toBeVisible()
  expect(await appReady(page)).toBe(true)
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

  test('the carousel turns before the app, and the app goes on from the slide it shows', async ({
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

    // Her press on "pause" brings the app, which takes the second slide over and stops there.
    await page.clock.resume()
    await page.getByRole('button', { name: landing.cards.pause }).click()
    await page.waitForFunction(() => 'appReady' in document.documentElement.dataset)
    await expect(page.getByRole('button', { name: landing.cards.play })).toBeVisible()
    await expect(dot(2)).toHaveAttribute('aria-selected', 'true')
    await expect(slide(2)).toBeInViewport()
    await expect(slide(1)).not.toBeInViewport()
  })
})
