import type { Page } from '@playwright/test'
import { SITE_SETTING_FIELDS, type SiteSettingsView } from '#shared/schemas/site-settings.ts'
import { signInAsAdmin } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import {
  expectFocusInSight,
  expectFocusOn,
  lostFocus,
  pressAndExpectFocus,
  tabTo,
  watchFocus,
} from './support/keyboard.ts'
import { launchText } from './support/launch.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { PASSKEY_SITE } from './support/sites.ts'

const auth = texts('hu', 'auth')
const adminTexts = texts('hu', 'admin')
const settings = adminTexts.adminSettings
const errors = texts('hu', 'errors').siteSettings

interface SettingsPage {
  site: SiteSettingsView
}

/**
 * Opens the settings, or reloads them, and waits for the form: the app, then the page's chunk,
 * then its data (on a starved two-core machine, more than the 5 s of one expectation).
 */
async function openSettings(page: Page, reload = false) {
  await (reload ? page.reload() : page.goto('/admin/settings?lang=hu'))
  await expect(page.getByLabel(settings.contactEmail, { exact: true })).toBeVisible({
    timeout: 20_000,
  })
}

/** Focus is on the message that answered her, as a screen reader would find it. */
async function expectFocusOnMessage(page: Page, role: 'status' | 'alert', text: string) {
  const active = page.locator(':focus')
  await expect(active).toHaveRole(role)
  await expect(active).toHaveText(text)
  await expectFocusInSight(page, `the message "${text}"`)
}

test('the owner sees her settings in plain words; a bad address is refused next to its field', async ({
  page,
  baseURL,
  checkA11y,
}, testInfo) => {
  await signInAsAdmin(page, baseURL)
  await page.goto('/admin')
  await page
    .getByRole('navigation', { name: auth.admin.title })
    .getByRole('link', { name: auth.admin.settings })
    .click()
  await expect(page.getByRole('heading', { name: settings.title, level: 1 })).toBeVisible()
  const form = page.getByRole('main')
  // Where nothing is set, the field is empty and says what the site uses.
  const contact = form.getByLabel(settings.contactEmail)
  await expect(contact).toHaveValue('')
  await expect(contact).toHaveAccessibleDescription(
    settings.defaultIs.replace('{{value}}', 'hello@lendulet.fit'),
  )
  await expect(form.getByLabel(settings.footerYear)).toHaveAccessibleDescription(
    new RegExp(String(new Date().getFullYear())),
  )
  // How far back the seating remembers: empty, 6 months unless she says (decision 94).
  const memory = form.getByLabel(settings.seatingMemoryMonths)
  await expect(memory).toHaveValue('')
  await expect(memory).toHaveAccessibleDescription(
    `${settings.seatingMemoryMonthsHint} ${settings.defaultIs.replace('{{value}}', '6')}`,
  )
  await page.getByRole('region', { name: settings.seatingTitle }).screenshot({
    path: `test-results/screenshots/admin-settings-seating-${testInfo.project.name}.png`,
  })
  // The server's own facts are apart, for whoever runs it.
  await expect(page.getByRole('heading', { name: settings.operatorTitle })).toBeVisible()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'admin-settings')

  // An http:// link: the error sits under the field, which takes focus; nothing is saved.
  const instagram = form.getByLabel(settings.instagram)
  await instagram.fill('http://instagram.com/someone-else')
  await form.getByRole('button', { name: settings.save }).click()
  await expect(instagram).toBeFocused()
  await expect(instagram).toHaveAccessibleDescription(new RegExp(errors.urlInvalid))
  await checkA11y()
  const landing = await page.request.get('/?lang=hu')
  expect(await landing.text()).not.toContain('someone-else')
})

/**
 * Every field she may change, in the order Tab reaches them, with what she types into each: the
 * names with spaces (a space once pressed a button that had slipped in behind the field), the
 * addresses and the years as they are written. A choice is made with the arrow keys (`keys`);
 * its value is then the option's.
 */
