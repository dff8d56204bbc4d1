import { adminApi, fill } from './support/admin-api.ts'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { createMember, logIn, signInAsAdmin } from './support/accounts.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import { launchWithCamera, writeQrVideo } from './support/fake-camera.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { seedEvening } from '#server/test/seed-evening.ts'

const ev = texts('hu', 'events')

type Guest = Awaited<ReturnType<typeof createMember>>

/** `count` members registered for the event, made a few at a time. */
async function registeredGuests(
  playwright: Parameters<typeof createMember>[0],
  baseURL: string | undefined,
  eventId: string,
  names: string[],
): Promise<Guest[]> {
  const guests: Guest[] = []
  for (let i = 0; i < names.length; i += 8)
    guests.push(
      ...(await Promise.all(
        names.slice(i, i + 8).map((name) => createMember(playwright, baseURL, name, [eventId])),
      )),
    )
  return guests
}

/** The answer card under the field, by its colour. */
const answer = (page: Page) => page.getByTestId('door-answer')
const field = (page: Page) => page.getByLabel(ev.door.field)

async function enter(page: Page, text: string) {
  await field(page).fill(text)
  await field(page).press('Enter')
}

test('a 40-person door on a phone: scan, code, name, refusals, undo and offline', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the door is worked from a phone')
  test.setTimeout(240_000)
  const tag = `${Date.now() % 100_000}`
  await signInAsAdmin(page, baseURL)
  const post = adminApi(page.request, baseURL)
  const { eventId, eventName } = await seedEvening(post, {
    eventName: `Ajtó est ${tag}`,
    tables: ['Rózsa', 'Levendula', 'Napraforgó', 'Tulipán', 'Pipacs'].map((name) => ({
      name,
      seats: 8,
    })),
    seated: false,
    started: false,
  })
  const names = Array.from({ length: 40 }, (_, i) => `Vendég ${i + 1} ${tag}`)
  names[30] = `Kód Kata ${tag}`
  names[31] = `Szőke Zsófia ${tag}`
  names[32] = `Vissza Vera ${tag}`
  names[33] = `Offline Olga ${tag}`
  names[34] = `Kamera Klára ${tag}`
  const guests = await registeredGuests(playwright, baseURL, eventId, names)
  const [kata, zsofia, vera, olga, klara] = guests.slice(30, 35)
  if (!kata || !zsofia || !vera || !olga || !klara) throw new Error('guests missing')

  await withEventLock(
    async () => {
      // 30 are in and seated; round 1 runs. The other ten come late, through the door.
      for (const guest of guests.slice(0, 30))
        await post(`/api/admin/events/${eventId}/participants`, { userCode: guest.userCode })
      const round = await post(`/api/admin/events/${eventId}/rounds`, {})
      await post(`/api/admin/events/${eventId}/start`)
      await post(`/api/admin/events/${eventId}/rounds/${round.id}/start`)

      // One tap from the event page.
      await page.goto(`/admin/events/${eventId}`)
      await page.getByRole('link', { name: ev.page.door }).click()
      await expect(page.getByRole('heading', { name: eventName, level: 1 })).toBeVisible()
      await expect(field(page)).toBeFocused()
      await expect(page.getByTestId('door-counts')).toContainText('40')

      // By keyboard: the field is at most three Tabs from the top of the page.
      await page.mouse.click(2, 2)
      let tabs = 0
      while (tabs < 3 && !(await field(page).evaluate((el) => el === document.activeElement))) {
        await page.keyboard.press('Tab')
        tabs++
      }
      await expect(field(page)).toBeFocused()

      // A code, typed carelessly: she is in, with her table, and focus stays in the field.
      await enter(page, ` ${kata.userCode.toLowerCase().slice(0, 3)} ${kata.userCode.slice(3)}`)
      await expect(answer(page)).toContainText(kata.name)
      await expect(answer(page)).toContainText(ev.door.answer.in)
      await expect(answer(page)).toContainText(/Rózsa|Levendula|Napraforgó|Tulipán|Pipacs/)
      await expect(field(page)).toBeFocused()
      await expect(field(page)).toHaveValue('')
      await saveScreenshot(page, testInfo, 'door-checked-in')

      // Her phone and the big screen show her table.
      const phone = await page.context().browser()?.newContext({ baseURL })
      if (!phone) throw new Error('no browser')
      const hers = await phone.newPage()
      await logIn(hers, kata.email, kata.password)
      await hers.waitForURL((url) => url.pathname !== '/login')
      await hers.goto('/events')
      const tableName = ((await answer(page).textContent()) ?? '').match(
        /Rózsa|Levendula|Napraforgó|Tulipán|Pipacs/,
      )?.[0]
      await expect(hers.getByText(tableName ?? '—').first()).toBeVisible()
      await hers.goto(`/klikkscreen?eventId=${eventId}`)
      await expect(hers.getByRole('listitem').filter({ hasText: kata.name }).first()).toBeVisible()
      await phone.close()

      // The same code again: amber, already here since when.
      await enter(page, kata.userCode)
      await expect(answer(page).locator('[data-tone="amber"]')).toContainText(kata.name)

      // Part of a name, without accents or capitals.
      await enter(page, `szoke zsofia ${tag}`)
      await expect(answer(page)).toContainText(zsofia.name)
      await expect(answer(page)).toContainText(ev.door.answer.in)

      // An unknown code: red, in words.
      await enter(page, 'ZZZZ99')
      await expect(answer(page).getByRole('alert')).toContainText(
        fill(ev.errors.userCodeUnknown, { code: 'ZZZZ99' }),
      )

      // Undo within 10 s: she is back on the not-yet list.
      await enter(page, vera.userCode)
      await expect(answer(page)).toContainText(vera.name)
      await answer(page)
        .getByRole('button', { name: fill(ev.door.undoLabel, { name: vera.name }) })
        .click()
      await expect(answer(page)).toContainText(fill(ev.door.answer.undone, { name: vera.name }))
      await field(page).fill(`vissza vera ${tag}`)
      await expect(
        page.getByRole('button', { name: fill(ev.door.list.checkInLabel, { name: vera.name }) }),
      ).toBeVisible()
      await field(page).fill('')

      // The venue's Wi-Fi drops: the check-in waits on the phone, then goes once.
      await page.context().setOffline(true)
      await expect(page.getByText(ev.door.offline)).toBeVisible()
      await enter(page, olga.userCode)
      await expect(answer(page)).toContainText(fill(ev.door.answer.queued, { name: olga.name }))
      await expect(page.getByText(fill(ev.door.waiting_one, { count: 1 }))).toBeVisible()
      await saveScreenshot(page, testInfo, 'door-offline')
      await page.context().setOffline(false)
      await expect(answer(page)).toContainText(olga.name, { timeout: 15_000 })
      await expect(page.getByText(fill(ev.door.waiting_one, { count: 1 }))).toBeHidden()
      const door = (await (await page.request.get(`/api/door/${eventId}`)).json()) as {
        counts: { arrived: number }
        people: { userId: string; status: string }[]
      }
      expect(door.people.find((p) => p.userId === olga.userId)?.status).toBe('present')
      // Kata, Zsófia and Olga came through the door (Vera was undone): 33 of 40.
      expect(door.counts.arrived).toBe(33)

      await checkA11y(page)
      await saveScreenshot(page, testInfo, 'door')

      // The camera: a phone that shows the door Klára's QR code.
      const video = join(mkdtempSync(join(tmpdir(), 'door-camera-')), 'qr.y4m')
      await writeQrVideo(klara.userCode, video)
      const cameraBrowser = await launchWithCamera(playwright, video)
      try {
        const context = await cameraBrowser.newContext({
          baseURL,
          permissions: ['camera'],
          viewport: { width: 390, height: 844 },
        })
        const scanner = await context.newPage()
        await signInAsAdmin(scanner, baseURL)
        await scanner.goto(`/admin/events/${eventId}/door`)
        // The check-in waits until the viewfinder has been measured: then the answer comes.
        let release = () => {}
        const held = new Promise<void>((resolve) => (release = resolve))
        await scanner.route('**/check-ins', async (route) => {
          await held
          await route.continue()
        })
        await scanner.getByRole('button', { name: ev.scanner.toggle }).click()
        const viewfinder = scanner.getByLabel(ev.scanner.videoLabel)
        await expect(viewfinder).toBeVisible()
        const before = await viewfinder.boundingBox()
        release()
        await expect(answer(scanner)).toContainText(klara.name, { timeout: 20_000 })
        await expect(answer(scanner)).toContainText(ev.door.answer.in)
        // The answer lies over the picture: the viewfinder she aims with has not moved.
        expect(await viewfinder.boundingBox()).toEqual(before)
        await saveScreenshot(scanner, testInfo, 'door-camera-answer')
      } finally {
        await cameraBrowser.close()
      }
    },
    () => endRunningEvents(page.request, baseURL),
  )
})

