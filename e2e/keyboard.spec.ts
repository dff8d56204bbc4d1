import type { Page } from '@playwright/test'
import { createMember, signInAsAdmin } from './support/accounts.ts'
import { ADMIN } from './support/admin-account.ts'
import { adminApi, fill } from './support/admin-api.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import { expect, test } from './support/fixtures.ts'
import {
  expectFocusInSight,
  expectFocusOn,
  lostFocus,
  pressAndExpectFocus,
  tabTo,
  watchFocus,
} from './support/keyboard.ts'
import { texts } from './support/locales.ts'
import { uniqueEmail } from './support/mailbox.ts'

/**
 * Whole flows by keyboard alone, at 1280 px (issue 22): Tab, Shift+Tab, Enter, Space, Escape,
 * arrows and typing; no click, no focus() call. At every step focus is on a visible element,
 * never on <body>, and the step checks what a screen reader would say there.
 */

const newsletter = texts('hu', 'newsletter')
const auth = texts('hu', 'auth')
const accountTexts = texts('hu', 'account')
const adminTexts = texts('hu', 'admin')
const common = texts('hu', 'common')
const events = texts('hu', 'events')
const ui = texts('hu', 'newsletter').campaigns.ui

test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'keyboard flows are walked at 1280 px')
})

/** Focus is on a message (a live region) that says `text`. */
async function expectFocusOnMessage(page: Page, role: 'status' | 'alert', text: string) {
  const active = page.locator(':focus')
  await expect(active).toHaveRole(role)
  await expect(active).toHaveText(text)
  await expectFocusInSight(page, `the message "${text}"`)
}

test('subscribes to the newsletter from the landing page', async ({ page }) => {
  await page.goto('/')
  await watchFocus(page)
  // The form is the page's purpose: reached by Tab without scrolling to it first.
  const stops = await tabTo(page, newsletter.form.name, { max: 25 })
  expect(stops).toBeGreaterThan(3)

  // Sent empty: focus goes to the first field in error, which says what is wrong.
  await page.keyboard.press('Enter')
  const name = await expectFocusOn(page, newsletter.form.name)
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveAccessibleDescription(newsletter.nameRequired)

  await page.keyboard.type('Kovács Réka')
  await page.keyboard.press('Tab')
  const email = await expectFocusOn(page, newsletter.form.email)
  await expect(email).toHaveAccessibleDescription(newsletter.invalidEmail)
  await page.keyboard.type(uniqueEmail('keyboard-news'))
  // Enter sends; the answer takes focus, and is read out.
  await page.keyboard.press('Enter')
  await expectFocusOnMessage(page, 'status', newsletter.confirmationSent)
  expect(await lostFocus(page)).toEqual([])
})

test('signs up from the landing page', async ({ page }) => {
  await page.goto('/')
  await watchFocus(page)
  await tabTo(page, common.accountMenu.login, { max: 6 })
  // The menu opens on its first item; the arrow moves to the next.
  await pressAndExpectFocus(page, 'Enter', common.accountMenu.loginLink)
  await pressAndExpectFocus(page, 'ArrowDown', common.accountMenu.signupLink)
  // On the new screen, focus starts at its heading.
  await pressAndExpectFocus(page, 'Enter', auth.signup.title)
  await expect(page).toHaveURL(/\/signup$/)

  // Hungarian asks for the family name first, then the given name.
  await tabTo(page, auth.fields.familyName, { max: 3 })
  await page.keyboard.type('Billentyű')
  await tabTo(page, auth.fields.givenName, { max: 1 })
  await page.keyboard.type('Berta')
  await tabTo(page, auth.fields.email, { max: 2 })
  const email = uniqueEmail('keyboard-signup')
  await page.keyboard.type(email)
  await tabTo(page, auth.fields.password, { max: 3 })
  await page.keyboard.type('titok123')
  await tabTo(page, auth.fields.confirmPassword, { max: 3 })
  await page.keyboard.type('titok124')
  // A mistake: focus goes to the field in error.
  await page.keyboard.press('Enter')
  const confirm = await expectFocusOn(page, auth.fields.confirmPassword)
  await expect(confirm).toHaveAccessibleDescription(auth.changePassword.passwordsDoNotMatch)
  await page.keyboard.press('Backspace')
  await page.keyboard.type('3')
  await page.keyboard.press('Enter')
  // The next step's title takes focus; the message under it says where the link went.
  await expectFocusOn(page, auth.signup.checkInboxTitle)
  await expect(page.getByRole('status')).toContainText(email)
  expect(await lostFocus(page)).toEqual([])
})

