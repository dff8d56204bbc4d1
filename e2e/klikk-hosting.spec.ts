import { adminApi, fill } from './support/admin-api.ts'
import { writeFileSync } from 'node:fs'
import { createMember, logIn, signInAsAdmin } from './support/accounts.ts'
import { signInAdminThrough } from './support/admin-account.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { seedEvening } from '#server/test/seed-evening.ts'
import { thisTestAtWidth } from './support/widths.ts'

const ev = texts('hu', 'events')
const accountTexts = texts('hu', 'account')
const adminTexts = texts('hu', 'admin')

/** Page count and sizes (points, width × height) of a PDF Chromium wrote. */
function pdfPages(pdf: Buffer) {
  const text = pdf.toString('latin1')
  return [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) =>
    Number(m[1]) > Number(m[2]) ? 'landscape' : 'portrait',
  )
}

test('an admin keeps a pair apart, sees it broken by a swap, and prints the seating', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  thisTestAtWidth('desktop', 'the owner plans the seating at her desk')
  const tag = `${testInfo.project.name} ${Date.now() % 100_000}`
  const guests = await Promise.all(
    ['Kiss Anna', 'Nagy Bea', 'Tóth Cili', 'Ábel Dóra'].map((name) =>
      createMember(playwright, baseURL, `${name} ${tag}`),
    ),
  )
  const [anna, bea] = guests
  if (!anna || !bea) throw new Error('no guests')
  await signInAsAdmin(page, baseURL)
  const { eventId, eventName } = await seedEvening(adminApi(page.request, baseURL), {
    eventName: `Nyomtatott est ${tag}`,
    tables: [
      { name: 'Rózsa', seats: 2 },
      { name: 'Napraforgó', seats: 2 },
    ],
    present: guests.map((g) => g.userCode),
    seated: false,
    started: false,
  })
  await page.goto(`/admin/events/${eventId}`)
  await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible()

  // Keep Anna and Bea apart; the same person twice is refused at once.
  const apart = page.getByRole('region', { name: ev.keepApart.title })
  await apart.getByLabel(ev.keepApart.first).selectOption({ label: anna.name })
  await apart.getByLabel(ev.keepApart.second).selectOption({ label: anna.name })
  await apart.getByRole('button', { name: ev.keepApart.add }).click()
  await expect(apart.getByText(ev.validation.keepApartSamePerson)).toBeVisible()
  await apart.getByLabel(ev.keepApart.second).selectOption({ label: bea.name })
  await apart.getByRole('button', { name: ev.keepApart.add }).click()
  const pair = fill(ev.keepApart.pair, { a: anna.name, b: bea.name })
  const pairReversed = fill(ev.keepApart.pair, { a: bea.name, b: anna.name })
  await expect(apart.getByRole('listitem').filter({ hasText: anna.name })).toHaveText(
    new RegExp(`(${pair}|${pairReversed})`),
  )

  // The mixer seats them at different tables.
  const rounds = page.getByRole('region', { name: ev.rounds.title })
  await rounds.getByRole('button', { name: ev.rounds.add }).click()
  const round = rounds
    .getByRole('listitem')
    .filter({ hasText: fill(ev.rounds.round, { number: 1 }) })
  const selectButton = (name: string) =>
    page.getByRole('button', { name: fill(ev.rounds.select, { name }) })
  const select = (name: string) => round.locator(selectButton(name))
  const tableWith = (name: string) => round.getByRole('group').filter({ has: selectButton(name) })
  await expect(round.getByRole('group', { name: 'Rózsa' })).toContainText('2 / 2')
  await expect(tableWith(anna.name)).not.toContainText(bea.name)
  const broken = new RegExp(
    `(${anna.name}|${bea.name}) és (${anna.name}|${bea.name}) egy asztalnál`,
  )
  await expect(round.getByText(broken)).toHaveCount(0)

  // Swapping Bea with Anna's tablemate puts the pair together: the board says so.
  const annasTable = tableWith(anna.name)
  const mateName = (await annasTable.getByRole('button').allTextContents())
    .map((text) => text.replace('≠', '').trim())
    .find((name) => name !== anna.name)
  if (!mateName) throw new Error('Anna sits alone')
  await select(bea.name).click()
  await select(mateName).click()
  await expect(tableWith(anna.name)).toContainText(bea.name)
  await expect(tableWith(anna.name).getByText(broken)).toBeVisible()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'keep-apart-broken')

  // Print the round: a card per table, then the door list in Hungarian alphabetical order.
  await round.getByRole('link', { name: fill(ev.rounds.printLabel, { number: 1 }) }).click()
  await expect(page).toHaveURL(/\/rounds\/[0-9a-f-]{36}\/print$/)
  await expect(
    page.getByRole('heading', { name: fill(ev.print.title, { number: 1 }), level: 1 }),
  ).toBeVisible()
  for (const table of ['Rózsa', 'Napraforgó'])
    await expect(
      page.getByRole('region', { name: `${ev.print.tableLabel}: ${table}` }),
    ).toBeVisible()
  const door = page.getByRole('region', { name: ev.print.doorTitle })
  const entries = (await door.getByRole('listitem').allTextContents()).map((line) => line.trim())
  const expected = [...guests]
    .sort((a, b) => new Intl.Collator('hu').compare(a.name, b.name))
    .map((g) => g.name)
  expect(entries.map((line) => expected.find((name) => line.startsWith(name)))).toEqual(expected)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'seating-print')

  // Chromium's print: two A4 landscape cards, then the portrait door list.
  const pdf = await page.pdf({ preferCSSPageSize: true })
  writeFileSync(testInfo.outputPath('seating.pdf'), pdf)
  expect(pdfPages(pdf)).toEqual(['landscape', 'landscape', 'portrait'])
})

