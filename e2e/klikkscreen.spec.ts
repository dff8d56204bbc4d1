import type { Page } from '@playwright/test'
import { adminApi } from './support/admin-api.ts'
import { createMember, signInAsAdmin } from './support/accounts.ts'
import { pauseClock } from './support/clock.ts'
import { endRunningEvents, withEventLock } from './support/event-lock.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { seedEvening } from '#server/test/seed-evening.ts'
import { BOARD_PAGE_MS } from '#web/features/live/board-layout.ts'

const ev = texts('hu', 'events')

/** The projectors a host meets: every seated name must be read on each. */
const SCREENS = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]

// Names as a room has them: short ones, married names, and a few long enough to wrap.
const FAMILY = [
  'Kiss',
  'Nagy',
  'Tóth',
  'Szabó',
  'Horváth',
  'Varga',
  'Kovács',
  'Bodnárné Vass',
  'Fekete-Nagy',
  'Molnár',
  'Lengyel',
  'Kerekes',
  'Szentgyörgyváriné Hegedűs-Kovács',
  'Papp',
  'Ábel',
  'Dr. Szalai',
  'Balogh',
  'Farkas',
  'Simon',
  'Rácz',
]
const GIVEN = ['Anna', 'Bea', 'Cili', 'Dóra', 'Éva', 'Flóra', 'Annamária', 'Krisztina']
const NAMES = Array.from(
  { length: 120 },
  (_, i) =>
    `${FAMILY[i % FAMILY.length]} ${GIVEN[(i + Math.floor(i / FAMILY.length)) % GIVEN.length]}`,
)

type Guest = Awaited<ReturnType<typeof createMember>>
/** Members made once for this file's tests (they run in one worker, one after the other). */
const made: Guest[] = []

async function guests(
  playwright: Parameters<typeof createMember>[0],
  baseURL: string | undefined,
  count: number,
): Promise<Guest[]> {
  while (made.length < count) {
    const batch = NAMES.slice(made.length, Math.min(count, made.length + 8))
    made.push(...(await Promise.all(batch.map((name) => createMember(playwright, baseURL, name)))))
  }
  return made.slice(0, count)
}

interface SeenName {
  name: string
  /** The text's own box, and the screen's. */
  left: number
  top: number
  right: number
  bottom: number
  width: number
  height: number
  fontSize: number
  /** Nothing covers or clips it: each corner and the middle of its line hits it. */
  uncovered: boolean
  /** Its text overflows its line (cut rather than wrapped). */
  overflows: boolean
}

/** Every name on the board now, with where it is and how large. */
function namesOnScreen(page: Page): Promise<SeenName[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('section[aria-labelledby^="screen-table-"] li')].map(
      (item) => {
        const range = document.createRange()
        range.selectNodeContents(item)
        const text = range.getBoundingClientRect()
        const box = item.getBoundingClientRect()
        const points = [
          [box.left + 2, box.top + 2],
          [box.right - 2, box.top + 2],
          [box.left + 2, box.bottom - 2],
          [box.right - 2, box.bottom - 2],
          [(text.left + text.right) / 2, (text.top + text.bottom) / 2],
        ] as const
        return {
          name: item.textContent ?? '',
          left: text.left,
          top: text.top,
          right: text.right,
          bottom: text.bottom,
          width: window.innerWidth,
          height: window.innerHeight,
          fontSize: parseFloat(getComputedStyle(item).fontSize),
          uncovered: points.every(([x, y]) => {
            const hit = document.elementFromPoint(x, y)
            return hit !== null && item.contains(hit)
          }),
          overflows:
            item.scrollWidth > item.clientWidth + 1 || item.scrollHeight > item.clientHeight + 1,
        }
      },
    ),
  )
}

/** Fully inside the screen: no part of it beyond an edge. */
async function expectInView(page: Page, what: ReturnType<Page['getByTestId']>) {
  const box = await what.boundingBox()
  const size = page.viewportSize()
  expect(box, 'on the screen').not.toBeNull()
  if (!box || !size) return
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(size.width)
  expect(box.y + box.height).toBeLessThanOrEqual(size.height)
}

/**
 * Watches the big screen for one paging cycle at this size: returns every name seen fully on
 * the screen at its minimum size or larger, and checks the round and countdown on every page.
 */
