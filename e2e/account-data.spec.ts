import { readFile } from 'node:fs/promises'
import { strFromU8, unzipSync } from 'fflate'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { signUpAndVerify } from './support/accounts.ts'
import { uniqueEmail } from './support/mailbox.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'she downloads her data on her phone')

const accountTexts = texts('hu', 'account')

test('download my data from the account page: a ZIP with her data as JSON and as a page', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('data')
  await signUpAndVerify(page, email, { familyName: 'Adat', givenName: 'Anna' })
  await page.goto('/account')
  const card = page.getByRole('region', { name: accountTexts.account.dataTitle })
  await expect(card).toContainText(accountTexts.account.dataText)
  await checkA11y()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: accountTexts.account.dataDownload }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^lendulet-data-\d{4}-\d{2}-\d{2}\.zip$/)
  const files = unzipSync(new Uint8Array(await readFile(await download.path())))
  expect(Object.keys(files).sort()).toEqual(['data.html', 'data.json'])
  const data = JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array())) as {
    account: { email: string }
    profile: { fullName: string }
    emails: { subject: string }[]
  }
  expect(data.account.email).toBe(email)
  expect(data.profile.fullName).toBe('Adat Anna')
  expect(data.emails.map((mail) => mail.subject)).toContain(
    'Erősítsd meg az e-mail-címedet – Lendület',
  )
  const html = strFromU8(files['data.html'] ?? new Uint8Array())
  expect(html).toContain('<html lang="hu">')
  expect(html).toContain('Adat Anna')
  // Still on her account page, signed in.
  await expect(page).toHaveURL(/\/account$/)
})
