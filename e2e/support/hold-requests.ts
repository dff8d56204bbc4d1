import type { Page } from '@playwright/test'

/**
 * Holds the page's requests to `pattern` until `release()`, to look at a screen while it waits.
 * `release` first waits until a request has actually arrived: releasing before that would let
 * nothing go and leave the request hanging.
 */
export async function holdRequests(page: Page, pattern: string | RegExp) {
  let arrived: () => void = () => {}
  const arrival = new Promise<void>((resolve) => (arrived = resolve))
  let letGo: () => void = () => {}
  const gate = new Promise<void>((resolve) => (letGo = resolve))
  await page.route(pattern, async (route) => {
    arrived()
    await gate
    await route.continue()
  })
  return {
    async release() {
      await arrival
      letGo()
    },
  }
}

/**
 * Holds the app's code (its entry module), as a slow phone has the prerendered page on screen
 * while the code is still on the way.
 */
export const holdTheApp = (page: Page) => holdRequests(page, /\/assets\/index-[\w-]+\.js$/)
