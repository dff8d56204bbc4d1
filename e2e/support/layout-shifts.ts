import { expect, type Browser, type Page } from '@playwright/test'

export interface LayoutShift {
  /** Its share of the page's cumulative layout shift (a frame's shift weighted by its area). */
  score: number
  /** The frame that moved, as Chromium names it. */
  frame: string
}

interface TraceEvent {
  name?: string
  args?: { frame?: string; data?: { weighted_score_delta?: number; had_recent_input?: boolean } }
}

/**
 * Records every layout shift of the browser's pages in every frame, as Lighthouse counts them:
 * from Chromium's trace, because a page's PerformanceObserver sees only its own frame, and an
 * embedded document (the privacy policy's PDF viewer) moves in a frame of its own.
 * Shifts right after her input do not count. Call `stop` in all cases: one trace at a time.
 */
export async function recordLayoutShifts(browser: Browser) {
  const session = await browser.newBrowserCDPSession()
  // The protocol's types call trace events string maps; they hold numbers and objects too.
  const events: TraceEvent[] = []
  session.on('Tracing.dataCollected', ({ value }) => events.push(...value.map(asTraceEvent)))
  await session.send('Tracing.start', {
    traceConfig: { includedCategories: ['loading'] },
    transferMode: 'ReportEvents',
  })
  return {
    async stop(): Promise<LayoutShift[]> {
      const complete = new Promise<void>((resolve) =>
        session.once('Tracing.tracingComplete', () => resolve()),
      )
      await session.send('Tracing.end')
      await complete
      await session.detach()
      return events
        .filter((event) => event.name === 'LayoutShift' && !event.args?.data?.had_recent_input)
        .map((event) => ({
          score: event.args?.data?.weighted_score_delta ?? 0,
          frame: event.args?.frame ?? '',
        }))
    },
  }
}

/**
 * Waits until Chromium's PDF viewer in the page has set itself up (its toolbar, when shown, and
 * the document's plugin are placed in the same step), so a shift it causes has happened.
 */
export async function pdfViewerSetUp(page: Page) {
  const viewer = () => page.frames().find((frame) => frame.url().startsWith('chrome-extension://'))
  await expect.poll(() => viewer() !== undefined, { timeout: 15_000 }).toBe(true)
  await viewer()?.waitForFunction(
    () => document.querySelector('pdf-viewer')?.shadowRoot?.querySelector('embed') != null,
    undefined,
    { timeout: 15_000 },
  )
}

function asTraceEvent(event: object): TraceEvent {
  return event
}