test('signs in, and changes her password', async ({ page, playwright, baseURL }) => {
  const member = await createMember(playwright, baseURL, 'Billentyű Bella')
  await page.goto('/login')
  await watchFocus(page)
  await tabTo(page, auth.fields.email, { max: 12 })
  await page.keyboard.type(member.email)
  await tabTo(page, auth.fields.password, { max: 2 })
  await page.keyboard.type('wrong-password')
  // A refusal is an alert that takes focus.
  await page.keyboard.press('Enter')
  const refusal = page.locator(':focus')
  await expect(refusal).toHaveRole('alert')
  await expectFocusInSight(page, 'the refusal')
  await tabTo(page, auth.fields.password, { max: 4, back: true })
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(member.password)
  await page.keyboard.press('Enter')
  // Signed in, on her home page: focus on its heading, not left behind on the gone button.
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.locator(':focus')).toHaveRole('heading')
  await expectFocusInSight(page, 'her home page')

  // Her account, then the password form.
  await tabTo(page, common.accountMenu.open.replace('{{name}}', member.name), {
    max: 8,
    back: true,
  })
  await page.keyboard.press('Enter')
  await expectFocusInSight(page, 'the account menu')
  // Type-ahead: the first item that starts with the letter.
  for (let step = 0; step < 8; step++) {
    const now = await expectFocusInSight(page, 'the account menu')
    if (now.name === common.accountMenu.account) break
    await page.keyboard.press('ArrowDown')
  }
  // Her account page, its heading first (the page loads its data before it is drawn).
  await pressAndExpectFocus(page, 'Enter', accountTexts.account.title)
  await expect(page).toHaveURL(/\/account$/)
  await tabTo(page, accountTexts.account.changePassword, { max: 30 })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/change-password$/)
  await expectFocusOn(page, auth.changePassword.title)
  await tabTo(page, auth.fields.currentPassword, { max: 3 })
  await page.keyboard.type(member.password)
  await tabTo(page, auth.fields.newPassword, { max: 3 })
  await page.keyboard.type('uj-jelszo-1')
  await tabTo(page, auth.fields.confirmPassword, { max: 3 })
  await page.keyboard.type('uj-jelszo-1')
  await page.keyboard.press('Enter')
  const done = page.locator(':focus')
  await expect(done).toHaveRole('status')
  await expect(done).toContainText(auth.changePassword.success)
  expect(await lostFocus(page)).toEqual([])
})

test('registers for an event', async ({ page, playwright, baseURL }) => {
  const member = await createMember(playwright, baseURL, 'Billentyű Boglárka')
  await signInAsAdmin(page, baseURL)
  const name = `Billentyűs est ${Date.now() % 100_000}`
  const created = await adminApi(page.request, baseURL)('/api/admin/events', {
    eventName: name,
    startTime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    duration: 120,
    placeName: 'Lendület Stúdió',
  })
  await page.context().clearCookies()

  await page.goto('/login')
  await tabTo(page, auth.fields.email, { max: 12 })
  await page.keyboard.type(member.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(member.password)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/home$/)
  await page.goto('/events')
  await watchFocus(page)
  const card = page.getByRole('article', { name })
  await expect(card).toBeVisible()
  // Her way to the event's button: Tab until the Register button inside that event's card. The
  // list also holds every evening the other tests made before it (about 5 stops each), sooner
  // ones first.
  for (let stop = 1; ; stop++) {
    expect(stop, 'the Register button of the new event').toBeLessThan(150)
    await page.keyboard.press('Tab')
    await expectFocusInSight(page, `Tab ${stop}`)
    const inCard = await card.evaluate((article) => article.contains(document.activeElement))
    if (inCard && (await page.locator(':focus').textContent()) === events.member.register) break
  }
  await page.keyboard.press('Enter')
  // The same button, now to withdraw; it is described by where she stands.
  const button = await expectFocusOn(page, events.member.unregister)
  await expect(button).toHaveAccessibleDescription(events.member.registered)
  expect(created.id).toBeTruthy()
  expect(await lostFocus(page)).toEqual([])
})

