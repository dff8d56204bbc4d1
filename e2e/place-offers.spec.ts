import type { Page } from '@playwright/test'
import { createMember, signInAsAdmin, signInThroughApi } from './support/accounts.ts'
import { adminApi, fill } from './support/admin-api.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { linkIn, waitForMail } from './support/mailbox.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'an offered place is taken on her phone')

// Waiting-list offers and the late-cancel button (issue 41 parts 2 and 3, decision 0089).
const ev = texts('hu', 'events')
const mails = texts('hu', 'emails')
const HOUR = 3_600_000

/** As the admin, through the API: an evening with `places` starting at `start`; its id. */
async function eveningAt(page: Page, baseURL: string | undefined, start: Date, places: number) {
  await signInAsAdmin(page, baseURL)
  const name = `Offer evening ${Date.now()}`
  const { id } = await adminApi(page.request, baseURL)('/api/admin/events', {
    eventName: name,
    startTime: start.toISOString(),
    duration: 120,
    places,
  })
  await page.context().clearCookies()
  return { id, name }
}

test('a place offered from the waiting list is accepted from the e-mail link, after a question', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  // Three accounts, two sign-ins and two e-mails before the page: more than a minute under load.
  test.slow()
  const { id, name } = await eveningAt(page, baseURL, new Date(Date.now() + 3 * 24 * HOUR), 1)
  const holder = await createMember(playwright, baseURL, 'Hely Hanna', [id])
  const vera = await createMember(playwright, baseURL, 'Várakozó Vera', [id])

  // Hanna gives her place back: Vera is offered it, by e-mail, and is not registered yet.
  await signInThroughApi(page, baseURL, holder)
  const origin = new URL(baseURL ?? '').origin
  expect(
    (await page.request.delete(`/api/events/${id}/registration`, { headers: { origin } })).ok(),
  ).toBe(true)
  await page.context().clearCookies()

  const offer = await waitForMail(vera.email, {
    subject: fill(mails.placeOffered.subject, { event: name }),
  })
  await signInThroughApi(page, baseURL, vera)
  // The link opens a page that asks first: a mail scanner opening it takes nothing.
  await page.goto(linkIn(offer, `/events/offer/${id}`))
  await expect(
    page.getByRole('heading', { name: ev.member.offerPageTitle, level: 1 }),
  ).toBeVisible()
  const question = page.getByRole('group', { name: ev.member.offerTitle })
  await expect(question).toBeVisible()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'place-offer')

  // Keyboard only: from the page's start to her yes.
  const yes = question.getByRole('button', { name: ev.member.offerAccept })
  for (let i = 0; i < 40 && !(await yes.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(yes).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status')).toHaveText(ev.member.offerAccepted)
  await saveScreenshot(page, testInfo, 'place-offer-accepted')
  await waitForMail(vera.email, { subject: fill(mails.placeOpened.subject, { event: name }) })

  // On her events page she holds the place.
  await page.goto('/events')
  const card = page.getByRole('article', { name })
  await expect(card.getByText(ev.member.registered)).toBeVisible()
})

test('after the deadline the button says it is late, and asks before it gives the place back', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  // Ten hours ahead: the default deadline (24 hours before) has passed.
  const { id, name } = await eveningAt(page, baseURL, new Date(Date.now() + 10 * HOUR), 5)
  const lili = await createMember(playwright, baseURL, 'Késő Lili', [id])
  await signInThroughApi(page, baseURL, lili)
  await page.goto('/events')
  const card = page.getByRole('article', { name })
  await expect(card.getByText(ev.member.cancelBy.split('{{')[0] ?? '')).toBeVisible()
  const late = card.getByRole('button', { name: ev.member.unregisterLate })
  await late.focus()
  await page.keyboard.press('Enter')
  const question = card.getByRole('group', { name: ev.member.unregisterLateConfirm })
  await expect(question).toBeVisible()
  // The safe answer has focus.
  await expect(question.getByRole('button', { name: ev.member.unregisterKeep })).toBeFocused()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'late-cancel')
  await page.keyboard.press('Shift+Tab')
  await expect(question.getByRole('button', { name: ev.member.unregisterYes })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(card.getByRole('button', { name: ev.member.register })).toBeVisible()

  // The host sees it as late on the evening's page, and waves it away by keyboard.
  await page.context().clearCookies()
  await signInAsAdmin(page, baseURL)
  await page.goto(`/admin/events/${id}`)
  const lateList = page.getByRole('region', { name: ev.participants.lateTitle })
  await expect(lateList.getByText('Késő Lili')).toBeVisible({ timeout: 20_000 })
  const waive = lateList.getByRole('button', {
    name: fill(ev.participants.lateWaiveLabel, { name: 'Késő Lili' }),
  })
  await waive.focus()
  await page.keyboard.press('Enter')
  const waived = lateList.getByText(ev.participants.lateWaived)
  await expect(waived).toBeFocused()
  await saveScreenshot(page, testInfo, 'late-cancel-waived')
  await page.reload()
  await expect(lateList.getByText(ev.participants.lateWaived)).toBeVisible({ timeout: 20_000 })
  await expect(lateList.getByRole('button')).toHaveCount(0)
})

test.describe('read from another time zone', () => {
  // Her phone's clock is in New York; the evening is in Budapest, and so is its hour everywhere.
  test.use({ timezoneId: 'America/New_York' })

  test('the offer page and her home page give the evening the same time as her events page, the time in Budapest', async ({
    page,
    baseURL,
    playwright,
  }) => {
    const start = new Date(Math.ceil((Date.now() + 3 * 24 * HOUR) / HOUR) * HOUR)
    const { id, name } = await eveningAt(page, baseURL, start, 5)
    const nora = await createMember(playwright, baseURL, 'Távoli Nóra', [id])
    await signInThroughApi(page, baseURL, nora)
    const budapest = new Intl.DateTimeFormat('hu-HU', {
      timeStyle: 'short',
      timeZone: 'Europe/Budapest',
    }).format(start)

    await page.goto('/events')
    const onCard = page.getByRole('article', { name }).locator('time')
    await expect(onCard).toContainText(budapest)
    const shown = await onCard.textContent()

    await page.goto(`/events/offer/${id}`)
    const section = page.getByRole('region', { name })
    await expect(section.locator('time')).toHaveText(shown ?? '')

    // Her home page's next evening (whichever is next on the site) reads as its card on the
    // events page does: in Budapest's time too.
    await page.goto('/home')
    // Read once her events have come: the evening's name is the line marked with its language
    // (before, the group holds only its links), its day and time the line after it.
    const home = page.getByRole('group', { name: ev.home.nextEvening })
    const nameLine = home.locator('p[lang]').first()
    await expect(nameLine).toBeVisible({ timeout: 20_000 })
    const nextName = (await nameLine.textContent()) ?? ''
    const nextWhen =
      (await nameLine.locator('xpath=following-sibling::p[1]').textContent())?.split(' · ')[0] ?? ''
    await page.goto('/events')
    await expect(page.getByRole('article', { name: nextName }).locator('time')).toHaveText(nextWhen)
  })
})
