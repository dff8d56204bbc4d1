import type { Page } from '@playwright/test'
import { ADMIN } from './support/admin-account.ts'
import { signInAsAdmin } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { linkIn, uniqueEmail, waitForMail } from './support/mailbox.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('desktop', 'the owner writes her campaigns at her desk')

const hu = texts('hu', 'newsletter')
const en = texts('en', 'newsletter')
const ui = hu.campaigns.ui
const emails = { hu: texts('hu', 'emails'), en: texts('en', 'emails') }

/** An English-speaking reader subscribes on the landing page and confirms by the e-mailed link. */
async function englishSubscriber(page: Page, email: string) {
  await page.goto('/?lang=en')
  await page.locator('#newsletter').scrollIntoViewIfNeeded()
  const form = page.getByRole('form', { name: en.form.label })
  await form.getByLabel(en.form.name).fill('Emma Reader')
  await form.getByLabel(en.form.email).fill(email)
  await form.getByRole('button', { name: en.form.subscribe, exact: true }).click()
  await expect(form.getByRole('status')).toHaveText(en.confirmationSent)
  await page.goto(linkIn(await waitForMail(email), '/newsletter/verify'))
  await expect(page.getByRole('status')).toHaveText(en.verification.success)
}

test('an admin writes, previews, tests and sends a campaign; a subscriber gets it and can leave', async ({
  page,
  browser,
  baseURL,
  checkA11y,
}, testInfo) => {
  // A whole journey (two sign-ins, six accessibility checks, a test e-mail, its web preview in a
  // second tab and a stranger's, a send and its delivery): 2 minutes on a quiet machine.
  test.setTimeout(240_000)
  const tag = `${testInfo.project.name}-${Date.now()}`
  const subjects = { hu: `Tavaszi edzésterv ${tag}`, en: `Spring training plan ${tag}` }
  const reader = uniqueEmail(`campaign-reader-${tag}`)
  await englishSubscriber(page, reader)

  // The admin finds the campaigns next to the subscribers (back in Hungarian).
  await signInAsAdmin(page, baseURL)
  await page.goto('/admin/newsletter?lang=hu')
  await page
    .getByRole('navigation', { name: ui.nav.label })
    .getByRole('link', { name: ui.nav.campaigns })
    .click()
  await expect(page.getByRole('heading', { name: ui.list.title, level: 1 })).toBeVisible()
  await checkA11y()
  await page.getByRole('link', { name: ui.list.new }).click()
  await expect(page.getByRole('heading', { name: ui.editor.newTitle, level: 1 })).toBeVisible()

  // A body without a subject: the error shows at the field, in her language, before any request.
  const subject = page.getByLabel(ui.editor.subject)
  const body = page.getByLabel(ui.editor.body)
  await body.fill('Csak a szöveg.')
  await page.getByRole('button', { name: ui.editor.test }).click()
  await expect(subject).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(hu.campaigns.validation.subjectRequired)).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText(ui.editor.fixErrors)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'campaign-editor-errors')

  await subject.fill(subjects.hu)
  await expect(subject).not.toHaveAttribute('aria-invalid')
  await body.fill(
    '# Szia!\n\nItt a **tavaszi terved**: három rövid alkalom egy héten.\n\n- Hétfő: erő\n- Péntek: intervallum\n\nTöbb tipp a [blogon](https://example.com/blog).',
  )
  const tabs = page.getByRole('tablist', { name: ui.editor.versions })
  await tabs.getByRole('tab', { name: /English|angol/i }).click()
  await subject.fill(subjects.en)
  await body.fill(
    '# Hi!\n\nHere is your **spring plan**.\n\n- Monday: strength\n- Friday: intervals',
  )
  await expect(tabs.getByRole('tab', { name: new RegExp(ui.editor.filled) })).toHaveCount(2)

  // The preview of the tab shown, from the unsaved text: HTML, then plain text.
  await page.getByRole('button', { name: ui.editor.previewOpen }).click()
  const frame = page.frameLocator(`iframe[title="${ui.editor.previewFrame}"]`)
  await expect(frame.getByRole('heading', { name: 'Hi!' })).toBeVisible()
  await expect(frame.locator('strong', { hasText: 'spring plan' })).toBeVisible()
  await expect(frame.getByRole('listitem')).toHaveText(['Monday: strength', 'Friday: intervals'])
  await expect(
    page.getByText(ui.editor.previewSubject.replace('{{subject}}', subjects.en)),
  ).toBeVisible()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'campaign-preview-html')
  await page.getByText(ui.editor.previewText, { exact: true }).click()
  const text = page.getByTestId('campaign-preview-text')
  await expect(text).toContainText('Monday: strength')
  await expect(text).toContainText(emails.en.campaign.unsubscribe)
  await saveScreenshot(page, testInfo, 'campaign-preview-text')

  await page.getByRole('button', { name: ui.editor.save }).click()
  await expect(page.getByText(/^Mentve: /)).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/newsletter\/campaigns\/[0-9a-f-]{36}$/)

  // A test to herself, in the language of the tab shown: she moves to the Hungarian one first.
  const testLanguage = 'hu'
  await tabs.getByRole('tab', { name: /Magyar|magyar/ }).click()
  await page.getByRole('button', { name: ui.editor.test }).click()
  await expect(page.getByRole('status').filter({ hasText: ADMIN.email })).toHaveText(
    ui.editor.testSent.replace('{{email}}', ADMIN.email),
  )
  const testMail = await waitForMail(ADMIN.email, { subject: subjects[testLanguage] })
  expect(testMail.subject).toBe(
    `${emails[testLanguage].campaign.testPrefix} ${subjects[testLanguage]}`,
  )

  // Its "open in the browser" link, before the campaign is sent: the admin's preview of the web
  // version, in the test e-mail's language (the public page has nothing to show yet).
  const previewLink = linkIn(testMail, '/admin/newsletter/campaigns/')
  expect(previewLink).toMatch(new RegExp(`/preview\\?lang=${testLanguage}$`))
  const own = texts(testLanguage, 'newsletter').campaigns.ui.issue
  const tab = await page.context().newPage()
  await tab.goto(previewLink)
  await expect(tab.getByRole('heading', { name: subjects[testLanguage], level: 1 })).toBeVisible()
  await expect(tab.getByText(own.notSent)).toBeVisible()
  await expect(tab.getByText(own.previewNote)).toBeVisible()
  await expect(tab.getByRole('link', { name: own.backToCampaign })).toHaveAttribute(
    'href',
    new URL(page.url()).pathname,
  )
  await checkA11y(tab)
  await saveScreenshot(tab, testInfo, 'campaign-preview-page')
  await tab.close()
  // Someone else with the e-mail in hand sees nothing of it: she is asked to sign in.
  const stranger = await browser.newPage({ baseURL })
  await stranger.goto(previewLink)
  await expect(stranger).toHaveURL(/\/\?next=%2Fadmin%2Fnewsletter%2Fcampaigns%2F/)
  await expect(stranger.getByText(subjects[testLanguage])).toHaveCount(0)
  await stranger.close()

  // Send now: the confirmation names the audience; then the progress moves on to "sent".
  await page.getByRole('button', { name: ui.editor.sendNow }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(subjects.hu)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'campaign-confirm-send')
  await dialog.getByRole('button', { name: ui.editor.confirmSendLabel }).click()
  await expect(page.getByRole('progressbar')).toBeVisible()
  // The progress takes the editor's place from its top, though "send" sat at the editor's end.
  const title = page.getByRole('heading', { name: subjects.hu, level: 1 })
  await expect(title).toBeFocused()
  await expect(title).toBeInViewport()
  await expect(page.getByRole('progressbar')).toBeInViewport()
  await expect(page.getByTestId('campaign-status')).toHaveText(ui.status.sent, { timeout: 30_000 })
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
  expect(Number(await page.getByTestId('count-sent').locator('dd').textContent())).toBeGreaterThan(
    0,
  )
  await checkA11y()
  await saveScreenshot(page, testInfo, 'campaign-sent')
  // The content shown as sent is made once, not again and again while the page sits there.
  let previews = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/campaigns/preview')) previews += 1
  })
  await page.waitForTimeout(2_000)
  expect(previews).toBe(0)

  // Her copy is in English, with a web version and her own unsubscribe link.
  const mail = await waitForMail(reader, { subject: subjects.en })
  expect(mail.subject).toBe(subjects.en)
  expect(mail.text).toContain('Monday: strength')
  await page.goto(linkIn(mail, '/newsletter/issues/'))
  await expect(page.getByRole('heading', { name: subjects.en, level: 1 })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'Friday: intervals' })).toBeVisible()
  await expect(page.getByRole('link', { name: en.campaigns.ui.issue.subscribe })).toBeVisible()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'campaign-issue')
  await page.goto(linkIn(mail, '/newsletter/unsubscribe?token='))
  await expect(page.getByRole('status')).toHaveText(en.unsubscribeVerification.success)

  // The list shows it sent, with its figures.
  await page.goto('/admin/newsletter/campaigns?lang=hu')
  const row = page.getByRole('row').filter({ hasText: subjects.hu })
  await expect(row).toContainText(ui.status.sent)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'campaign-list')
})

