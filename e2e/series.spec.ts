import { createMember, signInAsAdmin, signInThroughApi } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'

// Evenings that come back (decision 0088): the host makes a series of three dates, a past date
// is refused first; a member sees it on /events as one card with the later dates, and follows it.

const ev = texts('hu', 'events')
const DAY = 86_400_000
/** A date `days` from now as a datetime-local field takes it (the series reads it as Budapest time). */
const dateAhead = (days: number, time = '19:00') =>
  `${new Date(Date.now() + days * DAY).toISOString().slice(0, 10)}T${time}`

test('the host makes a series of three evenings; a member sees one card with the later dates and follows it', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  // Two screens, a refusal, a member's sign-in and three accessibility checks.
  test.slow()
  const name = `Csütörtöki klikk ${testInfo.project.name} ${Date.now()}`
  const member = await createMember(playwright, baseURL, `Vera Sorozat ${testInfo.project.name}`)

  await signInAsAdmin(page, baseURL)
  await page.goto('/admin')
  await page.getByRole('link', { name: ev.series.new }).click()
  await expect(page.getByRole('heading', { name: ev.series.newTitle, level: 1 })).toBeVisible()
  await page.getByLabel(ev.editor.eventName, { exact: true }).fill(name)
  await page.getByLabel(ev.editor.placeName, { exact: true }).fill('Lendület Stúdió')

  // A list of dates, chosen by keyboard: the radio group moves with the arrow keys.
  await page.getByRole('radio', { name: ev.series.monthly }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: ev.series.dates })).toBeChecked()
  await page
    .getByLabel(ev.series.date.replace('{{number}}', '1'), { exact: true })
    .fill('2026-01-02T19:00')
  await page.getByRole('button', { name: ev.series.addDate }).click()
  await page
    .getByLabel(ev.series.date.replace('{{number}}', '2'), { exact: true })
    .fill(dateAhead(30))
  await page.getByRole('button', { name: ev.series.addDate }).click()
  await page
    .getByLabel(ev.series.date.replace('{{number}}', '3'), { exact: true })
    .fill(dateAhead(50))
  await page
    .getByLabel(ev.series.tableName.replace('{{number}}', '1'), { exact: true })
    .fill('Rózsa')
  await page.getByLabel(ev.editor.places, { exact: true }).fill('8')
  await page.getByLabel(ev.series.opensDays, { exact: true }).fill('60')

  // A date already past: refused in her language, nothing made.
  await page.getByRole('button', { name: ev.series.create }).click()
  await expect(
    page.getByText(ev.validation.seriesDateInPast.replace('{{date}}', '2026-01-02 19:00')),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/series\/new$/)
  await page
    .getByLabel(ev.series.date.replace('{{number}}', '1'), { exact: true })
    .fill(dateAhead(10))
  await checkA11y()
  await saveScreenshot(page, testInfo, 'series-new')

  await page.getByRole('button', { name: ev.series.create }).click()
  await expect(page).toHaveURL(/\/admin\/series\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByRole('list', { name }).getByRole('listitem')).toHaveCount(3)
  // Changing an evening asks first whether it is for this one or every later one too.
  await page.getByRole('button', { name: ev.series.edit }).first().click()
  await expect(page.getByRole('radio', { name: ev.series.scopeEvening })).toBeChecked()
  await expect(page.getByRole('radio', { name: ev.series.scopeFollowing })).toBeVisible()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'series-page')

  // The member: one card for the series, its later dates under it, and "follow".
  await page.context().clearCookies()
  await signInThroughApi(page, baseURL, member)
  await page.goto('/events')
  const card = page.getByRole('article', { name })
  await expect(card).toHaveCount(1)
  await expect(card.getByText(ev.member.seriesNext)).toBeVisible()
  const later = card.getByRole('region', { name: ev.member.seriesLater })
  await expect(later.getByRole('listitem')).toHaveCount(2)
  await expect(later.getByRole('button', { name: ev.member.register })).toHaveCount(2)
  const follow = card.getByRole('button', { name: ev.member.seriesFollow })
  await follow.focus()
  await page.keyboard.press('Enter')
  const following = card.getByRole('button', { name: ev.member.seriesFollowing })
  await expect(following).toHaveAttribute('aria-pressed', 'true')
  await expect(following).toBeFocused()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'series-member-events')
})
