import { useEffect, useLayoutEffect, useMemo, useState } from 'react'
import type { LiveState } from '#shared/live-state.ts'
import { sortByName } from '#shared/people-names.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  BOARD_PAGE_MS,
  layoutBoard,
  pagerMetrics,
  type BoardTable,
  type MeasureText,
} from './board-layout.ts'

/**
 * Text widths from the fonts the board is set in, measured once per word at 100 px and scaled:
 * the layout asks for thousands of them.
 */
function useMeasure(element: HTMLElement | null, fontsVersion: number): MeasureText | null {
  return useMemo(() => {
    if (!element) return null
    const context = document.createElement('canvas').getContext('2d')
    const style = getComputedStyle(element)
    const titleFamily = getComputedStyle(
      element.querySelector('[data-board-title]') ?? element,
    ).fontFamily
    const cache = new Map<string, number>()
    return (text, fontPx, title) => {
      const key = `${title ? 't' : 'n'}${text}`
      let width = cache.get(key)
      if (width === undefined) {
        if (context) {
          context.font = title ? `600 100px ${titleFamily}` : `400 100px ${style.fontFamily}`
          width = context.measureText(text).width
        } else width = text.length * 60
        cache.set(key, width)
      }
      return (width * fontPx) / 100
    }
    // fontsVersion: measure again once the web fonts have arrived.
  }, [element, fontsVersion]) // eslint-disable-line react-hooks/exhaustive-deps
}

/** The board's box and the screen's height, followed as the window changes. */
function useSpace(element: HTMLElement | null) {
  const [space, setSpace] = useState<{ width: number; height: number; viewportHeight: number }>()
  useLayoutEffect(() => {
    if (!element) return
    const read = () => {
      const box = element.getBoundingClientRect()
      setSpace((old) => {
        const next = {
          width: Math.floor(box.width),
          height: Math.floor(box.height),
          viewportHeight: window.innerHeight,
        }
        return old &&
          old.width === next.width &&
          old.height === next.height &&
          old.viewportHeight === next.viewportHeight
          ? old
          : next
      })
    }
    read()
    const observer = new ResizeObserver(read)
    observer.observe(element)
    window.addEventListener('resize', read)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', read)
    }
  }, [element])
  return space
}

function useFontsVersion() {
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1)
    document.fonts.addEventListener('loadingdone', bump)
    void document.fonts.ready.then(bump)
    return () => document.fonts.removeEventListener('loadingdone', bump)
  }, [])
  return version
}

/**
 * The running round's tables on the big screen, laid out to fit the screen (board-layout.ts):
 * as large as they can be read from the back of the room, and, when they cannot all fit, in
 * pages that turn by themselves, with the page shown under them.
 */
export function TableBoard({ tables }: { tables: LiveState['tables'] }) {
  const { t, i18n } = useTranslation('events')
  const [element, setElement] = useState<HTMLDivElement | null>(null)
  const space = useSpace(element)
  const fontsVersion = useFontsVersion()
  const measure = useMeasure(element, fontsVersion)

  const shown: (BoardTable & { id: string; people: LiveState['tables'][number]['people'] })[] =
    useMemo(
      () =>
        tables.map((table) => {
          const people = sortByName(table.people, (person) => person.name, i18n.language)
          return {
            id: table.id,
            title: table.tableName,
            people,
            lines: people.length === 0 ? [t('klikkscreen.empty')] : people.map((p) => p.name),
          }
        }),
      [tables, t, i18n.language],
    )
  const layout = useMemo(
    () => (space && measure && space.width > 0 ? layoutBoard(shown, space, measure) : null),
    [shown, space, measure],
  )

  const pageCount = layout?.pages.length ?? 1
  const [turn, setTurn] = useState(0)
  useEffect(() => {
    if (pageCount < 2) return
    const timer = window.setInterval(() => setTurn((n) => n + 1), BOARD_PAGE_MS)
    return () => window.clearInterval(timer)
  }, [pageCount])
  const page = turn % pageCount

  const m = layout?.metrics
  const pager = pagerMetrics(space?.viewportHeight ?? 1080)
  const onPage = layout ? (layout.pages[page] ?? []) : []
  return (
    <div
      ref={setElement}
      className="relative min-h-0 flex-1"
      data-testid="table-board"
      // The box the layout was made for: a test waits for it to match the board after a resize.
      data-space={space && `${space.width}x${space.height}`}
    >
      {/* Measured for its font only. */}
      <span data-board-title className="invisible absolute font-display font-semibold" />
      {layout && m && (
        <>
          <ul
            key={page}
            className="grid content-start motion-safe:animate-board-in"
            style={{
              gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))`,
              gap: m.cardGap,
            }}
          >
            {onPage.map((index) => {
              const table = shown[index]
              if (!table) return null
              const rows = Math.ceil(table.lines.length / layout.nameColumns)
              return (
                <li key={table.id} className="min-w-0">
                  <section
                    aria-labelledby={`screen-table-${table.id}`}
                    className="h-full rounded-3xl bg-white/80 shadow-lg shadow-rose/10 ring-1 ring-white/70 backdrop-blur-md"
                    style={{ padding: m.padding }}
                  >
                    <h2
                      id={`screen-table-${table.id}`}
                      className="font-display font-semibold break-words text-rose-deep"
                      style={{ fontSize: m.titlePx, lineHeight: `${m.titleLine}px` }}
                    >
                      {table.title}
                    </h2>
                    {table.people.length === 0 ? (
                      <p
                        className="text-ink-soft"
                        style={{
                          marginTop: m.titleGap,
                          fontSize: m.fontPx,
                          lineHeight: `${m.nameLine}px`,
                        }}
                      >
                        {table.lines[0]}
                      </p>
                    ) : (
                      <ul
                        className="grid grid-flow-col [overflow-wrap:anywhere]"
                        style={{
                          marginTop: m.titleGap,
                          fontSize: m.fontPx,
                          lineHeight: `${m.nameLine}px`,
                          gridTemplateRows: `repeat(${rows}, auto)`,
                          gridTemplateColumns: `repeat(${layout.nameColumns}, minmax(0, 1fr))`,
                          rowGap: m.nameGap,
                          columnGap: m.nameColumnGap,
                        }}
                      >
                        {table.people.map((person) => (
                          <li key={person.userId}>{person.name}</li>
                        ))}
                      </ul>
                    )}
                  </section>
                </li>
              )
            })}
          </ul>
          {pageCount > 1 && (
            <div
              className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-4 font-semibold text-ink"
              style={{ fontSize: pager.fontPx, lineHeight: `${pager.line}px` }}
              data-testid="board-pager"
            >
              <span className="rounded-full bg-white/75 px-4 shadow-sm ring-1 ring-white/60 backdrop-blur-md">
                {t('klikkscreen.page', { page: page + 1, pages: pageCount })}
              </span>
              <span aria-hidden="true" className="flex gap-2">
                {layout.pages.map((_, i) => (
                  <span
                    key={i}
                    className={`rounded-full ${i === page ? 'bg-rose-deep' : 'bg-white/80 ring-1 ring-rose/30'}`}
                    style={{ width: pager.fontPx * 0.6, height: pager.fontPx * 0.6 }}
                  />
                ))}
              </span>
            </div>
          )}
        </>
      )}
    </div>
  )
}
