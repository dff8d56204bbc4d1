import type { Browser, BrowserContext, Page, PlaywrightWorkerArgs } from '@playwright/test'
import { seedEvening } from '#server/test/seed-evening.ts'
import { accountButton, createMember, signInAsAdmin, signInThroughApi } from './support/accounts.ts'
import { adminApi, fill } from './support/admin-api.ts'
import { withEventLock } from './support/event-lock.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'

const ev = texts('hu', 'events')
const errors = texts('hu', 'errors')
const common = texts('hu', 'common')

const answer = (page: Page) => page.getByTestId('door-answer')
const field = (page: Page) => page.getByLabel(ev.door.field)
const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 })

/** Long Hungarian names, as a door list has them: they wrap, they are never cut. */
const LONG_NAMES = [
  'Bodnárné Vass Éva Krisztina',
  'Szentgyörgyiné Hajdú-Kovács Erzsébet',
  'Dr. Kálmánné Fehérvári Zsuzsanna Mária',
  'Nagy-Baranyai Boglárka Henrietta',
]

type DoorList = {
  counts: { arrived: number }
  people: { userId: string; status: string; checkedInAt: string | null }[]
}

/** The door's service worker controls the page, and has kept the page and its files. */
async function workerReady(page: Page, eventId: string) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await expect
    .poll(() =>
      page.evaluate(async (id) => {
        const cache = await caches.open(`lendulet-door-${id}`)
        return (await cache.match(`/admin/events/${id}/door`)) ? (await cache.keys()).length : 0
      }, eventId),
    )
    .toBeGreaterThan(3)
}

/** How many of the door's things the phone keeps: lists and queues, workers, caches. */
const keptOnPhone = (page: Page) =>
  page.evaluate(async () => ({
    kept: Object.keys(localStorage).filter((key) => key.startsWith('lendulet.door.')).length,
    workers: (await navigator.serviceWorker.getRegistrations()).length,
    caches: (await caches.keys()).filter((name) => name.startsWith('lendulet-door-')).length,
  }))

/**
 * The host, on her own phone, builds an evening that starts now (check-in has been open for an
 * hour; nobody has to start it) and makes a member its door helper.
 */
async function eveningWithHelper(
  {
    browser,
    baseURL,
    playwright,
  }: { browser: Browser; baseURL?: string; playwright: PlaywrightWorkerArgs['playwright'] },
  plan: { eventName: string; tag: string; tables?: { name: string; seats: number }[] },
) {
  const hostContext = await browser.newContext({ baseURL })
  const host = await hostContext.newPage()
  await signInAsAdmin(host, baseURL)
  const post = adminApi(host.request, baseURL)
  const { eventId, eventName } = await seedEvening(post, {
    eventName: plan.eventName,
    ...(plan.tables ? { tables: plan.tables } : {}),
    seated: false,
    started: false,
  })
  const helper = await createMember(playwright, baseURL, `Segítő Hanna ${plan.tag}`)
  await post(`/api/admin/events/${eventId}/door-helpers`, { userCode: helper.userCode })
  return { hostContext, host, post, eventId, eventName, helper }
}

