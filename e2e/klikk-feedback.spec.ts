import { adminApi } from './support/admin-api.ts'
import { createMember, signInAsAdmin, signInThroughApi } from './support/accounts.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import { expect, test } from './support/fixtures.ts'
import { expectFocusOn, tabTo } from './support/keyboard.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { seedEvening } from '#server/test/seed-evening.ts'

const ev = texts('hu', 'events')
const f = ev.klikk.feedback
const dashboard = texts('hu', 'dashboard')

test('after the evening she says how it was by keyboard alone: a rating of five and a comment', async ({
  page,
  browser,
  baseURL,
  playwright,
  checkA11y,
  isMobile,
}, testInfo) => {
  test.skip(!isMobile, 'she answers on her phone: the 390 px page')
  test.setTimeout(240_000)
  const hostContext = await browser.newContext({ baseURL })
  const host = await hostContext.newPage()
  await signInAsAdmin(host, baseURL)
  const post = adminApi(host.request, baseURL)
  const stamp = Date.now() % 100_000
  const [anna, bea] = await Promise.all(
    [`Anna Ács ${stamp}`, `Bea Balogh ${stamp}`].map((name) =>
      createMember(playwright, baseURL, name),
    ),
  )
  if (!anna || !bea) throw new Error('no guests')
  await signInThroughApi(page, baseURL, anna)

  await withEventLock(
    async () => {
      const { eventId, roundId } = await seedEvening(post, {
        eventName: `Értékelt est ${stamp}`,
        tables: [{ name: 'Rózsa', seats: 2 }],
        present: [anna.userCode, bea.userCode],
      })
      await post(`/api/admin/events/${eventId}/rounds/${roundId}/start`)
      await post(`/api/admin/events/${eventId}/end`)

      await page.goto('/events')
      const form = page.getByRole('form', { name: f.title })
      await expect(form).toBeVisible({ timeout: 15_000 })
      await expect(form.getByText(f.anonymous)).toBeVisible()
      await expect(form.getByRole('radio')).toHaveCount(5)

      // Sending without a rating says what is missing, and sends nothing.
      // Past every upcoming evening on her page (the other tests' too, each a few stops).
      await tabTo(page, f.save, { max: 200 })
      await page.keyboard.press('Enter')
      await expect(form.getByText(f.chooseFirst)).toBeVisible()

      // Back into the group (its last choice, as none is chosen), an arrow to 4, Tab to the
      // comment, type, send.
      await tabTo(page, `5 – ${f.ratings['5']}`, { max: 4, back: true })
      await page.keyboard.press('ArrowLeft')
      await expectFocusOn(page, `4 – ${f.ratings['4']}`)
      await expect(form.getByRole('radio', { name: `4 – ${f.ratings['4']}` })).toBeChecked()
      await page.keyboard.press('Tab')
      await expectFocusOn(page, f.commentLabel)
      await page.keyboard.type('Jó volt a társaság, jövőre is jövök!')
      await tabTo(page, f.save, { max: 3 })
      await page.keyboard.press('Enter')
      await expect(form.getByText(f.saved)).toBeVisible()
      await expect(form.getByRole('button', { name: f.change })).toBeVisible()

      const klikk = (await (await page.request.get('/api/klikk')).json()) as {
        evenings: { eventId: string; feedback: unknown }[]
      }
      expect(klikk.evenings.find((e) => e.eventId === eventId)?.feedback).toEqual({
        rating: 4,
        comment: 'Jó volt a társaság, jövőre is jövök!',
      })
      // After a reload, her answer is where she left it.
      await page.reload()
      await expect(form.getByRole('radio', { name: `4 – ${f.ratings['4']}` })).toBeChecked()
      await expect(form.getByRole('textbox', { name: f.commentLabel })).toHaveValue(
        'Jó volt a társaság, jövőre is jövök!',
      )

      await checkA11y()
      await form.scrollIntoViewIfNeeded()
      await saveScreenshot(page, testInfo, 'klikk-feedback-phone')
    },
    async () => {
      await endRunningEvents(host.request, baseURL)
      await hostContext.close()
    },
  )
})

