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
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { PASSKEY_SITE } from './support/sites.ts'

const auth = texts('hu', 'auth')
const adminTexts = texts('hu', 'admin')
const settings = adminTexts.adminSettings
const errors = texts('hu', 'errors').siteSettings
const germanDefault = texts('de', 'landing').hero.badge
// The field only this test changes: other tests read the other settings' defaults.
const germanLine = settings.launchLine.replace('{{language}}', 'német')

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

test.describe('changing the launch line', () => {
  // Both projects would change the same line: the phone shows the page, the desktop changes it.
  test.skip(({ isMobile }) => isMobile, 'one browser changes the shared setting')

  test('a saved launch line shows at once on the landing page, with JavaScript and without; reset, it is the default again', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInAsAdmin(page, baseURL)
    await page.goto('/admin/settings')
    const line = `Eröffnung im Frühjahr 2027 · ${Date.now() % 100_000}`
    const field = page.getByLabel(germanLine)
    await expect(field).toHaveAttribute('placeholder', germanDefault)
    await field.fill(line)
    await expect(page.getByText(settings.unsaved)).toBeVisible()
    await page.getByRole('button', { name: settings.save }).click()
    await expect(page.getByRole('status').filter({ hasText: settings.saved })).toBeVisible()
    await expect(page.getByRole('button', { name: new RegExp(settings.useDefault) })).toBeVisible()

    // A visitor without JavaScript gets the finished page with her line in it.
    const noScript = await browser.newContext({ javaScriptEnabled: false })
    const visitor = await noScript.newPage()
    await visitor.goto('/?lang=de')
    await expect(visitor.getByText(line)).toBeVisible()
    await noScript.close()
    // And with the app running.
    await page.goto('/?lang=de')
    await expect(page.getByText(line)).toBeVisible()

    // Back to the default: the field empties, the page shows the German texts' own line.
    await page.goto('/admin/settings?lang=hu')
    await page.getByRole('button', { name: `${settings.useDefault} – ${germanLine}` }).click()
    await expect(page.getByLabel(germanLine)).toHaveValue('')
    await page.getByRole('button', { name: settings.save }).click()
    await expect(page.getByRole('status').filter({ hasText: settings.saved })).toBeVisible()
    const after = await (await page.request.get('/?lang=de')).text()
    expect(after).toContain(germanDefault)
    expect(after).not.toContain(line)
  })
})

/**
 * Every field she may change, in the order Tab reaches them, with what she types into each: the
 * names and lines with spaces (a space once pressed a button that had slipped in behind the
 * field), the addresses and the year as they are written.
 */
const EVERY_FIELD: { label: string; value: string }[] = [
  { label: settings.contactEmail, value: 'reka.hello@example.com' },
  { label: settings.senderName, value: 'Lendület Réka és barátai' },
  { label: settings.officialSite, value: 'https://reka.example.com/about-us' },
  { label: settings.instagram, value: 'https://www.instagram.com/reka.lendulet' },
  { label: settings.appStore, value: 'https://apps.apple.com/hu/app/lendulet/id1234567' },
  {
    label: settings.googlePlay,
    value: 'https://play.google.com/store/apps/details?id=fit.lendulet',
  },
  {
    label: settings.launchLine.replace('{{language}}', 'magyar'),
    value: 'Nyitás tavasszal, május 2027',
  },
  {
    label: settings.launchLine.replace('{{language}}', 'angol'),
    value: 'Opening in spring, May 2027',
  },
  {
    label: settings.launchLine.replace('{{language}}', 'spanyol'),
    value: 'Abrimos en primavera, mayo 2027',
  },
  { label: germanLine, value: 'Eröffnung im Frühling, Mai 2027' },
  { label: settings.footerYear, value: '2031' },
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
    for (const [index, { label, value }] of EVERY_FIELD.entries()) {
      await expectFocusOn(page, label)
      await page.keyboard.type(value)
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
    expect(await lostFocus(page)).toEqual([])
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