test('the door through an evening without the network: reload, ten check-ins, sleep, sent once with their times', async ({
  page,
  baseURL,
  playwright,
  browser,
  checkA11y,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the door is worked from a phone')
  test.setTimeout(300_000)
  const tag = `${Date.now() % 100_000}`

  // The host, on her own phone: she builds the evening and makes Hanna a door helper.
  const { hostContext, host, post, eventId, eventName, helper } = await eveningWithHelper(
    { browser, baseURL, playwright },
    { eventName: `Offline est ${tag}`, tag, tables: [{ name: 'Rózsa', seats: 8 }] },
  )
  const names = [
    ...LONG_NAMES,
    'Kis Anna',
    'Tóth Beáta',
    'Varga Cecília',
    'Fekete Dóra',
    'Molnár Edit',
    'Papp Flóra',
    'Lakatos Gréta',
    'Simon Ilona',
  ].map((name) => `${name} ${tag}`)
  const guests = []
  for (let i = 0; i < names.length; i += 6)
    guests.push(
      ...(await Promise.all(
        names.slice(i, i + 6).map((name) => createMember(playwright, baseURL, name, [eventId])),
      )),
    )
  const door = `/admin/events/${eventId}/door`
  const context: BrowserContext = page.context()

  // Hanna opens the door once with the network: the phone keeps the page and its list.
  await signInThroughApi(page, baseURL, helper)
  await page.goto(door)
  await expect(heading(page, eventName)).toBeVisible({ timeout: 15_000 })
  await workerReady(page, eventId)
  const manifest = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(manifest).toBe(`/door.webmanifest?event=${eventId}&lang=hu`)

  // The worker serves only this door: another page of the site is the network's, as before.
  const other = await context.newPage()
  await other.goto('/events')
  expect(await other.evaluate(() => navigator.serviceWorker.controller)).toBeNull()
  await other.close()
  // With the network, the door page itself comes from the server: a new build shows at once.
  await context.route(door, async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace(
      '<head>',
      '<head><meta name="build" content="next">',
    )
    // The worker's own copy of the page is routed too; whichever comes first is answered.
    await route.fulfill({ response, body: html }).catch(() => undefined)
  })
  await page.reload()
  await expect(heading(page, eventName)).toBeVisible()
  await expect(page.locator('meta[name="build"]')).toHaveAttribute('content', 'next')
  await context.unroute(door)

  // Long names wrap onto more lines in the list, and in its search results: never cut.
  const longest = page.getByTestId('door-people').getByText(LONG_NAMES[1] ?? '')
  const wrapsWhole = async () => {
    await expect(longest).toBeVisible()
    const shape = await longest.evaluate((el) => ({
      lines: Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)),
      clipped: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
      ellipsis: getComputedStyle(el).textOverflow === 'ellipsis',
    }))
    expect(shape).toEqual({ lines: expect.any(Number), clipped: false, ellipsis: false })
    expect(shape.lines).toBeGreaterThanOrEqual(2)
  }
  await wrapsWhole()
  await page.getByTestId('door-people').scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/screenshots/door-long-names-phone.png' })
  await field(page).fill('hajdú')
  await wrapsWhole()
  await page.screenshot({ path: 'test-results/screenshots/door-long-names-search-phone.png' })
  await field(page).fill('')

  // The Wi-Fi goes, and the phone's clock says it is 40 minutes earlier: the evening's first hour.
  await context.setOffline(true)
  const offlineSince = Date.now()
  await context.clock.install({ time: new Date(offlineSince - 40 * 60_000) })
  await page.reload()
  await expect(heading(page, eventName)).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText(ev.door.offline)).toBeVisible()
  await expect(page.getByTestId('door-kept-list')).toBeVisible()

  // Ten people: five by their code, five by part of their name, all from the kept list.
  const [byCode, byName] = [guests.slice(0, 5), guests.slice(5, 10)]
  for (const guest of byCode) {
    await field(page).fill(guest.userCode.toLowerCase())
    await field(page).press('Enter')
    await expect(answer(page)).toContainText(fill(ev.door.answer.queued, { name: guest.name }))
    await expect(field(page)).toBeFocused()
  }
  for (const guest of byName) {
    await field(page).fill(guest.name.split(' ')[1] ?? '')
    await field(page).press('Enter')
    await expect(answer(page)).toContainText(fill(ev.door.answer.queued, { name: guest.name }))
  }
  // The same one again: still once.
  await field(page).fill(byCode[0]?.userCode ?? '')
  await field(page).press('Enter')
  await expect(page.getByText(fill(ev.door.waiting_other, { count: 10 }))).toBeVisible()
  await page.screenshot({ path: 'test-results/screenshots/door-offline-saved-phone.png' })
  await page.getByText(fill(ev.door.waiting_other, { count: 10 })).scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/screenshots/door-offline-pending-phone.png' })
  // The same door on a laptop at the door.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({
    path: 'test-results/screenshots/door-offline-pending-desktop.png',
    fullPage: true,
  })
  await page.setViewportSize({ width: 390, height: 844 })

  // Meanwhile the host lets Simon Ilona in on her own phone; Hanna, offline, lets her in too.
  const both = guests[11]
  if (!both) throw new Error('guests missing')
  await post(`/api/door/${eventId}/check-ins`, {
    clientId: crypto.randomUUID(),
    userId: both.userId,
  })
  await field(page).fill(both.userCode)
  await field(page).press('Enter')
  await expect(answer(page)).toContainText(fill(ev.door.answer.queued, { name: both.name }))
  await expect(page.getByText(fill(ev.door.waiting_other, { count: 11 }))).toBeVisible()

  // The phone sleeps: the page is gone, the clock moves on. It wakes, still without network.
  await page.close()
  await context.clock.setSystemTime(new Date())
  const woken = await context.newPage()
  await woken.goto(door)
  await expect(heading(woken, eventName)).toBeVisible({ timeout: 15_000 })
  await expect(woken.getByText(fill(ev.door.waiting_other, { count: 11 }))).toBeVisible()
  await woken.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))

  // The network is back: everything kept is sent, once, in order, and the screen says so.
  const sentAt = Date.now()
  await context.setOffline(false)
  const synced = woken.getByTestId('door-synced')
  await expect(synced).toContainText(fill(ev.door.synced_other, { count: 11 }), {
    timeout: 20_000,
  })
  await expect(synced).toContainText(both.name)
  await expect(woken.getByText(fill(ev.door.waiting_other, { count: 11 }))).toBeHidden()
  // The list is the server's again: eleven have arrived.
  await expect(woken.getByTestId('door-kept-list')).toBeHidden()
  await expect(woken.getByTestId('door-counts')).toContainText(`${ev.door.counts.arrived}11`)
  await woken.screenshot({ path: 'test-results/screenshots/door-offline-synced-phone.png' })
  await checkA11y(woken)

  const list = (await (await host.request.get(`/api/door/${eventId}`)).json()) as DoorList
  expect(list.counts.arrived).toBe(11)
  for (const guest of [...byCode, ...byName]) {
    const person = list.people.find((p) => p.userId === guest.userId)
    expect(person?.status).toBe('present')
    // Her time is when the door phone let her in, 40 minutes before the network came back.
    const at = Date.parse(person?.checkedInAt ?? '')
    expect(at).toBeLessThan(sentAt - 30 * 60_000)
    expect(at).toBeGreaterThan(offlineSince - 50 * 60_000)
  }
  // Simon Ilona: one check-in, the host's.
  const ilona = list.people.find((p) => p.userId === both.userId)
  expect(Date.parse(ilona?.checkedInAt ?? '')).toBeGreaterThan(offlineSince - 60_000)
  // Each once: eleven check-ins in the audit log, one per person.
  const audit = (await (
    await host.request.get(`/api/admin/audit?action=participant.check_in&subjectId=${eventId}`)
  ).json()) as { entries: { after: { userId: string } | null }[] }
  const checkedIn = audit.entries.map((entry) => entry.after?.userId)
  expect(checkedIn).toHaveLength(11)
  expect(new Set(checkedIn).size).toBe(11)

  // The host takes Hanna off the door: her phone forgets the list, the page and its worker.
  const removed = await host.request.delete(
    `/api/admin/events/${eventId}/door-helpers/${helper.userId}`,
    { headers: { origin: new URL(baseURL ?? '').origin } },
  )
  expect(removed.ok()).toBe(true)
  await woken.reload()
  await expect(woken.getByText(errors.auth.forbidden)).toBeVisible()
  await expect.poll(() => keptOnPhone(woken)).toEqual({ kept: 0, workers: 0, caches: 0 })
  await hostContext.close()
})

