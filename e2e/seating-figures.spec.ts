import { adminApi } from './support/admin-api.ts'
import { createMember, signInAsAdmin } from './support/accounts.ts'
import { withEventLock } from './support/event-lock.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { seedEvening } from '#server/test/seed-evening.ts'
import { atWidth } from './support/widths.ts'

atWidth('desktop', 'the owner reads the seating figures at her desk')

const ev = texts('hu', 'events')

test('the host sees the pairs meeting again from earlier evenings beside tonight’s repeats', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  const tag = `${testInfo.project.name} ${Date.now() % 100_000}`
  const [anna, bori, cili, dora] = await Promise.all(
    ['Kiss Anna', 'Nagy Bori', 'Tóth Cili', 'Szabó Dóra'].map((name) =>
      createMember(playwright, baseURL, `${name} ${tag}`),
    ),
  )
  if (!anna || !bori || !cili || !dora) throw new Error('no guests')
  await signInAsAdmin(page, baseURL)
  const post = adminApi(page.request, baseURL)

  // Last time Anna, Bori and Cili shared a table, and their round was played.
  await withEventLock(async () => {
    const earlier = await seedEvening(post, {
      eventName: `Múltkori este ${tag}`,
      tables: [{ name: 'Rózsa', seats: 4 }],
      present: [anna.userCode, bori.userCode, cili.userCode],
      roundStarted: true,
    })
    await post(`/api/admin/events/${earlier.eventId}/end`)
  })
  // Tonight the three come back with Dóra, at two tables of two: two of the three must sit
  // together again, and the mixer seats no more of them than that.
  const { eventId, eventName } = await seedEvening(post, {
    eventName: `Mai este ${tag}`,
    tables: [
      { name: 'Menta', seats: 2 },
      { name: 'Levendula', seats: 2 },
    ],
    present: [anna, bori, cili, dora].map((guest) => guest.userCode),
    started: false,
  })
  await page.goto(`/admin/events/${eventId}`)
  // A loaded machine may take a while to read the event.
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible({
    timeout: 20_000,
  })

  const figures = page
    .getByRole('region', { name: ev.rounds.title })
    .getByRole('definition')
    .filter({ hasText: /^\d+$/ })
  const rounds = page.getByRole('region', { name: ev.rounds.title })
  await expect(rounds.getByText(ev.rounds.figures.tonight, { exact: true })).toBeVisible()
  await expect(rounds.getByText(ev.rounds.figures.earlier, { exact: true })).toBeVisible()
  await expect(figures).toHaveText(['0', '1'])
  await expect(
    rounds.getByText(ev.rounds.figures.earlierHint_other.replace('{{count}}', '6')),
  ).toBeVisible()

  await figures.first().scrollIntoViewIfNeeded()
  await saveScreenshot(page, testInfo, 'seating-figures')
  // The rounds panel alone, for a person to look at the figures beside the seating.
  await rounds.screenshot({
    path: `test-results/screenshots/seating-figures-rounds-${testInfo.project.name}.png`,
  })
  await checkA11y()
})
