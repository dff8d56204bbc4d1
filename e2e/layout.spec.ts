import { expect, test } from './support/fixtures.ts'
import { launchText } from './support/launch.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'

const common = texts('hu', 'common')

test('header and footer carry the brand, language menu and every footer item', async ({ page }) => {
  await page.goto('/')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: common.brand.homeLink })).toHaveAttribute(
    'href',
    '/',
  )
  await expect(header.getByRole('button', { name: /Magyar/ })).toBeVisible()

  const footer = page.getByRole('contentinfo')
  await expect(footer).toContainText(launchText('hu', 'footer'))
  await expect(footer.getByRole('heading', { name: common.footer.quickLinks })).toBeVisible()
  await expect(footer.getByRole('link', { name: common.footer.privacyPolicy })).toHaveAttribute(
    'href',
    '/privacy-policy',
  )
  const official = footer.getByRole('link', { name: new RegExp(common.footer.officialSite) })
  await expect(official).toHaveAttribute('href', 'https://lendulet.fit')
  await expect(official).toHaveAttribute('target', '_blank')
  await expect(footer.getByRole('heading', { name: common.footer.followUs })).toBeVisible()
  await expect(
    footer.getByRole('link', { name: new RegExp(common.footer.instagram) }),
  ).toHaveAttribute('href', 'https://www.instagram.com/lendulet.fit')
  await expect(footer).toContainText(
    common.footer.rights.replace('{{year}}', String(new Date().getFullYear())),
  )
  await expect(footer).toContainText(common.footer.professional)
})

test('the footer leads to the privacy policy without a reload', async ({ page }) => {
  // From a screen of the app; the landing page has no app to keep (decision 95): its links load
  // their page.
  await page.goto('/login')
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: common.footer.privacyPolicy })
    .click()
  await expect(page).toHaveURL(/\/privacy-policy$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('hu', 'privacy').heading)
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
})

test('a keyboard user can skip straight to the content', async ({ page, hasTouch }) => {
  test.skip(hasTouch, 'keyboard navigation is a desktop matter')
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: common.skipToContent })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
})

test('an address a sign-in link brought is the sign-in callback, which sends a signed-out visitor to /landing', async ({
  page,
}, testInfo) => {
  await page.goto('/some/unknown/place?type=signup')
  await expect(page).toHaveURL(/\/landing$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    texts('hu', 'landing').hero.title,
  )
  await saveScreenshot(page, testInfo, 'callback-redirect')
  // SPEC's links carry their tokens in the hash, which the server never sees.
  await page.goto('/some/unknown/place#access_token=x&type=magiclink')
  await expect(page).toHaveURL(/\/landing$/)
})

test('any other address says the page does not exist, and leads home', async ({
  page,
}, testInfo) => {
  const common = texts('en', 'common')
  const response = await page.goto('/some/unknown/place?lang=en')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.notFound.title)
  await expect(page.getByText(common.notFound.text)).toBeVisible()
  await saveScreenshot(page, testInfo, 'not-found')
  await page.getByRole('link', { name: common.notFound.backHome }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    texts('en', 'landing').hero.title,
  )
})
