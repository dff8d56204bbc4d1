import { LANGUAGES } from '#shared/languages.ts'
import { pauseClock } from './support/clock.ts'
import { expect, test } from './support/fixtures.ts'
import { launchText } from './support/launch.ts'
import { texts } from './support/locales.ts'

const common = texts('hu', 'common')

test.describe('a visitor whose browser prefers English', () => {
  test.use({ locale: 'en-US' })

  test('still gets Hungarian first', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'hu')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      texts('hu', 'landing').hero.title,
    )
  })
})

for (const { code } of LANGUAGES) {
  test(`?lang=${code} switches the page to that language`, async ({ page }) => {
    await page.goto(`/?lang=${code}`)
    await expect(page.locator('html')).toHaveAttribute('lang', code)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      texts(code, 'landing').hero.title,
    )
    await expect(page.getByRole('contentinfo')).toContainText(texts(code, 'common').footer.followUs)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      launchText(code, 'description'),
    )
  })
}

test('?lang= works on any route, is remembered, and leaves the address tidy', async ({ page }) => {
  await page.goto('/privacy-policy?lang=de&x=1')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('de', 'privacy').heading)
  await expect(page).toHaveURL(/\/privacy-policy\?x=1$/)

  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    texts('de', 'landing').hero.title,
  )

  await page.goto('/?lang=xx')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
})

test('the language menu lists code, name and flag, and switches on click', async ({ page }) => {
  await page.goto('/')
  const trigger = page.getByRole('button', {
    name: common.language.menuLabel.replace('{{name}}', 'Magyar'),
  })
  await trigger.click()
  const menu = page.getByRole('menu', { name: common.language.listLabel })
  await expect(menu).toBeVisible()
  const items = menu.getByRole('menuitemradio')
  await expect(items).toHaveCount(4)
  for (const [i, language] of LANGUAGES.entries()) {
    await expect(items.nth(i)).toContainText(language.name)
    await expect(items.nth(i)).toContainText(language.code.toUpperCase(), { useInnerText: true })
    await expect(items.nth(i).locator('svg').first()).toBeVisible()
  }
  await expect(menu.getByRole('menuitemradio', { name: /Magyar/ })).toHaveAttribute(
    'aria-checked',
    'true',
  )

  await menu.getByRole('menuitemradio', { name: /Español/ }).click()
  await expect(menu).toBeHidden()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    texts('es', 'landing').hero.title,
  )

  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    texts('es', 'landing').hero.title,
  )
})

test('the language menu works with the keyboard', async ({ page }) => {
  await page.goto('/')
  const trigger = page.getByRole('button', {
    name: common.language.menuLabel.replace('{{name}}', 'Magyar'),
  })
  await trigger.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitemradio', { name: /Magyar/ })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitemradio', { name: /English/ })).toBeFocused()
  await page.keyboard.press('End')
  await expect(menu.getByRole('menuitemradio', { name: /Deutsch/ })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(trigger).toBeFocused()

  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(
    page.getByRole('button', {
      name: texts('en', 'common').language.menuLabel.replace('{{name}}', 'English'),
    }),
  ).toBeFocused()
})

test.describe('with a mouse', () => {
  test.skip(({ hasTouch }) => hasTouch, 'hover needs a mouse')

  test('the language menu opens on hover and closes 300 ms after the pointer leaves', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto('/')
    await pauseClock(page)
    const trigger = page.getByRole('button', {
      name: common.language.menuLabel.replace('{{name}}', 'Magyar'),
    })
    const menu = page.getByRole('menu')

    await trigger.hover()
    await expect(menu).toBeVisible()
    // Moving from the button into the menu keeps it open.
    await menu.getByRole('menuitemradio', { name: /Deutsch/ }).hover()
    await page.clock.runFor(1_000)
    await expect(menu).toBeVisible()

    await page.mouse.move(10, 600)
    await page.clock.runFor(250)
    await expect(menu).toBeVisible()
    await page.clock.runFor(100)
    await expect(menu).toBeHidden()

    // A click while hovering keeps it open rather than toggling it shut.
    await trigger.hover()
    await trigger.click()
    await expect(menu).toBeVisible()
  })
})
