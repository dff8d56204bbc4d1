import type { Locator, Page } from '@playwright/test'
import { seedEvening } from '#server/test/seed-evening.ts'
import { AFTER_EVENING_GRACE_MINUTES } from '#shared/schemas/events.ts'
import { createMember, signInAsAdmin } from './support/accounts.ts'
import { adminApi, fill } from './support/admin-api.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import { expect as baseExpect, test } from './support/fixtures.ts'
import { fullEvening } from './support/full-evening.ts'
import { holdRequests } from './support/hold-requests.ts'
import { afterTwoFrames } from './support/keyboard.ts'
import { texts } from './support/locales.ts'

const ev = texts('hu', 'events')
// Each step waits on the server, which other tests share: slow under load, not wrong.
const expect = baseExpect.configure({ timeout: 15_000 })

const focusIsOnBody = (page: Page) =>
  page.evaluate(() => !document.activeElement || document.activeElement === document.body)

/** The whole of it inside the viewport, as she sees the screen without scrolling. */
async function expectInView(page: Page, locator: Locator) {
  await expect(locator).toBeVisible()
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  if (!box || !viewport) throw new Error('nothing to measure')
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
}

/** What a step said in the console, in view, with focus on the console's next step, not <body>. */
async function answered(page: Page, text: string) {
  const said = page.getByTestId('evening-console').getByRole('status')
  await expect(said).toHaveText(text)
  await expectInView(page, said)
  await expect(page.locator('#console-next')).toBeFocused()
  await expectInView(page, page.locator('#console-next'))
  expect(await focusIsOnBody(page)).toBe(false)
}

const viewportShot = (page: Page, name: string, project: string) =>
  page.screenshot({ path: `test-results/screenshots/${name}-${project}.png` })

