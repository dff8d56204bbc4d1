import type { Locator, Page } from '@playwright/test'
import { signInAsAdmin } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import { expectFocusInSight } from './support/keyboard.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { PASSKEY_SITE } from './support/sites.ts'
import { atWidth } from './support/widths.ts'

atWidth('desktop', 'the owner writes the conversation starters at her desk')
// On the passkey site, with a database of its own: a starter she adds here would otherwise be
// the next one a running round on the main site shows (a new one comes first), and its removal
// would take it off that round's screen while another test reads it.
test.use({ baseURL: PASSKEY_SITE })

const q = texts('hu', 'admin').adminQuestions

/** The card of the question that reads `text` (in Hungarian, the page's language). */
const card = (page: Page, text: string) =>
  page.getByTestId('question-list').getByRole('listitem').filter({ hasText: text })

/** The list's questions as she reads them, top to bottom. */
const shownOrder = (page: Page) =>
  page.getByTestId('question-list').getByRole('listitem').locator('p.font-medium').allInnerTexts()

/** Focus is on this control, and she can see it. */
async function expectFocused(page: Page, control: Locator, step: string) {
  await expect(control).toBeFocused()
  await expectFocusInSight(page, step)
}

// The owner's conversation starters (issue 40 part 3, decision 86), by keyboard where she can:
// after each change, focus stays with the question she changed, and a removal asks first.
test('the owner adds, moves, edits and removes a conversation starter, keeping her place in the list', async ({
  page,
  checkA11y,
}, testInfo) => {
  test.setTimeout(120_000)
  await signInAsAdmin(page, PASSKEY_SITE)
  await page.goto('/admin/settings?lang=hu#questions')
  const list = page.getByTestId('question-list')
  await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 })

  // A new one, written in two languages: it says which languages still show the Hungarian.
  const stamp = Date.now().toString(36)
  const mine = `Mi volt a legjobb mozdulat ezen a héten? ${stamp}`
  const adding = page.getByRole('heading', { name: q.add }).locator('xpath=following-sibling::form')
  await adding.getByLabel(q.text.replace('{{language}}', 'Magyar')).fill(mine)
  await adding
    .getByLabel(q.text.replace('{{language}}', 'English'))
    .fill(`What was your best move this week? ${stamp}`)
  await adding.getByRole('button', { name: q.add }).click()
  await expect(page.getByRole('status').filter({ hasText: q.saved })).toBeVisible()
  await expect(card(page, mine)).toContainText(
    q.missing.replace('{{languages}}', 'Español, Deutsch'),
  )
  expect((await shownOrder(page)).at(-1)).toBe(mine)

  // Up by keyboard: the card moves, and focus moves with it.
  const up = card(page, mine).getByRole('button', { name: q.up })
  await up.focus()
  await page.keyboard.press('Enter')
  await expect.poll(async () => (await shownOrder(page)).at(-2)).toBe(mine)
  await expectFocused(page, card(page, mine).getByRole('button', { name: q.up }), 'moved up')

  // An edit: saved, the form closes, and focus is back on her card's Edit.
  await card(page, mine).getByRole('button', { name: q.edit }).press('Enter')
  const edited = `${mine} (és miért?)`
  const form = list.locator('form')
  await form.getByLabel(q.text.replace('{{language}}', 'Magyar')).fill(edited)
  await form.getByRole('button', { name: q.save }).press('Enter')
  await expectFocused(page, card(page, edited).getByRole('button', { name: q.edit }), 'saved')
  await saveScreenshot(page, testInfo, 'questions-settings')
  await card(page, edited).scrollIntoViewIfNeeded()
  await page.screenshot({
    path: `test-results/screenshots/questions-settings-card-${testInfo.project.name}.png`,
  })

  // Removing asks first; "Cancel" keeps it, with focus where she was.
  const remove = card(page, edited).getByRole('button', { name: q.remove })
  await remove.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(edited)
  await checkA11y()
  await dialog.getByRole('button', { name: q.cancel }).press('Enter')
  await expect(dialog).toBeHidden()
  await expect(card(page, edited)).toBeVisible()
  await expectFocused(page, remove, 'kept after cancel')

  // Removed: gone after a reload too, and focus on the question that took its place.
  const order = await shownOrder(page)
  const neighbour = order[order.indexOf(edited) + 1] ?? order[order.indexOf(edited) - 1] ?? ''
  await remove.press('Enter')
  await dialog.getByRole('button', { name: q.remove }).press('Enter')
  await expect(card(page, edited)).toHaveCount(0)
  await expectFocused(page, card(page, neighbour).getByRole('button', { name: q.edit }), 'removed')
  await page.reload()
  await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 })
  expect(await shownOrder(page)).not.toContain(edited)
  await checkA11y()
})