test('the dashboard shows how each evening felt: figures first, a chart, the comments whole', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
  isMobile,
}, testInfo) => {
  test.skip(isMobile, 'the owner reads her dashboard at her desk: the 1280 px page')
  test.setTimeout(240_000)
  await signInAsAdmin(page, baseURL)
  const post = adminApi(page.request, baseURL)
  const stamp = Date.now() % 100_000
  const guests = await Promise.all(
    [`Cecília Cseh ${stamp}`, `Dóra Deák ${stamp}`, `Emma Erdős ${stamp}`].map((name) =>
      createMember(playwright, baseURL, name),
    ),
  )
  const eventName = `Tavaszi est ${stamp}`
  const comments = [
    'Kicsit hangos volt a zene, de nagyon jó volt.',
    'Végre új arcok! Két edzőtársat is találtam, alig várom a következőt.',
  ]

  await withEventLock(
    async () => {
      const { eventId, roundId } = await seedEvening(post, {
        eventName,
        tables: [{ name: 'Rózsa', seats: 3 }],
        present: guests.map((guest) => guest.userCode),
      })
      await post(`/api/admin/events/${eventId}/rounds/${roundId}/start`)
      await post(`/api/admin/events/${eventId}/end`)
      // Each answers from her own phone; two pick each other.
      const phones = await Promise.all(
        guests.map(async (guest, index) => {
          const phone = await playwright.request.newContext({
            baseURL,
            extraHTTPHeaders: {
              origin: new URL(baseURL ?? '').origin,
              'x-forwarded-for': `192.0.2.${(stamp % 100) + 100 + index}`,
            },
          })
          const signIn = await phone.post('/api/auth/sign-in/email', {
            data: { email: guest.email, password: guest.password },
          })
          expect(signIn.ok()).toBe(true)
          return phone
        }),
      )
      const answers = [
        { rating: 4, comment: comments[0] },
        { rating: 5, comment: comments[1] },
        { rating: 4 },
      ]
      for (const [index, phone] of phones.entries())
        expect(
          (await phone.put(`/api/klikk/${eventId}/feedback`, { data: answers[index] })).ok(),
        ).toBe(true)
      const [c, d] = guests
      if (!c || !d) throw new Error('no guests')
      for (const [phone, other] of [
        [phones[0], d],
        [phones[1], c],
      ] as const)
        expect(
          (
            await phone?.put(`/api/klikk/${eventId}/picks/${other.userId}`, {
              data: { kind: 'friend' },
            })
          )?.ok(),
        ).toBe(true)
      await Promise.all(phones.map((phone) => phone.dispose()))

      await page.goto('/admin')
      const card = page.getByRole('region', { name: dashboard.feedback.title })
      await expect(card).toBeVisible({ timeout: 15_000 })
      // Numbers first: the latest evening in large figures, then every evening's row.
      const figures = card.getByRole('definition')
      await expect(figures.nth(0)).toHaveText('4,3')
      await expect(figures.nth(1)).toHaveText('3')
      await expect(figures.nth(2)).toHaveText('3')
      await expect(figures.nth(3)).toHaveText('1')
      const row = card
        .getByRole('table', { name: dashboard.feedback.caption })
        .getByRole('row')
        .filter({ hasText: eventName })
      await expect(row.getByRole('cell')).toHaveText(['4,3', '3', '3', '1'])
      await expect(
        card.getByRole('img', {
          name: `${dashboard.feedback.chartTitle}. ${dashboard.chartNote}`,
        }),
      ).toBeVisible()
      for (const comment of comments) await expect(card.getByText(comment)).toBeVisible()
      // No name of those who answered anywhere on the card.
      for (const guest of guests) await expect(card.getByText(guest.name)).toHaveCount(0)

      await checkA11y()
      await card.scrollIntoViewIfNeeded()
      await saveScreenshot(page, testInfo, 'dashboard-feedback-desktop')
      // At 390 px, drawn afresh at that width.
      await page.setViewportSize({ width: 390, height: 844 })
      await page.reload()
      await expect(card.getByText(comments[0] ?? '')).toBeVisible({ timeout: 15_000 })
      await card.scrollIntoViewIfNeeded()
      await saveScreenshot(page, testInfo, 'dashboard-feedback-390')
    },
    async () => {
      await endRunningEvents(page.request, baseURL)
    },
  )
})
