import type { Page, TestInfo } from '@playwright/test'

/**
 * Full-page screenshots land in test-results/screenshots for a person to look at. Sections that
 * render only near the viewport (`render-when-near`, content-visibility) would be blank in a
 * capture beyond it: they are drawn in full for it, as she would see each on scrolling to it.
 */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({
    path: `test-results/screenshots/${name}-${testInfo.project.name}.png`,
    fullPage: true,
    style: '.render-when-near { content-visibility: visible !important; }',
  })
}
