import type { Page, Response } from '@playwright/test'
import { signInAsAdmin } from './support/accounts.ts'
import { adminApi } from './support/admin-api.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('desktop', 'the owner reads her dashboard at her desk')

const dashboard = texts('hu', 'dashboard')
const WEEK_MS = 7 * 86_400_000
/** A message Chart.js carries in its code, whatever the minifier does to the rest. */
const CHART_JS_MARKER = 'Failed to create chart'

/** Whether any script the page loads (from now on) is Chart.js. */
function watchForChartJs(page: Page) {
  const bodies: Promise<string>[] = []
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text())
  })
  return async () => (await Promise.all(bodies)).some((body) => body.includes(CHART_JS_MARKER))
}

test('the dashboard shows charts with their numbers beside them, and the range changes them', async ({
  page,
  baseURL,
  checkA11y,
}, testInfo) => {
  // Two axe checks over a long page: past the default minute on a loaded machine.
  test.setTimeout(120_000)
  await signInAsAdmin(page, baseURL)
  // An evening six weeks ago: in the last 12 weeks, not in the last 4.
  const name = `Múltkori est ${testInfo.project.name} ${Date.now()}`
  await adminApi(page.request, baseURL)('/api/admin/events', {
    eventName: name,
    startTime: new Date(Date.now() - 6 * WEEK_MS).toISOString(),
    duration: 120,
  })

  const loadedChartJs = watchForChartJs(page)
  await page.goto('/admin')
  const panel = page.getByRole('region', { name: dashboard.title })
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('status')).toContainText(dashboard.showing['12w'])

  // Each chart is a picture with a name, and its numbers are a table beside it.
  for (const title of [
    dashboard.newsletter.confirmedTitle,
    dashboard.newsletter.flowTitle,
    dashboard.evenings.title,
    dashboard.members.newAccounts,
  ])
    await expect(panel.getByRole('img', { name: `${title}. ${dashboard.chartNote}` })).toBeVisible()
  const members = panel.getByRole('table', { name: dashboard.members.caption })
  // On a phone the evenings' figures are a list, on a desktop a table: the same region.
  const evenings = panel.getByRole('region', { name: dashboard.evenings.caption })
  await expect(members).toBeVisible()
  await expect(members.getByRole('row')).toHaveCount(13)
  await expect(evenings.getByText(name).filter({ visible: true })).toBeVisible()
  await expect(
    panel.getByRole('table', { name: dashboard.newsletter.confirmedCaption }).getByRole('row'),
  ).toHaveCount(13)
  // The page below is still there: the events list.
  await expect(page.getByRole('heading', { name: texts('hu', 'events').list.title })).toBeVisible()
  expect(await loadedChartJs()).toBe(true)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'admin-dashboard')

  // The last 4 weeks: four weeks in each weekly table, and the evening six weeks ago is gone.
  await panel.getByText(dashboard.ranges['4w'], { exact: true }).click()
  await expect(panel.getByRole('status')).toContainText(dashboard.showing['4w'])
  await expect(members.getByRole('row')).toHaveCount(5)
  await expect(panel.getByText(name)).toHaveCount(0)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'admin-dashboard-4w')
})

test('the landing page does not load Chart.js', async ({ page }) => {
  const loadedChartJs = watchForChartJs(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await loadedChartJs()).toBe(false)
})