test('an admin schedules a draft for chosen languages, takes it back and deletes it', async ({
  page,
  baseURL,
  checkA11y,
}, testInfo) => {
  const subject = `Időzített levél ${testInfo.project.name}-${Date.now()}`
  await englishSubscriber(page, uniqueEmail(`scheduled-reader-${testInfo.project.name}`))
  await signInAsAdmin(page, baseURL)
  await page.goto('/admin/newsletter/campaigns/new?lang=hu')
  await page.getByLabel(ui.editor.subject).fill(subject)
  await page.getByLabel(ui.editor.body).fill('Jövő héten új órarend!')

  // Chosen languages, none ticked: the audience says so before any request.
  await page.getByText(ui.editor.audienceChosen).click()
  const languages = page.getByRole('group', { name: ui.editor.audienceLanguages })
  for (const box of await languages.getByRole('checkbox').all()) await box.uncheck()
  const when = page.getByLabel(ui.editor.scheduleAt)
  await when.fill('2020-01-01T10:00')
  await page.getByRole('button', { name: ui.editor.schedule, exact: true }).click()
  await expect(page.getByText(hu.campaigns.validation.noAudience)).toBeVisible()

  // English only; the past is refused by the server, its message at the field.
  await languages.getByRole('checkbox', { name: /angol/i }).check()
  await page.getByRole('button', { name: ui.editor.schedule, exact: true }).click()
  await expect(when).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(hu.campaigns.validation.scheduleInPast)).toBeVisible()
  await expect(page.getByTestId('campaign-estimate')).toHaveText(/[1-9]/)
  await checkA11y()

  // Tomorrow at ten: scheduled, read-only, until it is taken back.
  const tomorrow = new Date(Date.now() + 86_400_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  await when.fill(
    `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T10:00`,
  )
  // By keyboard: the button she pressed goes with its card; focus goes to the campaign's new
  // state, brought into view (at the top of the page, far above the button on a phone).
  await page.getByRole('button', { name: ui.editor.schedule, exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('campaign-status')).toHaveText(ui.status.scheduled)
  const scheduled = page.getByTestId('campaign-scheduled')
  await expect(scheduled).toContainText('10:00')
  await expect(scheduled).toBeFocused()
  await expect(page.getByRole('region', { name: ui.editor.sendTitle })).toBeInViewport({
    ratio: 1,
  })
  await expect(page.getByLabel(ui.editor.subject)).toBeDisabled()
  await checkA11y()
  // What she sees at that moment, not the whole page.
  await page.screenshot({
    path: `test-results/screenshots/campaign-scheduled-view-${testInfo.project.name}.png`,
  })
  // Taken back: a draft again, said where sending is (now far below on a phone), focused.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: ui.editor.unschedule })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('campaign-status')).toHaveText(ui.status.draft)
  const answer = page.getByRole('status').filter({ hasText: ui.editor.unscheduled })
  await expect(answer).toBeFocused()
  await expect(answer).toBeInViewport({ ratio: 1 })
  await expect(page.getByRole('button', { name: ui.editor.schedule, exact: true })).toBeVisible()
  await expect(page.getByLabel(ui.editor.subject)).toBeEnabled()
  await page.screenshot({
    path: `test-results/screenshots/campaign-unscheduled-view-${testInfo.project.name}.png`,
  })

  // Deleting the draft asks first, then it is gone from the list.
  await page.getByRole('button', { name: ui.editor.delete }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toHaveText(new RegExp(subject))
  await dialog.getByRole('button', { name: ui.editor.delete }).click()
  await expect(page).toHaveURL(/\/admin\/newsletter\/campaigns$/)
  await expect(page.getByRole('heading', { name: ui.list.title, level: 1 })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: subject })).toHaveCount(0)
})

