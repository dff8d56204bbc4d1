import { localIsoTime } from '#shared/time-zone.ts'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { buttonClass } from '#web/components/ui/button.tsx'
import { useRefreshOnChanges } from '#web/lib/query-client.tsx'
import { eventKeys } from '#web/lib/query-keys.ts'
import { useNow } from '#web/lib/use-now.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { eventListQuery, type EventListItem } from '../api/admin-events-api.ts'
import { EventCountdown, startDue } from './event-countdown.tsx'
import { eventStatus, EventStatusBadge } from './event-status-badge.tsx'
import { eveningFormat } from '#web/lib/evening-time.ts'

/**
 * Today's evening: the running one, or else the one of today (Budapest's calendar day) that
 * has not started, the nearest to now first. None after it ended.
 */
export function eveningOfToday(events: readonly EventListItem[], now = new Date()) {
  const running = events.find((event) => eventStatus(event) === 'active')
  if (running) return running
  // The calendar day in Budapest, where the evenings are, whatever the device's own zone.
  const dayOf = (moment: Date) => localIsoTime(moment).slice(0, 10)
  const today = dayOf(now)
  return (
    events
      .filter(
        (event) => eventStatus(event) === 'inactive' && dayOf(new Date(event.startTime)) === today,
      )
      .sort(
        (a, b) =>
          Math.abs(Date.parse(a.startTime) - now.getTime()) -
          Math.abs(Date.parse(b.startTime) - now.getTime()),
      )[0] ?? null
  )
}

/** /admin's first card: today's evening, with the way into its console. */
export function TonightCard() {
  const { t, i18n } = useTranslation('events')
  const now = useNow()
  const list = useQuery(eventListQuery('all'))
  useRefreshOnChanges('/api/admin/events/live', () => [eventKeys.lists()])
  const event = list.data ? eveningOfToday(list.data.events, new Date(now)) : null
  if (!event) return null
  const time = eveningFormat(i18n.language, { timeStyle: 'short' }).format(
    new Date(event.startTime),
  )
  const status = eventStatus(event)
  return (
    <section
      aria-labelledby="tonight-heading"
      data-testid="tonight"
      className="mt-8 flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-rose/30 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="tonight-heading" className="text-sm font-semibold text-ink-soft">
            {t('console.tonight')}
          </h2>
          <EventStatusBadge status={status} />
        </div>
        <p className="mt-1 font-display text-2xl font-semibold break-words">{event.eventName}</p>
        <p className="text-sm text-ink-soft">
          {[time, event.placeName].filter(Boolean).join(' · ')} ·{' '}
          {t('card.participants', event.participants)}
        </p>
        {!startDue(event, now) && (
          <EventCountdown event={event} round={event.currentRound} className="mt-1" />
        )}
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0">
        <Link
          id="tonight-run"
          href={`/admin/events/${event.id}`}
          className={buttonClass({ variant: 'solid', size: 'md' })}
        >
          {t('console.run')}
        </Link>
        {status === 'active' && (
          <a
            href={`/klikkscreen?eventId=${event.id}`}
            className={buttonClass({ variant: 'outline', size: 'md' })}
          >
            {t('card.openRoundPanel')}
          </a>
        )}
      </div>
    </section>
  )
}
