import { expect, test } from './support/fixtures.ts'
import { holdRequests } from './support/hold-requests.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'

const cases = [
  { lang: 'hu', pdf: 'hu' },
  { lang: 'en', pdf: 'en' },
  { lang: 'es', pdf: 'en' },
  { lang: 'de', pdf: 'en' },
] as const

for (const { lang, pdf } of cases) {
  test(`in ${lang}, /privacy-policy embeds the ${pdf} PDF and says so`, async ({
    page,
    request,
    checkA11y,
  }, testInfo) => {
    await page.goto(`/privacy-policy?lang=${lang}`)
    const privacy = texts(lang, 'privacy')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(privacy.heading)
    await expect(page).toHaveTitle(privacy.meta.title)

    const url = `/privacy/privacy-policy-${pdf}.pdf`
    // In Chrome's viewer without its toolbar, which moved the document as it appeared.
    await expect(page.locator(`object[title="${privacy.frameTitle}"]`)).toHaveAttribute(
      'data',
      `${url}#toolbar=0`,
    )
    await expect(page.getByTestId('document-language')).toHaveText(
      privacy.languageLabel.replace('{{language}}', privacy.documentLanguage[pdf]),
    )
    await expect(page.getByRole('link', { name: privacy.download }).first()).toHaveAttribute(
      'href',
      url,
    )
    await expect(page.getByRole('link', { name: new RegExp(privacy.external) })).toHaveAttribute(
      'href',
      'https://lendulet.fit/privacy-policy',
    )

    // What the audit log keeps, and how long each kind of data is kept, in the page's own language.
    for (const part of [privacy.auditLog, privacy.retention])
      await expect(page.getByRole('region', { name: part.heading })).toContainText(part.text)

    const file = await request.get(url)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toBe('application/pdf')
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-')

    await checkA11y()
    if (lang === 'hu' || lang === 'en') await saveScreenshot(page, testInfo, `privacy-${lang}`)
  })
}

test('the document loads after the page has been drawn, and without JavaScript too', async ({
  browser,
  page,
}) => {
  // Held: the page's islands (decision 102; the app never comes for a visitor). The page is
  // drawn and reads, and its document waits for them.
  const pdfRequests: string[] = []
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('.pdf')) pdfRequests.push(request.url())
    // The site's own scripts, not those of the browser's PDF viewer.
    const url = new URL(request.url())
    if (request.resourceType() === 'script' && url.protocol.startsWith('http'))
      scripts.push(url.pathname)
  })
  const islands = await holdRequests(page, /\/assets\/islands-[\w-]+\.js$/)
  const islandsAskedFor = page.waitForRequest(/\/assets\/islands-[\w-]+\.js$/)
  await page.goto('/privacy-policy?lang=en', { waitUntil: 'commit' })
  const privacy = texts('en', 'privacy')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(privacy.heading)
  // The page has loaded once its islands are asked for (src/web/boot.ts); then a while more.
  await islandsAskedFor
  await page.waitForTimeout(300)
  expect(pdfRequests).toEqual([])
  const frame = page.locator(`object[title="${privacy.frameTitle}"]`)
  await expect(frame).toHaveCount(0)

  await islands.release()
  await expect(frame).toHaveAttribute('data', '/privacy/privacy-policy-en.pdf#toolbar=0')
  await expect.poll(() => pdfRequests.length).toBeGreaterThan(0)
  // Without the app: its islands (and the language remembered from ?lang=) are all it runs.
  await page.waitForLoadState('networkidle')
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/islands-[\w-]+\.js$/)])
  await expect(page).toHaveURL(/\/privacy-policy$/)

  // Without JavaScript the browser embeds it at once.
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const noScript = await context.newPage()
    await noScript.goto('/privacy-policy?lang=de')
    await expect(
      noScript.locator(`object[title="${texts('de', 'privacy').frameTitle}"]`),
    ).toHaveAttribute('data', '/privacy/privacy-policy-en.pdf#toolbar=0')
  } finally {
    await context.close()
  }
})
