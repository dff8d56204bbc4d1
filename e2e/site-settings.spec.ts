import { signInAsAdmin } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'

const auth = texts('hu', 'auth')
const adminTexts = texts('hu', 'admin')
const settings = adminTexts.adminSettings
const errors = texts('hu', 'errors').siteSettings
const germanDefault = texts('de', 'landing').hero.badge
// The field only this test changes: other tests read the other settings' defaults.
const germanLine = settings.launchLine.replace('{{language}}', 'német')

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
