import { adminApi } from './support/admin-api.ts'
import { createMember, signInAsAdmin } from './support/accounts.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { seedEvening } from '#server/test/seed-evening.ts'

const ev = texts('hu', 'events')

test.skip(({ isMobile }) => isMobile, 'the projector is a laptop; the host page is shot at 390 too')

test('the projector opens the big screen by a link or a code, without signing in; revoked or ended, it says so', async ({
  page,
  browser,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInAsAdmin(page, baseURL)
  const post = adminApi(page.request, baseURL)
  const stamp = Date.now() % 100_000
  const guests = await Promise.all(
    ['Vass Vera', 'Vida Viola'].map((name) => createMember(playwright, baseURL, name)),
  )
  const projector = async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
    return context.newPage()
  }

  await withEventLock(
    async () => {
      const { eventId, roundId } = await seedEvening(post, {
        eventName: `Vetítős est ${stamp}`,
        tables: [{ name: 'Levendula', seats: 4 }],
        present: guests.map((guest) => guest?.userCode ?? ''),
      })
      await post(`/api/admin/events/${eventId}/rounds/${roundId}/start`)

      // The host makes the link on her event page: the answer takes focus, in view.
      await page.goto(`/admin/events/${eventId}`)
      const panel = page.getByRole('region', { name: ev.screenLink.title })
      await panel.getByRole('button', { name: ev.screenLink.make }).click()
      const made = panel.getByTestId('screen-link-made')
      await expect(made).toBeFocused()
      await expect(made).toBeInViewport()
      const url = (await made.locator('code').textContent()) ?? ''
      expect(url).toMatch(/\/screen\/[A-Za-z0-9_-]{43}$/)
      const code = (await panel.getByTestId('screen-link-code').textContent()) ?? ''
      expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/)
      await checkA11y()
      await made.screenshot({ path: `test-results/screenshots/screen-link-panel-1280.png` })
      await page.setViewportSize({ width: 390, height: 844 })
      await panel.scrollIntoViewIfNeeded()
      await panel.screenshot({ path: `test-results/screenshots/screen-link-panel-390.png` })
      await page.setViewportSize({ width: 1280, height: 800 })

      // A laptop that never signed in opens the link: the round and its countdown.
      const byLink = await projector()
      await byLink.goto(new URL(url).pathname)
      await expect(byLink.getByTestId('klikkscreen-countdown')).toHaveText(/^(1:00:00|59:\d\d)$/, {
        timeout: 15_000,
      })
      await expect(byLink.getByText(ev.klikkscreen.round.replace('{{number}}', '1'))).toBeVisible()
      await expect(byLink.getByText('Vass Vera')).toBeVisible()

      // Another types the code at /screen: a wrong one is refused in words, the right one opens.
      const byCode = await projector()
      await byCode.goto('/screen')
      const field = byCode.getByLabel(ev.screen.codeLabel)
      await expect(field).toBeFocused()
      await saveScreenshot(byCode, testInfo, 'screen-code-1280')
      await checkA11y(byCode)
      const wrong = `${code.startsWith('2') ? '3' : '2'}${code.slice(1)}`
      await field.fill(wrong.toLowerCase())
      await field.press('Enter')
      await expect(byCode.getByText(ev.errors.screenCodeUnknown)).toBeVisible()
      await expect(field).toBeFocused()
      await byCode.setViewportSize({ width: 390, height: 844 })
      await saveScreenshot(byCode, testInfo, 'screen-code-390')
      await field.fill(code)
      await byCode.getByRole('button', { name: ev.screen.open }).click()
      await expect(byCode).toHaveURL(/\/screen\/[A-Za-z0-9_-]{43}$/)
      await expect(byCode.getByTestId('klikkscreen-countdown')).toBeVisible({ timeout: 15_000 })

      // The host switches it off: the screens showing it say so, and her focus stays with her.
      await panel.getByRole('button', { name: ev.screenLink.revoke }).click()
      await expect(panel.getByText(ev.screenLink.revoked)).toBeVisible()
      await expect(panel.getByRole('button', { name: ev.screenLink.make })).toBeFocused()
      await expect(byLink.getByRole('heading', { name: ev.screen.revokedTitle })).toBeVisible({
        timeout: 15_000,
      })
      await expect(byLink.getByTestId('klikkscreen-countdown')).toHaveCount(0)
      await expect(byCode.getByRole('heading', { name: ev.screen.revokedTitle })).toBeVisible({
        timeout: 15_000,
      })
      await saveScreenshot(byLink, testInfo, 'screen-link-revoked')
      // Opened afresh, the old link is refused in words too.
      await byLink.reload()
      await expect(byLink.getByRole('heading', { name: ev.screen.revokedTitle })).toBeVisible()

      // A new link; then the host ends the evening: the screen showing it keeps the closing,
      // and the link opened afresh says the evening has ended.
      await panel.getByRole('button', { name: ev.screenLink.make }).click()
      await expect(made).toBeFocused()
      const next = new URL((await made.locator('code').textContent()) ?? '').pathname
      await byLink.goto(next)
      await expect(byLink.getByTestId('klikkscreen-countdown')).toBeVisible({ timeout: 15_000 })
      await post(`/api/admin/events/${eventId}/end`)
      const closing = byLink.getByTestId('evening-closing')
      await expect(closing.getByRole('heading', { name: ev.closing.title })).toBeVisible({
        timeout: 15_000,
      })
      await byLink.waitForTimeout(1_000)
      await expect(closing).toBeVisible()
      await byCode.goto(next)
      await expect(byCode.getByRole('heading', { name: ev.screen.endedTitle })).toBeVisible({
        timeout: 15_000,
      })
      // A projector switched on after the end, at /klikkscreen with no id: the closing too.
      await page.goto('/klikkscreen')
      await expect(
        page.getByTestId('evening-closing').getByRole('heading', { name: ev.closing.title }),
      ).toBeVisible({ timeout: 15_000 })
    },
    () => endRunningEvents(page.request, baseURL),
  )
})
