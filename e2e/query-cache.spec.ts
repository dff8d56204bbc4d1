import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { signInAsAdmin } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'

/**
 * The source modules of every script the page loads from now on, as the build's source maps
 * name them (Vite writes one beside each file in dist/, which the server here serves from; the
 * bundler's few lines of runtime come without one).
 */
function watchScriptSources(page: Page) {
  const files = new Set<string>()
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') files.add(new URL(response.url()).pathname)
  })
  return async () => {
    const sources = await Promise.all(
      [...files].map(async (file) => {
        const map = await readFile(`dist${file}.map`, 'utf8').catch(() => null)
        return map === null ? [] : (JSON.parse(map) as { sources: string[] }).sources
      }),
    )
    return { files: [...files], sources: sources.flat() }
  }
}

const fromTanStack = (sources: string[]) => sources.filter((source) => source.includes('@tanstack'))

test('the landing page loads no TanStack Query; the admin area that reads server data does', async ({
  page,
  baseURL,
}) => {
  // A first-time visitor: the page's scripts (its islands, decision 95).
  const landing = watchScriptSources(page)
  await page.goto('/')
  await expect(page.locator('html[data-islands-ready]')).toBeAttached()
  await page.waitForLoadState('networkidle')
  const first = await landing()
  expect(first.files.length).toBeGreaterThan(0)
  expect(fromTanStack(first.sources), first.files.join('\n')).toEqual([])

  // The same check finds it where it is: the admin's events list reads through the cache.
  await signInAsAdmin(page, baseURL)
  const admin = watchScriptSources(page)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: texts('hu', 'events').list.title })).toBeVisible()
  expect(fromTanStack((await admin()).sources).length).toBeGreaterThan(0)
})
