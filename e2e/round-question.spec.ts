import type { Browser } from '@playwright/test'
import { adminApi } from './support/admin-api.ts'
import { createMember, signInAsAdmin } from './support/accounts.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { seedEvening } from '#server/test/seed-evening.ts'

const ev = texts('hu', 'events')
const evDe = texts('de', 'events')

type Texts = { hu?: string; en?: string; es?: string; de?: string }

/** A phone (390 px, touch) signed in as a member. */
async function memberPhone(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'x-forwarded-for': '198.18.0.9' },
  })
  const phone = await context.newPage()
  const signIn = await phone.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'guest-secret-1' },
    headers: { origin: new URL(baseURL ?? '').origin },
  })
  expect(signIn.ok()).toBe(true)
  return phone
}

test.describe('a question for each round', () => {
  test.skip(({ isMobile }) => isMobile, 'the big screen, the phone and the console in one test')

  test('the big screen shows it in its language, her phone in hers; the host skips from the console', async ({
    page,
    browser,
    baseURL,
    playwright,
    checkA11y,
  }, testInfo) => {
    test.setTimeout(180_000)
    const guest = await createMember(playwright, baseURL, 'Kovács Kinga')
    await signInAsAdmin(page, baseURL)
    const post = adminApi(page.request, baseURL)
    await withEventLock(
      async () => {
        const { eventId, roundId } = await seedEvening(post, {
          eventName: `Kérdéses est ${Date.now()}`,
          tables: [{ name: 'Rózsa', seats: 6 }],
          present: [guest.userCode],
        })
        if (!roundId) throw new Error('no round')
        await post(`/api/admin/events/${eventId}/rounds/${roundId}/start`)
        const state = (await (
          await page.request.get(`/api/klikkscreen?eventId=${eventId}`)
        ).json()) as { round: { question: { id: string; texts: Texts } } }
        const first = state.round.question.texts

        // Her phone, in German: her table and the question in German.
        const phone = await memberPhone(browser, baseURL, guest.email)
        await phone.goto('/events?lang=de')
        // (A loaded machine may take a while to list her events.)
        await expect(phone.getByTestId('my-table-name')).toHaveText('Rózsa', { timeout: 30_000 })
        await expect(phone.getByText(evDe.myTable.question)).toBeVisible()
        await expect(phone.getByTestId('my-table-question')).toHaveText(first.de ?? '')
        await checkA11y(phone)
        await saveScreenshot(phone, testInfo, 'round-question-phone')

        // The big screen, in Hungarian, at 1280 px.
        const screen = await page.context().newPage()
        await screen.setViewportSize({ width: 1280, height: 800 })
        await screen.goto(`/klikkscreen?eventId=${eventId}`)
        await expect(screen.getByText(ev.klikkscreen.question)).toBeVisible({ timeout: 30_000 })
        await expect(screen.getByTestId('round-question')).toHaveText(first.hu ?? '')
        await checkA11y(screen)
        await saveScreenshot(screen, testInfo, 'round-question-screen')

        // The host's console: the question, and "another question" by keyboard alone.
        await page.goto(`/admin/events/${eventId}`)
        const console_ = page.getByTestId('evening-console')
        await expect(console_.getByTestId('console-question')).toContainText(first.hu ?? '', {
          timeout: 30_000,
        })
        const skip = console_.getByRole('button', { name: ev.console.skipQuestion })
        await skip.focus()
        await page.keyboard.press('Enter')
        const said = console_.getByRole('status')
        await expect(said).toContainText(ev.console.said.questionSkipped.split('„')[0] ?? '', {
          timeout: 15_000,
        })
        const next = (await (
          await page.request.get(`/api/klikkscreen?eventId=${eventId}`)
        ).json()) as { round: { question: { id: string; texts: Texts } } }
        expect(next.round.question.id).not.toBe(state.round.question.id)
        const second = next.round.question.texts
        await expect(said).toContainText(second.hu ?? '')
        await expect(console_.getByTestId('console-question')).toContainText(second.hu ?? '')
        await expect(skip).toBeFocused()
        await checkA11y()
        await saveScreenshot(page, testInfo, 'round-question-console')

        // The screen and the phone follow at once, each in its language.
        await expect(screen.getByTestId('round-question')).toHaveText(second.hu ?? '', {
          timeout: 2_000,
        })
        await expect(phone.getByTestId('my-table-question')).toHaveText(second.de ?? '', {
          timeout: 2_000,
        })
        await phone.context().close()
      },
      () => endRunningEvents(page.request, baseURL),
    )
  })
})
