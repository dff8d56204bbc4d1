import type { APIRequestContext } from '@playwright/test'
import { adminApi } from './support/admin-api.ts'
import { createMember, signInAsAdmin, signInThroughApi } from './support/accounts.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import { expect, test } from './support/fixtures.ts'
import { expectFocusOn, tabTo } from './support/keyboard.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { seedEvening } from '#server/test/seed-evening.ts'

const ev = texts('hu', 'events')
const k = ev.klikk

test.skip(({ isMobile }) => !isMobile, 'the klikk is picked on her phone: the 390 px page')

type Klikk = {
  evenings: {
    eventId: string
    matches: { id: string; contact: { share: string; value: string } | null }[]
  }[]
}

test('after the evening she picks by keyboard alone: a mutual pick shows the contact, a one-way one nothing', async ({
  page,
  browser,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  test.setTimeout(300_000)
  const origin = new URL(baseURL ?? '').origin
  const hostContext = await browser.newContext({ baseURL })
  const host = await hostContext.newPage()
  await signInAsAdmin(host, baseURL)
  const post = adminApi(host.request, baseURL)
  const stamp = Date.now() % 100_000
  const [anna, bea, cili] = await Promise.all(
    [`Anna Antal ${stamp}`, `Bea Bíró ${stamp}`, `Cili Csonka ${stamp}`].map((name) =>
      createMember(playwright, baseURL, name),
    ),
  )
  if (!anna || !bea || !cili) throw new Error('no guests')
  // Bea and Cili act from their own phones, through the API.
  const phoneOf = async (who: { email: string; password: string }) => {
    const context = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { origin, 'x-forwarded-for': `192.0.2.${(stamp % 200) + 30}` },
    })
    const signIn = await context.post('/api/auth/sign-in/email', {
      data: { email: who.email, password: who.password },
    })
    expect(signIn.ok(), `${signIn.status()} ${await signIn.text()}`).toBe(true)
    return context
  }
  const [beaPhone, ciliPhone] = await Promise.all([phoneOf(bea), phoneOf(cili)])
  const klikkOf = async (phone: APIRequestContext) =>
    (await (await phone.get('/api/klikk')).json()) as Klikk
  await signInThroughApi(page, baseURL, anna)

  await withEventLock(
    async () => {
      const { eventId, roundId } = await seedEvening(post, {
        eventName: `Klikk-est ${stamp}`,
        tables: [{ name: 'Rózsa', seats: 3 }],
        present: [anna.userCode, bea.userCode, cili.userCode],
      })
      await post(`/api/admin/events/${eventId}/rounds/${roundId}/start`)
      await post(`/api/admin/events/${eventId}/end`)

      // Bea shares her Instagram and picks Anna; Cili picks Anna too, who will not pick her.
      expect(
        (
          await beaPhone.put('/api/klikk/contact', {
            data: { share: 'instagram', instagram: '@bea.fut' },
          })
        ).ok(),
      ).toBe(true)
      for (const phone of [beaPhone, ciliPhone])
        expect(
          (
            await phone.put(`/api/klikk/${eventId}/picks/${anna.userId}`, {
              data: { kind: 'friend' },
            })
          ).ok(),
        ).toBe(true)

      await page.goto('/events')
      const section = page.getByRole('region', { name: k.title, exact: true })
      await expect(section.getByText(bea.name).first()).toBeVisible({ timeout: 15_000 })
      // In the hours after the evening, her picks come right after its thanks, before her door
      // pass and the evenings to come (a keyboard reaches them without passing every card).
      const pass = page.getByRole('region', { name: ev.member.yourCode })
      const top = async (region: typeof section) => (await region.boundingBox())?.y ?? Infinity
      expect(await top(section)).toBeLessThan(await top(pass))
      // Nothing tells her she was picked twice: no klikk, no mark on either.
      const matches = section.getByTestId('klikk-matches')
      await expect(matches.getByText(k.noMatches)).toBeVisible()
      await expect(section.getByRole('button', { pressed: true })).toHaveCount(0)
      await saveScreenshot(page, testInfo, 'klikk-picks-before')

      // She picks Bea, by keys alone: a klikk at once, with what Bea shares.
      await tabTo(page, k.kinds.friend, { max: 60 })
      await page.keyboard.press('Enter')
      await expect(section.getByText(k.matched.replace('{{name}}', bea.name))).toBeVisible()
      await expectFocusOn(page, k.kinds.friend)
      await expect(page.locator(':focus')).toHaveAttribute('aria-pressed', 'true')
      const match = matches.getByRole('listitem').filter({ hasText: bea.name })
      await expect(match.getByRole('link', { name: '@bea.fut' })).toHaveAttribute(
        'href',
        'https://www.instagram.com/bea.fut/',
      )
      // Cili's one-way pick still shows nowhere.
      await expect(matches.getByText(cili.name)).toHaveCount(0)

      // Bea sees the klikk, and no contact until Anna has chosen hers.
      const beaSees = async () =>
        (await klikkOf(beaPhone)).evenings.find((e) => e.eventId === eventId)?.matches
      expect(await beaSees()).toEqual([expect.objectContaining({ id: anna.userId, contact: null })])
      // Cili, whose pick was not returned, learns nothing either.
      expect(
        (await klikkOf(ciliPhone)).evenings.find((e) => e.eventId === eventId)?.matches,
      ).toEqual([])

      // Anna shares her e-mail address: Tab to Save (e-mail is the first choice), Enter.
      await tabTo(page, k.contactSave, { max: 40 })
      await page.keyboard.press('Enter')
      await expect(section.getByText(k.contactSaved)).toBeVisible()
      expect(await beaSees()).toEqual([
        expect.objectContaining({ contact: { share: 'email', value: anna.email } }),
      ])

      // She blocks Cili: asked first, Escape keeps things as they were, Enter on the answer blocks.
      const blockCili = k.blockNamed.replace('{{name}}', cili.name)
      await tabTo(page, blockCili, { max: 60, back: true })
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog')
      await expect(dialog).toContainText(k.blockQuestion.split('{{name}}')[0] ?? '')
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
      await expectFocusOn(page, blockCili)
      await page.keyboard.press('Enter')
      await tabTo(page, k.blockConfirm.replace('{{name}}', cili.name), { max: 4 })
      await page.keyboard.press('Enter')
      await expect(section.getByText(k.blocked.replace('{{name}}', cili.name))).toBeVisible()
      await expect(section.getByText(k.blockedBadge)).toBeVisible()

      await checkA11y()
      await saveScreenshot(page, testInfo, 'klikk-picks-phone')
      await page.setViewportSize({ width: 1280, height: 900 })
      await saveScreenshot(page, testInfo, 'klikk-picks-desktop')
    },
    async () => {
      await endRunningEvents(host.request, baseURL)
      await Promise.all([beaPhone.dispose(), ciliPhone.dispose(), hostContext.close()])
    },
  )
})