test('after an evening a member sees the people she met, and can leave other members’ lists', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  thisTestAtWidth('phone', 'a member looks back on her phone')
  test.setTimeout(120_000)
  const tag = `${testInfo.project.name} ${Date.now() % 100_000}`
  const [reka, ...others] = await Promise.all(
    ['Rácz Réka', 'Szabó Szilvi', 'Vass Vera', 'Zöld Zita'].map((name) =>
      createMember(playwright, baseURL, `${name} ${tag}`),
    ),
  )
  if (!reka) throw new Error('no members')
  const origin = new URL(baseURL ?? '').origin
  const admin = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin, 'x-forwarded-for': '198.18.0.41' },
  })
  const eventName = `Találkozós est ${tag}`
  await withEventLock(
    async () => {
      await signInAdminThrough(admin, baseURL ?? '')
      const post = adminApi(admin, baseURL)
      // One table of four: everyone meets everyone; the round starts and ends.
      const { eventId, roundId } = await seedEvening(post, {
        eventName,
        tables: [{ name: 'Levendula', seats: 4 }],
        present: [reka, ...others].map((m) => m.userCode),
      })
      await post(`/api/admin/events/${eventId}/rounds/${roundId}/start`)
      await post(`/api/admin/events/${eventId}/rounds/${roundId}/end`)
      await post(`/api/admin/events/${eventId}/end`)
    },
    () => endRunningEvents(admin, baseURL),
  )
  await admin.dispose()

  await logIn(page, reka.email, 'guest-secret-1')
  await page.waitForURL(/\/(home|events|welcome)?$/)
  await page.goto('/events')
  const met = page.getByRole('region', { name: ev.peopleMet.title })
  const evening = met.getByRole('article', { name: eventName })
  await expect(evening).toBeVisible()
  await expect(
    evening.getByRole('heading', {
      name: fill(ev.peopleMet.round, { number: 1, table: 'Levendula' }),
    }),
  ).toBeVisible()
  for (const other of others) await expect(evening.getByText(other.name)).toBeVisible()
  await expect(evening.getByText(reka.name)).toHaveCount(0)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'people-met')

  // She leaves other members' lists from her account page…
  await met.getByRole('link', { name: ev.peopleMet.optOutLink }).click()
  await expect(page).toHaveURL(/\/account$/)
  const toggle = page.getByRole('switch', { name: accountTexts.account.peopleMetToggle })
  await expect(toggle).toBeChecked()
  await toggle.click({ force: true })
  await expect(page.getByRole('status')).toHaveText(accountTexts.account.peopleMetHidden)
  await expect(toggle).not.toBeChecked()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'account-people-met')

  // …so the others no longer see her; her own list stays hers.
  const szilvi = others[0]
  if (!szilvi) throw new Error('no members')
  const asSzilvi = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin, 'x-forwarded-for': '198.18.0.42' },
  })
  expect(
    (
      await asSzilvi.post('/api/auth/sign-in/email', {
        data: { email: szilvi.email, password: 'guest-secret-1' },
      })
    ).ok(),
  ).toBe(true)
  const seen = JSON.stringify(await (await asSzilvi.get('/api/events/people-met')).json())
  expect(seen).toContain(others[1]?.name)
  expect(seen).not.toContain(reka.name)
  await asSzilvi.dispose()
  await page.reload()
  await expect(
    page.getByRole('switch', { name: accountTexts.account.peopleMetToggle }),
  ).not.toBeChecked()
})

