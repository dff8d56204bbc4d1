import { signInAsAdmin } from './support/accounts.ts'
import { adminApi } from './support/admin-api.ts'
import { ADMIN } from './support/admin-account.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import type { Locator } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('desktop', 'the owner reads the audit log at her desk')

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

test('an evening ended and a round started read as plain words in the log', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000)
  const events = texts('hu', 'events')
  await signInAsAdmin(page, baseURL)
  const post = adminApi(page.request, baseURL)
  const me = (await (await page.request.get('/api/me')).json()) as { userCode: string }
  const name = `Befejezett est ${testInfo.project.name} ${Date.now()}`
  const { id: eventId } = await post('/api/admin/events', {
    eventName: name,
    startTime: new Date().toISOString(),
    duration: 120,
  })
  const base = `/api/admin/events/${eventId}`
  await post(`${base}/tables`, { tableName: 'Rózsa', capacityFull: 4, capacityActual: 4 })
  await post(`${base}/participants`, { userCode: me.userCode })
  const round = await post(`${base}/rounds`, { durationMinutes: 25 })
  await withEventLock(
    async () => {
      await post(`${base}/start`)
      await post(`${base}/rounds/${round.id}/start`)
      await post(`${base}/end`)
    },
    () => endRunningEvents(page.request, baseURL),
  )

  // Only this evening's entries.
  await page.goto('/admin/audit')
  const form = page.getByRole('form', { name: audit.filters })
  await form.getByLabel(audit.subjectId, { exact: true }).fill(eventId)
  await form.getByRole('button', { name: audit.apply }).click()
  const entries = page.getByTestId('audit-entries').getByRole('listitem')
  await expect(entries.first()).toContainText(name)

  /** The line of an entry's table that a field's label heads. */
  const line = (entry: Locator, label: string) =>
    entry
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })

  // Ended: it was running, and now it has ended (not "not started").
  const ended = entries.filter({ hasText: audit.actions['event.end'] })
  const status = line(ended, audit.fields.status)
  await expect(status.getByRole('cell').nth(0)).toHaveText(events.status.active)
  await expect(status.getByRole('cell').nth(1)).toHaveText(events.status.ended)
  await expect(line(ended, audit.fields.endedAt)).toContainText(String(new Date().getFullYear()))

  // The round: its number, length and state in words, no ids or code names.
  const started = entries.filter({ hasText: audit.actions['round.start'] })
  await expect(line(started, audit.fields.roundNumber)).toContainText('1')
  await expect(line(started, audit.fields.durationMinutes)).toContainText(
    audit.minutes_other.replace('{{formatted}}', '25'),
  )
  await expect(line(started, audit.fields.roundStatus)).toContainText(audit.roundStatuses.running)
  await expect(started).not.toContainText(round.id)
  await saveScreenshot(page, testInfo, 'admin-audit-evening')

  // No entry of the evening shows a code name: a camelCase or snake_case key, or a key path.
  await expect(entries).not.toHaveCount(0)
  for (const text of await page.getByTestId('audit-entries').locator('table').allInnerTexts()) {
    expect(text).not.toMatch(/\b[a-z]+[A-Z]\w*/)
    expect(text).not.toMatch(/\b[a-z0-9]+_[a-z0-9_]+\b/)
    expect(text).not.toMatch(/\b[a-zA-Z]+\.[a-zA-Z_]+\b/)
  }
})