async function watchOneCycle(page: Page, label: string) {
  const size = page.viewportSize()
  if (!size) throw new Error('no viewport')
  const minFont = (24 * size.height) / 1080
  const names = page.getByRole('region').getByRole('listitem')
  await expect(names.first()).toBeVisible()
  // The board has laid its tables out for this screen (after the resize).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const board = document.querySelector<HTMLElement>('[data-testid="table-board"]')
        const box = board?.getBoundingClientRect()
        return !box || board?.dataset.space === `${Math.floor(box.width)}x${Math.floor(box.height)}`
      }),
    )
    .toBe(true)
  const pager = page.getByTestId('board-pager')
  let pages = 1
  let first = 1
  if (await pager.isVisible()) {
    const match = /(\d+)\D+(\d+)/.exec((await pager.textContent()) ?? '')
    first = Number(match?.[1])
    pages = Number(match?.[2])
    expect(pages).toBeGreaterThan(1)
  }
  const seen = new Set<string>()
  for (let turn = 0; turn < pages; turn++) {
    const number = ((first - 1 + turn) % pages) + 1
    if (pages > 1)
      await expect(pager).toContainText(
        ev.klikkscreen.page.replace('{{page}}', String(number)).replace('{{pages}}', String(pages)),
      )
    await expectInView(page, page.getByTestId('klikkscreen-countdown'))
    await expect(page.getByText(ev.klikkscreen.round.replace('{{number}}', '1'))).toBeInViewport({
      ratio: 1,
    })
    const names = await namesOnScreen(page)
    expect(names.length).toBeGreaterThan(0)
    for (const name of names) {
      expect(name.fontSize, `${name.name}: its size`).toBeGreaterThanOrEqual(minFont)
      expect(name.left, `${name.name}: left edge`).toBeGreaterThanOrEqual(0)
      expect(name.top, `${name.name}: top edge`).toBeGreaterThanOrEqual(0)
      expect(name.right, `${name.name}: right edge`).toBeLessThanOrEqual(name.width)
      expect(name.bottom, `${name.name}: bottom edge`).toBeLessThanOrEqual(name.height)
      expect(name.uncovered, `${name.name}: nothing covers it`).toBe(true)
      expect(name.overflows, `${name.name}: wrapped, not cut`).toBe(false)
      seen.add(name.name)
    }
    await saveScreenshot(page, test.info(), `${label}-page-${number}`)
    // The next page comes by itself.
    await page.clock.runFor(BOARD_PAGE_MS)
  }
  if (pages > 1)
    await expect(pager).toContainText(
      ev.klikkscreen.page.replace('{{page}}', String(first)).replace('{{pages}}', String(pages)),
    )
  return seen
}

test.describe('the big screen shows every table on any projector', () => {
  test.describe.configure({ mode: 'serial' })
  test.skip(({ isMobile }) => isMobile, 'projectors are set by the test itself')

  for (const { tables, seats } of [
    { tables: 5, seats: 8 },
    { tables: 12, seats: 10 },
  ])
    test(`${tables} tables of ${seats}: every name in view, large enough, within one paging cycle`, async ({
      page,
      baseURL,
      playwright,
      checkA11y,
    }) => {
      test.setTimeout(360_000)
      const people = await guests(playwright, baseURL, tables * seats)
      await signInAsAdmin(page, baseURL)
      const post = adminApi(page.request, baseURL)
      // Less motion: the still background and no fade, so each page is measured as it stands.
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.clock.install()
      await withEventLock(
        async () => {
          const { eventId, roundId } = await seedEvening(post, {
            eventName: `Kivetített est ${tables}×${seats} ${Date.now() % 100_000}`,
            tables: Array.from({ length: tables }, (_, i) => ({
              name: `${i + 1}. asztal`,
              seats,
            })),
            present: people.map((guest) => guest.userCode),
          })
          await post(`/api/admin/events/${eventId}/rounds/${roundId}/start`)
          await page.setViewportSize(SCREENS[0] ?? { width: 1024, height: 768 })
          await page.goto(`/klikkscreen?eventId=${eventId}`)
          await expect(page.getByTestId('klikkscreen-countdown')).toBeVisible()
          await checkA11y()
          await pauseClock(page)
          for (const screen of SCREENS) {
            await page.setViewportSize(screen)
            const seen = await watchOneCycle(
              page,
              `klikkscreen-${screen.width}x${screen.height}-${tables}x${seats}`,
            )
            expect([...seen].sort()).toEqual(people.map((guest) => guest.name).sort())
          }
        },
        () => endRunningEvents(page.request, baseURL),
      )
    })
})
