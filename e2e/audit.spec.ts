import { signInAsAdmin } from './support/accounts.ts'
import { adminApi } from './support/admin-api.ts'
import { ADMIN } from './support/admin-account.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'

const auth = texts('hu', 'auth')
const adminTexts = texts('hu', 'admin')
const audit = adminTexts.adminAudit

test('the audit log shows what the admin changed, filters it, and refuses a reversed range', async ({
  page,
  baseURL,
  checkA11y,
}, testInfo) => {
  // Two axe checks and three screens of the log: past the default minute on a loaded machine.
  test.setTimeout(120_000)
  await signInAsAdmin(page, baseURL)
  const post = adminApi(page.request, baseURL)
  const name = `Napló-est ${testInfo.project.name} ${Date.now()}`
  await post('/api/admin/events', {
    eventName: name,
    startTime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    duration: 120,
  })

  await page.goto('/admin')
  await page
    .getByRole('navigation', { name: auth.admin.title })
    .getByRole('link', { name: auth.admin.audit })
    .click()
  await expect(page.getByRole('heading', { name: audit.title, level: 1 })).toBeVisible()

  // Her own change, in plain words, with who did it and what it was about.
  const entries = page.getByTestId('audit-entries').getByRole('listitem')
  const created = entries.filter({ hasText: name }).first()
  await expect(created).toContainText(audit.actions['event.create'])
  await expect(created).toContainText(ADMIN.email)
  await expect(created).toContainText(`${audit.subjects.event}: ${name}`)
  // Its values in the owner's words too: the new event's status as its card says it.
  await expect(created).toContainText(texts('hu', 'events').status.inactive)

  // Filter by what was done: only event creations are left, and focus moves to the count.
  const form = page.getByRole('form', { name: audit.filters })
  await form.getByLabel(audit.action).selectOption('event.create')
  await form.getByRole('button', { name: audit.apply }).click()
  const count = page.getByRole('main').getByRole('heading', { level: 2 })
  await expect(count).toBeFocused()
  await expect(entries.first()).toContainText(audit.actions['event.create'])
  for (const text of await entries.allTextContents())
    expect(text).toContain(audit.actions['event.create'])
  await expect(page.getByRole('link', { name: audit.download })).toHaveAttribute(
    'href',
    /\/api\/admin\/audit\.csv\?action=event\.create/,
  )
  await checkA11y()
  await saveScreenshot(page, testInfo, 'admin-audit')

  // An end before the start: the message sits under the field, which takes focus.
  await form.getByLabel(audit.from).fill('2026-03-02')
  await form.getByLabel(audit.to).fill('2026-03-01')
  await form.getByRole('button', { name: audit.apply }).click()
  const to = form.getByLabel(audit.to)
  await expect(to).toBeFocused()
  await expect(to).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByText(audit.rangeReversed)).toBeVisible()
  await checkA11y()
})
