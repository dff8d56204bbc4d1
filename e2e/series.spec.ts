import { createMember, signInAsAdmin, signInThroughApi } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('desktop', 'the owner plans a series at her desk')

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
  await page.getByRole('button', { name: ev.series.edit, exact: true }).first().click()
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

test('the host ends a series after a question: its empty evenings go, the answer says so where she is', async ({
  page,
  baseURL,
  checkA11y,
}, testInfo) => {
  await signInAsAdmin(page, baseURL)
  const name = `Befejezett sorozat ${testInfo.project.name} ${Date.now()}`
  const created = await page.request.post('/api/admin/series', {
    headers: { origin: new URL(baseURL ?? '').origin },
    data: {
      eventName: name,
      duration: 120,
      rule: { kind: 'dates', dates: [dateAhead(30), dateAhead(60)] },
    },
  })
  expect(created.status()).toBe(201)
  const { series } = (await created.json()) as { series: { id: string } }
  await page.goto(`/admin/series/${series.id}`)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 20_000 })

  const end = page.getByRole('button', { name: ev.series.end })
  await end.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(ev.series.endConfirm.replace('{{name}}', name))
  // The safe answer first: Escape keeps the series.
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(end).toBeFocused()
  await end.press('Enter')
  await dialog.getByRole('button', { name: ev.series.end }).click()
  const said = page.getByRole('status').filter({
    hasText: ev.series.ended.replace('{{deleted}}', '2').replace('{{kept}}', '0'),
  })
  await expect(said).toBeFocused()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'series-ended')
  const gone = await page.request.get(`/api/admin/series/${series.id}`)
  expect(gone.status()).toBe(404)
})

test('the host changes the tables of this and every later evening; the one before keeps its own, and the answer is where she is', async ({
  page,
  baseURL,
  checkA11y,
}, testInfo) => {
  test.slow()
  await signInAsAdmin(page, baseURL)
  const name = `Asztalos sorozat ${testInfo.project.name} ${Date.now()}`
  const created = await page.request.post('/api/admin/series', {
    headers: { origin: new URL(baseURL ?? '').origin },
    data: {
      eventName: name,
      duration: 120,
      tables: [
        { tableName: 'Rózsa', capacityFull: 4, capacityActual: 4 },
        { tableName: 'Liliom', capacityFull: 4, capacityActual: 3 },
      ],
      rule: { kind: 'dates', dates: [dateAhead(30), dateAhead(50), dateAhead(70)] },
    },
  })
  expect(created.status()).toBe(201)
  const { series } = (await created.json()) as { series: { id: string } }
  await page.goto(`/admin/series/${series.id}`)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 20_000 })
  const evenings = page.getByRole('list', { name }).locator(':scope > li')
  await expect(evenings).toHaveCount(3)
  const tablesLine = (tables: string) => ev.series.tablesNow.replace('{{tables}}', tables)

  // The second evening's tables, for it and every later one: the question first, by keyboard.
  const second = evenings.nth(1)
  await second.getByRole('button', { name: ev.series.tablesEdit, exact: true }).press('Enter')
  await expect(second.getByRole('radio', { name: ev.series.scopeEvening })).toBeChecked()
  await second.getByRole('radio', { name: ev.series.scopeEvening }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(second.getByRole('radio', { name: ev.series.scopeFollowing })).toBeChecked()
  await expect(second.getByText(ev.series.tablesFollowingHint)).toBeVisible()
  const rozsa = second.getByLabel(ev.series.seats, { exact: true }).nth(1)
  await expect(second.getByLabel(ev.series.tableName.replace('{{number}}', '2'))).toHaveValue(
    'Rózsa',
  )
  await rozsa.fill('6')
  await second.getByRole('button', { name: ev.series.addTable }).click()
  await second.getByLabel(ev.series.tableName.replace('{{number}}', '3')).fill('Tulipán')
  await second.getByLabel(ev.series.seats, { exact: true }).nth(2).fill('5')
  await checkA11y()
  await saveScreenshot(page, testInfo, 'series-tables-edit')
  await second.getByRole('button', { name: ev.series.tablesSave }).click()

  // The answer takes focus under the evening, in view; the evening before keeps its tables.
  const said = second.getByRole('status').filter({
    hasText: ev.series.tablesSaved_other.replace('{{count}}', '2'),
  })
  await expect(said).toBeFocused()
  await expect(said).toBeInViewport()
  await expect(evenings.nth(0)).toContainText(tablesLine('Liliom (4), Rózsa (4)'))
  for (const later of [1, 2])
    await expect(evenings.nth(later)).toContainText(
      tablesLine('Liliom (4), Rózsa (6), Tulipán (5)'),
    )
  await checkA11y()
  await saveScreenshot(page, testInfo, 'series-tables-saved')

  // The rule's form opens in place; the same dates again change no evening, and it says so.
  await page.getByRole('button', { name: ev.series.ruleEdit }).click()
  await expect(page.getByRole('radio', { name: ev.series.dates })).toBeChecked()
  await saveScreenshot(page, testInfo, 'series-rule-edit')
  await page.getByRole('button', { name: ev.series.ruleSave }).click()
  const ruleSaid = page.getByRole('status').filter({
    hasText: ev.series.ruleSaved
      .replace('{{made}}', '0')
      .replace('{{moved}}', '0')
      .replace('{{removed}}', '0'),
  })
  await expect(ruleSaid).toBeFocused()
  await expect(ruleSaid).toBeInViewport()
})