const EVERY_FIELD: { label: string; value: string; keys?: string[] }[] = [
  { label: settings.contactEmail, value: 'reka.hello@example.com' },
  { label: settings.senderName, value: 'Lendület Réka és barátai' },
  { label: settings.officialSite, value: 'https://reka.example.com/about-us' },
  { label: settings.instagram, value: 'https://www.instagram.com/reka.lendulet' },
  { label: settings.appStore, value: 'https://apps.apple.com/hu/app/lendulet/id1234567' },
  {
    label: settings.googlePlay,
    value: 'https://play.google.com/store/apps/details?id=fit.lendulet',
  },
  // The default, no date, a year, a season, a month: the year and the month come next.
  { label: settings.launchPrecision, value: 'month', keys: Array(4).fill('ArrowDown') },
  { label: settings.launchYear, value: '2099' },
  // "Choose a month", then January, February, March.
  { label: settings.launchMonth, value: '3', keys: Array(3).fill('ArrowDown') },
  { label: settings.footerYear, value: '2031' },
  // How far back the seating remembers who has met (decision 94).
  { label: settings.seatingMemoryMonths, value: '9' },
]

test.describe('every setting, by keyboard alone', () => {
  // These change what every page of a site shows: on the passkey site, which the main site's tests
  // never read, and in one browser at a time.
  test.use({ baseURL: PASSKEY_SITE })
  test.describe.configure({ mode: 'default' })
  test.skip(({ isMobile }) => !isMobile, 'one browser changes the shared settings')

  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page, PASSKEY_SITE)
    // Each test starts from the defaults, whatever ran before it.
    const reset = await page.request.patch('/api/admin/settings', {
      data: Object.fromEntries(SITE_SETTING_FIELDS.map((field) => [field, null])),
      headers: { origin: PASSKEY_SITE },
    })
    expect(reset.ok()).toBe(true)
  })

  test('she types into every field, moving on with Tab: saved, reloaded, each value is what she typed', async ({
    page,
  }) => {
    // Some 300 keys, each waited for, and focus checked at every field.
    test.slow()
    await openSettings(page)
    // Where she names the sender, she sees the From line her e-mails will carry.
    const fromLine = page.getByTestId('sender-preview')
    await expect(fromLine).toHaveText('Lendület <hello@lendulet.fit>')
    await watchFocus(page)
    await tabTo(page, settings.contactEmail, { max: 25 })
    for (const [index, { label, value, keys }] of EVERY_FIELD.entries()) {
      await expectFocusOn(page, label)
      if (keys) for (const key of keys) await page.keyboard.press(key)
      else await page.keyboard.type(value)
      await expect(page.locator(':focus')).toHaveValue(value)
      if (label === settings.senderName)
        await expect(fromLine).toHaveText(`${value} <hello@lendulet.fit>`)
      // Nothing slips in between while she types: Tab takes her to the next field.
      await page.keyboard.press('Tab')
      const next = EVERY_FIELD[index + 1]?.label ?? settings.save
      await expectFocusOn(page, next)
    }
    await page.keyboard.press('Enter')
    await expectFocusOnMessage(page, 'status', settings.saved)

    await openSettings(page, true)
    const form = page.getByRole('main')
    for (const { label, value } of EVERY_FIELD)
      await expect(form.getByLabel(label, { exact: true })).toHaveValue(value)
    await expect(page.getByTestId('launch-preview')).toHaveText('Hamarosan · 2099 márciusában')
    expect(await lostFocus(page)).toEqual([])
  })

  test('a launch date that has passed: the pages stop naming it, the dashboard says so and leads to the setting; a new one shows everywhere', async ({
    page,
    browser,
    checkA11y,
  }, testInfo) => {
    test.slow()
    // This site's launch date (LAUNCH_DATE, playwright.config.ts) was autumn 2025.
    const visitor = await browser.newContext({ javaScriptEnabled: false })
    const reader = await visitor.newPage()
    await reader.goto(`${PASSKEY_SITE}/?lang=en`)
    await expect(reader.getByText('Coming soon', { exact: true })).toBeVisible()
    await expect(reader.locator('#root')).not.toContainText('2025')
    await expect(reader).toHaveTitle(launchText('en', 'title', 'none'))

    await page.goto('/admin?lang=hu')
    const warning = page.getByTestId('launch-passed')
    await expect(warning).toHaveText(new RegExp(auth.admin.launchPassed), { timeout: 20_000 })
    await checkA11y()
    await saveScreenshot(page, testInfo, 'admin-launch-passed')
    await watchFocus(page)
    await tabTo(page, auth.admin.launchPassedLink, { max: 20 })
    // The link takes her to the setting itself.
    await page.keyboard.press('Enter')
    await expectFocusOn(page, settings.launchPrecision, 20_000)
    await expect(page.getByText(settings.launchPassed)).toBeVisible()
    // A season: autumn 2099.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown')
    await pressAndExpectFocus(page, 'Tab', settings.launchYear)
    await page.keyboard.type('2099')
    await pressAndExpectFocus(page, 'Tab', settings.launchSeason)
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowDown')
    // She sees the line above the headline as it will read.
    await expect(page.getByTestId('launch-preview')).toHaveText('Hamarosan · 2099 őszén')
    await checkA11y()
    await saveScreenshot(page, testInfo, 'admin-settings-launch')
    await page.setViewportSize({ width: 1280, height: 900 })
    await saveScreenshot(page, testInfo, 'admin-settings-launch-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await tabTo(page, settings.save, { max: 20 })
    await page.keyboard.press('Enter')
    await expectFocusOnMessage(page, 'status', settings.saved)
    await expect(page.getByText(settings.launchPassed)).toHaveCount(0)
    expect(await lostFocus(page)).toEqual([])

    // Every sentence that names it, in every language, without JavaScript too.
    const badges = {
      hu: 'Hamarosan · 2099 őszén',
      en: 'Coming soon · autumn 2099',
      es: 'Muy pronto · otoño de 2099',
      de: 'Bald da · Herbst 2099',
    } as const
    for (const [language, badge] of Object.entries(badges)) {
      const code = language as keyof typeof badges
      await reader.goto(`${PASSKEY_SITE}/?lang=${code}`)
      await expect(reader.getByText(badge, { exact: true })).toBeVisible()
      expect(badge).toBe(launchText(code, 'badge', '2099-autumn'))
      for (const id of ['lead', 'cardsHeading', 'appText', 'footer'] as const)
        await expect(reader.getByText(launchText(code, id, '2099-autumn')).first()).toBeVisible()
      await expect(reader).toHaveTitle(launchText(code, 'title', '2099-autumn'))
      await reader.goto(`${PASSKEY_SITE}/signup?lang=${code}`)
      await expect(reader.getByText(launchText(code, 'signupIntro', '2099-autumn'))).toBeVisible()
    }
    await visitor.close()

    // With the app running, and the dashboard has nothing more to say.
    await page.goto('/?lang=hu')
    await expect(page.getByText('Hamarosan · 2099 őszén', { exact: true })).toBeVisible()
    await saveScreenshot(page, testInfo, 'landing-launch-set')
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/?lang=en')
    await expect(page.getByText('Coming soon · autumn 2099', { exact: true })).toBeVisible()
    await saveScreenshot(page, testInfo, 'landing-launch-set-1280')
    await page.goto('/admin?lang=hu')
    await expect(page.getByRole('heading', { name: auth.admin.title, level: 1 })).toBeVisible()
    await expect(page.getByTestId('launch-passed')).toHaveCount(0)
  })

  test("a store's badge shows once the app's own page there is set, and the welcome speaks of the app", async ({
    page,
    checkA11y,
  }, testInfo) => {
    const landing = texts('hu', 'landing')
    const appStore = 'https://apps.apple.com/hu/app/lendulet/id123456789'
    const badge = (name: string) => page.getByRole('link', { name: new RegExp(name) })
    // Nothing set: no badge, no word of signing in to an app.
    await page.goto('/welcome')
    await expect(page.getByRole('heading', { name: landing.welcome.title })).toBeVisible()
    await expect(page.getByText(landing.welcome.mobileApp)).toHaveCount(0)
    await expect(badge(landing.download.appStore.name)).toHaveCount(0)
    await expect(badge(landing.download.googlePlay.name)).toHaveCount(0)

    const saved = await page.request.patch('/api/admin/settings', {
      data: { appStoreUrl: appStore },
      headers: { origin: PASSKEY_SITE },
    })
    expect(saved.ok()).toBe(true)
    await page.goto('/welcome')
    await expect(page.getByText(landing.welcome.mobileApp)).toBeVisible()
    await expect(badge(landing.download.appStore.name)).toHaveAttribute('href', appStore)
    await expect(badge(landing.download.googlePlay.name)).toHaveCount(0)
    await expect(page.getByText(landing.download.available)).toBeVisible()
    await badge(landing.download.appStore.name).scrollIntoViewIfNeeded()
    await checkA11y()
    await saveScreenshot(page, testInfo, 'landing-app-store-badge')
  })

  test('going back to the default is undoable, and happens only when she saves', async ({
    page,
    checkA11y,
  }, testInfo) => {
    // Three trips to the server between the keys, and an accessibility scan.
    test.slow()
    const own = 'Réka a Lendülettől'
    const setOwn = await page.request.patch('/api/admin/settings', {
      data: { mailSenderName: own },
      headers: { origin: PASSKEY_SITE },
    })
    expect(setOwn.ok()).toBe(true)
    const stored = async () =>
      ((await (await page.request.get('/api/admin/settings')).json()) as SettingsPage).site
        .mailSenderName
    const useDefault = `${settings.useDefault} – ${settings.senderName}`
    const undo = `${settings.undoUseDefault} – ${settings.senderName}`

    await openSettings(page)
    const field = page.getByLabel(settings.senderName, { exact: true })
    const fromLine = page.getByTestId('sender-preview')
    await expect(field).toHaveValue(own)
    await watchFocus(page)
    // Her saved name has its button, after the field, from the start.
    await tabTo(page, settings.senderName, { max: 25 })
    await pressAndExpectFocus(page, 'Tab', useDefault)

    // Space marks it: the field empties and says so, the From line shows the default name, and
    // the same button, still focused, offers Undo. Nothing is saved yet.
    await pressAndExpectFocus(page, 'Space', undo)
    await expect(field).toHaveValue('')
    await expect(page.getByText(settings.goesBackOnSave)).toBeVisible()
    await expect(fromLine).toHaveText('Lendület <hello@lendulet.fit>')
    await expect(page.getByText(settings.unsaved)).toBeVisible()
    expect(await stored()).toMatchObject({ value: own, custom: true })
    await checkA11y()
    await saveScreenshot(page, testInfo, 'admin-settings-back-to-default')

    // Undo: her name is back, as it was, and so is the button.
    await pressAndExpectFocus(page, 'Enter', useDefault)
    await expect(field).toHaveValue(own)
    await expect(page.getByText(settings.goesBackOnSave)).toBeHidden()
    await expect(fromLine).toHaveText(`${own} <hello@lendulet.fit>`)
    await expect(page.getByText(settings.unsaved)).toBeHidden()

    // Marked again and saved: now the default applies.
    await pressAndExpectFocus(page, 'Space', undo)
    expect(await stored()).toMatchObject({ value: own, custom: true })
    await tabTo(page, settings.save, { max: 20 })
    await page.keyboard.press('Enter')
    await expectFocusOnMessage(page, 'status', settings.saved)
    expect(await stored()).toMatchObject({ value: 'Lendület', custom: false })
    await expect(field).toHaveValue('')
    await expect(page.getByRole('button', { name: useDefault })).toHaveCount(0)
    expect(await lostFocus(page)).toEqual([])
  })
})
