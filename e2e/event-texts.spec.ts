import { createMember, logIn, signInAsAdmin } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'a member reads the evening on her phone')

// An event's texts in her language (decision 0056): the host writes the English name in the
// editor's English tab; an English member reads it on /events, and the texts the host left
// unwritten come in Hungarian, marked as such.

const ev = texts('hu', 'events')
const evEn = texts('en', 'events')

test('the host writes the English name; an English member reads it, and the Hungarian where none is written', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  const stamp = `${testInfo.project.name} ${Date.now()}`
  const hungarianName = `Tavaszi klikk-est ${stamp}`
  const englishName = `Spring klikk evening ${stamp}`
  const description = 'Öt kör, öt asztal: minden körben új arcok.'
  const member = await createMember(playwright, baseURL, `Emma Green ${testInfo.project.name}`)

  await signInAsAdmin(page, baseURL)
  await page.goto('/admin/events/new')
  await expect(page.getByRole('heading', { name: ev.editor.newTitle, level: 1 })).toBeVisible()
  const tabs = page.getByRole('tablist', { name: ev.editor.texts })

  // Hungarian first and required; the other languages show the Hungarian until written.
  await expect(tabs.getByRole('tab', { selected: true })).toHaveAccessibleName(/^magyar/i)
  await page.getByLabel(ev.editor.description).fill(description)
  await page.getByLabel(ev.editor.placeName).fill('Lendület Stúdió')

  // By keyboard (APG tabs): the arrow moves to English, focus stays on the tab.
  await tabs.getByRole('tab', { selected: true }).focus()
  await page.keyboard.press('ArrowRight')
  const english = tabs.getByRole('tab', { name: /^angol/i })
  await expect(english).toBeFocused()
  await expect(english).toHaveAttribute('aria-selected', 'true')
  await expect(english).toHaveAccessibleName(new RegExp(ev.editor.usesHungarian))
  const panel = page.getByRole('tabpanel')
  await expect(panel).toContainText(ev.editor.textsNoneNote.replace('{{language}}', 'angol'))
  // An empty English field shows the Hungarian as its placeholder, and says it will be shown.
  await expect(panel.getByLabel(ev.editor.description)).toHaveAttribute('placeholder', description)
  await expect(panel.getByText(ev.editor.usesHungarianHint).first()).toBeVisible()
  await panel.getByLabel(ev.editor.eventName).fill(englishName)
  await expect(english).toHaveAccessibleName(new RegExp(ev.editor.textsWritten))

  // No Hungarian name: the error, in the host's language, opens the Hungarian tab at its field.
  await page.getByRole('button', { name: ev.editor.create }).click()
  await expect(panel.getByText(ev.validation.nameRequired)).toBeVisible()
  const hungarianField = panel.getByLabel(ev.editor.eventName)
  await expect(hungarianField).toBeFocused()
  await expect(tabs.getByRole('tab', { selected: true })).toHaveAccessibleName(/^magyar/i)
  await hungarianField.fill(hungarianName)
  await english.click()
  await expect(panel.getByLabel(ev.editor.eventName)).toHaveValue(englishName)
  await expect(panel.getByLabel(ev.editor.eventName)).toHaveAttribute('placeholder', hungarianName)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'event-texts-editor')

  await page.getByRole('button', { name: ev.editor.create }).click()
  await expect(page).toHaveURL(/\/admin\/events\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: hungarianName, level: 1 })).toBeVisible()
  // The event's page says which languages have their own texts.
  const languages = page.getByRole('list', { name: ev.page.texts })
  await expect(languages.getByRole('listitem').nth(0)).toContainText(ev.page.textPartly)
  await expect(languages.getByRole('listitem').nth(1)).toContainText(ev.page.textHungarian)
  await expect(languages.getByRole('listitem').nth(2)).toContainText(ev.page.textHungarian)
  await saveScreenshot(page, testInfo, 'event-texts-admin-page')

  // An English member on /events: the English name; the description in Hungarian, marked so.
  await page.context().clearCookies()
  await logIn(page, member.email, member.password)
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto('/events?lang=en')
  const card = page.getByRole('article', { name: englishName })
  await expect(card.getByRole('heading', { name: englishName })).toHaveAttribute('lang', 'en')
  await expect(card.getByText(description)).toHaveAttribute('lang', 'hu')
  await expect(card.getByText('Lendület Stúdió', { exact: true })).toHaveAttribute('lang', 'hu')
  await expect(page.getByText(hungarianName)).toHaveCount(0)
  await expect(page.getByRole('heading', { name: evEn.member.title, level: 1 })).toBeVisible()
  await checkA11y()
  await saveScreenshot(page, testInfo, 'event-texts-member-events')

  // In German, which the host has not written: the Hungarian name.
  await page.goto('/events?lang=de')
  await expect(page.getByRole('heading', { name: hungarianName })).toHaveAttribute('lang', 'hu')
  await expect(page.getByText(englishName)).toHaveCount(0)
})
