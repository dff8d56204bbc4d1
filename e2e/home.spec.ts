import { createMember, signInAsAdmin, signInThroughApi } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'a member opens her home page on her phone')

const ev = texts('hu', 'events')
const landing = texts('hu', 'landing')

test('a member’s /home shows her panel above the landing page; signed out and for an admin, the landing page alone', async ({
  page,
  baseURL,
  playwright,
  browser,
  checkA11y,
}, testInfo) => {
  // Signed out: the landing page as it is.
  await page.goto('/home')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(landing.hero.title)
  await expect(page.getByText(ev.home.nextEvening)).toHaveCount(0)

  // An admin: the same.
  const adminContext = await browser.newContext({ baseURL })
  const admin = await adminContext.newPage()
  await signInAsAdmin(admin, baseURL)
  await admin.goto('/home')
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(landing.hero.title)
  await expect(admin.getByText(ev.home.nextEvening)).toHaveCount(0)
  await adminContext.close()

  // A member: her panel, her code and its QR code, her next evening.
  const name = `Otthon Olívia ${testInfo.project.name}`
  const member = await createMember(playwright, baseURL, name)
  await signInThroughApi(page, baseURL, member)
  await page.goto('/home')
  await expect(
    page.getByRole('heading', { level: 1, name: ev.home.hello.replace('{{name}}', name) }),
  ).toBeVisible()
  await expect(page.getByText(member.userCode, { exact: true })).toBeVisible()
  await expect(
    page.getByRole('img', { name: ev.member.qrLabel.replace('{{code}}', member.userCode) }),
  ).toBeVisible()
  await expect(page.getByText(ev.home.nextEvening)).toBeVisible()
  await expect(page.getByRole('link', { name: ev.home.peopleMet })).toBeVisible()
  // The landing page follows, its heading one level down.
  await expect(page.getByRole('heading', { level: 2, name: landing.hero.title })).toBeVisible()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'member-home')
})
