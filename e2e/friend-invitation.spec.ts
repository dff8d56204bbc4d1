import { createMember, signInAsAdmin, signInThroughApi } from './support/accounts.ts'
import { adminApi, fill } from './support/admin-api.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'a member and the friend she invites, on their phones')

// A seat for a friend (issue 41 part 5, decision 0092): a member invites a friend from her events
// page; the friend signs up through the e-mail's link, comes back, accepts; the host checks her
// in at the door.
const ev = texts('hu', 'events')
const auth = texts('hu', 'auth')
const common = texts('hu', 'common')
const mails = texts('hu', 'emails')
const MINUTE = 60_000

/** An evening of ten places open to friends, made by the admin, and a member with a place. */
async function eveningWithInviter(
  {
    page,
    baseURL,
    playwright,
  }: Pick<Parameters<Parameters<typeof test>[2]>[0], 'page' | 'baseURL' | 'playwright'>,
  {
    name: prefix,
    inviter: inviterName,
    startsInMs,
  }: { name: string; inviter: string; startsInMs: number },
  extra: Record<string, unknown> = {},
) {
  await signInAsAdmin(page, baseURL)
  const name = `${prefix} ${Date.now()}`
  const { id } = await adminApi(page.request, baseURL)('/api/admin/events', {
    eventName: name,
    startTime: new Date(Date.now() + startsInMs).toISOString(),
    duration: 120,
    places: 10,
    friendsAllowed: true,
    ...extra,
  })
  await page.context().clearCookies()
  const inviter = await createMember(playwright, baseURL, inviterName, [id])
  return { id, name, inviter }
}

test('a friend is invited, signs up from the e-mail, accepts, and is checked in at the door', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  // Two accounts, three e-mails and two sign-ins: more than a minute under load.
  test.slow()
  // Starts in 40 minutes (the door opens an hour before), the deadline at the start.
  const { id, name, inviter } = await eveningWithInviter(
    { page, baseURL, playwright },
    { name: 'Friend evening', inviter: 'Meghívó Mária', startsInMs: 40 * MINUTE },
    { cancelDeadlineHours: 0 },
  )

  // Mária invites her friend from her events page.
  await signInThroughApi(page, baseURL, inviter)
  await page.goto('/events')
  const card = page.getByRole('article', { name })
  const section = card.getByRole('region', { name: ev.member.friend.title })
  await section.getByRole('button', { name: ev.member.friend.open }).click()
  // Her own address first: refused, in words, and nothing sent.
  await section.getByLabel(ev.member.friend.email).fill(inviter.email)
  await section.getByRole('button', { name: ev.member.friend.send }).click()
  await expect(section.getByText(ev.errors.inviteSelf)).toBeVisible()
  const friendEmail = uniqueEmail('friend')
  await section.getByLabel(ev.member.friend.email).fill(friendEmail)
  await section.getByRole('button', { name: ev.member.friend.send }).click()
  await expect(section.getByRole('status')).toContainText(friendEmail)
  await expect(section.getByRole('button', { name: ev.member.friend.withdraw })).toBeVisible()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'friend-invited')
  await page.context().clearCookies()

  // The friend's e-mail, in Mária's language; its link asks her to sign up and brings her back.
  const mail = await waitForMail(friendEmail, {
    subject: fill(mails.friendInvited.subject, { inviter: 'Meghívó Mária', event: name }),
  })
  const link = linkIn(mail, '/events/friend/')
  const path = new URL(link).pathname
  await page.goto(link)
  await expect(page).toHaveURL(new RegExp(`next=${encodeURIComponent(path)}`))
  await page
    .getByRole('status')
    .filter({ hasText: common.signInNeeded.text })
    .getByRole('link', { name: common.signInNeeded.signup })
    .click()
  await page.getByLabel(auth.fields.familyName).fill('Barát')
  await page.getByLabel(auth.fields.givenName).fill('Bori')
  await page.getByLabel(auth.fields.email).fill(friendEmail)
  await page.getByLabel(auth.fields.password, { exact: true }).fill('titok1234')
  await page.getByLabel(auth.fields.confirmPassword).fill('titok1234')
  await page.getByRole('button', { name: auth.signup.submit }).click()
  await expect(page.getByRole('heading', { name: auth.signup.checkInboxTitle })).toBeVisible()
  await page.goto(linkIn(await waitForMail(friendEmail, { count: 2 }), '/api/auth/verify-email'))
  await expect(page).toHaveURL(new RegExp(`${path}$`))

  // The page asks before anything happens (mail scanners open links).
  await expect(page.getByRole('heading', { name: ev.friendPage.title, level: 1 })).toBeVisible()
  await expect(
    page.getByText(fill(ev.friendPage.intro, { inviter: 'Meghívó Mária' })),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'friend-invitation-page')
  await page.getByRole('button', { name: ev.friendPage.accept }).click()
  await expect(page.getByRole('status')).toHaveText(ev.friendPage.accepted)
  await saveScreenshot(page, testInfo, 'friend-accepted')
  await page.goto('/events')
  await expect(page.getByRole('article', { name }).getByText(ev.member.registered)).toBeVisible()
  await page.context().clearCookies()

  // The host checks her in at the door, by name, like everyone else.
  await signInAsAdmin(page, baseURL)
  await page.goto(`/admin/events/${id}/door`)
  const field = page.getByLabel(ev.door.field)
  await field.fill('barat bori')
  await field.press('Enter')
  const answer = page.getByTestId('door-answer')
  await expect(answer).toContainText('Bori')
  await expect(answer).toContainText(ev.door.answer.in)
  await saveScreenshot(page, testInfo, 'friend-at-the-door')
})

test('a friend whose inviter gave her place back finds the invitation no longer valid', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  test.slow()
  const { id, inviter } = await eveningWithInviter(
    { page, baseURL, playwright },
    { name: 'Withdrawn evening', inviter: 'Meghívó Margit', startsInMs: 3 * 24 * 60 * MINUTE },
  )
  const origin = { origin: new URL(baseURL ?? '').origin }

  // Margit invites her friend, then gives her own place back (decision 0100).
  await signInThroughApi(page, baseURL, inviter)
  const friendEmail = uniqueEmail('friend')
  const sent = await page.request.post(`/api/events/${id}/friend`, {
    data: { email: friendEmail },
    headers: origin,
  })
  expect(sent.ok()).toBe(true)
  const { invitation } = (await sent.json()) as { invitation: { id: string } }
  const back = await page.request.delete(`/api/events/${id}/registration`, { headers: origin })
  expect(back.ok()).toBe(true)
  await page.context().clearCookies()

  // The friend signs up with the invited address and opens the link.
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Barát Bea', email: friendEmail, password: 'guest-secret-1' },
    headers: origin,
  })
  expect(signUp.ok()).toBe(true)
  await page.request.get(
    linkIn(await waitForMail(friendEmail, { count: 2 }), '/api/auth/verify-email'),
  )
  await signInThroughApi(page, baseURL, { email: friendEmail, password: 'guest-secret-1' })
  await page.goto(`/events/friend/${invitation.id}`)
  await expect(page.getByRole('status')).toHaveText(ev.friendPage.withdrawn)
  await expect(page.getByRole('button', { name: ev.friendPage.accept })).toHaveCount(0)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'friend-invitation-withdrawn')
})
