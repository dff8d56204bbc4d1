import { useEffect } from 'react'
import { formatClock, roundEnd, roundTimeLeft } from '#shared/countdown.ts'
import { useCountdownNow } from '#web/lib/use-now.ts'
import { sortByName } from '#shared/people-names.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { LiveBadge } from '#web/components/ui/live-badge.tsx'
import { RoundQuestion } from './round-question.tsx'
import { useLiveEvent } from './use-live-event.ts'

/** A member's own table in the running round, on her phone, updated live. */
export function MyTable({ eventId, userId }: { eventId: string; userId: string }) {
  const { t, i18n } = useTranslation('events')
  const { view, live } = useLiveEvent(eventId)
  const ready = view.status === 'ready'
  const current = ready ? view.state.round : null
  // The same seconds as the big screen's (useCountdownNow, on the server's clock).
  const now = useCountdownNow(ready ? view.offset : 0, current ? roundEnd(current) : null)
  // Arriving from the account menu's "My table now": bring the card into view once it is there.
  useEffect(() => {
    if (ready && window.location.hash === '#my-table')
      document.getElementById('my-table')?.scrollIntoView({ block: 'start' })
  }, [ready])
  if (view.status !== 'ready') return null
  const { round, tables } = view.state
  const left = round ? roundTimeLeft(round, now) : 0
  const mine = tables.find((table) => table.people.some((p) => p.userId === userId))
  const others = mine?.people.filter((p) => p.userId !== userId) ?? []

  let body
  if (!round) body = <p className="text-lg">{t('myTable.waiting')}</p>
  else if (left === 0) body = <p className="text-lg">{t('myTable.ended')}</p>
  else if (!mine) body = <p className="text-lg">{t('myTable.noSeat')}</p>
  else
    body = (
      <>
        <p className="text-sm font-semibold tracking-wide text-cream/80 uppercase">
          {t('myTable.sitAt')}
        </p>
        <p className="font-display text-5xl font-semibold" data-testid="my-table-name">
          {mine.tableName}
        </p>
        <p className="mt-4 text-sm font-semibold tracking-wide text-cream/80 uppercase">
          {t('myTable.with')}
        </p>
        {others.length ? (
          <ul className="mt-1 text-lg">
            {sortByName(others, (person) => person.name, i18n.language).map((person) => (
              <li key={person.userId}>{person.name}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-lg">{t('myTable.alone')}</p>
        )}
        <RoundQuestion question={round.question} variant="phone" />
      </>
    )

  return (
    <section
      id="my-table"
      aria-labelledby="my-table-heading"
      className="surface-dark scroll-mt-24 rounded-3xl bg-rose-deep p-6 text-cream shadow-xl shadow-rose/20 sm:p-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-table-heading" className="font-display text-2xl font-semibold">
          {t('myTable.title')}
        </h2>
        <LiveBadge live={live} />
      </div>
      {round && left > 0 && (
        <p className="mt-1 text-cream/90 tabular-nums" data-testid="my-table-round">
          {t('myTable.round', { number: round.roundNumber })} ·{' '}
          {t('myTable.timeLeft', { time: formatClock(left) })}
        </p>
      )}
      <div className="mt-5">{body}</div>
      <a
        href={`/klikkscreen?eventId=${eventId}`}
        className="mt-6 inline-block text-sm font-semibold text-cream underline underline-offset-4"
      >
        {t('myTable.openScreen')}
      </a>
    </section>
  )
}
