import type { Page } from '@playwright/test'

/**
 * Opens the event page's set-up (participants, tables, keep apart, door helpers), which is
 * folded away while the evening runs and after it; it stays as it is when it is open already.
 */
export async function openSetUp(page: Page) {
  const toggle = page.locator('#setup-toggle')
  const open = await toggle.evaluate((summary) => summary.closest('details')?.open ?? false)
  if (!open) await toggle.click()
}
