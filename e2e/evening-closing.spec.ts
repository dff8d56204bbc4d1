import { adminApi } from './support/admin-api.ts'
import { createMember, signInAsAdmin } from './support/accounts.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { seedEvening } from '#server/test/seed-evening.ts'

const ev = texts('hu', 'events')

test.skip(
  ({ isMobile }) => !isMobile,
  'her phone is the 390 px page; the big screen opens beside it',
)

test('when the host ends the evening, the big screen and her phone show its closing', async ({
  page,
  browser,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  // Four accounts (the host with two-step sign-in) and two browsers, on a shared machine.
  test.setTimeout(300_000)
  const screenContext = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
  })
  const screen = await screenContext.newPage()
  await signInAsAdmin(screen, baseURL)
  const post = adminApi(screen.request, baseURL)
  const stamp = Date.now() % 100_000
  await post('/api/admin/events', {
    eventName: `Tavaszi est ${stamp}`,
    startTime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    placeName: 'Lendület stúdió',
    duration: 150,
  })
  const [zita, zsofi, zora] = await Promise.all(
    ['Zárai Zita', 'Zentai Zsófi', 'Zólyomi Zora'].map((name) =>
      createMember(playwright, baseURL, name),
    ),
  )
  if (!zita || !zsofi || !zora) throw new Error('no guests')
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: zita.email, password: zita.password },
    headers: { origin: new URL(baseURL ?? '').origin },
  })
  expect(signIn.ok()).toBe(true)

  await withEventLock(
    async () => {
      const { eventId, roundId, eventName } = await seedEvening(post, {
        eventName: `Őszi klikk-est ${stamp}`,
        tables: [{ name: 'Rózsa', seats: 6 }],
        present: [zita.userCode, zsofi.userCode, zora.userCode],
      })
      await post(`/api/admin/events/${eventId}/rounds/${roundId}/start`)

      // While the round runs, her table is the first thing on her events page, above her code.
      await page.goto('/events')
      await expect(page.getByTestId('my-table-name')).toHaveText('Rózsa', { timeout: 15_000 })
      const table = await page.locator('#my-table').boundingBox()
      const code = await page.getByRole('region', { name: ev.member.yourCode }).boundingBox()
      expect(table?.y ?? Infinity).toBeLessThan(code?.y ?? 0)
      // "People you met" already lists tonight's tablemates.
      const met = page.getByRole('region', { name: ev.peopleMet.title })
      await expect(met.getByText(zsofi.name)).toBeVisible()

      await screen.goto(`/klikkscreen?eventId=${eventId}`)
      await expect(screen.getByTestId('klikkscreen-countdown')).toHaveText(/^(1:00:00|59:\d\d)$/, {
        timeout: 15_000,
      })

      // The host ends the evening.
      await post(`/api/admin/events/${eventId}/end`)

      // The big screen: thanks, the evening's name, and the room's new acquaintances (three
      // people who had never sat together: three pairs).
      const closing = screen.getByTestId('evening-closing')
      await expect(closing.getByRole('heading', { name: ev.closing.title })).toBeVisible({
        timeout: 15_000,
      })
      await expect(closing.getByText(eventName)).toBeVisible()
      await expect(closing.getByTestId('closing-acquaintances')).toHaveText(
        `3${ev.closing.acquaintances_other}`,
      )
      await expect(closing.getByText('3 vendég · 1 kör')).toBeVisible()
      await expect(screen.getByText(ev.klikkscreen.reconnecting)).toHaveCount(0)
      await checkA11y(screen)
      await saveScreenshot(screen, testInfo, 'evening-closing-screen')

      // Her phone: the same thanks, whom she met, and her next evening with a way to it.
      const over = page.getByTestId('evening-over')
      await expect(over.getByRole('heading', { name: ev.closing.title })).toBeVisible({
        timeout: 15_000,
      })
      await expect(over.getByText(eventName)).toBeVisible()
      await expect(over.getByTestId('closing-acquaintances')).toHaveText(
        `3${ev.closing.acquaintances_other}`,
      )
      const people = over.getByTestId('evening-over-people')
      await expect(people.getByText(zsofi.name)).toBeVisible()
      await expect(people.getByText(zora.name)).toBeVisible()
      await expect(people.getByText(zita.name)).toHaveCount(0)
      // Her next evening (this test's, or a sooner one another test made) and a way to its card.
      await expect(over.getByRole('heading', { name: ev.closing.next })).toBeVisible()
      const register = over.getByRole('link', { name: ev.closing.register })
      await expect(register).toHaveAttribute('href', /^#member-event-/)
      await expect(page.locator('#my-table')).toHaveCount(0)
      await checkA11y()
      await saveScreenshot(page, testInfo, 'evening-closing-phone')
      const target = ((await register.getAttribute('href')) ?? '').slice(1)
      await register.click()
      await expect(page.locator(`[id="${target}"]`)).toBeInViewport()
      expect(target).not.toBe(`member-event-${eventId}`)

      // Her home: the closing first, then her next evening, which is not the one that ended.
      await page.goto('/home')
      await expect(page.getByTestId('evening-over')).toBeVisible()
      const next = page.getByRole('group', { name: ev.home.nextEvening })
      await expect(next.getByRole('button')).toBeVisible()
      await expect(next.getByText(eventName)).toHaveCount(0)
      await saveScreenshot(page, testInfo, 'evening-closing-home')
    },
    async () => {
      await endRunningEvents(screen.request, baseURL)
      await screenContext.close()
    },
  )
})