test('a door helper works the door of her evening from her phone, and nothing else', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  // Its time includes waiting for the event lock, which the 40-person door above holds for about
  // a minute when the two run side by side.
  test.setTimeout(150_000)
  const tag = `${testInfo.project.name} ${Date.now() % 100_000}`
  await signInAsAdmin(page, baseURL)
  const post = adminApi(page.request, baseURL)
  const { eventId, eventName } = await seedEvening(post, {
    eventName: `Segítős est ${tag}`,
    tables: [{ name: 'Rózsa', seats: 6 }],
    seated: false,
    started: false,
  })
  const [helper, guest] = await Promise.all([
    createMember(playwright, baseURL, `Segítő Sári ${tag}`),
    createMember(playwright, baseURL, `Vendég Vilma ${tag}`),
  ])
  if (!helper || !guest) throw new Error('members missing')
  const registered = await createMember(playwright, baseURL, `Érkező Erika ${tag}`, [eventId])

  // The admin names her helper on the event page, by member code.
  await page.goto(`/admin/events/${eventId}`)
  const helpers = page.getByRole('region', { name: ev.doorHelpers.title })
  await helpers.getByLabel(ev.doorHelpers.code).fill(helper.userCode.toLowerCase())
  await helpers.getByRole('button', { name: ev.doorHelpers.add }).click()
  await expect(helpers.getByText(helper.name)).toBeVisible()

  await withEventLock(
    async () => {
      await post(`/api/admin/events/${eventId}/start`)
      const phone = await page
        .context()
        .browser()
        ?.newContext({
          baseURL,
          viewport: page.viewportSize() ?? undefined,
        })
      if (!phone) throw new Error('no browser')
      const hers = await phone.newPage()
      await logIn(hers, helper.email, helper.password)
      await hers.waitForURL((url) => url.pathname !== '/login')
      await hers.goto('/events')
      await hers.getByRole('link', { name: ev.member.openDoor }).click()
      await expect(hers.getByRole('heading', { name: eventName, level: 1 })).toBeVisible()
      await expect(field(hers)).toBeFocused()

      // Name search, then the list: Erika is in.
      await field(hers).fill('erika')
      await field(hers).press('Enter')
      await expect(answer(hers)).toContainText(registered.name)
      await expect(answer(hers)).toContainText(ev.door.answer.in)

      // Vilma did not register: amber, and "check in anyway" lets her in.
      await field(hers).fill(guest.userCode)
      await field(hers).press('Enter')
      await expect(answer(hers)).toContainText(fill(ev.errors.notRegistered, { name: guest.name }))
      await answer(hers).getByRole('button', { name: ev.door.answer.walkIn }).click()
      await expect(answer(hers)).toContainText(ev.door.answer.in)
      await expect(hers.getByTestId('door-counts')).toContainText('2')
      await checkA11y(hers)
      await saveScreenshot(hers, testInfo, 'door-helper')

      // The admin area stays closed to her.
      const adminList = await hers.request.get('/api/admin/events')
      expect(adminList.status()).toBe(403)
      await hers.goto(`/admin/events/${eventId}`)
      await expect(hers).not.toHaveURL(new RegExp(`/admin/events/${eventId}$`))
      await phone.close()
    },
    () => endRunningEvents(page.request, baseURL),
  )
})