test('signing out leaves no door on the phone', async ({
  page,
  baseURL,
  playwright,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the door is worked from a phone')
  test.setTimeout(120_000)
  const tag = `${Date.now() % 100_000}`
  const { hostContext, eventId, eventName, helper } = await eveningWithHelper(
    { browser, baseURL, playwright },
    { eventName: `Kijelentkezés est ${tag}`, tag },
  )
  const guest = await createMember(playwright, baseURL, `Vendég Vera ${tag}`, [eventId])
  await hostContext.close()

  await signInThroughApi(page, baseURL, helper)
  await page.goto(`/admin/events/${eventId}/door`)
  await expect(heading(page, eventName)).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('door-people')).toContainText(guest.name)
  await workerReady(page, eventId)
  expect(await keptOnPhone(page)).toEqual({ kept: 1, workers: 1, caches: 1 })

  await page.goto('/events')
  await accountButton(page, helper.name).click()
  await page.getByRole('menuitem', { name: common.accountMenu.logout }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect.poll(() => keptOnPhone(page)).toEqual({ kept: 0, workers: 0, caches: 0 })
})

test('the end of the evening leaves no door on the phone', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the door is worked from a phone')
  test.setTimeout(120_000)
  const tag = `${Date.now() % 100_000}`
  // The host works the door herself: the door stays hers after the end, only the evening is over.
  await signInAsAdmin(page, baseURL)
  const post = adminApi(page.request, baseURL)
  await withEventLock(async () => {
    const { eventId, eventName } = await seedEvening(post, {
      eventName: `Záró est ${tag}`,
      seated: false,
    })
    await page.goto(`/admin/events/${eventId}/door`)
    await expect(heading(page, eventName)).toBeVisible({ timeout: 15_000 })
    await workerReady(page, eventId)
    expect(await keptOnPhone(page)).toEqual({ kept: 1, workers: 1, caches: 1 })
    await post(`/api/admin/events/${eventId}/end`)
    await expect(page.getByText(ev.door.ended)).toBeVisible({ timeout: 15_000 })
    await expect.poll(() => keptOnPhone(page)).toEqual({ kept: 0, workers: 0, caches: 0 })
  })
})
