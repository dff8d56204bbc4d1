/**
 * How the big screen lays out the running round's tables: a pure function of the space, the
 * screen's height and the tables, so it is tested without a browser (board-layout.test.ts).
 *
 * Every size is in CSS px and follows from the name's font size `f`: the component draws exactly
 * these sizes, so the heights counted here are the heights on the screen. Names are read from 6 m
 * away: never smaller than 24 px on a 1080 p screen, scaled with the screen's height. Tables that
 * do not fit at that size are spread over pages shown in turn (decision 62).
 */

/** A name's smallest size on a screen 1080 px high; scaled with the screen's height. */
export const MIN_NAME_PX_AT_1080 = 24
/** Its largest: few tables need no more to be read from the back of the room. */
export const MAX_NAME_PX_AT_1080 = 44

/** How long each page of tables stays up when they do not fit on one: time to find her name. */
export const BOARD_PAGE_MS = 9_000

export interface BoardTable {
  title: string
  /** The names as shown, one a line (a long one wraps); an empty table shows one line of text. */
  lines: string[]
}

/** Width in px of `text` set at `fontPx`: the names' font (`title` false) or the tables' names'. */
export type MeasureText = (text: string, fontPx: number, title: boolean) => number

/** The sizes that follow from the names' size (whole px, so the browser rounds nothing). */
export function boardMetrics(fontPx: number) {
  return {
    fontPx,
    nameLine: Math.round(fontPx * 1.3),
    /** Between two names. */
    nameGap: Math.round(fontPx * 0.3),
    titlePx: Math.round(fontPx * 1.3),
    titleLine: Math.round(fontPx * 1.3 * 1.2),
    /** Between the table's name and its people. */
    titleGap: Math.round(fontPx * 0.5),
    /** Inside a card. */
    padding: Math.round(fontPx * 0.9),
    /** Between cards, across and down. */
    cardGap: Math.max(12, Math.round(fontPx * 0.8)),
    /** Between two columns of names in one card. */
    nameColumnGap: Math.round(fontPx * 1.2),
  }
}
export type BoardMetrics = ReturnType<typeof boardMetrics>

/** The page line under the tables ("page 1 of 2"), by the screen's height. */
export function pagerMetrics(viewportHeight: number) {
  const fontPx = Math.max(16, Math.round((viewportHeight * 20) / 1080))
  const line = Math.round(fontPx * 1.4)
  const gap = Math.round(fontPx * 0.8)
  return { fontPx, line, gap, height: line + gap }
}

export interface BoardLayout {
  metrics: BoardMetrics
  /** Cards side by side. */
  columns: number
  /** Columns of names inside each card. */
  nameColumns: number
  /** Each page's tables, by their index in the input; one page when all fit. */
  pages: number[][]
  /** The smallest name size this screen allows (the layout never goes below it). */
  minFontPx: number
  /** False only when one table alone is taller than the screen even at the smallest size. */
  fits: boolean
}

export interface BoardSpace {
  /** The board's own box. */
  width: number
  height: number
  /** The screen's height, which sets the smallest and largest name. */
  viewportHeight: number
}

/** The smallest name on a screen this high (24 px at 1080 p; never below 16 px). */
export const minNamePx = (viewportHeight: number) =>
  Math.max(16, Math.ceil((viewportHeight * MIN_NAME_PX_AT_1080) / 1080))

/** Lines a text takes in `width` px, broken between words (a word wider than a line is split). */
export function linesOf(text: string, width: number, measure: (word: string) => number): number {
  const words = text.split(/\s+/).filter(Boolean)
  if (words.length === 0) return 1
  const space = measure(' ')
  let lines = 1
  let used = 0
  for (const word of words) {
    const w = measure(word)
    if (used > 0 && used + space + w <= width) {
      used += space + w
      continue
    }
    if (used > 0) lines++
    if (w <= width) used = w
    else {
      // Split across lines, as overflow-wrap: anywhere does.
      lines += Math.ceil(w / width) - 1
      used = w % width || width
    }
  }
  return lines
}

/** A word wider than `width`: such a layout splits it mid-word, which the search avoids. */
const splitsAWord = (text: string, width: number, measure: (word: string) => number) =>
  text.split(/\s+/).some((word) => word.length > 0 && measure(word) > width)

/** Browsers and fonts differ by a little: a text is taken as this much wider than measured. */
const WIDTH_MARGIN = 1.04

interface Candidate {
  layout: BoardLayout
  splits: boolean
}

