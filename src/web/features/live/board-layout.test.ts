import { describe, expect, it } from 'vitest'
import {
  boardMetrics,
  layoutBoard,
  linesOf,
  minNamePx,
  pagerMetrics,
  type BoardLayout,
  type BoardSpace,
  type BoardTable,
  type MeasureText,
} from './board-layout.ts'

/** Inter's letters average a little over half their size; the display face's a little more. */
const measure: MeasureText = (text, fontPx, title) => text.length * fontPx * (title ? 0.6 : 0.55)

const NAMES = [
  'Bodnárné Vass Éva',
  'Kiss Anna',
  'Szentgyörgyváriné Hegedűs-Kovács Annamária',
  'Nagy Bea',
  'Dr. Szalai Zsófia',
  'Tóth Cili',
  'Ábel Dóra',
  'Fekete-Nagy Krisztina',
  'Lengyel Luca',
  'Kerekes Kata',
]

const evening = (tables: number, people: number): BoardTable[] =>
  Array.from({ length: tables }, (_, t) => ({
    title: `Asztal ${t + 1}`,
    lines: Array.from({ length: people }, (_, p) => NAMES[(t + p) % NAMES.length] ?? ''),
  }))

/** The board's box below the screen's header and countdown (as the big screen leaves it). */
const space = (width: number, height: number): BoardSpace => ({
  width: width - 80,
  height: Math.round(height * 0.52),
  viewportHeight: height,
})

/** The height of each page as the browser will draw it: rows of cards, each as tall as its tallest. */
function pageHeights(layout: BoardLayout, tables: BoardTable[], width: number) {
  const m = layout.metrics
  const inner = (width - (layout.columns - 1) * m.cardGap) / layout.columns - 2 * m.padding
  const nameWidth = (inner - (layout.nameColumns - 1) * m.nameColumnGap) / layout.nameColumns
  const card = (table: BoardTable) => {
    const rows = Math.ceil(table.lines.length / layout.nameColumns)
    const lines = table.lines.map((line) =>
      linesOf(line, nameWidth, (w) => measure(w, m.fontPx, false) * 1.04),
    )
    let names = 0
    for (let r = 0; r < rows; r++)
      names +=
        Math.max(
          ...Array.from({ length: layout.nameColumns }, (_, c) => lines[c * rows + r] ?? 1),
        ) * m.nameLine
    const title = linesOf(table.title, inner, (w) => measure(w, m.titlePx, true) * 1.04)
    return 2 * m.padding + title * m.titleLine + m.titleGap + names + (rows - 1) * m.nameGap
  }
  return layout.pages.map((page) => {
    let height = 0
    for (let i = 0; i < page.length; i += layout.columns) {
      const row = page.slice(i, i + layout.columns).map((t) => card(tables[t] as BoardTable))
      height += (i > 0 ? m.cardGap : 0) + Math.max(...row)
    }
    return height
  })
}

const SCREENS = [
  [1024, 768],
  [1280, 720],
  [1280, 800],
  [1920, 1080],
  [3840, 2160],
] as const

describe('the big screen’s layout of tables', () => {
  it('sets no name smaller than 24 px on a 1080 p screen, scaled with the screen', () => {
    expect(minNamePx(1080)).toBe(24)
    expect(minNamePx(768)).toBe(18)
    expect(minNamePx(2160)).toBe(48)
  })

  for (const [width, height] of SCREENS)
    for (const [tableCount, people] of [
      [5, 8],
      [12, 10],
      [3, 4],
    ] as const)
      it(`shows ${tableCount} tables of ${people} on ${width} × ${height}: each once, large enough, every page within the board`, () => {
        const tables = evening(tableCount, people)
        const board = space(width, height)
        const layout = layoutBoard(tables, board, measure)
        expect(layout.fits).toBe(true)
        expect(layout.metrics.fontPx).toBeGreaterThanOrEqual(minNamePx(height))
        // Each table once, in order.
        expect(layout.pages.flat()).toEqual(tables.map((_, i) => i))
        const room =
          layout.pages.length > 1 ? board.height - pagerMetrics(height).height : board.height
        for (const pageHeight of pageHeights(layout, tables, board.width))
          expect(pageHeight).toBeLessThanOrEqual(room)
      })

  it('fits the demo’s 5 tables of 8 on one page of a 1280 × 800 laptop', () => {
    const layout = layoutBoard(evening(5, 8), space(1280, 800), measure)
    expect(layout.pages).toHaveLength(1)
  })

  it('pages 12 tables of 10 on a 1024 × 768 projector, in even shares', () => {
    const layout = layoutBoard(evening(12, 10), space(1024, 768), measure)
    expect(layout.pages.length).toBeGreaterThan(1)
    const sizes = layout.pages.map((page) => page.length)
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
  })

  it('gives fewer tables larger names, up to a calm largest size', () => {
    const few = layoutBoard(evening(2, 4), space(1920, 1080), measure)
    const many = layoutBoard(evening(12, 10), space(1920, 1080), measure)
    expect(few.metrics.fontPx).toBeGreaterThan(many.metrics.fontPx)
    expect(few.metrics.fontPx).toBeLessThanOrEqual(44)
  })

  it('wraps a long name between words instead of cutting it', () => {
    const m = boardMetrics(24)
    const words = (w: string) => measure(w, m.fontPx, false)
    expect(linesOf('Szentgyörgyváriné Hegedűs-Kovács Annamária', 300, words)).toBe(3)
    expect(linesOf('Kiss Anna', 300, words)).toBe(1)
    // A word wider than the line is split over as many lines as it needs.
    expect(linesOf('Szentgyörgyváriné', 100, words)).toBe(3)
  })
})
