import { adminApi, fill } from './support/admin-api.ts'
import type { Page } from '@playwright/test'
import { distinctLabels } from '#shared/people-names.ts'
import { createMember, signInAsAdmin } from './support/accounts.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import { openSetUp } from './support/event-page.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { seedEvening } from '#server/test/seed-evening.ts'
import { AFTER_EVENING_GRACE_MINUTES } from '#shared/schemas/events.ts'

const ev = texts('hu', 'events')

/** The id of the element that has focus ('' for <body>). */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '')

test('the host is asked before removing someone, and two guests of one name are told apart', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  const tag = `${testInfo.project.name} ${Date.now() % 100_000}`
  const guests = await Promise.all(
    ['Nagy Eszter', 'Nagy Eszter', 'Kiss Anna', 'Tóth Cili'].map((name) =>
      createMember(playwright, baseURL, `${name} ${tag}`),
    ),
  )
  const [eszter1, eszter2, anna, cili] = guests
  if (!eszter1 || !eszter2 || !anna || !cili) throw new Error('no guests')
  const labels = distinctLabels(
    guests.map((g) => ({ id: g.email, name: g.name, code: g.userCode })),
  )
  const label = (guest: { email: string }) => labels.get(guest.email) ?? ''
  expect(label(eszter1)).not.toBe(label(eszter2))
  expect(label(anna)).toBe(anna.name)

  await signInAsAdmin(page, baseURL)
  const post = adminApi(page.request, baseURL)
  const { eventId, eventName } = await seedEvening(post, {
    eventName: `Kétszer Eszter ${tag}`,
    tables: [
      { name: 'Rózsa', seats: 2 },
      { name: 'Menta', seats: 2 },
    ],
    present: guests.map((g) => g.userCode),
    started: false,
  })
  await page.goto(`/admin/events/${eventId}`)
  const heading = page.getByRole('heading', { name: eventName, level: 1 })
  await expect(heading).toBeVisible()

  // The door's screen is in the console, on the first screen.
  await expect(page.getByRole('link', { name: ev.page.door })).toBeInViewport()
  await expect(page.getByRole('link', { name: ev.page.door })).toHaveAttribute(
    'href',
    `/admin/events/${eventId}/door`,
  )

  // Both Eszters, told apart by their member codes, in the list and on the board.
  const people = page.getByRole('region', { name: ev.participants.title })
  const round = page
    .getByRole('region', { name: ev.rounds.title })
    .getByRole('listitem')
    .filter({ hasText: fill(ev.rounds.round, { number: 1 }) })
  for (const eszter of [eszter1, eszter2]) {
    await expect(people.getByText(label(eszter), { exact: true })).toBeVisible()
    await expect(
      round.getByRole('button', { name: fill(ev.rounds.select, { name: label(eszter) }) }),
    ).toBeVisible()
  }
  // …and in the keep-apart choices.
  const apart = page.getByRole('region', { name: ev.keepApart.title })
  const choices = await apart.getByLabel(ev.keepApart.first).locator('option').allTextContents()
  expect(choices).toEqual(
    expect.arrayContaining([label(eszter1), label(eszter2), anna.name, cili.name]),
  )
  // The list is in Hungarian alphabetical order.
  const rowNames = await people.locator('li p.font-semibold').allTextContents()
  expect(rowNames).toEqual([...rowNames].sort(new Intl.Collator('hu', { numeric: true }).compare))

  // A new seating asks first: everyone's table may change.
  const reseat = round.getByRole('button', { name: ev.rounds.reseat })
  await reseat.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(fill(ev.rounds.confirmReseat, { number: 1 }))
  await dialog.getByRole('button', { name: ev.confirm.cancel }).click()
  await expect(dialog).toHaveCount(0)
  await expect(reseat).toBeFocused()
  await reseat.click()
  await dialog.getByRole('button', { name: ev.rounds.confirmReseatButton }).click()
  await expect(dialog).toHaveCount(0)
  await expect(reseat).toBeFocused()

  // Removing Anna asks first; cancelling keeps her, and focus goes back to the button.
  const removeAnna = people.getByRole('button', {
    name: fill(ev.participants.removeLabel, { name: anna.name }),
  })
  const checkOutAnna = people.getByRole('button', {
    name: fill(ev.participants.checkOutLabel, { name: anna.name }),
  })
  // Check out and Remove sit apart (24 px at least), and a thumb can hit them on a phone.
  const [checkOutBox, removeBox] = await Promise.all([
    checkOutAnna.boundingBox(),
    removeAnna.boundingBox(),
  ])
  if (!checkOutBox || !removeBox) throw new Error('no buttons')
  expect(removeBox.x - (checkOutBox.x + checkOutBox.width)).toBeGreaterThanOrEqual(24)
  if (testInfo.project.name === 'phone') {
    expect(checkOutBox.height).toBeGreaterThanOrEqual(44)
    expect(removeBox.height).toBeGreaterThanOrEqual(44)
  }
  await people.screenshot({
    path: `test-results/screenshots/participants-panel-${testInfo.project.name}.png`,
  })
  await removeAnna.click()
  await expect(dialog).toContainText(fill(ev.participants.confirmRemove, { name: anna.name }))
  await checkA11y()
  await saveScreenshot(page, testInfo, 'confirm-remove-participant')
  await page.screenshot({
    path: `test-results/screenshots/confirm-remove-viewport-${testInfo.project.name}.png`,
  })
  await dialog.getByRole('button', { name: ev.confirm.cancel }).click()
  await expect(dialog).toHaveCount(0)
  await expect(removeAnna).toBeFocused()
  await expect(people.getByText(anna.name, { exact: true })).toBeVisible()

  // Confirmed, she goes; focus moves to the next row's button, not to the page.
  await removeAnna.click()
  await dialog
    .getByRole('button', { name: fill(ev.participants.confirmRemoveButton, { name: anna.name }) })
    .click()
  await expect(dialog).toHaveCount(0)
  await expect(people.getByText(anna.name, { exact: true })).toHaveCount(0)
  await expect(page.getByTestId('participant-counts')).toHaveText(
    fill(ev.participants.counts, { present: 3, registered: 0, absent: 0 }),
  )
  expect(await focusedId(page)).toMatch(/^participant-.+-main$|^participants-heading$/)

  // A change that fails shows its error inside its panel: Cili is removed in another tab just as
  // the host checks her out (the page follows changes live, so the removal is made the moment
  // the check-out is sent, before her row can go), so it fails there, not at the top of the page.
  const ciliPath = `/api/admin/events/${eventId}/participants/${await userIdOf(page, eventId, cili.userCode)}`
  await page.route(`**${ciliPath}`, async (route) => {
    if (route.request().method() === 'PATCH') {
      const gone = await page.request.delete(ciliPath, {
        headers: { origin: new URL(baseURL ?? '').origin },
      })
      expect(gone.ok()).toBe(true)
    }
    await route.continue()
  })
  await people
    .getByRole('button', { name: fill(ev.participants.checkOutLabel, { name: cili.name }) })
    .click()
  await expect(people.getByRole('alert')).toHaveText(ev.errors.participantNotFound)
  await expect(page.getByRole('alert')).toHaveCount(1)

  // The printed door list and cards tell the two Eszters apart too.
  await round.getByRole('link', { name: fill(ev.rounds.printLabel, { number: 1 }) }).click()
  await expect(page).toHaveURL(/\/rounds\/[0-9a-f-]{36}\/print$/)
  const door = page.getByRole('region', { name: ev.print.doorTitle })
  for (const eszter of [eszter1, eszter2]) {
    await expect(door.getByText(label(eszter), { exact: true })).toBeVisible()
    await expect(
      page.locator('.tent-half:not(.is-back)').getByText(label(eszter), { exact: true }),
    ).toBeVisible()
  }

  // Back at the event, removing the round asks first; then the form to add one has focus.
  await page.getByRole('link', { name: ev.print.back }).click()
  await round.getByRole('button', { name: ev.rounds.remove }).click()
  await expect(dialog).toContainText(fill(ev.rounds.confirmRemove, { number: 1 }))
  await dialog
    .getByRole('button', { name: fill(ev.rounds.confirmRemoveButton, { number: 1 }) })
    .click()
  await expect(round).toHaveCount(0)
  await expect(
    page
      .getByRole('region', { name: ev.rounds.title })
      .getByRole('button', { name: ev.rounds.add }),
  ).toBeFocused()
})

