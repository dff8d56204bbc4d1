import { signInAsAdmin } from './support/accounts.ts'
import { ADMIN } from './support/admin-account.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'

const auth = texts('hu', 'auth')
const adminTexts = texts('hu', 'admin')

test('the admin navigation leads to users, events, newsletter and settings', async ({
  page,
  baseURL,
  checkA11y,
}, testInfo) => {
  await signInAsAdmin(page, baseURL)
  await page.goto('/admin')
  const nav = page.getByRole('navigation', { name: auth.admin.title })
  for (const section of ['users', 'events', 'newsletter', 'settings'] as const)
    await expect(nav.getByRole('link', { name: auth.admin[section] })).toBeVisible()

  await nav.getByRole('link', { name: auth.admin.users }).click()
  await expect(
    page.getByRole('heading', { name: adminTexts.adminUsers.title, level: 1 }),
  ).toBeVisible()
  await page.getByRole('searchbox', { name: adminTexts.adminUsers.search }).fill(ADMIN.email)
  const row = page.getByRole('row').filter({ hasText: ADMIN.email })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(ADMIN.name)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'admin-users')

  await page.getByRole('link', { name: adminTexts.adminUsers.back }).click()
  await nav.getByRole('link', { name: auth.admin.settings }).click()
  await expect(
    page.getByRole('heading', { name: adminTexts.adminSettings.title, level: 1 }),
  ).toBeVisible()
  await expect(
    page.getByText(adminTexts.adminSettings.emailSmtp.replace('{{host}}', '127.0.0.1')),
  ).toBeVisible()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'admin-settings')
})
