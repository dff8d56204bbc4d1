import type { Page } from '@playwright/test'
import { createMember, logIn, signInAsAdmin } from './support/accounts.ts'
import { adminApi, fill } from './support/admin-api.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import { expect, test } from './support/fixtures.ts'
import { fullEvening } from './support/full-evening.ts'
import { texts } from './support/locales.ts'

const ev = texts('hu', 'events')

/** What the phone's on-screen keyboard covers at the bottom of the page, in CSS px. */
const KEYBOARD = 340

const answer = (page: Page) => page.getByTestId('door-answer')
const field = (page: Page) => page.getByLabel(ev.door.field)
const focusIsOnBody = (page: Page) => page.evaluate(() => document.activeElement === document.body)

/** A viewport screenshot, as she sees the screen (not the whole page). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${name}-phone.png` })

test('a 41st guest with every table full: amber at the door, the host seats her from the alert', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the door and the host are on phones')
  test.setTimeout(300_000)
  const tag = `${Date.now() % 100_000}`
  await signInAsAdmin(page, baseURL)
  const post = adminApi(page.request, baseURL)
  const { eventId, tables, guests, late } = await fullEvening(
    playwright,
    baseURL,
    post,
    `Teli est ${tag}`,
    tag,
  )
  const helper = await createMember(playwright, baseURL, `Segítő Sára ${tag}`)
  await post(`/api/admin/events/${eventId}/door-helpers`, { userCode: helper.userCode })

  await withEventLock(
    async () => {
      // 40 are in and seated at five tables of eight: every seat is taken. Round 1 runs.
      for (const guest of guests)
        await post(`/api/admin/events/${eventId}/participants`, { userCode: guest.userCode })
      const round = (await post(`/api/admin/events/${eventId}/rounds`, {})) as { id: string }
      await post(`/api/admin/events/${eventId}/start`)
      await post(`/api/admin/events/${eventId}/rounds/${round.id}/start`)

      // The host is on the event page, scrolled well down, as during an evening.
      await page.goto(`/admin/events/${eventId}`)
      // The page's first load fetches its code and a 40-person evening (seconds on a busy machine).
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 })
      await page.mouse.wheel(0, 2500)

      // The helper's phone, with its keyboard open over the lower part of the screen.
      const phone = await page
        .context()
        .browser()
        ?.newContext({
          baseURL,
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
        })
      if (!phone) throw new Error('no browser')
      await phone.addInitScript((keyboard: number) => {
        const viewport = new EventTarget()
        Object.defineProperties(viewport, {
          width: { get: () => window.innerWidth },
          height: { get: () => window.innerHeight - keyboard },
          offsetTop: { get: () => 0 },
          offsetLeft: { get: () => 0 },
          pageTop: { get: () => window.scrollY },
          pageLeft: { get: () => window.scrollX },
          scale: { get: () => 1 },
        })
        Object.defineProperty(window, 'visualViewport', { get: () => viewport })
      }, KEYBOARD)
      const hers = await phone.newPage()
      await logIn(hers, helper.email, helper.password)
      await hers.waitForURL((url) => url.pathname !== '/login')
      await hers.goto(`/admin/events/${eventId}/door`)
      await expect(field(hers)).toBeFocused()

      // A mistyped code: refused, the code in the answer, and what she typed stays to correct.
      await field(hers).fill('ZZZZ99')
      await field(hers).press('Enter')
      await expect(answer(hers).getByRole('alert')).toContainText(
        fill(ev.errors.userCodeUnknown, { code: 'ZZZZ99' }),
      )
      await expect(field(hers)).toHaveValue('ZZZZ99')
      await expect(field(hers)).toBeFocused()
      // She starts typing the next one: the last answer goes.
      await field(hers).press('Backspace')
      await expect(answer(hers)).toBeEmpty()

      // The 41st guest: in, but amber, and the helper is told what to do.
      await field(hers).fill(late.userCode)
      await field(hers).press('Enter')
      const amber = answer(hers).locator('[data-tone="amber"]')
      await expect(amber).toContainText(late.name)
      await expect(amber).toContainText(ev.door.answer.unseated)
      await expect(amber).toContainText(ev.door.answer.unseatedFull)
      await expect(answer(hers).locator('[data-tone="green"]')).toHaveCount(0)
      await expect(field(hers)).toBeFocused()
      // Above the keyboard: the whole card is in the part of the screen the keyboard leaves.
      await expect
        .poll(async () => (await amber.boundingBox())?.y ?? Infinity)
        .toBeGreaterThanOrEqual(0)
      const card = await amber.boundingBox()
      expect((card?.y ?? 0) + (card?.height ?? Infinity)).toBeLessThanOrEqual(844 - KEYBOARD)
      await shot(hers, 'door-unseated-amber')
      await checkA11y(hers)

      // The host's page shows the alert at once, in view where she is, with one-tap ways out.
      const alert = page.getByTestId('unseated-alert')
      await expect(alert).toBeVisible({ timeout: 15_000 })
      await expect(alert).toContainText(late.name)
      await expect(alert).toBeInViewport()
      const seat = alert.getByRole('button', {
        name: new RegExp(late.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      })
      await expect(seat).toBeVisible()
      await expect(alert.getByRole('button', { name: ev.unseated.newTable })).toBeVisible()
      await shot(page, 'host-unseated-alert')
      await checkA11y(page)

      // One tap: she has a seat; the answer says where, in view, with focus.
      await seat.click()
      const said = alert.getByRole('status')
      await expect(said).toContainText(late.name)
      await expect(said).toBeFocused()
      await expect(said).toBeInViewport()
      expect(await focusIsOnBody(page)).toBe(false)
      await expect(alert.getByRole('button', { name: ev.unseated.newTable })).toHaveCount(0)
      await shot(page, 'host-unseated-seated')
      const saidText = (await said.textContent()) ?? ''
      const tableName = tables.find((name) => saidText.includes(name))
      expect(tableName).toBeDefined()
      const state = (await (
        await page.request.get(`/api/admin/events/${eventId}/unseated`)
      ).json()) as { people: unknown[] }
      expect(state.people).toEqual([])

      // "OK": the alert goes, and focus goes back to the page's heading, never to the body.
      await said.getByRole('button', { name: ev.unseated.close }).click()
      await expect(alert).toHaveCount(0)
      await expect(page.locator('#event-heading')).toBeFocused()

      // The helper's list shows her table now.
      await field(hers).fill(late.userCode)
      await field(hers).press('Enter')
      await expect(answer(hers)).toContainText(tableName ?? '—')
      await phone.close()
    },
    () => endRunningEvents(page.request, baseURL),
  )
})