/** A participant's user id, from the event as the admin's API gives it. */
async function userIdOf(page: Page, eventId: string, userCode: string) {
  const detail = (await (await page.request.get(`/api/admin/events/${eventId}`)).json()) as {
    participants: { userId: string; userCode: string }[]
  }
  const found = detail.participants.find((p) => p.userCode === userCode)
  if (!found) throw new Error(`${userCode} is not a participant`)
  return found.userId
}

test('ending a round early and ending the evening ask first; focus follows the evening', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  test.setTimeout(120_000)
  const tag = `${testInfo.project.name} ${Date.now() % 100_000}`
  const guests = await Promise.all(
    ['Fekete Flóra', 'Gál Gréta', 'Gulyás Hanna'].map((name) =>
      createMember(playwright, baseURL, `${name} ${tag}`),
    ),
  )
  await withEventLock(
    async () => {
      await signInAsAdmin(page, baseURL)
      const { eventId, eventName } = await seedEvening(adminApi(page.request, baseURL), {
        eventName: `Vigyázó est ${tag}`,
        tables: [
          { name: 'Levendula', seats: 2 },
          { name: 'Pipacs', seats: 2 },
        ],
        present: guests.map((g) => g.userCode),
        started: false,
      })
      await page.goto(`/admin/events/${eventId}`)
      await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible()
      const rounds = page.getByRole('region', { name: ev.rounds.title })
      const round = rounds
        .getByRole('listitem')
        .filter({ hasText: fill(ev.rounds.round, { number: 1 }) })
      const roundHeading = round.getByRole('heading', {
        name: fill(ev.rounds.round, { number: 1 }),
      })

      // Start the event: focus moves on to the console's next step, starting the seated round.
      await page.getByRole('button', { name: ev.card.start }).click()
      await expect(page.getByText(ev.status.active, { exact: true })).toBeVisible()
      await expect(page.locator('#console-next')).toHaveText(
        fill(ev.console.startRound, { number: 1 }),
      )
      await expect(page.locator('#console-next')).toBeFocused()
      // Start the round from its own row: focus lands on its heading.
      const startRound = round.getByRole('button', { name: ev.rounds.start })
      await startRound.click()
      await expect(page.getByTestId('round-1-state')).toContainText(/még (1:00:00|59:\d\d)/)
      await expect(roundHeading).toBeFocused()

      // A failed change shows its error in its own panel: a table people sat at can't go. The
      // set-up is folded away while the evening runs: she opens it first.
      await openSetUp(page)
      const tables = page.getByRole('region', { name: ev.tables.title })
      await tables
        .getByRole('button', { name: fill(ev.tables.removeLabel, { name: 'Levendula' }) })
        .click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toContainText(fill(ev.tables.confirmRemove, { name: 'Levendula' }))
      await dialog
        .getByRole('button', {
          name: fill(ev.tables.confirmRemoveButton, { name: 'Levendula' }),
        })
        .click()
      await expect(dialog).toHaveCount(0)
      await expect(tables.getByRole('alert')).toHaveText(ev.errors.tableInUse)
      await expect(page.getByRole('alert')).toHaveCount(1)
      await expect(
        tables.getByRole('button', { name: fill(ev.tables.removeLabel, { name: 'Levendula' }) }),
      ).toBeFocused()

      await rounds.screenshot({
        path: `test-results/screenshots/rounds-panel-${testInfo.project.name}.png`,
      })
      // End the round early: asked first, with the time it would still have.
      const endRound = round.getByRole('button', { name: ev.rounds.end })
      await endRound.click()
      await expect(
        dialog.getByText(
          new RegExp(`^${fill(ev.rounds.confirmEnd, { number: 1, time: '(1:00:00|59:\\d\\d)' })}$`),
        ),
      ).toBeVisible()
      await checkA11y()
      await saveScreenshot(page, testInfo, 'confirm-end-round')
      await dialog.getByRole('button', { name: ev.confirm.cancel }).click()
      await expect(endRound).toBeFocused()
      await expect(page.getByTestId('round-1-state')).toContainText(/még/)
      await endRound.click()
      await dialog
        .getByRole('button', { name: fill(ev.rounds.confirmEndButton, { number: 1 }) })
        .click()
      await expect(page.getByTestId('round-1-state')).toContainText(ev.rounds.states.ended)
      await expect(rounds.getByRole('button', { name: ev.rounds.add })).toBeFocused()

      // End the evening: asked first too.
      const endEvent = page.getByRole('button', { name: ev.card.end })
      await endEvent.click()
      await expect(dialog).toContainText(
        fill(ev.page.confirmEnd, { minutes: AFTER_EVENING_GRACE_MINUTES }),
      )
      await dialog.getByRole('button', { name: ev.confirm.cancel }).click()
      await expect(page.getByText(ev.status.active, { exact: true })).toBeVisible()
      await expect(endEvent).toBeFocused()
      await endEvent.click()
      await dialog.getByRole('button', { name: ev.page.confirmEndButton }).click()
      await expect(page.getByText(ev.status.active, { exact: true })).toHaveCount(0)
      await expect(page.locator('#console-next')).toBeFocused()

      // An ended evening is over: nothing offers to start it with one tap, here or on its card.
      await expect(page.getByText(ev.status.ended, { exact: true })).toBeVisible()
      await expect(page.getByRole('button', { name: ev.card.start })).toHaveCount(0)
      // Reopening is its own, named step that says what happens, and can be declined.
      const reopen = page.getByRole('button', { name: ev.page.reopen })
      await reopen.click()
      await expect(dialog).toContainText(ev.page.confirmReopen)
      await dialog.getByRole('button', { name: ev.confirm.cancel }).click()
      await expect(reopen).toBeFocused()
      await expect(page.getByText(ev.status.ended, { exact: true })).toBeVisible()
      await page.getByRole('link', { name: ev.page.back }).click()
      const card = page.getByRole('article', { name: eventName })
      await expect(card.getByText(ev.status.ended, { exact: true })).toBeVisible()
      await expect(card.getByRole('button', { name: ev.card.start })).toHaveCount(0)
      await card.getByRole('link', { name: ev.card.manage }).click()
      await page.getByRole('button', { name: ev.page.reopen }).click()
      await dialog.getByRole('button', { name: ev.page.confirmReopenButton }).click()
      await expect(page.getByText(ev.status.active, { exact: true })).toBeVisible()
      await expect(page.locator('#console-next')).toHaveText(
        fill(ev.console.seatRound, { number: 2 }),
      )
      await expect(page.locator('#console-next')).toBeFocused()
    },
    () => endRunningEvents(page.request, baseURL),
  )
})
