import { readFile } from 'node:fs/promises'
import { AFTER_EVENING_GRACE_MINUTES } from '#shared/schemas/events.ts'
import type { Page } from '@playwright/test'
import { seedEvening } from '#server/test/seed-evening.ts'
import { createMember, signInAsAdmin, signUpAndVerify } from './support/accounts.ts'
import { adminApi } from './support/admin-api.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import { openSetUp } from './support/event-page.ts'
import { expect, test } from './support/fixtures.ts'
import { holdRequests } from './support/hold-requests.ts'
import { afterTwoFrames } from './support/keyboard.ts'
import { texts } from './support/locales.ts'
import { uniqueEmail } from './support/mailbox.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { thisTestAtWidth } from './support/widths.ts'

const ev = texts('hu', 'events')
const common = texts('hu', 'common')
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text)

/** Through the editor: an event with the given name, starting in an hour. */
async function createEventInUi(page: Page, name: string) {
  await page.goto('/admin')
  await page.getByRole('link', { name: ev.list.new }).click()
  await expect(page.getByRole('heading', { name: ev.editor.newTitle, level: 1 })).toBeVisible()
  await page.getByRole('button', { name: ev.editor.create }).click()
  await expect(page.getByText(ev.validation.nameRequired)).toBeVisible()
  await page.getByLabel(ev.editor.eventName).fill(name)
  await page.getByLabel(ev.editor.placeName).fill('Lendület Stúdió')
  await page.getByLabel(ev.editor.duration).fill('10')
  await page.getByRole('button', { name: ev.editor.create }).click()
  await expect(page.getByText(ev.validation.durationInvalid)).toBeVisible()
  await page.getByLabel(ev.editor.duration).fill('120')
  await page.getByRole('button', { name: ev.editor.create }).click()
  await expect(page).toHaveURL(/\/admin\/events\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
}

async function addTableInUi(page: Page, name: string, seats: number) {
  const tables = page.getByRole('region', { name: ev.tables.title })
  const form = tables.locator('form').last()
  await form.getByLabel(ev.tables.tableName).fill(name)
  await form.getByLabel(ev.tables.capacityFull).fill(String(seats))
  await form.getByLabel(ev.tables.capacityActual).fill(String(seats))
  await form.getByRole('button', { name: ev.tables.add }).click()
  await expect(tables.getByText(name, { exact: true })).toBeVisible()
}

async function checkInByCode(page: Page, code: string) {
  await openSetUp(page)
  const panel = page.getByRole('region', { name: ev.participants.title })
  await panel.getByLabel(ev.participants.userCode).fill(code)
  await panel.getByRole('button', { name: ev.participants.checkInByCode, exact: true }).click()
  await expect(panel.getByText(code)).toBeVisible()
}

test('an admin sets up an evening: event, tables, check-in by code, a seated round she adjusts', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  thisTestAtWidth('desktop', 'the owner sets up an evening at her desk')
  // A long walk (five members, the event, tables, check-ins, a round, axe on each page): about
  // 50 s on a quiet machine, so 60 s was no safety net on a loaded one.
  test.setTimeout(180_000)
  const guests = await Promise.all(
    ['Kiss Anna', 'Nagy Bea', 'Tóth Cili', 'Szabó Dóra', 'Varga Emese'].map((name) =>
      createMember(playwright, baseURL, `${name} ${testInfo.project.name}`),
    ),
  )
  await signInAsAdmin(page, baseURL)
  const name = `Klikk est ${testInfo.project.name} ${Date.now()}`
  await createEventInUi(page, name)

  // Tables: seats in use may not exceed the table's seats.
  const tables = page.getByRole('region', { name: ev.tables.title })
  const form = tables.locator('form').last()
  await form.getByLabel(ev.tables.tableName).fill('Rózsa')
  await form.getByLabel(ev.tables.capacityFull).fill('3')
  await form.getByLabel(ev.tables.capacityActual).fill('4')
  await form.getByRole('button', { name: ev.tables.add }).click()
  await expect(tables.getByText(ev.validation.capacityActualTooLarge)).toBeVisible()
  await form.getByLabel(ev.tables.capacityActual).fill('3')
  await form.getByRole('button', { name: ev.tables.add }).click()
  await expect(tables.getByText('Rózsa', { exact: true })).toBeVisible()
  await addTableInUi(page, 'Menta', 3)
  await expect(tables).toContainText(fill(ev.tables.totalSeats, { seats: 6, tables: 2 }))

  // Check-in at the door by member code; an unknown code is explained.
  const people = page.getByRole('region', { name: ev.participants.title })
  await people.getByLabel(ev.participants.userCode).fill('ZZZZZZ')
  await people.getByRole('button', { name: ev.participants.checkInByCode, exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText(
    fill(ev.errors.userCodeUnknown, { code: 'ZZZZZZ' }),
  )
  for (const guest of guests) await checkInByCode(page, guest.userCode)
  await expect(page.getByTestId('participant-counts')).toHaveText(
    fill(ev.participants.counts, { present: 5, registered: 0, absent: 0 }),
  )
  // An early leaver.
  const leaver = guests[4]
  if (!leaver) throw new Error('no guests')
  await people
    .getByRole('button', { name: fill(ev.participants.checkOutLabel, { name: leaver.name }) })
    .click()
  await expect(page.getByTestId('participant-counts')).toHaveText(
    fill(ev.participants.counts, { present: 4, registered: 0, absent: 1 }),
  )

  // A round: the mixer seats the four present people, two at each table.
  const rounds = page.getByRole('region', { name: ev.rounds.title })
  await rounds.getByRole('button', { name: ev.rounds.add }).click()
  const round = rounds
    .getByRole('listitem')
    .filter({ hasText: fill(ev.rounds.round, { number: 1 }) })
  for (const table of ['Rózsa', 'Menta'])
    await expect(round.getByRole('group', { name: table })).toContainText('2 / 3')
  await expect(round.getByRole('button', { name: ev.rounds.start })).toBeDisabled()
  await expect(rounds.getByText(ev.rounds.needsActive)).toBeVisible()

  // Swap two people from different tables.
  const rozsa = round.getByRole('group', { name: 'Rózsa' })
  const menta = round.getByRole('group', { name: 'Menta' })
  const first = (await rozsa.getByRole('button').first().textContent()) ?? ''
  const second = (await menta.getByRole('button').first().textContent()) ?? ''
  await rozsa.getByRole('button', { name: fill(ev.rounds.select, { name: first }) }).click()
  await menta.getByRole('button', { name: fill(ev.rounds.select, { name: second }) }).click()
  await expect(menta).toContainText(first)
  await expect(rozsa).toContainText(second)
  // Move one to the other table (it has a free seat).
  await menta.getByRole('button', { name: fill(ev.rounds.select, { name: first }) }).click()
  await rozsa
    .getByRole('button', { name: fill(ev.rounds.moveHereLabel, { name: first, table: 'Rózsa' }) })
    .click()
  await expect(rozsa).toContainText('3 / 3')
  await expect(menta).toContainText('1 / 3')
  await checkA11y()
  await saveScreenshot(page, testInfo, 'admin-event-round')

  // The card in the list: countdown before the start, and the start button.
  await page.getByRole('link', { name: ev.page.back }).click()
  const card = page.getByRole('article', { name })
  await expect(card.getByTestId('event-countdown')).toContainText(/Kezdésig: \d/)
  await expect(card.getByRole('button', { name: ev.card.start })).toBeVisible()
  await saveScreenshot(page, testInfo, 'admin-events')
})

test('an admin runs the rounds: start the event, start a round, a late arrival, end early', async ({
  page,
  baseURL,
  playwright,
}, testInfo) => {
  thisTestAtWidth('desktop', 'the owner runs the rounds from the evening’s page at her desk')
  test.setTimeout(150_000)
  const guests = await Promise.all(
    ['Fehér Flóra', 'Gál Gréta', 'Horváth Hanna', 'Illés Ibolya'].map((name) =>
      createMember(playwright, baseURL, `${name} ${testInfo.project.name}`),
    ),
  )
  // Starting an event needs the site to itself (one active event at a time).
  await withEventLock(
    async () => {
      await signInAsAdmin(page, baseURL)
      const name = `Futó est ${testInfo.project.name} ${Date.now()}`
      await createEventInUi(page, name)
      await addTableInUi(page, 'Levendula', 2)
      await addTableInUi(page, 'Pipacs', 2)
      for (const guest of guests.slice(0, 3)) await checkInByCode(page, guest.userCode)

      const rounds = page.getByRole('region', { name: ev.rounds.title })
      await rounds.getByRole('button', { name: ev.rounds.add }).click()
      const round = rounds
        .getByRole('listitem')
        .filter({ hasText: fill(ev.rounds.round, { number: 1 }) })
      await expect(round.getByRole('button', { name: ev.rounds.start })).toBeDisabled()

      await page.getByRole('button', { name: ev.card.start }).click()
      await expect(page.getByText(ev.status.active, { exact: true })).toBeVisible()
      await round.getByRole('button', { name: ev.rounds.start }).click()
      await expect(page.getByTestId('round-1-state')).toContainText(/még (1:00:00|59:\d\d)/)
      await expect(page.getByRole('link', { name: ev.card.openRoundPanel })).toHaveAttribute(
        'href',
        /\/klikkscreen\?eventId=/,
      )

      // A late arrival is seated at once, at the table with a free seat.
      const late = guests[3]
      if (!late) throw new Error('no guests')
      await checkInByCode(page, late.userCode)
      const hers = round.getByRole('group').filter({ hasText: late.name })
      await expect(hers).toContainText('2 / 2')
      await expect(round.getByRole('group', { name: ev.rounds.unseated })).toHaveCount(0)
      await saveScreenshot(page, testInfo, 'admin-event-running')

      // Ending a round early asks first.
      await round.getByRole('button', { name: ev.rounds.end }).click()
      await page
        .getByRole('dialog')
        .getByRole('button', { name: fill(ev.rounds.confirmEndButton, { number: 1 }) })
        .click()
      await expect(page.getByTestId('round-1-state')).toContainText(ev.rounds.states.ended)

      await page.getByRole('link', { name: ev.page.back }).click()
      const card = page.getByRole('article', { name })
      await expect(card.getByTestId('event-countdown')).toHaveText(ev.card.roundEnded)
      // Ending from the list asks first, as on the event's page.
      await card.getByRole('button', { name: ev.card.end }).click()
      // It says the after-evening e-mails wait, and that reopening before then sends none.
      await expect(page.getByRole('dialog')).toContainText(
        fill(ev.page.confirmEnd, { minutes: AFTER_EVENING_GRACE_MINUTES }),
      )
      await saveScreenshot(page, testInfo, 'end-evening-grace')
      await page.getByRole('dialog').getByRole('button', { name: ev.page.confirmEndButton }).click()
      await expect(card.getByTestId('event-countdown')).toHaveText(ev.card.eventEnded)
    },
    () => endRunningEvents(page.request, baseURL),
  )
})

test('a member signs up for an event on her events page and sees her code', async ({
  page,
  baseURL,
}, testInfo) => {
  thisTestAtWidth('phone', 'a member signs up on her phone')
  // An admin's event to sign up for.
  const adminRequest = page.context().request
  await signInAsAdmin(page, baseURL)
  const name = `Nyílt est ${testInfo.project.name} ${Date.now()}`
  const created = await adminRequest.post('/api/admin/events', {
    headers: { origin: new URL(baseURL ?? '').origin },
    data: {
      eventName: name,
      // Two days ahead: before the 24-hour cancellation deadline, giving the place back is in time.
      startTime: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      duration: 120,
      placeName: 'Lendület Stúdió',
      address: '1066 Budapest, Teréz körút 24.',
      description: 'Öt kör, öt asztal, sok új arc.',
    },
  })
  expect(created.status()).toBe(201)
  await page.context().clearCookies()

  await signUpAndVerify(page, uniqueEmail('eventgoer'), { familyName: 'Rácz', givenName: 'Réka' })
  await page
    .getByRole('button', { name: common.accountMenu.open.replace('{{name}}', 'Réka') })
    .click()
  await page.getByRole('menuitem', { name: common.accountMenu.events }).click()
  await expect(page).toHaveURL(/\/events$/)
  await expect(page.getByText(ev.member.yourCode, { exact: true })).toBeVisible()
  const card = page.getByRole('article', { name })
  await card.getByRole('button', { name: ev.member.register }).click()
  await expect(card.getByText(ev.member.registered)).toBeVisible()
  await saveScreenshot(page, testInfo, 'member-events')

  // Into her calendar: the .ics file, Google Calendar, and the address on a map, in a new tab.
  const download = page.waitForEvent('download')
  await card.getByRole('link', { name: fill(ev.member.calendarFileLabel, { event: name }) }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^nyilt-est-.*\.ics$/)
  const ics = (await readFile(await file.path())).toString('utf8')
  expect(ics).toContain('BEGIN:VEVENT')
  expect(ics).toContain(`SUMMARY:${name}`)
  const newTab = ` ${common.footer.newTab}`
  const google = card.getByRole('link', { name: `${ev.member.googleCalendar}${newTab}` })
  const map = card.getByRole('link', { name: `${ev.member.showOnMap}${newTab}` })
  for (const link of [google, map]) {
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', /noopener/)
  }
  const googleUrl = new URL((await google.getAttribute('href')) ?? '')
  expect(googleUrl.host).toBe('calendar.google.com')
  expect(googleUrl.searchParams.get('text')).toBe(name)
  expect(googleUrl.searchParams.get('dates')).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/)
  expect(await map.getAttribute('href')).toBe(
    'https://www.openstreetmap.org/search?query=1066+Budapest%2C+Ter%C3%A9z+k%C3%B6r%C3%BAt+24.',
  )
  // Giving up a place asks first, its safe answer focused; keeping it changes nothing.
  await card.getByRole('button', { name: ev.member.unregister }).click()
  await expect(card.getByText(ev.member.unregisterConfirm)).toBeVisible()
  await expect(card.getByRole('button', { name: ev.member.unregisterKeep })).toBeFocused()
  await card.getByRole('button', { name: ev.member.unregisterKeep }).click()
  await expect(card.getByRole('button', { name: ev.member.unregister })).toBeFocused()
  await expect(card.getByText(ev.member.registered)).toBeVisible()
  await card.getByRole('button', { name: ev.member.unregister }).click()
  await card.getByRole('button', { name: ev.member.unregisterYes }).click()
  await expect(card.getByRole('button', { name: ev.member.register })).toBeVisible()
  await expect(card.getByRole('button', { name: ev.member.register })).toBeFocused()
})

test('a step she waited for leaves focus where she went while it worked', async ({
  page,
  baseURL,
  playwright,
}, testInfo) => {
  thisTestAtWidth('desktop', 'the owner sets up the rounds at her desk')
  const guest = await createMember(playwright, baseURL, `Kiss Kata ${testInfo.project.name}`)
  await signInAsAdmin(page, baseURL)
  const { eventId } = await seedEvening(adminApi(page.request, baseURL), {
    eventName: `Türelmes est ${testInfo.project.name} ${Date.now()}`,
    tables: [{ name: 'Rózsa', seats: 2 }],
    present: [guest.userCode],
    seated: false,
    started: false,
  })
  await page.goto(`/admin/events/${eventId}`)
  await openSetUp(page)
  const rounds = page.getByRole('region', { name: ev.rounds.title })
  // She adds a round, and while the server works she goes back up to the page's own link.
  const adding = await holdRequests(page, /\/api\/admin\/events\/[^/]+\/rounds$/)
  await rounds.getByRole('button', { name: ev.rounds.add }).click()
  const back = page.getByRole('link', { name: ev.page.back })
  await back.focus()
  await adding.release()
  await expect(
    rounds.getByRole('listitem').filter({ hasText: fill(ev.rounds.round, { number: 1 }) }),
  ).toBeVisible()
  await afterTwoFrames(page)
  // The new round's answer did not pull her back down to it.
  await expect(back).toBeFocused()
})
