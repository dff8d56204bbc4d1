import { signInAsAdmin } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import { tabTo } from './support/keyboard.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('desktop', 'the owner writes the welcome e-mails at her desk')

const newsletter = texts('hu', 'newsletter')
const ui = newsletter.welcome.ui
const editor = newsletter.campaigns.ui.editor

/**
 * Issue 42 part 1: the owner writes the welcome series' first e-mail, with its delay, in the
 * editor she knows from campaigns, and turns the series on. By keyboard alone, on a phone and at
 * 1280 px (the fixtures check each screen with axe).
 */
test('the owner writes a welcome e-mail and turns the series on, by keyboard', async ({
  page,
  baseURL,
}, testInfo) => {
  await signInAsAdmin(page, baseURL)
  await page.goto('/admin/newsletter/welcome')
  await expect(page.getByRole('heading', { level: 1, name: ui.title })).toBeVisible({
    timeout: 20_000,
  })
  const first = page.getByRole('button', {
    name: new RegExp(`^(${ui.add.replace('{{position}}', '1')}|${ui.edit})$`),
  })
  await first.first().focus()
  await page.keyboard.press('Enter')

  const delay = page.getByLabel(ui.delay)
  await expect(delay).toBeVisible()
  await delay.focus()
  await delay.fill('0')
  await tabTo(page, /magyar/i)
  await tabTo(page, editor.subject)
  const subject = `Üdv a Lendületben ${testInfo.project.name}`
  await page.keyboard.type(subject)
  await page.keyboard.press('Tab')
  await page.keyboard.type('Szia! Örülünk, hogy itt vagy.\n\nHamarosan jelentkezünk.')
  await tabTo(page, ui.save)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert').or(page.getByRole('status')).first()).toContainText(
    ui.saved.replace('{{position}}', '1'),
  )
  // The preview, as in the campaign editor (the sandboxed frame is where Tab stops next).
  await tabTo(page, editor.previewOpen, { back: true })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: editor.previewClose })).toBeVisible()
  await saveScreenshot(page, testInfo, 'welcome-editor')
  await page.getByRole('button', { name: ui.close }).click()
  await expect(page.getByText(subject)).toBeVisible()

  const state = page.getByTestId('welcome-state')
  if ((await state.textContent())?.includes(ui.off)) {
    const on = page.getByRole('button', { name: ui.turnOn })
    await on.focus()
    await page.keyboard.press('Enter')
    // The answer takes focus, where she is.
    await expect(page.getByRole('status').filter({ hasText: ui.turnedOn })).toBeFocused()
  }
  await expect(state).toHaveText(ui.on)
  await saveScreenshot(page, testInfo, 'welcome-series')
})
