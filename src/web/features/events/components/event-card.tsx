import { Link } from 'wouter'
import { useTranslation } from '#web/lib/use-translation.ts'
import type { EventListItem } from '../api/admin-events-api.ts'
import { EventCountdown } from './event-countdown.tsx'
import { eventStatus, EventStatusBadge } from './event-status-badge.tsx'
import { eveningFormat } from '#web/lib/evening-time.ts'

/** The ids of a card's links, for focus to go on to after its buttons. */
export const cardIds = (eventId: string) => ({
  manage: `event-${eventId}-manage`,
  roundPanel: `event-${eventId}-round-panel`,
})

/** One event in the admin's list: image, name, place, start, status and the live countdown. */
export function EventCard({
  event,
  busy,
  onStart,
  onEnd,
}: {
  event: EventListItem
  busy: boolean
  onStart: () => void
  onEnd: () => void
}) {
  const { t, i18n } = useTranslation('events')
  const status = eventStatus(event)
  const when = eveningFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(event.startTime),
  )
  return (
    <article
      aria-labelledby={`event-${event.id}`}
      className="flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-ink/5"
    >
      <div className="relative aspect-video bg-gradient-to-br from-blush via-sand to-rose/30">
        {event.imageUrl ? (
          <img src={event.imageUrl} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <span
            aria-hidden="true"
            className="absolute inset-0 grid place-items-center font-display text-4xl font-semibold text-rose-deep/40"
          >
            {t('card.noImage')}
          </span>
        )}
        <div className="absolute top-3 left-3 flex gap-2">
          <EventStatusBadge status={status} />
          {event.isKlikk && (
            <span className="rounded-full bg-rose-deep px-3 py-1 text-xs font-semibold text-white shadow-sm">
              {t('card.klikk')}
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 id={`event-${event.id}`} className="font-display text-xl font-semibold">
          {event.eventName}
        </h3>
        <p className="text-sm text-ink-soft">
          {[event.placeName, when].filter(Boolean).join(' · ')}
        </p>
        <EventCountdown event={event} round={event.currentRound} />
        <p className="text-sm text-ink-soft">{t('card.participants', event.participants)}</p>
        <div className="mt-auto flex flex-wrap gap-2 pt-3">
          <Link
            id={cardIds(event.id).manage}
            href={`/admin/events/${event.id}`}
            className="inline-flex h-10 items-center rounded-full border border-ink/15 px-4 text-sm font-semibold transition hover:border-rose/50 hover:text-rose-deep"
          >
            {t('card.manage')}
          </Link>
          {status === 'active' ? (
            <>
              <a
                id={cardIds(event.id).roundPanel}
                href={`/klikkscreen?eventId=${event.id}`}
                className="inline-flex h-10 items-center rounded-full bg-rose-deep px-4 text-sm font-semibold text-white transition hover:bg-ink"
              >
                {t('card.openRoundPanel')}
              </a>
              <button
                type="button"
                aria-disabled={busy || undefined}
                onClick={busy ? undefined : onEnd}
                className="inline-flex h-10 items-center rounded-full px-4 text-sm font-semibold text-ink-soft transition hover:text-rose-deep aria-disabled:opacity-60"
              >
                {t('card.end')}
              </button>
            </>
          ) : status === 'ended' ? null : (
            <button
              type="button"
              aria-disabled={busy || undefined}
              onClick={busy ? undefined : onStart}
              className="inline-flex h-10 items-center rounded-full bg-ink px-4 text-sm font-semibold text-white transition hover:bg-rose-deep aria-disabled:opacity-60"
            >
              {t('card.start')}
            </button>
          )}
        </div>
      </div>
    </article>
  )
}