test('as admin: creates an event, adds a table, checks someone in, seats and starts a round', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000)
  await withEventLock(
    async () => {
      await signInAsAdmin(page, baseURL)
      await page.goto('/admin')
      // The admin page shows once her session is read; the header alone is there before.
      await expect(page.getByText(events.list.new, { exact: true }).first()).toBeVisible()
      await watchFocus(page)
      // Past the header, the admin menu and the dashboard's scrollable tables (each a stop).
      await tabTo(page, events.list.new, { max: 30 })
      await pressAndExpectFocus(page, 'Enter', events.editor.newTitle)
      await tabTo(page, events.editor.eventName, { max: 3 })
      const name = `Billentyűs klikk ${Date.now() % 100_000}`
      await page.keyboard.type(name)
      await tabTo(page, events.editor.isKlikk, { max: 20 })
      if (!(await page.locator(':focus').isChecked())) await page.keyboard.press('Space')
      await tabTo(page, events.editor.create, { max: 20 })
      // The new event's page, its heading first.
      await pressAndExpectFocus(page, 'Enter', name)
      const eventId = page.url().split('/').at(-1) ?? ''

      // A table: its name and seats, then Enter; focus stays in the form for the next one.
      await tabTo(page, events.tables.tableName, { max: 40 })
      await page.keyboard.type('Rózsa')
      await tabTo(page, events.tables.capacityFull, { max: 2 })
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.type('4')
      // More seats in use than the table has: focus goes to the field in error.
      await page.keyboard.press('Enter')
      const inUse = await expectFocusOn(page, events.tables.capacityActual)
      await expect(inUse).toHaveAttribute('aria-invalid', 'true')
      await tabTo(page, events.tables.capacityFull, { max: 2, back: true })
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.type('8')
      await page.keyboard.press('Enter')
      await expect(
        page.getByRole('region', { name: events.tables.title }).getByText('Rózsa'),
      ).toBeVisible()
      await expectFocusInSight(page, 'after adding a table')

      // Two members registered; one comes in by her code.
      const [anna] = await Promise.all([
        createMember(playwright, baseURL, 'Billentyű Anna', [eventId]),
        createMember(playwright, baseURL, 'Billentyű Bea', [eventId]),
      ])
      await page.reload()
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
      await watchFocus(page)
      await tabTo(page, events.participants.userCode, { max: 60 })
      await page.keyboard.type(anna.userCode)
      await page.keyboard.press('Enter')
      // Focus stays in the code field for the next code; the result is read out.
      await expectFocusOn(page, events.participants.userCode)
      await expect(page.getByRole('status').filter({ hasText: anna.name })).toHaveText(
        fill(events.participants.checkedIn, { name: anna.name }),
      )

      // A round: seated by the mixer, then started.
      await tabTo(page, events.rounds.add, { max: 40, back: true })
      await page.keyboard.press('Enter')
      await expectFocusOn(page, fill(events.rounds.round, { number: 1 }))
      // The evening starts from the console; focus goes on to its next step, the round's start.
      await tabTo(page, events.card.start, { max: 20, back: true })
      await pressAndExpectFocus(page, 'Enter', fill(events.console.startRound, { number: 1 }))
      await page.keyboard.press('Enter')
      await expect(page.getByRole('button', { name: events.rounds.end, exact: true })).toBeVisible()
      // The round runs: focus is on the console's next step, seating the next round.
      await expectFocusOn(page, fill(events.console.seatRound, { number: 2 }))
      expect(await lostFocus(page)).toEqual([])
    },
    () => endRunningEvents(page.request, baseURL),
  )
})

