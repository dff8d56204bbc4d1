import { expect, test } from './support/fixtures.ts'
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
