import { createMember, signInAsAdmin } from './support/accounts.ts'
import { adminApi, fill } from './support/admin-api.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { mailsTo } from './support/mailbox.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('desktop', 'the owner goes through the evening’s no-shows at her desk')

// No-shows (issue 41 part 4, decision 0091): the host clears one on her phone.
const ev = texts('hu', 'events')
const mails = texts('hu', 'emails')
const admin = texts('hu', 'admin')

test('after the evening the host sees who did not come, and clears a no-show', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  // Three accounts (the host with two-step sign-in), on a shared machine.
  test.setTimeout(240_000)
  await signInAsAdmin(page, baseURL)
  const post = adminApi(page.request, baseURL)
  const stamp = Date.now() % 100_000
  const eventName = `Téli est ${stamp}`
  const { id } = await post('/api/admin/events', {
    eventName,
    startTime: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    duration: 120,
  })
  const [bori, csilla] = await Promise.all(
    ['Bodnár Bori', 'Csonka Csilla'].map((name) => createMember(playwright, baseURL, name, [id])),
  )
  if (!bori || !csilla) throw new Error('no guests')

  await withEventLock(
    async () => {
      await post(`/api/admin/events/${id}/start`)
      await post(`/api/admin/events/${id}/participants`, { userCode: bori.userCode })
      await post(`/api/admin/events/${id}/end`)
    },
    () => endRunningEvents(page.request, baseURL),
  )

  await page.goto(`/admin/events/${id}`)
  const panel = page.getByRole('region', { name: ev.participants.noShowTitle })
  await expect(panel).toBeVisible({ timeout: 15_000 })
  await expect(panel.getByText(csilla.name)).toBeVisible()
  await expect(panel.getByText(bori.name)).toHaveCount(0)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'no-shows')

  // The members list counts it, on her row.
  await page.goto('/admin/users')
  await page.getByRole('searchbox', { name: admin.adminUsers.search }).fill(csilla.email)
  const row = page.getByRole('row').filter({ hasText: csilla.email })
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible({ timeout: 15_000 })
  await saveScreenshot(page, testInfo, 'no-shows-members')
  await page.goto(`/admin/events/${id}`)

  // She called, she was ill: cleared, and it says so.
  await panel
    .getByRole('button', { name: fill(ev.participants.noShowClearLabel, { name: csilla.name }) })
    .click()
  await expect(panel.getByText(ev.participants.noShowCleared)).toBeVisible()
  await expect(panel.getByRole('button')).toHaveCount(0)
  await saveScreenshot(page, testInfo, 'no-shows-cleared')

  // Their e-mails (thanks to the one who came, "we missed you" to the other) wait 30 minutes,
  // in case the end was a mistake (decision 100): none has gone yet. That they then go, once
  // each, is src/server/events/no-shows.test.ts's, on the test's clock.
  const thanksSubject = fill(mails.afterEvening.thanksSubject, { event: eventName })
  const missedSubject = fill(mails.afterEvening.missedSubject, { event: eventName })
  const sent = [...(await mailsTo(bori.email)), ...(await mailsTo(csilla.email))]
  expect(
    sent.filter((mail) =>
      [thanksSubject, missedSubject].some((subject) => mail.subject.includes(subject)),
    ),
  ).toEqual([])
})