test('as admin: writes a campaign and sends herself a test', async ({ page, baseURL }) => {
  await signInAsAdmin(page, baseURL)
  await page.goto('/admin/newsletter/campaigns/new?lang=hu')
  await expect(page.getByRole('heading', { name: ui.editor.newTitle, level: 1 })).toBeVisible()
  await watchFocus(page)
  const stamp = Date.now() % 100_000
  // The Hungarian version is required: it is the tab shown first.
  await tabTo(page, ui.editor.subject, { max: 20 })
  await page.keyboard.type(`Billentyűs hírek ${stamp}`)
  await tabTo(page, ui.editor.body, { max: 2 })
  await page.keyboard.type('Szia! Jövő héten új órarend.')
  // Back to the tabs, and on to the German one with the arrows (the browser tests' other
  // test sends go in Hungarian and English, one a minute per language).
  for (let stop = 1; ; stop++) {
    expect(stop, 'the language tabs').toBeLessThan(10)
    await page.keyboard.press('Shift+Tab')
    await expectFocusInSight(page, `Shift+Tab ${stop} towards the tabs`)
    if ((await page.locator(':focus').getAttribute('role')) === 'tab') break
  }
  for (let step = 1; ; step++) {
    expect(step, 'the German tab').toBeLessThan(5)
    const id = (await page.locator(':focus').getAttribute('id')) ?? ''
    if (id.endsWith('-de-tab')) break
    await page.keyboard.press('ArrowRight')
    await expectFocusInSight(page, `ArrowRight ${step}`)
  }
  await expect(page.locator(':focus')).toHaveAttribute('aria-selected', 'true')
  await tabTo(page, ui.editor.subject, { max: 3 })
  await page.keyboard.type(`Tastatur-Neuigkeiten ${stamp}`)
  await tabTo(page, ui.editor.body, { max: 2 })
  await page.keyboard.type('Hallo! Nächste Woche gibt es einen neuen Stundenplan.')
  await tabTo(page, ui.editor.test, { max: 12 })
  await page.keyboard.press('Enter')
  // The answer takes focus: where the test went.
  const answer = page.locator(':focus')
  await expect(answer).toHaveRole('status', { timeout: 15_000 })
  await expect(answer).toHaveText(fill(ui.editor.testSent, { email: ADMIN.email }))
  await expectFocusInSight(page, 'the test-sent message')
  expect(await lostFocus(page)).toEqual([])
})

test('as admin: fixes a link the settings refused, and hears that nothing changed', async ({
  page,
  baseURL,
}) => {
  const settings = adminTexts.adminSettings
  const refused = texts('hu', 'errors').siteSettings.urlInvalid
  await signInAsAdmin(page, baseURL)
  await page.goto('/admin/settings?lang=hu')
  await expect(page.getByRole('heading', { name: settings.title, level: 1 })).toBeVisible()
  await watchFocus(page)
  await tabTo(page, settings.instagram, { max: 25 })
  await page.keyboard.type('http://instagram.com/lendulet')
  // Enter in a field sends the form: the refusal takes her back to the field, and says why.
  await page.keyboard.press('Enter')
  await expectFocusOn(page, settings.instagram)
  await expect(page.locator(':focus')).toHaveAccessibleDescription(new RegExp(refused))
  // She clears it (the default applies again). Nothing she has saved: no "Use the default".
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await tabTo(page, settings.save, { max: 20 })
  await page.keyboard.press('Enter')
  await expectFocusOnMessage(page, 'status', settings.nothingChanged)
  expect(await lostFocus(page)).toEqual([])
})
