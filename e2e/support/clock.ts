import type { Page } from '@playwright/test'

/**
 * Stops the page's fake clock (after `page.clock.install()` and a finished load; pausing before
 * the load hangs it). From then on time moves only by `runFor`, however busy the machine is.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    // A target just ahead of the page's own time: a jump fires the timers it passes.
    const now = await page.evaluate(() => Date.now())
    try {
      await page.clock.pauseAt(now + 100)
      return
    } catch (error) {
      // The page's time passed the target before the call arrived: read it again.
      if (attempt > 5 || !String(error).includes('to the past')) throw error
    }
  }
}