test('a newsletter issue that does not exist says so', async ({ page, checkA11y }) => {
  await page.goto('/newsletter/issues/00000000-0000-4000-8000-000000000000?lang=en')
  await expect(
    page.getByRole('heading', { name: en.campaigns.ui.issue.notFoundTitle, level: 1 }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: en.campaigns.ui.issue.home })).toBeVisible()
  await checkA11y()
})

test('the editor counts the audience as she builds it, and refuses a month count of 0', async ({
  page,
  baseURL,
  checkA11y,
}, testInfo) => {
  await signInAsAdmin(page, baseURL)
  const countOf = async (query: string) => {
    const response = await page.request.get(
      `/api/admin/newsletter/campaigns/audience-count?${query}`,
    )
    expect(response.status()).toBe(200)
    return ((await response.json()) as { count: number }).count
  }
  const says = (count: number) => new RegExp(`\\b${count}\\b`) // "Most 3 feliratkozóhoz jut el." in any of its plural forms
  await page.goto('/admin/newsletter/campaigns/new?lang=hu')
  // The editor's code arrives on its own (a lazy screen): slow on a busy machine.
  await expect(page.getByRole('heading', { name: ui.editor.newTitle, level: 1 })).toBeVisible({
    timeout: 20_000,
  })
  const estimate = page.getByTestId('campaign-estimate')
  await expect(estimate).toHaveText(says(await countOf('')))

  // Chosen: every language at first, then members only, then Hungarian members only.
  await page.getByText(ui.editor.audienceChosen).click()
  await page.getByLabel(ui.editor.audienceMembership).selectOption('members')
  await expect(estimate).toHaveText(says(await countOf('languages=hu,en,es,de&membership=members')))
  const languages = page.getByRole('group', { name: ui.editor.audienceLanguages })
  for (const name of [/angol/i, /spanyol/i, /német/i])
    await languages.getByRole('checkbox', { name }).uncheck()
  await expect(estimate).toHaveText(says(await countOf('languages=hu&membership=members')))

  // Came in the last 0 months: marked at the field, in her language, and not counted.
  await page.getByLabel(ui.editor.audienceAttendance).selectOption('cameWithin')
  const months = page.getByLabel(ui.editor.audienceMonths)
  await months.fill('0')
  await expect(months).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(hu.campaigns.validation.monthsInvalid)).toBeVisible()
  await months.fill('6')
  await expect(months).not.toHaveAttribute('aria-invalid', 'true')
  await expect(estimate).toHaveText(
    says(await countOf('languages=hu&membership=members&attendance=cameWithin&months=6')),
  )
  await checkA11y()
  await saveScreenshot(page, testInfo, 'campaign-audience')
  // The audience card itself, as she sees it.
  await page
    .locator('section')
    .filter({ has: page.getByText(ui.editor.audienceLegend) })
    .screenshot({
      path: `test-results/screenshots/campaign-audience-card-${testInfo.project.name}.png`,
    })
})
