import { AxeBuilder } from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

/**
 * Every browser test fails on a console error or an uncaught exception in the page, and can
 * run an accessibility check that fails on serious or critical violations.
 */
let visitor = 0

/**
 * Waits until the app has rendered its page, or hydrated the prerendered one (main.tsx marks
 * `<html data-app-ready>`); on a page with islands, until they work (`data-islands-ready`):
 * there the app comes only for a member (decisions 95 and 102), or, on the account forms, at her
 * first key. A page without the app's #root (the API
 * reference) is not waited for.
 */
async function appTakenOver(page: Page) {
  await startTheApp(page)
  await page.waitForFunction(
    () =>
      !document.getElementById('root') ||
      'appReady' in document.documentElement.dataset ||
      'islandsReady' in document.documentElement.dataset,
  )
}

/**
 * On a page with islands (the landing page, the privacy policy, the newsletter's result pages and
 * the account forms), they come at idle, or at once when she reaches for something
 * (src/web/boot.ts, decisions 85, 95 and 102): a key of her own, here Shift, which moves nothing,
 * as a visitor's first key would. On the account forms that key brings the app. Elsewhere the app
 * comes by itself.
 */
export async function startTheApp(page: Page) {
  await page.waitForLoadState('domcontentloaded')
  const islands = await page
    .locator('script[data-islands]')
    .count()
    .catch(() => 0)
  if (islands > 0) await page.keyboard.press('Shift')
}

export const test = base.extend<{
  consoleErrors: string[]
  checkA11y: (page?: Page) => Promise<void>
}>({
  // Each test is its own visitor, from its own address, as far as rate limits go (the test server
  // trusts X-Forwarded-For). Documentation addresses (RFC 5737), only ever in a header.
  page: async ({ page, javaScriptEnabled }, use, testInfo) => {
    const address = `203.0.113.${(testInfo.workerIndex * 97 + ++visitor) % 250}`
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': address })
    // A prerendered page looks finished before the app has taken it over, and the app's shell is
    // empty until it has: after a navigation, tests act once it has (as a visitor would find its
    // buttons working). `waitUntil: 'commit'`
    // opts out, for tests that watch the page before that.
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page)
      const reload = page.reload.bind(page)
      Object.assign(page, {
        goto: async (url: string, options?: Parameters<Page['goto']>[1]) => {
          const response = await goto(url, options)
          if (options?.waitUntil !== 'commit') await appTakenOver(page)
          return response
        },
        reload: async (options?: Parameters<Page['reload']>[0]) => {
          const response = await reload(options)
          if (options?.waitUntil !== 'commit') await appTakenOver(page)
          return response
        },
      })
    }
    await use(page)
  },
  consoleErrors: [
    async ({ page, baseURL }, use) => {
      const errors: string[] = []
      const site = new URL(baseURL ?? 'http://127.0.0.1').origin
      page.on('console', (message) => {
        // Pages of the stand-in Google provider are not ours to judge.
        if (!page.url().startsWith(site)) return
        // The browser itself logs every 4xx answer (a wrong password is a 401); those are part of
        // the flows under test. Everything else, 5xx included, is a failure.
        const expectedClientError =
          /Failed to load resource: the server responded with a status of 4\d\d/
        // Playwright's trace recorder reaching into a sandboxed frame (an e-mail preview), which
        // by design runs no script.
        const tracerInSandbox = /^Blocked script execution in 'about:srcdoc'/
        // A test that takes the network away (context.setOffline) expects requests to fail.
        const offline = /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/
        const text = message.text()
        if (
          message.type() === 'error' &&
          !expectedClientError.test(text) &&
          !tracerInSandbox.test(text) &&
          !offline.test(text)
        )
          errors.push(text)
      })
      page.on('pageerror', (error) => errors.push(error.message))
      // What our content security policy refuses is reported to the page, not logged (Chrome lists
      // it among its issues): the page says it on the console, where the check above sees it.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `Content security policy refused ${event.blockedURI} (${event.violatedDirective}) in ${event.sourceFile}:${event.lineNumber}`,
          )
        })
      })
      await use(errors)
      expect(errors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
  checkA11y: async ({ page }, use) => {
    await use(async (target = page) => {
      const results = await new AxeBuilder({ page: target })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        // A sandboxed frame runs no script, axe's included: trying waits forever and logs errors.
        // What it shows (an e-mail preview) is not the page's own markup.
        .exclude('iframe[sandbox]')
        .analyze()
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        )
      expect(serious, 'serious or critical accessibility violations').toEqual([])
    })
  },
})

export { expect }
