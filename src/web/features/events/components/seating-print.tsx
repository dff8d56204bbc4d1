import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Alert } from '#web/components/ui/alert.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { PageSpinner } from '#web/components/ui/page-spinner.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { eventDetailQuery, type EventDetail, type EventRound } from '../api/admin-events-api.ts'
import { doorList, printedName } from '../door-list.ts'
import { useParticipantLabels } from '../use-participant-labels.ts'
import './seating-print.css'

/** How the names of a table fill its card: more people, more columns, smaller type. */
function nameLayout(count: number) {
  if (count <= 5) return { size: 's', columns: 1 }
  if (count <= 10) return { size: 'm', columns: 2 }
  if (count <= 18) return { size: 'l', columns: 3 }
  if (count <= 30) return { size: 'xl', columns: 3 }
  return { size: 'xxl', columns: 4 }
}

/**
 * The table's name as large as its longest word allows in the card's left third (in units of
 * the card's width; Fraunces averages about 0.58 em a letter).
 */
const tableNameSize = (name: string) =>
  Math.min(7, 30 / (0.58 * Math.max(1, ...name.split(/\s+/).map((word) => [...word].length))))

/**
 * /admin/events/:id/rounds/:roundId/print: a round's seating to print. A folding card for each
 * table (its name and people, readable from both sides of the table), then an alphabetical
 * "who sits where" for the door. On screen, the same pages as a preview with a print button.
 */
export function SeatingPrint({ eventId, roundId }: { eventId: string; roundId: string }) {
  const { t } = useTranslation('events')
  const loaded = useQuery(eventDetailQuery(eventId))
  const round = loaded.data?.rounds.find((r) => r.id === roundId)
  useDocumentTitle(
    `${round ? t('print.title', { number: round.roundNumber }) : t('rounds.title')} – ${loaded.data?.event.eventName ?? 'Lendület'}`,
  )

  const back = <BackLink href={`/admin/events/${eventId}`}>{t('print.back')}</BackLink>
  if (!loaded.data)
    return loaded.error ? (
      <main className="mx-auto flex max-w-3xl flex-col gap-6 px-5 py-12">
        {back}
        <Alert tone="error">{loaded.error.message || t('print.loadFailed')}</Alert>
      </main>
    ) : (
      <PageSpinner />
    )
  if (!round)
    return (
      <main className="mx-auto flex max-w-3xl flex-col gap-6 px-5 py-12">
        {back}
        <Alert tone="error">{t('print.notFound')}</Alert>
      </main>
    )
  return <PrintedRound detail={loaded.data} round={round} back={back} />
}

function PrintedRound({
  detail,
  round,
  back,
}: {
  detail: EventDetail
  round: EventRound
  back: ReactNode
}) {
  const { t, i18n } = useTranslation('events')
  // Two guests of one name are told apart by their member code, on the cards and at the door.
  const people = useParticipantLabels(detail.participants, printedName)
  const nameOf = people.labelOf
  // A seat kept by someone no longer on the list (the server keeps it) is nobody to print.
  const present = new Set(detail.participants.map((p) => p.userId))
  const seats = round.seats.filter((seat) => present.has(seat.userId))
  const tables = detail.tables
    .map((table) => ({
      ...table,
      names: people
        .sorted(
          seats.filter((seat) => seat.tableId === table.id),
          (seat) => seat.userId,
        )
        .map((seat) => nameOf(seat.userId)),
    }))
    .filter((table) => table.names.length > 0)
  const familyNames = new Map(detail.participants.map((p) => [p.userId, p.familyName]))
  const door = doorList(
    seats.map((seat) => ({
      name: nameOf(seat.userId),
      familyName: familyNames.get(seat.userId),
      table: detail.tables.find((table) => table.id === seat.tableId)?.tableName ?? '—',
    })),
    i18n.language,
  )
  const title = t('print.title', { number: round.roundNumber })
  const roundLabel = t('rounds.round', { number: round.roundNumber })

  return (
    <main className="seating-print min-h-screen bg-sand/60 pb-16 print:min-h-0 print:bg-white print:pb-0">
      <header className="mx-auto flex max-w-5xl flex-col gap-4 px-5 pt-8 pb-6 sm:px-8 print:hidden">
        {back}
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold text-ink-soft">{detail.event.eventName}</p>
            <h1 className="mt-1 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
              {title}
            </h1>
          </div>
          <Button type="button" onClick={() => window.print()}>
            {t('print.print')}
          </Button>
        </div>
        <p className="max-w-2xl text-sm text-ink-soft">{t('print.hint')}</p>
      </header>

      {tables.length === 0 ? (
        <p className="mx-auto max-w-5xl px-5 text-ink-soft sm:px-8">{t('print.noSeating')}</p>
      ) : (
        <div className="mx-auto flex max-w-5xl flex-col gap-6 px-3 sm:px-8 print:block print:max-w-none print:p-0">
          {tables.map((table) => {
            const layout = nameLayout(table.names.length)
            const half = (back: boolean) => (
              <div className={`tent-half${back ? ' is-back' : ''}`} aria-hidden={back || undefined}>
                <p className="tent-head">
                  <span>{detail.event.eventName}</span>
                  <span>{roundLabel}</span>
                </p>
                <div className="tent-table">
                  <p className="tent-table-label">{t('print.tableLabel')}</p>
                  <p
                    className="tent-table-name"
                    style={{ fontSize: `${tableNameSize(table.tableName).toFixed(2)}cqw` }}
                  >
                    {table.tableName}
                  </p>
                </div>
                <ul
                  className="tent-names"
                  data-size={layout.size}
                  style={{ columnCount: layout.columns }}
                >
                  {table.names.map((name, i) => (
                    <li key={`${name}-${i}`}>{name}</li>
                  ))}
                </ul>
              </div>
            )
            return (
              <section
                key={table.id}
                aria-label={`${t('print.tableLabel')}: ${table.tableName}`}
                className="seating-sheet is-card overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-ink/10"
              >
                <div className="tent">
                  {half(true)}
                  {half(false)}
                </div>
              </section>
            )
          })}

          <section
            aria-labelledby="door-list-title"
            className="seating-sheet is-door rounded-2xl bg-white p-6 shadow-md ring-1 ring-ink/10 sm:p-10"
          >
            <p className="text-xs font-semibold tracking-[0.12em] text-rose-deep uppercase">
              {t('print.doorIntro', { event: detail.event.eventName, number: round.roundNumber })}
            </p>
            <h2
              id="door-list-title"
              className="mt-1 mb-6 font-display text-3xl font-semibold tracking-tight"
            >
              {t('print.doorTitle')}
            </h2>
            <div className="door-list">
              {door.map((group) => (
                <div key={group.initial} className="door-group mb-4">
                  <h3 className="mb-1 border-b border-rose/30 pb-0.5 font-display text-lg font-semibold text-rose-deep">
                    {group.initial}
                  </h3>
                  <ul>
                    {group.entries.map((entry, i) => (
                      <li key={`${entry.name}-${i}`} className="door-entry py-0.5">
                        <span className="[overflow-wrap:anywhere]">{entry.name}</span>
                        <span className="leader" aria-hidden="true" />
                        <span className="font-semibold whitespace-nowrap">{entry.table}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </section>
        </div>
      )}
    </main>
  )
}
