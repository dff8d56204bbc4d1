import type { Page, TestInfo } from '@playwright/test'

/** Full-page screenshots land in test-results/screenshots for a person to look at. */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({
    path: `test-results/screenshots/${name}-${testInfo.project.name}.png`,
    fullPage: true,
  })
}