test('the host runs a whole evening from the console on her phone', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the host runs the evening from her phone')
  test.setTimeout(400_000)
  const tag = `${Date.now() % 100_000}`
  await signInAsAdmin(page, baseURL)
  const post = adminApi(page.request, baseURL)
  const { eventId, guests, late } = await fullEvening(
    playwright,
    baseURL,
    post,
    `Konzol est ${tag}`,
    tag,
  )
  const project = testInfo.project.name
  const console_ = page.getByTestId('evening-console')
  const next = page.locator('#console-next')
  const dialog = page.getByRole('dialog')

  await withEventLock(
    async () => {
      await page.goto(`/admin/events/${eventId}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 })

      // Before the evening: the console's first step is to start it, on the first screen.
      await expect(next).toHaveText(ev.card.start)
      await expectInView(page, next)
      await expectInView(page, console_.getByRole('link', { name: ev.page.door }))
      await viewportShot(page, 'console-before', project)
      await next.click()
      await answered(page, ev.console.said.started)
      await expect(next).toHaveText(fill(ev.console.seatRound, { number: 1 }))

      // The door, from the console: three guests checked in by their codes.
      await console_.getByRole('link', { name: ev.page.door }).click()
      const field = page.getByLabel(ev.door.field)
      await expect(field).toBeFocused()
      for (const guest of guests.slice(0, 3)) {
        await field.fill(guest.userCode)
        await field.press('Enter')
        const answer = page.getByTestId('door-answer')
        await expect(answer).toContainText(guest.name)
        await expectInView(page, answer)
        expect(await focusIsOnBody(page)).toBe(false)
      }
      await page.getByRole('link', { name: ev.door.back }).click()
      await expect(console_.getByTestId('count-arrived')).toHaveText('3')
      await expect(console_.getByTestId('count-notYet')).toHaveText('38')

      // The others arrive (through the admin's API, for speed); every seat is taken.
      for (const guest of guests.slice(3))
        await post(`/api/admin/events/${eventId}/participants`, { userCode: guest.userCode })
      await expect(console_.getByTestId('count-arrived')).toHaveText('40')
      await next.click()
      await answered(page, fill(ev.console.said.seated, { number: 1 }))
      await expect(next).toHaveText(fill(ev.console.startRound, { number: 1 }))
      await next.click()
      await answered(page, fill(ev.console.said.roundStarted, { number: 1 }))
      await expect(console_.getByTestId('event-countdown')).toContainText(
        /1\. kör · még (1:00:00|59:\d\d)/,
      )
      await expect(next).toHaveText(fill(ev.console.seatRound, { number: 2 }))
      await expect(page.locator('#console-other')).toHaveText(
        fill(ev.console.endRound, { number: 1 }),
      )
      await viewportShot(page, 'console-running', project)
      await checkA11y()

      // The 41st guest, with every table full: the alert is on the first screen, she is seated.
      await post(`/api/admin/events/${eventId}/participants`, { userCode: late.userCode })
      const alert = page.getByTestId('unseated-alert')
      await expect(alert).toContainText(late.name, { timeout: 15_000 })
      await expectInView(page, alert)
      await expect(console_.getByTestId('count-unseated')).toHaveText('1')
      await expectInView(page, next)
      await viewportShot(page, 'console-unseated', project)
      await alert.getByRole('button', { name: new RegExp(late.name) }).click()
      const seated = alert.getByRole('status')
      await expect(seated).toContainText(late.name)
      await expect(seated).toBeFocused()
      await expectInView(page, seated)
      await seated.getByRole('button', { name: ev.unseated.close }).click()
      await expect(alert).toHaveCount(0)
      expect(await focusIsOnBody(page)).toBe(false)
      await expect(console_.getByTestId('count-unseated')).toHaveText('0')

      // Round 2 is seated while round 1 runs, then started: the console offers to end round 1.
      await next.click()
      await answered(page, fill(ev.console.said.seated, { number: 2 }))
      await expect(next).toHaveText(fill(ev.console.startRound, { number: 2 }))
      await next.click()
      // "Round 1: … left. It ends now for everyone, and round 2 starts."
      for (const part of fill(ev.console.confirmSwitch, { running: 1, next: 2 }).split('{{time}}'))
        await expect(dialog).toContainText(part)
      await dialog
        .getByRole('button', {
          name: fill(ev.console.confirmSwitchButton, { running: 1, next: 2 }),
        })
        .click()
      await expect(dialog).toHaveCount(0)
      await answered(page, fill(ev.console.said.roundStarted, { number: 2 }))
      await expect(console_.getByTestId('event-countdown')).toContainText(/2\. kör · még/)

      // The end of the evening: asked first, then said; "start" cannot reopen it.
      await console_.getByRole('button', { name: ev.card.end }).click()
      await expect(dialog).toContainText(
        fill(ev.page.confirmEndRunning, { minutes: AFTER_EVENING_GRACE_MINUTES }),
      )
      await dialog.getByRole('button', { name: ev.page.confirmEndButton }).click()
      await expect(dialog).toHaveCount(0)
      await answered(page, ev.console.said.ended)
      await expect(next).toHaveText(ev.page.reopen)
      await expect(console_.getByTestId('event-countdown')).toHaveText(ev.card.eventEnded)
      await expect(page.getByRole('button', { name: ev.card.start })).toHaveCount(0)
      await viewportShot(page, 'console-ended', project)
      const start = await page.request.post(`/api/admin/events/${eventId}/start`, {
        headers: { origin: new URL(baseURL ?? '').origin },
      })
      expect(start.status()).toBe(409)
      expect(((await start.json()) as { code: string }).code).toBe('event_ended')
      await page.reload()
      await expect(page.getByText(ev.status.ended, { exact: true })).toBeVisible()
      await expect(page.getByRole('button', { name: ev.card.start })).toHaveCount(0)
    },
    () => endRunningEvents(page.request, baseURL),
  )
})

test('the console beside the board, and the set-up folded away during the evening', async ({
  page,
  baseURL,
  playwright,
}, testInfo) => {
  test.setTimeout(120_000)
  const tag = `${testInfo.project.name} ${Date.now() % 100_000}`
  const guests = await Promise.all(
    ['Bakó Bella', 'Cseh Csilla', 'Dénes Dóra', 'Erdős Edit'].map((name) =>
      createMember(playwright, baseURL, `${name} ${tag}`),
    ),
  )
  await signInAsAdmin(page, baseURL)
  const post = adminApi(page.request, baseURL)
  await withEventLock(
    async () => {
      const { eventId } = await seedEvening(post, {
        eventName: `Táblás est ${tag}`,
        tables: [
          { name: 'Rózsa', seats: 2 },
          { name: 'Menta', seats: 2 },
        ],
        present: guests.map((g) => g.userCode),
        started: false,
      })
      const project = testInfo.project.name
      await page.goto(`/admin/events/${eventId}`)
      const console_ = page.getByTestId('evening-console')
      const next = page.locator('#console-next')
      const people = page.getByRole('region', { name: ev.participants.title })
      // Before the evening the set-up is open, below the console.
      await expect(next).toHaveText(ev.card.start)
      await expect(people).toBeVisible()
      await page.screenshot({ path: `test-results/screenshots/console-before-${project}.png` })
      await next.click()
      await expect(next).toHaveText(fill(ev.console.startRound, { number: 1 }))
      await expect(next).toBeFocused()
      // She goes on to the set-up while round 1 is starting: its answer leaves her there.
      const starting = await holdRequests(
        page,
        /\/api\/admin\/events\/[^/]+\/rounds\/[^/]+\/start$/,
      )
      await next.click()
      const setup = page.locator('#setup-toggle')
      await expect(people).toBeHidden()
      await setup.focus()
      await starting.release()
      await expect(console_.getByRole('status')).toHaveText(
        fill(ev.console.said.roundStarted, { number: 1 }),
      )
      await expect(next).toHaveText(fill(ev.console.seatRound, { number: 2 }))
      await afterTwoFrames(page)
      await expect(setup).toBeFocused()
      // Set-up is folded while the evening runs; it opens from the keyboard and stays open.
      await page.keyboard.press('Enter')
      await expect(people).toBeVisible()
      await expect(setup).toBeFocused()
      await page.locator('#console-next').click()
      await expect(console_.getByRole('status')).toHaveText(
        fill(ev.console.said.seated, { number: 2 }),
      )
      await expect(people).toBeVisible()
      // Round 2's own start button, while round 1 runs, offers to end round 1 too.
      const round2 = page
        .getByRole('region', { name: ev.rounds.title })
        .getByRole('listitem')
        .filter({ hasText: fill(ev.rounds.round, { number: 2 }) })
      const start2 = round2.getByRole('button', { name: ev.rounds.start })
      await start2.click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toContainText(
        fill(ev.console.confirmSwitch, { running: 1, next: 2 }).split('{{time}}')[0] ?? '',
      )
      await dialog.getByRole('button', { name: ev.confirm.cancel }).click()
      await expect(start2).toBeFocused()
      if (testInfo.project.name === 'desktop') {
        // From a laptop up: the console and the rounds' board side by side.
        const board = page.getByRole('region', { name: ev.rounds.title })
        const [left, right] = [await console_.boundingBox(), await board.boundingBox()]
        if (!left || !right) throw new Error('nothing to measure')
        expect(left.x + left.width).toBeLessThanOrEqual(right.x)
        expect(right.y).toBeLessThan(left.y + left.height)
      }
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path: `test-results/screenshots/console-board-${project}.png` })

      // After the end: the console says so and offers only to reopen; the set-up folds away.
      await post(`/api/admin/events/${eventId}/end`)
      await page.reload()
      await expect(next).toHaveText(ev.page.reopen)
      await expect(people).toBeHidden()
      await page.screenshot({ path: `test-results/screenshots/console-ended-${project}.png` })
    },
    () => endRunningEvents(page.request, baseURL),
  )
})

test('/admin shows today’s evening first, with the way into its console', async ({
  page,
  baseURL,
}, testInfo) => {
  const tag = `${testInfo.project.name} ${Date.now() % 100_000}`
  await signInAsAdmin(page, baseURL)
  const post = adminApi(page.request, baseURL)
  // Today's evening is the running one: this one, as this test holds the evenings' lock. (Other
  // tests make evenings of today meanwhile; which of several not started is shown is
  // tonight-card.test.ts's.)
  await withEventLock(
    async () => {
      const { eventId, eventName } = await seedEvening(post, { eventName: `Mai est ${tag}` })
      await page.goto('/admin')
      const tonight = page.getByTestId('tonight')
      await expect(tonight).toContainText(eventName)
      // It comes before the dashboard and the events list.
      const order = await page.evaluate(() => {
        const top = (selector: string) =>
          document.querySelector(selector)?.getBoundingClientRect().top
        return [top('[data-testid="tonight"]'), top('#events-heading')]
      })
      expect(order[0]).toBeLessThan(order[1] ?? 0)
      await expectInView(page, tonight.getByRole('link', { name: ev.console.run }))
      await page.screenshot({
        path: `test-results/screenshots/admin-tonight-${testInfo.project.name}.png`,
      })
      await tonight.getByRole('link', { name: ev.console.run }).click()
      await expect(page).toHaveURL(new RegExp(`/admin/events/${eventId}$`))
      await expect(page.locator('#console-next')).toHaveText(
        fill(ev.console.seatRound, { number: 1 }),
      )
    },
    () => endRunningEvents(page.request, baseURL),
  )
})