function tryLayout(
  tables: BoardTable[],
  space: BoardSpace,
  fontPx: number,
  columns: number,
  nameColumns: number,
  measure: MeasureText,
): Candidate | null {
  const m = boardMetrics(fontPx)
  const cardWidth = (space.width - (columns - 1) * m.cardGap) / columns
  const inner = cardWidth - 2 * m.padding
  const nameWidth = (inner - (nameColumns - 1) * m.nameColumnGap) / nameColumns
  if (nameWidth < fontPx * 4) return null
  const nameMeasure = (word: string) => measure(word, fontPx, false) * WIDTH_MARGIN
  const titleMeasure = (word: string) => measure(word, m.titlePx, true) * WIDTH_MARGIN
  let splits = false
  const heights = tables.map((table) => {
    if (splitsAWord(table.title, inner, titleMeasure)) splits = true
    const titleHeight = linesOf(table.title, inner, titleMeasure) * m.titleLine
    // Names fill a card's columns top to bottom; a grid row is as tall as its tallest name.
    const rows = Math.ceil(table.lines.length / nameColumns)
    const lineCounts = table.lines.map((line) => {
      if (splitsAWord(line, nameWidth, nameMeasure)) splits = true
      return linesOf(line, nameWidth, nameMeasure)
    })
    let namesHeight = 0
    for (let row = 0; row < rows; row++) {
      let tallest = 1
      for (let col = 0; col < nameColumns; col++)
        tallest = Math.max(tallest, lineCounts[col * rows + row] ?? 1)
      namesHeight += tallest * m.nameLine
    }
    namesHeight += Math.max(0, rows - 1) * m.nameGap
    return 2 * m.padding + titleHeight + m.titleGap + namesHeight
  })

  // Rows of `columns` cards, as tall as their tallest card; pages as tall as the board.
  const pack = (height: number, perPage: number) => {
    const pages: number[][] = []
    let page: number[] = []
    let used = 0
    for (let start = 0; start < tables.length; start += columns) {
      const row = tables.slice(start, start + columns).map((_, i) => start + i)
      const rowHeight = Math.max(...row.map((i) => heights[i] ?? 0))
      const needed = page.length === 0 ? rowHeight : used + m.cardGap + rowHeight
      if (page.length > 0 && (needed > height || page.length + row.length > perPage)) {
        pages.push(page)
        page = []
        used = rowHeight
      } else used = needed
      if (rowHeight > height) return null
      page.push(...row)
    }
    if (page.length > 0) pages.push(page)
    return pages
  }

  let pages = pack(space.height, Infinity)
  if (pages && pages.length > 1) {
    // Pages shown in turn: leave room for the page line, and give the pages even shares.
    const height = space.height - pagerMetrics(space.viewportHeight).height
    pages = pack(height, Infinity)
    if (pages && pages.length > 1) {
      const even = Math.ceil(tables.length / pages.length / columns) * columns
      const balanced = pack(height, even)
      if (balanced && balanced.length === pages.length) pages = balanced
    }
  }
  if (!pages) return null
  return {
    layout: { metrics: m, columns, nameColumns, pages, minFontPx: 0, fits: true },
    splits,
  }
}

/** Places left empty in the pages' last rows: 4 + 4 + 4 reads calmer than 5 + 5 + 2. */
function emptyCells({ pages, columns }: BoardLayout) {
  const fullest = Math.max(...pages.map((page) => page.length))
  const slots = Math.ceil(fullest / columns) * columns
  return pages.reduce((sum, page) => sum + slots - page.length, 0)
}

/**
 * The layout for these tables in this space: the fewest pages, then no name split mid-word, then
 * the largest names; among equals, names in one column per card, pages and rows evenly filled,
 * and cards spread wide.
 */
export function layoutBoard(
  tables: BoardTable[],
  space: BoardSpace,
  measure: MeasureText,
): BoardLayout {
  const minFontPx = minNamePx(space.viewportHeight)
  const maxFontPx = Math.max(
    minFontPx,
    Math.floor((space.viewportHeight * MAX_NAME_PX_AT_1080) / 1080),
  )
  let best: Candidate | null = null
  const better = (a: Candidate, b: Candidate | null) => {
    if (!b) return true
    if (a.layout.pages.length !== b.layout.pages.length)
      return a.layout.pages.length < b.layout.pages.length
    if (a.splits !== b.splits) return !a.splits
    if (a.layout.metrics.fontPx !== b.layout.metrics.fontPx)
      return a.layout.metrics.fontPx > b.layout.metrics.fontPx
    if (a.layout.nameColumns !== b.layout.nameColumns)
      return a.layout.nameColumns < b.layout.nameColumns
    if (emptyCells(a.layout) !== emptyCells(b.layout))
      return emptyCells(a.layout) < emptyCells(b.layout)
    return a.layout.columns > b.layout.columns
  }
  const count = Math.max(1, tables.length)
  for (let fontPx = maxFontPx; fontPx >= minFontPx; fontPx--)
    for (let columns = 1; columns <= count; columns++)
      for (const nameColumns of [1, 2]) {
        const candidate = tryLayout(tables, space, fontPx, columns, nameColumns, measure)
        if (candidate && better(candidate, best)) best = candidate
      }
  if (best) return { ...best.layout, minFontPx }
  // One table is taller than the board even with its smallest names: one a page, at that size.
  return {
    metrics: boardMetrics(minFontPx),
    columns: 1,
    nameColumns: 2,
    pages: tables.map((_, i) => [i]),
    minFontPx,
    fits: false,
  }
}