test('an admin finds a member by search and makes her an admin, then takes it back', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  thisTestAtWidth('desktop', 'the owner looks after the members at her desk')
  const name = `Kovács Klára ${testInfo.project.name} ${Date.now() % 100_000}`
  const member = await createMember(playwright, baseURL, name)
  await signInAsAdmin(page, baseURL)
  await page.goto('/admin/users')
  await expect(page.getByTestId('users-range')).toBeVisible()
  await page
    .getByRole('searchbox', { name: adminTexts.adminUsers.search })
    .fill(member.userCode.toLowerCase())
  const row = page.getByRole('row').filter({ hasText: member.email })
  await expect(row).toHaveCount(1)
  await expect(page.getByRole('row')).toHaveCount(2)
  await expect(page.getByTestId('users-range')).toHaveText(
    fill(adminTexts.adminUsers.range, { from: 1, to: 1, count: 1 }),
  )

  await row
    .getByRole('button', { name: fill(adminTexts.adminUsers.makeAdminLabel, { name }) })
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(fill(adminTexts.adminUsers.confirmGrant, { name }))
  await checkA11y()
  await dialog.getByRole('button', { name: adminTexts.adminUsers.cancel }).click()
  await expect(dialog).toHaveCount(0)
  await expect(row).toContainText(adminTexts.adminUsers.roles.member)

  await row
    .getByRole('button', { name: fill(adminTexts.adminUsers.makeAdminLabel, { name }) })
    .click()
  await dialog.getByRole('button', { name: adminTexts.adminUsers.confirmGrantButton }).click()
  await expect(page.getByRole('status')).toHaveText(fill(adminTexts.adminUsers.granted, { name }))
  await expect(row).toContainText(adminTexts.adminUsers.roles.admin)
  await saveScreenshot(page, testInfo, 'admin-users-granted')

  await row
    .getByRole('button', { name: fill(adminTexts.adminUsers.removeAdminLabel, { name }) })
    .click()
  await expect(dialog).toContainText(fill(adminTexts.adminUsers.confirmRevoke, { name }))
  await dialog.getByRole('button', { name: adminTexts.adminUsers.confirmRevokeButton }).click()
  await expect(page.getByRole('status')).toHaveText(fill(adminTexts.adminUsers.revoked, { name }))
  await expect(row).toContainText(adminTexts.adminUsers.roles.member)
  await checkA11y()
})
